package main

// x16scope's side of the lockstep trace: the machine stepped one instruction at a time
// through the debugger's controls (core/machine_debug.go), a watchpoint on VERA's
// registers catching each write, and the recent-instruction ring telling an instruction
// from an interrupt entry.

import (
	"fmt"
	"os"

	"x16scope/core"
)

// Start says where a trace begins: at the first instruction at or after cycle Cycle, then
// (when HasPC) at the first one at PC. The zero value is power-on.
type Start struct {
	Cycle uint64
	PC    uint16
	HasPC bool
}

// RunSpec is a run of one machine: ROM, program (nil for none: the machine boots to
// BASIC's prompt and waits), host folder for device 8 ("" for none).
type RunSpec struct {
	ROM   []byte
	PRG   []byte
	FS    string
	Start Start
	Count uint64 // instructions to trace
}

// beam is VERA's beam at a cycle: line 0-524 and pixel clock 0-799 (256 CPU cycles a line).
func beam(cycle uint64) (line, col uint16) {
	c := cycle % core.CyclesPerFrame
	return uint16(c / core.CyclesPerLine), uint16(c % core.CyclesPerLine * 800 / core.CyclesPerLine)
}

// traceX16 runs spec on x16scope and writes its trace.
func traceX16(spec RunSpec, out *TraceWriter) error {
	m, err := core.New(core.Config{ROM: spec.ROM})
	if err != nil {
		return err
	}
	m.SetIdleSkip(false) // every pass of every loop is an instruction of the trace
	if spec.FS != "" {
		d, err := core.NewDirFS(spec.FS)
		if err != nil {
			return err
		}
		m.SetFileSystem(d)
	}
	if spec.PRG != nil {
		if _, err := m.StartPRG(spec.PRG); err != nil {
			return err
		}
	}
	if err := runToStart(m, spec.Start); err != nil {
		return err
	}
	m.KeepRecent(true)
	if err := m.SetWatchpoints([]core.Watchpoint{core.VERARegWrites()}); err != nil {
		return err
	}
	// pending is the state before the next instruction; it is written once that
	// instruction has run (a step that only entered an interrupt handler drops it: the
	// official emulator's trace shows the handler's first instruction, not the PC the
	// interrupt left).
	pending := snapshot(m)
	for n := uint64(0); n < spec.Count; {
		before := m.RecentView().N
		m.StepInstruction(1)
		ev := m.RunUntil(m.Cycle() + 4*core.CyclesPerFrame)
		r := m.RecentView()
		switch r.N - before {
		case 0:
			if ev&core.EventBreak == 0 {
				return nil // the CPU stopped (STP) or exited: the trace ends
			}
		case 1:
			// A WAI before this instruction halted the CPU: it starts when the halt ends.
			e := r.Ring[(r.N-1)%core.RecentSize]
			pending.Cycle = m.Cycle() - uint64(e.Cycles())
			pending.Line, pending.Col = beam(pending.Cycle)
			if err := out.Write(&pending); err != nil {
				return err
			}
			n++
			if st := m.DebugStop(); st.Reason == core.StopWatch && st.Access.Write {
				w := Record{Kind: kindWrite, Cycle: pending.Cycle, Addr: uint16(st.Access.Addr), Value: st.Access.Value}
				if err := out.Write(&w); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("a step ran %d instructions", r.N-before)
		}
		pending = snapshot(m)
		if ev&(core.EventStop|core.EventExit) != 0 {
			return nil
		}
	}
	return nil
}

// runToStart runs the machine to where the trace starts.
func runToStart(m *core.Machine, s Start) error {
	for m.Cycle() < s.Cycle {
		if ev := m.RunUntil(s.Cycle); ev&(core.EventStop|core.EventExit) != 0 {
			return fmt.Errorf("the machine stopped at cycle %d, before the trace's start", m.Cycle())
		}
	}
	if !s.HasPC {
		return nil
	}
	if err := m.SetBreakpoints([]core.Breakpoint{{Addr: s.PC, Bank: core.AnyBank}}); err != nil {
		return err
	}
	defer m.SetBreakpoints(nil)
	limit := m.Cycle() + 2000*core.CyclesPerFrame
	for m.PC() != s.PC {
		ev := m.RunUntil(limit)
		if ev&(core.EventStop|core.EventExit) != 0 || m.Cycle() >= limit {
			return fmt.Errorf("the PC did not reach $%04X within 2000 frames", s.PC)
		}
	}
	return nil
}

// snapshot is the machine's state before its next instruction.
func snapshot(m *core.Machine) Record {
	s := m.CPU()
	r := Record{Kind: kindInstr, Cycle: m.Cycle(), PC: s.PC, A: s.A, X: s.X, Y: s.Y, S: s.S, P: s.P,
		RAMBank: m.RAMBank(), ROMBank: m.ROMBank()}
	r.Line, r.Col = beam(r.Cycle)
	for i := range r.Bytes {
		r.Bytes[i] = m.Peek(s.PC + uint16(i))
	}
	return r
}

// writeX16Trace runs spec and writes its trace to path.
func writeX16Trace(spec RunSpec, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w, err := NewTraceWriter(f)
	if err != nil {
		return err
	}
	if err := traceX16(spec, w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}
