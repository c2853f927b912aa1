package core

import (
	"fmt"
	"slices"
)

// The debugger's controls: breakpoints, watchpoints, stepping and why the machine stopped.
// Callers are the DAP server (cmd/x16scope dap_*.go) and the overlay's debugger panel; the
// checks behind them are in debug.go.

// SetBreakpoints replaces the PC breakpoints.
func (m *Machine) SetBreakpoints(bps []Breakpoint) error {
	for _, bp := range bps {
		if bp.Bank < AnyBank || bp.Bank > 255 {
			return fmt.Errorf("breakpoint at $%04X: bank %d is not a bank (0-255, or any)", bp.Addr, bp.Bank)
		}
	}
	d := m.debugger()
	d.bps = slices.Clone(bps)
	clear(d.bpBits[:])
	for _, bp := range bps {
		d.bpBits[bp.Addr>>6] |= 1 << (bp.Addr & 63)
	}
	m.rearmDebug()
	return nil
}

// Breakpoints returns the PC breakpoints set.
func (m *Machine) Breakpoints() []Breakpoint {
	if m.dbg == nil {
		return nil
	}
	return slices.Clone(m.dbg.bps)
}

// SetWatchpoints replaces the watchpoints.
func (m *Machine) SetWatchpoints(ws []Watchpoint) error {
	for i := range ws {
		w := &ws[i]
		if w.Len == 0 {
			w.Len = 1
		}
		if w.On&(WatchRead|WatchWrite) == 0 {
			return fmt.Errorf("watchpoint at $%X: watches neither reads nor writes", w.Addr)
		}
		var limit uint32
		switch w.Space {
		case SpaceCPU:
			limit = 0x10000
		case SpaceBanked:
			if w.Addr < bankedRAM || w.Addr >= romStart {
				return fmt.Errorf("banked watchpoint at $%X: banked RAM is $A000-$BFFF", w.Addr)
			}
			limit = romStart
		case SpaceVRAM:
			limit = 0x20000
		default:
			return fmt.Errorf("watchpoint at $%X: unknown address space %d", w.Addr, w.Space)
		}
		if w.Addr >= limit || w.Len > limit-w.Addr {
			return fmt.Errorf("%s watchpoint $%X+%d: past the end of the space ($%X)", w.Space, w.Addr, w.Len, limit)
		}
	}
	d := m.debugger()
	d.watch = slices.Clone(ws)
	d.hit = false
	m.rearmDebug()
	return nil
}

// Watchpoints returns the watchpoints set.
func (m *Machine) Watchpoints() []Watchpoint {
	if m.dbg == nil {
		return nil
	}
	return slices.Clone(m.dbg.watch)
}

// SetBreakOn stops before BRK and before STP.
func (m *Machine) SetBreakOn(brk, stp bool) {
	d := m.debugger()
	d.brk, d.stp = brk, stp
	m.rearmDebug()
}

// SetRasterBreak stops each time the beam reaches line (0-524); -1 turns it off.
func (m *Machine) SetRasterBreak(line int) error {
	if line < -1 || line >= LinesPerFrame {
		return fmt.Errorf("raster line %d: lines are 0-%d", line, LinesPerFrame-1)
	}
	m.debugger().raster = line
	m.rearmDebug()
	return nil
}

// StepInstruction stops after n instructions (at least 1), or at the entry of an interrupt
// handler taken on the way.
func (m *Machine) StepInstruction(n int) {
	d := m.debugger()
	m.clearStep()
	d.step, d.count = stepCount, max(n, 1)
	m.rearmDebug()
}

// StepOver steps one instruction, or, when it is a JSR, runs until the instruction after
// it with the stack back where it was (the call returned).
func (m *Machine) StepOver() {
	pc := m.cpu.PC
	if m.bus.peek(pc) != 0x20 { // JSR abs
		m.StepInstruction(1)
		return
	}
	m.runTo(pc+3, true)
}

// RunTo runs until the PC reaches addr.
func (m *Machine) RunTo(addr uint16) { m.runTo(addr, false) }

// StepOut runs until the current subroutine or interrupt handler returns: the stack rises
// above where it is now.
func (m *Machine) StepOut() {
	d := m.debugger()
	m.clearStep()
	d.step, d.stepS = stepOut, m.cpu.S
	m.rearmDebug()
}

// StepRange runs until the PC leaves [lo, hi) (a source line's code). With over, code
// run in deeper calls and interrupt handlers does not count; returning from the routine
// does.
func (m *Machine) StepRange(lo, hi uint32, over bool) {
	d := m.debugger()
	m.clearStep()
	d.step, d.lo, d.hi, d.over, d.stepS = stepRange, lo, hi, over, m.cpu.S
	m.rearmDebug()
}

// RunToFrame stops at the VSYNC that completes frame n (when Frame() becomes n).
func (m *Machine) RunToFrame(n uint64) error {
	if n <= m.Frame() {
		return fmt.Errorf("frame %d: the machine is already at frame %d", n, m.Frame())
	}
	d := m.debugger()
	d.frameStop = vsyncOffset + (n-1)*CyclesPerFrame
	m.rearmDebug()
	return nil
}

// CancelStep drops a step or run-to that has not finished.
func (m *Machine) CancelStep() {
	if m.dbg != nil {
		m.clearStep()
		m.rearmDebug()
	}
}

// DebugStop is the latest stop (Reason StopNone when the debugger has not stopped it).
func (m *Machine) DebugStop() Stop {
	if m.dbg == nil {
		return Stop{}
	}
	return m.dbg.stop
}
