package core

import (
	"testing"
)

// debugProgram is a small loop at $1000 with a subroutine at $1010, for the debugger's
// tests (hand-assembled so the addresses are plain to see):
//
//	1000 LDX #0
//	1002 JSR $1010
//	1005 INX
//	1006 STX $3000
//	1009 BRA $1002
//	1010 LDA #5
//	1012 STA $9F23   ; VERA DATA0 (increment 0: VRAM $00000 every time)
//	1015 LDA $A000   ; banked RAM
//	1018 RTS
func debugMachine(t testing.TB) *Machine {
	t.Helper()
	m := newTestMachine(t, Config{RAMKB: 64})
	code := map[uint16][]uint8{
		0x1000: {0xA2, 0x00, 0x20, 0x10, 0x10, 0xE8, 0x8E, 0x00, 0x30, 0x80, 0xF7},
		0x1010: {0xA9, 0x05, 0x8D, 0x23, 0x9F, 0xAD, 0x00, 0xA0, 0x60},
	}
	for at, bytes := range code {
		for i, v := range bytes {
			if err := m.Poke(at+uint16(i), v); err != nil {
				t.Fatal(err)
			}
		}
	}
	m.SetCPU(CPUState{PC: 0x1000, S: 0xFF, P: flagI})
	return m
}

// runToBreak runs frames until the debugger stops the machine, failing after a few.
func runToBreak(t *testing.T, m *Machine) Stop {
	t.Helper()
	for range 5 {
		if ev := m.RunFrame(); ev&EventBreak != 0 {
			return m.DebugStop()
		} else if ev&(EventStop|EventExit) != 0 {
			t.Fatalf("machine stopped (events %b) before the debugger did", ev)
		}
	}
	t.Fatalf("no stop within 5 frames (PC $%04X)", m.PC())
	return Stop{}
}

func TestBreakpointStopsBeforeInstruction(t *testing.T) {
	m := debugMachine(t)
	if err := m.SetBreakpoints([]Breakpoint{{Addr: 0x1005, Bank: AnyBank}}); err != nil {
		t.Fatal(err)
	}
	st := runToBreak(t, m)
	if st.Reason != StopBreakpoint || st.PC != 0x1005 || m.PC() != 0x1005 {
		t.Fatalf("stop %v, PC $%04X: want a breakpoint at $1005", st, m.PC())
	}
	if x := m.CPU().X; x != 0 {
		t.Errorf("X = %d at the first stop: the INX at $1005 must not have run", x)
	}
	// Running again executes the instruction at the breakpoint, then stops at it next pass.
	st = runToBreak(t, m)
	if st.PC != 0x1005 || m.CPU().X != 1 {
		t.Errorf("second stop at $%04X with X = %d, want $1005 with X = 1", st.PC, m.CPU().X)
	}
	if m.Peek(0x3000) != 1 {
		t.Errorf("$3000 = %d, want 1: the loop body ran once between the stops", m.Peek(0x3000))
	}
}

func TestBreakpointBanks(t *testing.T) {
	m := debugMachine(t)
	// JSR $A000 in the loop; bank 2 holds RTS at $A000, and the latch selects bank 2.
	m.Poke(0x1002, 0x20)
	m.Poke(0x1003, 0x00)
	m.Poke(0x1004, 0xA0) // JSR $A000
	m.Poke(0x0000, 2)
	m.Poke(0xA000, 0x60)
	if err := m.SetBreakpoints([]Breakpoint{{Addr: 0xA000, Bank: 3}}); err != nil {
		t.Fatal(err)
	}
	if ev := m.RunFrame(); ev&EventBreak != 0 {
		t.Fatalf("stopped at %v: the breakpoint is in bank 3, bank 2 is mapped", m.DebugStop())
	}
	m.SetBreakpoints([]Breakpoint{{Addr: 0xA000, Bank: 2}})
	if st := runToBreak(t, m); st.PC != 0xA000 || st.Bank != 2 {
		t.Errorf("stop %v, want a breakpoint at $02:A000", st)
	}
	if err := m.SetBreakpoints([]Breakpoint{{Addr: 0xA000, Bank: 256}}); err == nil {
		t.Error("bank 256 accepted")
	}
}

func TestWatchpoints(t *testing.T) {
	tests := []struct {
		name   string
		w      Watchpoint
		pc     uint16 // the PC after the instruction that made the access
		value  uint8
		write  bool
		setup  func(m *Machine)
		nohits bool
	}{
		{name: "cpu write", w: Watchpoint{Space: SpaceCPU, On: WatchWrite, Addr: 0x3000}, pc: 0x1009, value: 1, write: true},
		{name: "cpu read", w: Watchpoint{Space: SpaceCPU, On: WatchRead, Addr: 0xA000}, pc: 0x1018, value: 0x77,
			setup: func(m *Machine) { m.Poke(0xA000, 0x77) }},
		{name: "banked read", w: Watchpoint{Space: SpaceBanked, On: WatchRead, Addr: 0xA000, Bank: 1}, pc: 0x1018, value: 0x42,
			setup: func(m *Machine) { m.Poke(0, 1); m.Poke(0xA000, 0x42) }},
		{name: "banked read other bank", w: Watchpoint{Space: SpaceBanked, On: WatchRead, Addr: 0xA000, Bank: 1}, nohits: true},
		{name: "vram write", w: Watchpoint{Space: SpaceVRAM, On: WatchWrite, Addr: 0}, pc: 0x1015, value: 5, write: true},
		{name: "vram write elsewhere", w: Watchpoint{Space: SpaceVRAM, On: WatchWrite, Addr: 0x100, Len: 0x100}, nohits: true},
		{name: "vera registers", w: VERARegWrites(), pc: 0x1015, value: 5, write: true},
		{name: "zero page read", w: Watchpoint{Space: SpaceCPU, On: WatchRead, Addr: 0x0080, Len: 0x10}, nohits: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := debugMachine(t)
			if tc.setup != nil {
				tc.setup(m)
			}
			if err := m.SetWatchpoints([]Watchpoint{tc.w}); err != nil {
				t.Fatal(err)
			}
			if tc.nohits {
				if ev := m.RunFrame(); ev&EventBreak != 0 {
					t.Fatalf("stopped: %v", m.DebugStop())
				}
				return
			}
			st := runToBreak(t, m)
			if st.Reason != StopWatch || st.PC != tc.pc || st.Access.Value != tc.value || st.Access.Write != tc.write {
				t.Errorf("stop %v (access %+v), want PC $%04X value $%02X write %v", st, st.Access, tc.pc, tc.value, tc.write)
			}
		})
	}
}

func TestWatchpointErrors(t *testing.T) {
	m := debugMachine(t)
	bad := []Watchpoint{
		{Space: SpaceCPU, On: WatchRead, Addr: 0x10000},
		{Space: SpaceCPU, On: WatchRead, Addr: 0xFFFF, Len: 2},
		{Space: SpaceBanked, On: WatchRead, Addr: 0x9000},
		{Space: SpaceVRAM, On: WatchWrite, Addr: 0x20000},
		{Space: SpaceCPU, Addr: 0x1000},
		{Space: 9, On: WatchRead},
	}
	for _, w := range bad {
		if err := m.SetWatchpoints([]Watchpoint{w}); err == nil {
			t.Errorf("%+v accepted", w)
		}
	}
	if ev := m.RunFrame(); ev&EventBreak != 0 {
		t.Errorf("refused watchpoints stopped the machine: %v", m.DebugStop())
	}
}

func TestStepping(t *testing.T) {
	m := debugMachine(t)
	m.StepInstruction(1)
	if st := runToBreak(t, m); st.Reason != StopStep || st.PC != 0x1002 {
		t.Fatalf("step: %v, want a step to $1002", st)
	}
	m.StepOver() // over the JSR
	if st := runToBreak(t, m); st.PC != 0x1005 {
		t.Fatalf("step over: %v, want $1005", st)
	}
	m.StepInstruction(3) // INX, STX, BRA
	runToBreak(t, m)
	m.StepInstruction(1) // into the JSR
	if st := runToBreak(t, m); st.PC != 0x1010 {
		t.Fatalf("step into: %v, want $1010", st)
	}
	m.StepOut()
	if st := runToBreak(t, m); st.PC != 0x1005 || m.CPU().S != 0xFF {
		t.Fatalf("step out: %v with S $%02X, want $1005 with S $FF", st, m.CPU().S)
	}
	m.StepRange(0x1005, 0x100B, true) // INX..BRA, then the call is stepped over
	if st := runToBreak(t, m); st.PC != 0x1002 {
		t.Fatalf("step range: %v, want $1002", st)
	}
	m.StepRange(0x1002, 0x1005, true) // the JSR line: the call runs, stops after it
	if st := runToBreak(t, m); st.PC != 0x1005 {
		t.Fatalf("step range over a call: %v, want $1005", st)
	}
	m.RunTo(0x1015)
	if st := runToBreak(t, m); st.PC != 0x1015 {
		t.Fatalf("run to: %v, want $1015", st)
	}
	// After a step nothing else is set: the machine runs on.
	if ev := m.RunFrame(); ev&EventBreak != 0 {
		t.Errorf("stopped again after the step finished: %v", m.DebugStop())
	}
}

func TestBreakOnBRKAndSTP(t *testing.T) {
	m := debugMachine(t)
	m.Poke(0x1005, 0x00) // BRK in place of INX
	m.SetBreakOn(true, true)
	if st := runToBreak(t, m); st.Reason != StopBRK || st.PC != 0x1005 {
		t.Errorf("stop %v, want brk at $1005", st)
	}
	m = debugMachine(t)
	m.Poke(0x1005, 0xDB) // STP
	m.SetBreakOn(true, true)
	if st := runToBreak(t, m); st.Reason != StopSTP || st.PC != 0x1005 {
		t.Errorf("stop %v, want stp at $1005", st)
	}
	if m.CPU().Stopped {
		t.Error("the CPU executed STP before the stop")
	}
}

func TestRasterAndFrameStops(t *testing.T) {
	m := debugMachine(t)
	if err := m.SetRasterBreak(100); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		st := runToBreak(t, m)
		line := int(st.Cycle % CyclesPerFrame / CyclesPerLine)
		if st.Reason != StopRaster || line != 100 {
			t.Fatalf("stop %d: %v on line %d, want raster line 100", i, st, line)
		}
	}
	m.SetRasterBreak(-1)
	if err := m.SetRasterBreak(525); err == nil {
		t.Error("line 525 accepted")
	}
	want := m.Frame() + 3
	if err := m.RunToFrame(want); err != nil {
		t.Fatal(err)
	}
	for m.Frame() < want {
		if ev := m.RunFrame(); ev&EventBreak != 0 {
			break
		}
	}
	if st := m.DebugStop(); st.Reason != StopFrame || m.Frame() != want {
		t.Errorf("stop %v at frame %d, want frame %d", st, m.Frame(), want)
	}
	if err := m.RunToFrame(1); err == nil {
		t.Error("a frame in the past accepted")
	}
}

// TestBreakpointOnInterruptHandler: the first instruction of a handler is caught, though
// the interrupt entry is not an instruction.
func TestBreakpointOnInterruptHandler(t *testing.T) {
	rom := make([]byte, romBankSize)
	rom[0x3FFA], rom[0x3FFB] = 0x00, 0x20 // NMI vector: $2000
	m, err := New(Config{ROM: rom})
	if err != nil {
		t.Fatal(err)
	}
	m.Poke(0x1000, 0x80) // BRA $1000
	m.Poke(0x1001, 0xFE)
	m.Poke(0x2000, 0x40) // RTI
	m.SetCPU(CPUState{PC: 0x1000, S: 0xFF, P: flagI})
	m.SetBreakpoints([]Breakpoint{{Addr: 0x2000, Bank: AnyBank}})
	m.NMI()
	st := runToBreak(t, m)
	if st.Reason != StopBreakpoint || st.PC != 0x2000 {
		t.Errorf("stop %v, want the breakpoint at the NMI handler $2000", st)
	}
}

// TestNeverHitBreakpointsChangeNothing: a machine with breakpoints, watchpoints and
// BRK/STP stops that never fire runs exactly as one without.
func TestNeverHitBreakpointsChangeNothing(t *testing.T) {
	plain := startedMachine(t, loadTestPRG(t, "busy.prg"))
	dbg := startedMachine(t, loadTestPRG(t, "busy.prg"))
	dbg.SetBreakpoints([]Breakpoint{{Addr: 0x0300, Bank: AnyBank}})
	dbg.SetWatchpoints([]Watchpoint{{Space: SpaceCPU, On: WatchRead | WatchWrite, Addr: 0x0500}, {Space: SpaceVRAM, On: WatchWrite, Addr: 0x1F000}})
	dbg.SetBreakOn(true, true)
	for i := range 10 {
		ep, ed := plain.RunFrame(), dbg.RunFrame()
		if ep != ed || plain.Cycle() != dbg.Cycle() {
			t.Fatalf("frame %d: events %b/%b, cycles %d/%d", i, ep, ed, plain.Cycle(), dbg.Cycle())
		}
	}
	if memoryHash(plain) != memoryHash(dbg) {
		t.Error("memory differs")
	}
}

func TestDebugAllocs(t *testing.T) {
	m := debugMachine(t)
	m.SetBreakpoints([]Breakpoint{{Addr: 0x1005, Bank: AnyBank}})
	m.SetWatchpoints([]Watchpoint{{Space: SpaceCPU, On: WatchWrite, Addr: 0x3000}})
	m.RunFrame()
	if n := testing.AllocsPerRun(20, func() { m.RunFrame() }); n != 0 {
		t.Errorf("running into breakpoints allocates %.1f times, want 0", n)
	}
	m.SetBreakpoints(nil)
	m.SetWatchpoints(nil)
	if n := testing.AllocsPerRun(20, func() {
		m.StepInstruction(1)
		m.RunFrame()
	}); n != 0 {
		t.Errorf("stepping allocates %.1f times, want 0", n)
	}
}

// TestClearedDebuggerIsOff: with everything cleared the machine leaves the debugger's paths.
func TestClearedDebuggerIsOff(t *testing.T) {
	m := debugMachine(t)
	m.SetBreakpoints([]Breakpoint{{Addr: 0x1005, Bank: AnyBank}})
	m.SetWatchpoints([]Watchpoint{{Space: SpaceCPU, On: WatchWrite, Addr: 0x3000}})
	m.SetBreakpoints(nil)
	m.SetWatchpoints(nil)
	if m.dbg.on || m.sys.trapLow == 0 || m.bus.special || m.bus.lowLimit != ioStart || m.bus.fastWriteLimit != ioStart-2 {
		t.Errorf("debugger still armed: on %v trapLow $%04X special %v", m.dbg.on, m.sys.trapLow, m.bus.special)
	}
}

// BenchmarkMachineArmed is BenchmarkMachine with a breakpoint set that never fires: the
// price of debugging (every instruction takes the trap path), not of the debugger's
// existence, which BenchmarkMachine measures.
func BenchmarkMachineArmed(b *testing.B) {
	m := startedMachine(b, loadTestPRG(b, "busy.prg"))
	m.SetBreakpoints([]Breakpoint{{Addr: 0x0300, Bank: AnyBank}})
	m.RunFrame()
	for b.Loop() {
		m.RunFrame()
	}
}
