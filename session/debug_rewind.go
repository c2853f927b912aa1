package session

import (
	"fmt"

	"x16scope/capture"
	"x16scope/perf"
	"x16scope/savestate"
)

// "Break at the start of the next overrun frame": the machine runs on while the tie is set;
// when the period in progress passes its budget, the session goes back to the state kept at
// the start of the frame in progress (session_capture.go keeps the newest frame starts) and
// stops there. The machine is deterministic, so continuing or stepping from there runs
// the same late frame again, from its first instruction; the profiler's history up to that
// frame is carried over, so the bars still show what came before.

// BreakAtOverrunStart arms (or disarms) the tie. It fires once.
func (s *Session) BreakAtOverrunStart(on bool) { s.dbg.tieOverrunStart = on }

// rewindToFrameStart puts the machine back at the start of the frame in progress. (Not
// of the period: a program that never waits has periods of up to 8 frames, cut by the
// profiler, whose start says nothing about what made this frame late.)
func (s *Session) rewindToFrameStart() (frameStart, error) {
	target, ok := s.newestStart()
	if !ok {
		return frameStart{}, fmt.Errorf("no frame start is kept")
	}
	hist := s.prof.SaveHistory(perf.HistoryFrames)
	opts, err := s.restoreOptions()
	if err != nil {
		return frameStart{}, err
	}
	m, p, err := capture.Restore(target.state, opts, perf.OwnerOverlay)
	if err != nil {
		return frameStart{}, err
	}
	if err := p.LoadHistory(&savestate.Section{Tag: "HIST", Version: perf.HistoryVersion, Data: hist}); err != nil {
		return frameStart{}, err
	}
	s.adopt(m, p)
	s.keepFrameStart()
	s.applyDebug() // the new machine gets the breakpoints (debugAfter then sets the stop)
	return target, nil
}

// newestStart is the newest kept frame start.
func (s *Session) newestStart() (frameStart, bool) {
	fs := &s.starts
	if fs.n == 0 {
		return frameStart{}, false
	}
	e := fs.ring[(fs.n-1)%FrameStates]
	return e, e.state != nil
}
