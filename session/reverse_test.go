package session

import (
	"strings"
	"testing"

	"x16scope/core"
)

// position is what a debugger shows at a stop.
type position struct {
	cycle uint64
	cpu   core.CPUState
	zp    [4]byte // counter, total and what follows
	stack [8]byte
}

func positionOf(s *Session) position {
	m := s.Machine()
	p := position{cycle: m.Cycle(), cpu: m.CPU()}
	for i := range p.zp {
		p.zp[i] = m.Peek(uint16(0x30 + i))
	}
	for i := range p.stack {
		p.stack[i] = m.Peek(uint16(0x100 + int(p.cpu.S) + 1 + i))
	}
	return p
}

// stopAt runs the demo to its breakpoint at "again: jsr work" a few frames in.
func stopAt(t *testing.T, s *Session, frames int) {
	t.Helper()
	for range frames {
		s.StepFrame()
		s.Advance(noClock)
	}
	if err := s.ToggleBreakpoint(0x0812); err != nil {
		t.Fatal(err)
	}
	s.Resume()
	tickUntilStopped(t, s)
	if err := s.ToggleBreakpoint(0x0812); err != nil {
		t.Fatal(err)
	}
}

// step runs one debugger step to its stop.
func step(t *testing.T, s *Session, kind string) {
	t.Helper()
	if err := s.DebugStep(kind); err != nil {
		t.Fatal(err)
	}
	tickUntilStopped(t, s)
}

func TestStepBackByInstructionRetracesTheForwardSteps(t *testing.T) {
	s := demoSession(t)
	stopAt(t, s, 40) // a few keyframes in: stepping back crosses none here, the scans do
	var seen []position
	for range 300 { // into work's loop and out, past the VSYNC wait
		seen = append(seen, positionOf(s))
		step(t, s, "instruction")
	}
	for i := len(seen) - 1; i >= 0; i-- {
		if err := s.DebugStepBack("instruction"); err != nil {
			t.Fatalf("step back %d: %v", len(seen)-i, err)
		}
		if got := positionOf(s); got != seen[i] {
			t.Fatalf("step back %d: at %+v, the forward step was at %+v", len(seen)-i, got, seen[i])
		}
		if stopped, why := s.DebugStopped(); !stopped || !strings.Contains(why, "stepped back") {
			t.Fatalf("after a step back: stopped %v, why %q", stopped, why)
		}
	}
	// Forward again from the past: the same steps, replayed.
	for i := 0; i < 50; i++ {
		if got := positionOf(s); got != seen[i] {
			t.Fatalf("forward again, step %d: at %+v, want %+v", i, got, seen[i])
		}
		step(t, s, "instruction")
	}
}

func TestStepBackByLine(t *testing.T) {
	s := demoSession(t)
	stopAt(t, s, 3)
	// Forward by line from "again: jsr work": the call is stepped over.
	var lines []position
	for range 4 {
		lines = append(lines, positionOf(s))
		step(t, s, "line")
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if err := s.DebugStepBack("line"); err != nil {
			t.Fatal(err)
		}
		if got := positionOf(s); got != lines[i] {
			t.Fatalf("step back by line %d: PC $%04X cycle %d, the forward line was PC $%04X cycle %d",
				len(lines)-i, got.cpu.PC, got.cycle, lines[i].cpu.PC, lines[i].cycle)
		}
	}
	// Inside work's loop (each ca65 line one instruction), from a line back to the one before.
	step(t, s, "into") // into work: ldx #0
	step(t, s, "line") // loop: txa
	at := positionOf(s)
	step(t, s, "instruction") // clc, the next line
	if err := s.DebugStepBack("line"); err != nil {
		t.Fatal(err)
	}
	if got := positionOf(s); got != at {
		t.Fatalf("step back by line from the line after: PC $%04X, want $%04X", got.cpu.PC, at.cpu.PC)
	}
}

func TestReverseContinueGoesBackToTheLastHit(t *testing.T) {
	s := demoSession(t)
	stopAt(t, s, 50)
	// Forward: the breakpoint at "inc counter" ($0815) is hit once a frame.
	if err := s.SetBreakpoint(0x0815, core.AnyBank, true); err != nil {
		t.Fatal(err)
	}
	var hits []position
	for range 3 {
		s.DebugContinue()
		tickUntilStopped(t, s)
		hits = append(hits, positionOf(s))
	}
	// Back: each reverse continue lands on the hit before.
	for i := len(hits) - 2; i >= 0; i-- {
		st, err := s.ReverseContinue()
		if err != nil {
			t.Fatal(err)
		}
		if st.Reason != core.StopBreakpoint || positionOf(s) != hits[i] {
			t.Fatalf("reverse continue: %v at cycle %d, want the hit at cycle %d", st, s.Machine().Cycle(), hits[i].cycle)
		}
	}
	// A data breakpoint: the write to counter ($30) that came before.
	s.SetBreakpoint(0x0815, core.AnyBank, false)
	if err := s.SetWatchpoints([]core.Watchpoint{{Space: core.SpaceCPU, On: core.WatchWrite, Addr: 0x30, Len: 1}}); err != nil {
		t.Fatal(err)
	}
	before := s.Machine().Peek(0x30)
	st, err := s.ReverseContinue()
	if err != nil {
		t.Fatal(err)
	}
	if st.Reason != core.StopWatch || s.Machine().Peek(0x30) != before-1+1 || s.Machine().Cycle() >= hits[0].cycle {
		t.Fatalf("reverse continue to a write: %v, counter %d (was %d), cycle %d", st, s.Machine().Peek(0x30), before, s.Machine().Cycle())
	}
	// With nothing set, back to the window's start.
	s.SetWatchpoints(nil)
	if st, err := s.ReverseContinue(); err != nil || st.Reason != core.StopNone {
		t.Fatalf("reverse continue with nothing set: %v, %v", st, err)
	}
	if first, _ := s.Window(); s.CurrentFrame() != first {
		t.Fatalf("at frame %d, the window starts at %d", s.CurrentFrame(), first)
	}
}

// A C line is many instructions: from the middle of one, a step back by line goes to its
// start; from there, to the start of the line before, stepping back over the call it made.
func TestStepBackByLineInC(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("clocals.prg", readTestFile(t, "../cmd/x16scope/testdata/clocals.prg")); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDebugInfo("clocals.dbg", readTestFile(t, "../cmd/x16scope/testdata/clocals.dbg")); err != nil {
		t.Fatal(err)
	}
	info := s.DebugInfo()
	file, ok := info.FileID("clocals.c")
	if !ok {
		t.Fatal("clocals.c is not in the debug file")
	}
	call, _, ok := info.CodeAt(file, 15) // unsigned int s = sum(count);
	if !ok {
		t.Fatal("no code for line 15")
	}
	if err := s.SetBreakpoint(int(call), core.AnyBank, true); err != nil {
		t.Fatal(err)
	}
	s.Resume()
	tickUntilStopped(t, s)
	s.SetBreakpoint(int(call), core.AnyBank, false)
	atCall := positionOf(s)
	step(t, s, "line") // over sum: the start of line 16
	atNext := positionOf(s)
	_, lo, hi, _ := info.LineAt(uint32(atNext.cpu.PC))
	step(t, s, "instruction")
	if pc := uint32(s.Machine().PC()); pc < lo || pc >= hi {
		t.Fatalf("an instruction on, PC $%04X left line 16 ($%04X-$%04X)", pc, lo, hi-1)
	}
	if err := s.DebugStepBack("line"); err != nil {
		t.Fatal(err)
	}
	if got := positionOf(s); got != atNext {
		t.Fatalf("from the middle of line 16: PC $%04X cycle %d, want its start $%04X cycle %d", got.cpu.PC, got.cycle, atNext.cpu.PC, atNext.cycle)
	}
	if err := s.DebugStepBack("line"); err != nil {
		t.Fatal(err)
	}
	if got := positionOf(s); got != atCall {
		t.Fatalf("from line 16: PC $%04X cycle %d, want line 15's start $%04X cycle %d", got.cpu.PC, got.cycle, atCall.cpu.PC, atCall.cycle)
	}
}
