package main

import (
	"encoding/base64"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-dap"
)

// dapPosition is what an editor shows at a stop: the call stack (lines and instruction
// pointers), the registers, and memory (dapdemo's variables and the stack page).
type dapPosition struct {
	stack string
	regs  string
	mem   string
}

func (c *dapClient) position() dapPosition {
	c.t.Helper()
	var p dapPosition
	for _, f := range c.ok("stackTrace", map[string]any{"threadId": 1}).(*dap.StackTraceResponse).Body.StackFrames {
		p.stack += fmt.Sprintf("%s:%d@%s ", f.Name, f.Line, f.InstructionPointerReference)
	}
	regs := c.vars(varRegisters)
	for _, r := range []string{"A", "X", "Y", "S", "P", "PC", "RAM bank", "ROM bank"} {
		p.regs += r + "=" + regs[r] + " "
	}
	for _, ref := range []string{"0x0030", "0x0100"} {
		n := map[string]int{"0x0030": 32, "0x0100": 256}[ref]
		mem := c.ok("readMemory", map[string]any{"memoryReference": ref, "count": n}).(*dap.ReadMemoryResponse)
		b, _ := base64.StdEncoding.DecodeString(mem.Body.Data)
		p.mem += fmt.Sprintf("%x ", b)
	}
	return p
}

func (p dapPosition) diff(q dapPosition) string {
	switch {
	case p.stack != q.stack:
		return fmt.Sprintf("stack %s, want %s", p.stack, q.stack)
	case p.regs != q.regs:
		return fmt.Sprintf("registers %s, want %s", p.regs, q.regs)
	case p.mem != q.mem:
		return "memory differs"
	}
	return ""
}

// stepTo sends a step request and returns the stop's position.
func (c *dapClient) stepTo(command string, args map[string]any, reason string) dapPosition {
	c.t.Helper()
	if args == nil {
		args = map[string]any{}
	}
	args["threadId"] = 1
	c.ok(command, args)
	if st := c.waitStopped(); st.Reason != reason {
		c.t.Fatalf("%s %v: stopped for %q (%s), want %q", command, args, st.Reason, st.Description, reason)
	}
	return c.position()
}

// launchDemo launches dapdemo with a breakpoint on "again: jsr work" (line 15), which it
// reaches once a frame, and stops there in the 40th frame or so, so that going back has a
// window of several keyframes.
func launchDemo(t *testing.T) (*dapClient, string) {
	c := startDAP(t)
	src, _ := filepath.Abs("testdata/dapdemo.s")
	caps := c.ok("initialize", map[string]any{"adapterID": "x16scope"}).(*dap.InitializeResponse)
	if !caps.Body.SupportsStepBack {
		t.Fatal("the adapter does not report supportsStepBack")
	}
	c.ok("launch", map[string]any{"program": "testdata/dapdemo.prg", "maxSpeed": true})
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": src}, "breakpoints": []any{map[string]any{"line": 15}}})
	c.ok("configurationDone", nil)
	for range 40 {
		if st := c.waitStopped(); st.Reason != "breakpoint" {
			t.Fatalf("stopped for %q", st.Reason)
		}
		c.ok("continue", map[string]any{"threadId": 1})
	}
	c.waitStopped()
	return c, src
}

// Stepping back by line and by instruction retraces the forward steps: the same call
// stack, registers and memory at every point; continuing forward again replays them.
func TestDAPStepBack(t *testing.T) {
	c, _ := launchDemo(t)
	var lines []dapPosition
	lines = append(lines, c.position())
	for range 5 { // 15 (the call stepped over) -> 16 -> 17 -> 18 -> 19 -> 20
		lines = append(lines, c.stepTo("next", nil, "step"))
	}
	if !strings.Contains(lines[1].stack, ":16@0x0815") || !strings.Contains(lines[5].stack, ":20@") {
		t.Fatalf("forward lines: %s ... %s", lines[1].stack, lines[5].stack)
	}
	for i := len(lines) - 2; i >= 0; i-- {
		if d := c.stepTo("stepBack", nil, "step").diff(lines[i]); d != "" {
			t.Fatalf("step back by line to forward line %d: %s", i, d)
		}
	}
	// Into work by instructions, and back out by instructions.
	var ins []dapPosition
	ins = append(ins, c.position())
	for range 12 {
		ins = append(ins, c.stepTo("stepIn", map[string]any{"granularity": "instruction"}, "step"))
	}
	if !strings.HasPrefix(ins[1].stack, "work:26@0x0825 again:15@0x0812 ") {
		t.Fatalf("not in work after the JSR: %s", ins[1].stack)
	}
	for i := len(ins) - 2; i >= 0; i-- {
		if d := c.stepTo("stepBack", map[string]any{"granularity": "instruction"}, "step").diff(ins[i]); d != "" {
			t.Fatalf("step back by instruction to forward step %d: %s", i, d)
		}
	}
	// Forward again from the past: the same lines.
	for i := 1; i < len(lines); i++ {
		if d := c.stepTo("next", nil, "step").diff(lines[i]); d != "" {
			t.Fatalf("forward again to line %d: %s", i, d)
		}
	}
	c.ok("disconnect", nil)
}

// Reverse continue goes back to the breakpoint hit before, to the data breakpoint's write
// before, and with nothing set to the start of the window.
func TestDAPReverseContinue(t *testing.T) {
	c, src := launchDemo(t)
	var hits []dapPosition
	hits = append(hits, c.position())
	for range 3 {
		hits = append(hits, c.stepTo("continue", nil, "breakpoint"))
	}
	if hits[1].mem == hits[2].mem {
		t.Fatal("the counter did not change between two hits")
	}
	for i := len(hits) - 2; i >= 0; i-- {
		if d := c.stepTo("reverseContinue", nil, "breakpoint").diff(hits[i]); d != "" {
			t.Fatalf("reverse continue to hit %d: %s", i, d)
		}
	}
	// The write to counter ($30) before the first hit: inc counter, one frame earlier.
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": src}, "breakpoints": []any{}})
	info := c.ok("dataBreakpointInfo", map[string]any{"name": "counter"}).(*dap.DataBreakpointInfoResponse)
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"dataId": info.Body.DataId, "accessType": "write"}}})
	w := c.stepTo("reverseContinue", nil, "data breakpoint")
	if !strings.Contains(w.stack, ":17@0x0817") || w.mem[:2] != hits[0].mem[:2] {
		// The stop is after the write (the instruction after inc counter), counter as at hit 0.
		t.Errorf("after the write to counter: %s, memory %q, hit 0 %q", w.stack, w.mem[:8], hits[0].mem[:8])
	}
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []any{}})
	c.stepTo("reverseContinue", nil, "entry")
	machine := c.vars(varMachine)
	if !strings.Contains(machine["stop"], "start of the window") {
		t.Errorf("at the window's start: %v", machine)
	}
	c.fail("stepBack", map[string]any{"threadId": 1, "granularity": "instruction"}, "oldest")
	c.ok("continue", map[string]any{"threadId": 1})
	c.fail("stepBack", map[string]any{"threadId": 1}, "running")
	c.fail("reverseContinue", map[string]any{"threadId": 1}, "running")
	c.ok("pause", map[string]any{"threadId": 1})
	c.waitStopped()
	c.ok("disconnect", nil)
}

// An edit made while stopped (a register, memory) is an input of the session: after
// stepping back over it and forward again, it is made again at the same point.
func TestDAPEditsAreReplayed(t *testing.T) {
	c, _ := launchDemo(t)
	c.ok("setVariable", map[string]any{"variablesReference": varRegisters, "name": "Y", "value": "$5A"})
	c.ok("writeMemory", map[string]any{"memoryReference": "0x0040", "data": base64.StdEncoding.EncodeToString([]byte{9, 8, 7})})
	at := c.position()
	after := c.stepTo("next", nil, "step")
	if !strings.Contains(after.regs, "Y=$5A") || !strings.Contains(after.mem, "090807") {
		t.Fatalf("the edits did not take: %s %s", after.regs, after.mem[:80])
	}
	if d := c.stepTo("stepBack", nil, "step").diff(at); d != "" {
		t.Errorf("stepped back to where the edits were made: %s", d)
	}
	if d := c.stepTo("next", nil, "step").diff(after); d != "" {
		t.Fatalf("forward again over the edits: %s", d)
	}
	c.ok("disconnect", nil)
}
