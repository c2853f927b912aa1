package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-dap"
)

// dapClient drives a session over the protocol, as an editor would.
type dapClient struct {
	t      *testing.T
	w      io.WriteCloser
	msgs   chan dap.Message
	seq    int
	events []dap.Message // events seen while waiting for responses
	done   chan error
}

func startDAP(t *testing.T) *dapClient {
	t.Helper()
	cr, sw := io.Pipe() // server -> client
	sr, cw := io.Pipe() // client -> server
	c := &dapClient{t: t, w: cw, msgs: make(chan dap.Message, 64), done: make(chan error, 1)}
	go func() {
		c.done <- serveDAP(sr, sw, io.Discard)
		sw.Close()
	}()
	go func() {
		defer close(c.msgs)
		br := bufio.NewReader(cr)
		codec := newDAPCodec()
		for {
			data, err := dap.ReadBaseMessage(br)
			if err != nil {
				return
			}
			m, err := codec.DecodeMessage(data)
			if err != nil {
				t.Errorf("client cannot decode %s: %v", data, err)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { cw.Close() })
	return c
}

func (c *dapClient) next() dap.Message {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the server closed the stream")
		}
		return m
	case <-time.After(20 * time.Second):
		c.t.Fatal("no message from the server within 20 s")
	}
	return nil
}

// send writes a request (args marshalled to JSON) and returns its response.
func (c *dapClient) send(command string, args any) dap.ResponseMessage {
	c.t.Helper()
	c.seq++
	req := map[string]any{"seq": c.seq, "type": "request", "command": command}
	if args != nil {
		req["arguments"] = args
	}
	data, _ := json.Marshal(req)
	if err := dap.WriteBaseMessage(c.w, data); err != nil {
		c.t.Fatal(err)
	}
	for {
		m := c.next()
		if r, ok := m.(dap.ResponseMessage); ok {
			if r.GetResponse().RequestSeq != c.seq {
				c.t.Fatalf("response to %d while waiting for %d", r.GetResponse().RequestSeq, c.seq)
			}
			return r
		}
		c.events = append(c.events, m)
	}
}

// ok sends a request that must succeed.
func (c *dapClient) ok(command string, args any) dap.ResponseMessage {
	c.t.Helper()
	r := c.send(command, args)
	if !r.GetResponse().Success {
		c.t.Fatalf("%s failed: %s", command, r.GetResponse().Message)
	}
	return r
}

// fail sends a request that must fail with a message containing want.
func (c *dapClient) fail(command string, args any, want string) {
	c.t.Helper()
	r := c.send(command, args).GetResponse()
	if r.Success || !strings.Contains(r.Message, want) {
		c.t.Errorf("%s: success %v message %q, want an error with %q", command, r.Success, r.Message, want)
	}
}

// waitStopped returns the next stopped event's body.
func (c *dapClient) waitStopped() dap.StoppedEventBody {
	c.t.Helper()
	for {
		var m dap.Message
		if len(c.events) > 0 {
			m, c.events = c.events[0], c.events[1:]
		} else {
			m = c.next()
		}
		switch e := m.(type) {
		case *dap.StoppedEvent:
			return e.Body
		case *dap.TerminatedEvent:
			c.t.Fatal("terminated while waiting for a stop")
		}
	}
}

func (c *dapClient) top() dap.StackFrame {
	c.t.Helper()
	r := c.ok("stackTrace", map[string]any{"threadId": 1}).(*dap.StackTraceResponse)
	if len(r.Body.StackFrames) == 0 {
		c.t.Fatal("empty stack trace")
	}
	return r.Body.StackFrames[0]
}

func (c *dapClient) vars(ref int) map[string]string {
	c.t.Helper()
	r := c.ok("variables", map[string]any{"variablesReference": ref}).(*dap.VariablesResponse)
	out := map[string]string{}
	for _, v := range r.Body.Variables {
		out[v.Name] = v.Value
	}
	return out
}

// TestDAPSession drives a whole session on dapdemo.s (testdata): breakpoints on its source
// lines, stepping by line over and into the subroutine and out of it, registers, symbols,
// memory, the profiler's figures, then continue, pause and disconnect.
func TestDAPSession(t *testing.T) {
	c := startDAP(t)
	src, _ := filepath.Abs("testdata/dapdemo.s")

	c.fail("launch", map[string]any{"program": "testdata/dapdemo.prg"}, "initialize first")
	caps := c.ok("initialize", map[string]any{"adapterID": "x16scope"}).(*dap.InitializeResponse)
	if !caps.Body.SupportsConfigurationDoneRequest || !caps.Body.SupportsReadMemoryRequest {
		t.Errorf("capabilities %+v", caps.Body)
	}
	c.fail("setBreakpoints", map[string]any{"source": map[string]any{"path": src}, "breakpoints": []any{map[string]any{"line": 15}}}, "launch first")
	c.fail("launch", map[string]any{"program": "testdata/nothere.prg"}, "reading program")
	c.fail("launch", map[string]any{}, "no \"program\"")
	c.ok("launch", map[string]any{"program": "testdata/dapdemo.prg", "maxSpeed": true})
	c.fail("launch", map[string]any{"program": "testdata/dapdemo.prg"}, "already launched")

	bps := c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": src},
		"breakpoints": []any{map[string]any{"line": 15}, map[string]any{"line": 1000}}}).(*dap.SetBreakpointsResponse)
	if b := bps.Body.Breakpoints; len(b) != 2 || !b[0].Verified || b[0].Line != 15 || b[1].Verified || b[1].Message == "" {
		t.Fatalf("breakpoints %+v", b)
	}
	other := c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": "/elsewhere/other.s"},
		"breakpoints": []any{map[string]any{"line": 3}}}).(*dap.SetBreakpointsResponse)
	if b := other.Body.Breakpoints; len(b) != 1 || b[0].Verified {
		t.Errorf("a breakpoint in a file the program is not built from: %+v", b)
	}
	c.ok("setExceptionBreakpoints", map[string]any{"filters": []string{"brk"}})
	c.fail("setExceptionBreakpoints", map[string]any{"filters": []string{"nonsense"}}, "unknown filter")
	c.ok("configurationDone", nil)

	// The breakpoint on "again: jsr work".
	if st := c.waitStopped(); st.Reason != "breakpoint" {
		t.Fatalf("stopped for %q (%s)", st.Reason, st.Description)
	}
	if f := c.top(); f.Line != 15 || f.Source == nil || f.Source.Path != src || f.Name != "again" {
		t.Fatalf("top frame %+v (source %+v)", f, f.Source)
	}
	// The disassembly view around it.
	dis := c.ok("disassemble", map[string]any{"memoryReference": "0x0812", "instructionOffset": -2, "instructionCount": 5}).(*dap.DisassembleResponse)
	if ins := dis.Body.Instructions; len(ins) != 5 || ins[0].Address != "0x080E" || ins[0].Instruction != "STZ $30" ||
		ins[2].Address != "0x0812" || ins[2].Instruction != "JSR $0825" || ins[2].Symbol != "again" || ins[2].Line != 15 ||
		ins[2].Location == nil || ins[2].Location.Path != src || ins[2].InstructionBytes != "20 25 08" {
		t.Errorf("disassemble: %+v", ins)
	}
	c.fail("disassemble", map[string]any{"memoryReference": "0x0812", "instructionCount": 100000}, "at most")
	// Step over the call: the next line, with the subroutine's work done (X = 100).
	c.ok("next", map[string]any{"threadId": 1})
	if st := c.waitStopped(); st.Reason != "step" {
		t.Fatalf("stopped for %q after next", st.Reason)
	}
	if f := c.top(); f.Line != 16 {
		t.Errorf("after next: line %d, want 16", f.Line)
	}
	if regs := c.vars(varRegisters); regs["X"] != "$64" || !strings.HasPrefix(regs["PC"], "$0815") {
		t.Errorf("registers after the call: %v", regs)
	}
	// Next frame, into the subroutine, and out again.
	c.ok("continue", map[string]any{"threadId": 1})
	c.waitStopped()
	c.ok("stepIn", map[string]any{"threadId": 1})
	c.waitStopped()
	st := c.ok("stackTrace", map[string]any{"threadId": 1}).(*dap.StackTraceResponse).Body.StackFrames
	if len(st) < 2 || st[0].Line != 26 || st[0].Name != "work" || st[1].Line != 15 || st[1].Name != "again" {
		t.Fatalf("stack in the subroutine: %+v", st)
	}
	c.ok("stepOut", map[string]any{"threadId": 1})
	c.waitStopped()
	if f := c.top(); f.Line != 16 || f.InstructionPointerReference != "0x0815" {
		t.Errorf("after stepOut: %+v", f)
	}
	c.ok("next", map[string]any{"threadId": 1, "granularity": "instruction"})
	c.waitStopped()
	if f := c.top(); f.InstructionPointerReference != "0x0817" {
		t.Errorf("after an instruction step: %+v", f)
	}

	// Scopes and variables.
	scopes := c.ok("scopes", map[string]any{"frameId": 0}).(*dap.ScopesResponse).Body.Scopes
	if len(scopes) < 3 || scopes[0].Name != "Registers" {
		t.Errorf("scopes %+v", scopes)
	}
	syms := c.vars(varSymbols)
	if !strings.HasPrefix(syms["counter"], "$02") || !strings.Contains(syms["total"], "at $0031") {
		t.Errorf("symbols: %v (counter should be 2 after two frames)", syms)
	}
	if zp := c.vars(varZeroPage); !strings.HasPrefix(zp["$30"], "02 ") {
		t.Errorf("zero page row $30: %q", zp["$30"])
	}
	c.ok("setVariable", map[string]any{"variablesReference": varRegisters, "name": "A", "value": "$12"})
	if regs := c.vars(varRegisters); regs["A"] != "$12" {
		t.Errorf("A after setVariable: %v", regs["A"])
	}
	c.fail("setVariable", map[string]any{"variablesReference": varRegisters, "name": "A", "value": "lots"}, "not a number")
	c.fail("setVariable", map[string]any{"variablesReference": varRegisters, "name": "A", "value": "$123"}, "want 0-$FF")
	c.fail("variables", map[string]any{"variablesReference": 77}, "no variables")

	// Memory: read a symbol's bytes, write and read back; VRAM; bad references.
	mem := c.ok("readMemory", map[string]any{"memoryReference": "counter", "count": 2}).(*dap.ReadMemoryResponse)
	if b, _ := base64.StdEncoding.DecodeString(mem.Body.Data); len(b) != 2 || b[0] != 2 || mem.Body.Address != "0x0030" {
		t.Errorf("readMemory counter: %+v", mem.Body)
	}
	c.ok("writeMemory", map[string]any{"memoryReference": "0x0040", "data": base64.StdEncoding.EncodeToString([]byte{9, 8, 7})})
	mem = c.ok("readMemory", map[string]any{"memoryReference": "$40", "count": 3}).(*dap.ReadMemoryResponse)
	if b, _ := base64.StdEncoding.DecodeString(mem.Body.Data); string(b) != "\x09\x08\x07" {
		t.Errorf("read back %v", b)
	}
	c.ok("writeMemory", map[string]any{"memoryReference": "vram:0x1F000", "data": base64.StdEncoding.EncodeToString([]byte{0x5A})})
	mem = c.ok("readMemory", map[string]any{"memoryReference": "vram:0x1F000", "count": 1}).(*dap.ReadMemoryResponse)
	if b, _ := base64.StdEncoding.DecodeString(mem.Body.Data); len(b) != 1 || b[0] != 0x5A {
		t.Errorf("VRAM read back %v", b)
	}
	c.fail("readMemory", map[string]any{"memoryReference": "nowhere", "count": 1}, "not a label")
	c.fail("writeMemory", map[string]any{"memoryReference": "0xC000", "data": "AA=="}, "take no writes")
	c.fail("writeMemory", map[string]any{"memoryReference": "0x40", "data": "!!"}, "not base64")
	ev := c.ok("evaluate", map[string]any{"expression": "total"}).(*dap.EvaluateResponse)
	if !strings.Contains(ev.Body.Result, "at $0031") {
		t.Errorf("evaluate total: %q", ev.Body.Result)
	}

	// The profiler's figures, as profile --json gives them.
	ps := c.ok(perfStatsCommand, nil).(*PerfStatsResponse)
	body, _ := json.Marshal(ps.Body)
	var stats struct {
		Profiling bool `json:"profiling"`
		Frames    struct {
			Count int `json:"count"`
		} `json:"frames"`
	}
	if err := json.Unmarshal(body, &stats); err != nil || !stats.Profiling || stats.Frames.Count < 1 {
		t.Errorf("x16/perfStats: %s", body)
	}

	// Unknown requests and requests that need a stop, while running.
	c.fail("frobnicate", nil, "frobnicate")
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": src}, "breakpoints": []any{}})
	c.ok("continue", map[string]any{"threadId": 1})
	c.fail("stackTrace", map[string]any{"threadId": 1}, "running")
	c.fail("next", map[string]any{"threadId": 1}, "running")
	c.ok("pause", map[string]any{"threadId": 1})
	if st := c.waitStopped(); st.Reason != "pause" {
		t.Errorf("stopped for %q after pause", st.Reason)
	}
	c.ok("disconnect", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("session ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("the session did not end after disconnect")
	}
}

// TestDAPBadDebugInfo: a malformed debug file and one from another build are reported and
// left out; the program runs, and instruction breakpoints still work.
func TestDAPBadDebugInfo(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, dbg, want string }{
		{"malformed", "version\tmajor=2,minor=0\nline\tid=0,file=7,line=1\n", "file 7 does not exist"},
		{"other build", "version\tmajor=2,minor=0\nseg\tid=0,name=\"CODE\",start=0x1000,size=4,oname=\"dapdemo.prg\",ooffs=14\n", "another build"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "")+".dbg")
			if err := os.WriteFile(path, []byte(tc.dbg), 0o644); err != nil {
				t.Fatal(err)
			}
			c := startDAP(t)
			c.ok("initialize", nil)
			c.ok("launch", map[string]any{"program": "testdata/dapdemo.prg", "dbgFile": path, "maxSpeed": true})
			found := false
			for _, e := range c.events {
				if o, ok := e.(*dap.OutputEvent); ok && strings.Contains(o.Body.Output, tc.want) {
					found = true
				}
			}
			if !found {
				t.Errorf("no output event telling %q", tc.want)
			}
			bps := c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": "testdata/dapdemo.s"},
				"breakpoints": []any{map[string]any{"line": 15}}}).(*dap.SetBreakpointsResponse)
			if b := bps.Body.Breakpoints; len(b) != 1 || b[0].Verified || !strings.Contains(b[0].Message, "debug") {
				t.Errorf("source breakpoint without debug info: %+v", b)
			}
			ib := c.ok("setInstructionBreakpoints", map[string]any{"breakpoints": []any{
				map[string]any{"instructionReference": "0x0812"}, map[string]any{"instructionReference": "0x10000"}}}).(*dap.SetInstructionBreakpointsResponse)
			if b := ib.Body.Breakpoints; len(b) != 2 || !b[0].Verified || b[1].Verified {
				t.Errorf("instruction breakpoints %+v", b)
			}
			c.ok("configurationDone", nil)
			c.waitStopped()
			if f := c.top(); f.InstructionPointerReference != "0x0812" || f.Source != nil {
				t.Errorf("top frame %+v", f)
			}
			// Without lines to go by, stepping back goes by instruction, and forward again
			// by one instruction returns to the breakpoint.
			c.ok("stepBack", map[string]any{"threadId": 1})
			if st := c.waitStopped(); st.Reason != "step" {
				t.Errorf("stepBack: stopped for %q", st.Reason)
			}
			if f := c.top(); f.InstructionPointerReference == "0x0812" {
				t.Errorf("stepBack without debug info stayed at %+v", f)
			}
			c.ok("stepIn", map[string]any{"threadId": 1})
			c.waitStopped()
			if f := c.top(); f.InstructionPointerReference != "0x0812" {
				t.Errorf("one instruction on from the step back: %+v", f)
			}
			c.ok("disconnect", nil)
		})
	}
}

// TestDAPOverTCP: --port serves the protocol on 127.0.0.1.
func TestDAPOverTCP(t *testing.T) {
	logr, logw := io.Pipe()
	go dapMain([]string{"--port", "0"}, io.Discard, logw)
	line, err := bufio.NewReader(logr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addr := strings.TrimSpace(strings.TrimPrefix(line, "x16scope dap: listening on "))
	if !strings.HasPrefix(addr, "127.0.0.1:") {
		t.Fatalf("log line %q", line)
	}
	go io.Copy(io.Discard, logr)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	dap.WriteBaseMessage(conn, []byte(`{"seq":1,"type":"request","command":"initialize","arguments":{}}`))
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	data, err := dap.ReadBaseMessage(bufio.NewReader(conn))
	if err != nil || !strings.Contains(string(data), `"success":true`) || !strings.Contains(string(data), `"command":"initialize"`) {
		t.Errorf("initialize over TCP: %s, %v", data, err)
	}
	if code, _, errs := runCLI("dap", "--port", "70000"); code != 1 || !strings.Contains(errs, "want 0-65535") {
		t.Errorf("--port 70000: exit %d, %q", code, errs)
	}
}

// A C program (testdata/clocals.c, built by cl65 with its .dbg): breakpoints on C lines,
// and the function's parameters and locals read from cc65's C stack.
func TestDAPCLocals(t *testing.T) {
	c := startDAP(t)
	src, _ := filepath.Abs("testdata/clocals.c")
	c.ok("initialize", map[string]any{"adapterID": "x16scope"})
	c.ok("launch", map[string]any{"program": "testdata/clocals.prg", "maxSpeed": true})
	bps := c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": src},
		"breakpoints": []any{map[string]any{"line": 10}, map[string]any{"line": 16}}}).(*dap.SetBreakpointsResponse)
	if b := bps.Body.Breakpoints; len(b) != 2 || !b[0].Verified || !b[1].Verified {
		t.Fatalf("breakpoints %+v", b)
	}
	c.ok("configurationDone", nil)
	locals := func(fn string) map[string]string {
		t.Helper()
		sc := c.ok("scopes", map[string]any{"frameId": 0}).(*dap.ScopesResponse).Body.Scopes
		if len(sc) == 0 || sc[0].Name != "Locals of "+fn || sc[0].VariablesReference != varLocals {
			t.Fatalf("scopes in %s: %+v", fn, sc)
		}
		return c.vars(varLocals)
	}
	value := func(v string) string { return strings.Fields(v)[0] }

	// In sum(10), at "return total;": the loop has run.
	if st := c.waitStopped(); st.Reason != "breakpoint" {
		t.Fatalf("stopped for %q", st.Reason)
	}
	if f := c.top(); f.Line != 10 || f.Source == nil || f.Source.Path != src {
		t.Fatalf("top frame %+v", f)
	}
	v := locals("sum")
	if value(v["n"]) != "10" || value(v["i"]) != "11" || !strings.Contains(v["total"], "= 55)") {
		t.Errorf("locals of sum: %v", v)
	}
	// In main, after the call: s = 55, count = 10.
	c.ok("continue", map[string]any{"threadId": 1})
	if st := c.waitStopped(); st.Reason != "breakpoint" {
		t.Fatalf("stopped for %q", st.Reason)
	}
	v = locals("main")
	if value(v["count"]) != "10" || !strings.Contains(v["s"], "= 55)") {
		t.Errorf("locals of main: %v", v)
	}
	c.ok("disconnect", nil)
}

// stopOnEntry stops at the program's entry (reason "entry") before it has run; the memory
// view writes banked RAM through the session (bank:BB:$A000-$BFFF) and reads it back, and
// a write that reaches the I/O page is refused whole.
func TestDAPStopOnEntryAndBankedMemory(t *testing.T) {
	c := startDAP(t)
	c.ok("initialize", nil)
	c.ok("launch", map[string]any{"program": "testdata/dapdemo.prg", "stopOnEntry": true, "maxSpeed": true})
	c.ok("configurationDone", nil)
	if st := c.waitStopped(); st.Reason != "entry" {
		t.Fatalf("stopped for %q (%s), want entry", st.Reason, st.Description)
	}
	if f := c.top(); f.InstructionPointerReference != "0x080D" || f.Line != 12 {
		t.Errorf("at entry: %+v", f)
	}
	c.ok("writeMemory", map[string]any{"memoryReference": "bank:2:0xA010", "data": base64.StdEncoding.EncodeToString([]byte{0xAB, 0xCD})})
	mem := c.ok("readMemory", map[string]any{"memoryReference": "bank:2:0xA010", "count": 2}).(*dap.ReadMemoryResponse)
	if b, _ := base64.StdEncoding.DecodeString(mem.Body.Data); string(b) != "\xAB\xCD" {
		t.Errorf("banked read back %x", b)
	}
	mem = c.ok("readMemory", map[string]any{"memoryReference": "bank:1:0xA010", "count": 2}).(*dap.ReadMemoryResponse)
	if b, _ := base64.StdEncoding.DecodeString(mem.Body.Data); string(b) == "\xAB\xCD" {
		t.Error("the write to bank 2 shows in bank 1")
	}
	c.fail("writeMemory", map[string]any{"memoryReference": "0x9EFF", "data": base64.StdEncoding.EncodeToString([]byte{1, 2})}, "take no writes")
	mem = c.ok("readMemory", map[string]any{"memoryReference": "0x9EFF", "count": 1}).(*dap.ReadMemoryResponse)
	if b, _ := base64.StdEncoding.DecodeString(mem.Body.Data); len(b) != 1 || b[0] == 1 {
		t.Errorf("a refused write changed $9EFF: %x", b)
	}
	c.ok("disconnect", nil)
}
