package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"x16scope/core"
	"x16scope/core/dbginfo"
	"x16scope/perf"
)

// The page's debugger: breakpoints and stepping on the session's machine, and the ties to
// the profiler ("break when the frame runs past its budget", "... when region n runs past
// its share"). The panel (web/debugger.js) calls these through the JS API; everything here
// is plain Go, tested natively.

// debugState is the debugger's side of the session. It outlives machines: a reset or a new
// program keeps the breakpoints.
type debugState struct {
	stopped bool   // the debugger stopped the machine: nothing runs until continue or a step
	why     string // why, for the panel
	bps     []core.Breakpoint
	watches []core.Watchpoint
	brk     bool
	stp     bool
	raster  int // -1: off

	tieOverrun      bool    // stop when the period in progress passes the budget
	tieOverrunStart bool    // ... and go back to the start of its first frame (debug_rewind.go)
	tieRegion       int     // stop when this marker region (1-$6F) passes its share; 0: off
	tieShare        float64 // that share, in percent of the budget

	info *dbginfo.Info // the loaded .dbg, nil for none
}

// tieChunk is how far the machine runs between looks while a profiler tie is set: 8
// scanlines, so the stop is at most that late.
const tieChunk = 8 * core.CyclesPerLine

// applyDebug gives a new machine the debugger's settings.
func (s *Session) applyDebug() {
	d := &s.dbg
	s.m.SetBreakpoints(d.bps)
	s.m.SetWatchpoints(d.watches)
	s.m.SetBreakOn(d.brk, d.stp)
	s.m.SetRasterBreak(d.raster)
	d.stopped, d.why = false, ""
}

// DebugStopped tells whether the debugger holds the machine, and why.
func (s *Session) DebugStopped() (bool, string) { return s.dbg.stopped, s.dbg.why }

// DebugBreak stops the machine now (between instructions: the last tick ended on one).
func (s *Session) DebugBreak() {
	s.m.CancelStep()
	s.dbg.stopped, s.dbg.why = true, "stopped by the user"
}

// DebugContinue runs the machine on from a stop.
func (s *Session) DebugContinue() {
	s.dbg.stopped, s.dbg.why = false, ""
	s.paused, s.stepPending = false, false
	s.acc = 0
}

// DebugStep runs one step, then stops: "instruction" (into calls and interrupt
// handlers), "over" (a JSR runs to its return), "out" (to the RTS or RTI of the current
// routine), "line" (to the next source line of the .dbg, calls stepped over), "into" (to
// the next source line, into calls), "frame" (to the next VSYNC). In the past it replays
// what was recorded.
func (s *Session) DebugStep(kind string) error {
	m := s.m
	switch kind {
	case "instruction":
		m.StepInstruction(1)
	case "over":
		m.StepOver()
	case "out":
		m.StepOut()
	case "line", "into":
		if s.dbg.info == nil {
			return fmt.Errorf("step %s: no debug file (.dbg) loaded", kind)
		}
		_, lo, hi, ok := s.dbg.info.LineAt(uint32(m.PC()))
		switch {
		case ok:
			m.StepRange(lo, hi, kind == "line")
		case kind == "line":
			m.StepOver() // no line here: an instruction at a time, over calls
		default:
			m.StepInstruction(1)
		}
	case "frame":
		if err := m.RunToFrame(m.Frame() + 1); err != nil {
			return err
		}
	default:
		return fmt.Errorf("step %q: want instruction, over, out, line, into or frame", kind)
	}
	s.DebugContinue()
	return nil
}

// SetBreakpoint sets (on) or clears a PC breakpoint. bank is core.AnyBank or a bank.
func (s *Session) SetBreakpoint(addr int, bank int, on bool) error {
	if addr < 0 || addr > 0xFFFF {
		return fmt.Errorf("breakpoint $%X: addresses are $0000-$FFFF", addr)
	}
	bp := core.Breakpoint{Addr: uint16(addr), Bank: bank}
	bps := slices.DeleteFunc(slices.Clone(s.dbg.bps), func(b core.Breakpoint) bool { return b == bp })
	if on {
		bps = append(bps, bp)
	}
	if err := s.m.SetBreakpoints(bps); err != nil {
		return err
	}
	s.dbg.bps = bps
	return nil
}

// DebugRunTo runs until the PC reaches addr (a debug adapter's stop on entry), then stops.
func (s *Session) DebugRunTo(addr uint16) {
	s.m.RunTo(addr)
	s.DebugContinue()
}

// SetBreakpoints replaces the PC breakpoints (a debug adapter sends every kind at once).
func (s *Session) SetBreakpoints(bps []core.Breakpoint) error {
	if err := s.m.SetBreakpoints(bps); err != nil {
		return err
	}
	s.dbg.bps = slices.Clone(bps)
	return nil
}

// ToggleBreakpoint sets a breakpoint at addr (any bank) or clears the one there.
func (s *Session) ToggleBreakpoint(addr int) error {
	bp := core.Breakpoint{Addr: uint16(addr), Bank: core.AnyBank}
	return s.SetBreakpoint(addr, core.AnyBank, !slices.Contains(s.dbg.bps, bp))
}

// SetWatchpoints replaces the watchpoints.
func (s *Session) SetWatchpoints(ws []core.Watchpoint) error {
	if err := s.m.SetWatchpoints(ws); err != nil {
		return err
	}
	s.dbg.watches = s.m.Watchpoints()
	return nil
}

// SetBreakOn stops before BRK and STP.
func (s *Session) SetBreakOn(brk, stp bool) {
	s.dbg.brk, s.dbg.stp = brk, stp
	s.m.SetBreakOn(brk, stp)
}

// SetRasterBreak stops whenever the beam reaches line (-1: off).
func (s *Session) SetRasterBreak(line int) error {
	if err := s.m.SetRasterBreak(line); err != nil {
		return err
	}
	s.dbg.raster = line
	return nil
}

// BreakOnOverrun stops the machine when the period in progress runs past the frame budget:
// the code running then is what made the frame late.
func (s *Session) BreakOnOverrun(on bool) { s.dbg.tieOverrun = on }

// BreakOnRegion stops the machine when marker region n has used more than share percent of
// the frame budget in the frame in progress. n = 0 turns it off.
func (s *Session) BreakOnRegion(n int, share float64) error {
	if n == 0 {
		s.dbg.tieRegion = 0
		return nil
	}
	if n < 1 || n > perf.MaxRegion {
		return fmt.Errorf("region %d: marker regions are 1-%d", n, perf.MaxRegion)
	}
	if !(share > 0 && share <= 1000) {
		return fmt.Errorf("share %v%%: want more than 0 and at most 1000 percent of the budget", share)
	}
	s.dbg.tieRegion, s.dbg.tieShare = n, share
	return nil
}

// LoadDebugInfo reads an ld65 debug file for the running program: its lines and labels
// for the disassembly and stepping by line. A file that does not parse or does not match
// the program is refused, and the one loaded before stays.
func (s *Session) LoadDebugInfo(name string, data []byte) error {
	info, err := dbginfo.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if s.program != nil {
		if err := info.CheckProgram(s.program.Name, s.program.Data); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	s.dbg.info = info
	return nil
}

// debugChunk bounds a run while a profiler tie is set, so it can look between chunks.
func (s *Session) debugChunk(target uint64) uint64 {
	if s.dbg.tieOverrun || s.dbg.tieOverrunStart || s.dbg.tieRegion != 0 {
		return min(target, s.m.Cycle()+tieChunk)
	}
	return target
}

// debugAfter looks at a run's events: a debugger stop, or a profiler tie that fired. It
// returns true when the machine must stop.
func (s *Session) debugAfter(ev core.Event) bool {
	d := &s.dbg
	switch {
	case ev&core.EventBreak != 0:
		d.why = s.m.DebugStop().String()
	case d.tieOverrun && s.overBudget():
		d.why = fmt.Sprintf("the frame ran past its budget (%d cycles of work) at $%04X", s.prof.Budget().Cycles, s.m.PC())
		d.tieOverrun = false // once: the user looks, then arms it again
	case d.tieOverrunStart && s.overBudget():
		d.tieOverrunStart = false
		pc := s.m.PC()
		if fs, err := s.rewindToFrameStart(); err != nil {
			d.why = fmt.Sprintf("the frame ran past its budget at $%04X; going back to its start failed: %v", pc, err)
		} else {
			d.why = fmt.Sprintf("at the start of frame %d, which runs past its budget (at $%04X): continue or step to run it again", fs, pc)
		}
	case d.tieRegion != 0 && s.regionOver():
		d.why = fmt.Sprintf("region %d ran past %.4g%% of the budget at $%04X", d.tieRegion, d.tieShare, s.m.PC())
		d.tieRegion = 0
	default:
		return false
	}
	d.stopped = true
	return true
}

func (s *Session) overBudget() bool {
	w, open := s.prof.LiveWork()
	return open && w > uint64(s.prof.Budget().Cycles)
}

func (s *Session) regionOver() bool {
	limit := float64(s.prof.Budget().Cycles) * s.dbg.tieShare / 100
	return float64(s.prof.LiveRegion(s.dbg.tieRegion)) > limit
}

// SetRegister sets a CPU register while the debugger holds the machine: A, X, Y, S, P, PC,
// or one flag (N, V, D, I, Z, C) to 0 or 1.
func (s *Session) SetRegister(name string, v int) error {
	if !s.dbg.stopped {
		return errors.New("registers can be edited when the debugger has stopped the machine")
	}
	c := s.m.CPU()
	if err := c.Set(name, v); err != nil {
		return err
	}
	return s.logInput(inputEvent{kind: inRegister, text: name, a: v})
}

// WatchSpec is a watchpoint as the page gives it: space "cpu", "banked" or "vram"; access
// "r", "w" or "rw"; banked addresses are $A000-$BFFF.
type WatchSpec struct {
	Space  string `json:"space"`
	Access string `json:"access"`
	Addr   int    `json:"addr"`
	Len    int    `json:"len"`
	Bank   int    `json:"bank"`
}

// SetWatchSpecs replaces the watchpoints with the page's list (JSON array of WatchSpec).
func (s *Session) SetWatchSpecs(text string) error {
	var specs []WatchSpec
	if err := json.Unmarshal([]byte(text), &specs); err != nil {
		return fmt.Errorf("watchpoints: %v", err)
	}
	ws := make([]core.Watchpoint, len(specs))
	for i, sp := range specs {
		w := &ws[i]
		switch sp.Space {
		case SpaceCPU:
			w.Space = core.SpaceCPU
		case SpaceBanked:
			w.Space = core.SpaceBanked
		case SpaceVRAM:
			w.Space = core.SpaceVRAM
		default:
			return fmt.Errorf("watchpoint %d: space %q: want cpu, banked or vram", i+1, sp.Space)
		}
		if strings.Contains(sp.Access, "r") {
			w.On |= core.WatchRead
		}
		if strings.Contains(sp.Access, "w") {
			w.On |= core.WatchWrite
		}
		if sp.Addr < 0 || sp.Len < 0 || sp.Bank < 0 || sp.Bank > 255 {
			return fmt.Errorf("watchpoint %d: negative address, length or bank", i+1)
		}
		w.Addr, w.Len, w.Bank = uint32(sp.Addr), uint32(sp.Len), uint8(sp.Bank)
	}
	return s.SetWatchpoints(ws)
}

// DebugInfo is the loaded ld65 debug file, nil for none.
func (s *Session) DebugInfo() *dbginfo.Info { return s.dbg.info }
