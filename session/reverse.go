package session

import (
	"errors"
	"fmt"

	"x16scope/core"
)

// Reverse debugging: stepping back and running back to a breakpoint, built on the timeline.
// The machine cannot run backwards, so each goes forward from a keyframe on a rebuilt
// machine, noting the instruction boundaries or the breakpoint hits on the way, and then
// seeks to the one it wants: the registers, memory and stack there are the ones the forward
// run had.

// lineBackFrames is how far back stepping back by line looks for the previous line (a line
// whose code runs for longer is stepped back over as a whole).
const lineBackFrames = 8

// boundary is an instruction boundary: where the machine stood before an instruction (or at
// an interrupt handler's first instruction).
type boundary struct {
	cycle uint64
	pc    uint16
	sp    uint8
}

// scanBoundaries rebuilds the start of frame f and steps the rebuilt machine an instruction
// at a time up to cycle end, returning every boundary before end.
func (s *Session) scanBoundaries(f uint32, end uint64) ([]boundary, error) {
	r, err := s.rebuildFrame(f, true)
	if err != nil {
		return nil, err
	}
	var out []boundary
	in := s.tl.inputs
	m := r.m
	stepped := true
	for m.Cycle() < end {
		r.next = applyDue(in, r.next, m)
		if stepped {
			out = append(out, boundary{cycle: m.Cycle(), pc: m.PC(), sp: m.CPU().S})
			m.StepInstruction(1)
		}
		ev := m.RunUntil(boundBy(in, r.next, end))
		// Without a break the run reached the bound with the step still pending (a halted
		// CPU, or an input due): it goes on from there.
		stepped = ev&core.EventBreak != 0
		if ev&core.EventExit != 0 {
			break
		}
	}
	return out, nil
}

// DebugStepBack goes back one step and stops there: "instruction" to the boundary before
// the current one (an interrupt's entry counts), "line" to the start of the previous source
// line run at this call depth or an outer one (calls made from it are stepped back over,
// and from the middle of a line, to the line's own start).
func (s *Session) DebugStepBack(kind string) error {
	switch kind {
	case "instruction", "line":
	default:
		return fmt.Errorf("step back %q: want instruction or line", kind)
	}
	if kind == "line" && s.dbg.info == nil {
		return errors.New("step back by line: no debug file (.dbg) loaded")
	}
	now, cur := s.m.Cycle(), s.CurrentFrame()
	first, _ := s.Window()
	if s.m.Cycle() == s.tl.frameStart && cur <= first {
		return fmt.Errorf("%w: the machine is at the start of frame %d, the oldest the window holds", ErrOutsideWindow, cur)
	}
	// The frames to scan: the current one (from the previous when at its very start), and
	// for a line further back as needed.
	from := cur
	if now == s.tl.frameStart {
		from--
	}
	for {
		bs, err := s.scanBoundaries(from, now)
		if err != nil {
			return err
		}
		target, ok := len(bs)-1, len(bs) > 0
		if kind == "line" {
			target, ok = s.lineStartBefore(bs, s.m.CPU().S)
		}
		if ok {
			if err := s.SeekCycle(bs[target].cycle); err != nil {
				return err
			}
			s.dbg.stopped, s.dbg.why = true, fmt.Sprintf("stepped back (%s) to $%04X", kind, s.m.PC())
			return nil
		}
		if from <= first || cur-from >= lineBackFrames {
			if len(bs) == 0 {
				return fmt.Errorf("%w: no instruction before this one in the window", ErrOutsideWindow)
			}
			// Nothing earlier within reach: the earliest boundary scanned.
			if err := s.SeekCycle(bs[0].cycle); err != nil {
				return err
			}
			s.dbg.stopped, s.dbg.why = true, fmt.Sprintf("stepped back to $%04X, the earliest point within %d frames", s.m.PC(), cur-from+1)
			return nil
		}
		from = max(first, from-2)
	}
}

// lineStartBefore finds, in boundaries bs leading up to the current point (stack pointer
// sp), the start of the line to step back to: while boundaries of the current line (at this
// depth) or of deeper calls come just before, the start of the current line; else the
// start of the line before it, found the same way at its own depth. It reports false when
// bs begins before that start could be seen.
func (s *Session) lineStartBefore(bs []boundary, sp uint8) (int, bool) {
	deeper := func(b boundary, depth uint8) bool { return int8(b.sp-depth) < 0 }
	lineOf := func(pc uint16) (lo, hi uint32, ok bool) {
		_, lo, hi, ok = s.dbg.info.LineAt(uint32(pc))
		return lo, hi, ok
	}
	// The run of one line at one depth ending at index j: its first index, or -1 when it
	// reaches the first boundary scanned (it may have begun earlier).
	runStart := func(j int) int {
		depth := bs[j].sp
		lo, hi, ok := lineOf(bs[j].pc)
		start := j
		for k := j - 1; k >= 0; k-- {
			b := bs[k]
			switch {
			case deeper(b, depth):
				continue
			case ok && b.sp == depth && uint32(b.pc) >= lo && uint32(b.pc) < hi:
				start = k
				continue
			}
			return start
		}
		return -1
	}
	cur := s.m.PC()
	lo, hi, ok := lineOf(cur)
	j := len(bs) - 1
	// Mid-line: the same line at the same depth (or deeper calls from it) just before.
	for k := j; k >= 0; k-- {
		b := bs[k]
		if deeper(b, sp) {
			continue
		}
		if ok && b.sp == sp && uint32(b.pc) >= lo && uint32(b.pc) < hi {
			if st := runStart(k); st >= 0 {
				return st, true
			}
			return 0, false
		}
		// The line before: a boundary at this depth or an outer one.
		if st := runStart(k); st >= 0 {
			return st, true
		}
		return 0, false
	}
	return 0, false
}

// ReverseContinue runs back to the most recent breakpoint or data breakpoint hit before
// the current point within the window, or to the window's start when there is none, and
// stops there. It returns the hit (Reason StopNone for the window's start).
func (s *Session) ReverseContinue() (core.Stop, error) {
	now := s.m.Cycle()
	t := &s.tl
	d := &s.dbg
	first, _ := s.Window()
	if len(d.bps) > 0 || len(d.watches) > 0 {
		// Keyframe by keyframe, newest first, each scanned forward for hits.
		for i := len(t.keys) - 1; i >= 0; i-- {
			k := &t.keys[i]
			if k.cycle >= now {
				continue // after the current point
			}
			if i+1 < len(t.keys) && t.keys[i+1].frame <= first {
				break // its frames, and those of every older one, are before the window
			}
			end := now
			if i+1 < len(t.keys) {
				end = min(end, t.keys[i+1].cycle)
			}
			hit, found, err := s.lastHit(k, end)
			if err != nil {
				return core.Stop{}, err
			}
			if found {
				if err := s.SeekCycle(hit.Cycle); err != nil {
					return core.Stop{}, err
				}
				d.stopped, d.why = true, "ran back to "+hit.String()
				return hit, nil
			}
		}
	}
	if err := s.Seek(first); err != nil {
		return core.Stop{}, err
	}
	d.stopped, d.why = true, fmt.Sprintf("ran back to the start of the window (frame %d): no breakpoint was hit before", first)
	return core.Stop{}, nil
}

// lastHit runs from keyframe k to cycle end with the breakpoints and watchpoints set, and
// returns the last hit before end.
func (s *Session) lastHit(k *keyframe, end uint64) (core.Stop, bool, error) {
	r, err := s.restoreKey(k, true)
	if err != nil {
		return core.Stop{}, false, err
	}
	m := r.m
	if err := m.SetBreakpoints(s.dbg.bps); err != nil {
		return core.Stop{}, false, err
	}
	if err := m.SetWatchpoints(s.dbg.watches); err != nil {
		return core.Stop{}, false, err
	}
	var hit core.Stop
	found := false
	in := s.tl.inputs
	for m.Cycle() < end {
		r.next = applyDue(in, r.next, m)
		ev := m.RunUntil(boundBy(in, r.next, end))
		if ev&core.EventBreak != 0 {
			if st := m.DebugStop(); st.Cycle < end && (st.Reason == core.StopBreakpoint || st.Reason == core.StopWatch) {
				hit, found = st, true
			}
		}
		if ev&core.EventExit != 0 {
			break
		}
	}
	return hit, found, nil
}
