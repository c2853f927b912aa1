package session

import "fmt"

// "Break at the start of the next overrun frame": the machine runs on while the tie is set;
// when the period in progress passes its budget, the session seeks back to the start of the
// frame in progress (timeline.go) and stops there. Continuing or stepping from there replays
// the same late frame, from its first instruction, with the inputs that arrived during it;
// the bars keep every frame of the window.

// BreakAtOverrunStart arms (or disarms) the tie. It fires once.
func (s *Session) BreakAtOverrunStart(on bool) { s.dbg.tieOverrunStart = on }

// rewindToFrameStart puts the machine back at the start of the frame in progress (not of
// the period: a program that never waits has periods of up to 8 frames, cut by the
// profiler, whose start says nothing about what made this frame late), and returns its
// number.
func (s *Session) rewindToFrameStart() (uint32, error) {
	f := s.CurrentFrame()
	r, err := s.rebuildFrame(f, false)
	if err != nil {
		return 0, fmt.Errorf("frame %d: %w", f, err)
	}
	s.goTo(r) // the new machine gets the breakpoints (debugAfter then sets the stop)
	return f, nil
}
