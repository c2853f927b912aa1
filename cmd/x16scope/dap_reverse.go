package main

import (
	"errors"
	"fmt"

	"github.com/google/go-dap"

	"x16scope/core"
)

// Reverse debugging: stepBack and reverseContinue. The session goes back through its
// time-travel window (a keyframe rebuilt and run forward to the point wanted), so the
// registers, memory and stack there are the ones the program had when it ran; continuing
// or stepping forward from there replays what was recorded. Both end stopped, and the
// "stopped" event is sent at once (nothing runs in the loop).

// stepBack goes back one source line (the start of the previous line run at this call
// depth or an outer one; calls made from it are stepped back over), or one instruction with
// granularity "instruction" or without a line to go by.
func (s *dapSession) stepBack(req *dap.StepBackRequest, gran dap.SteppingGranularity) error {
	if err := s.canGoBack(); err != nil {
		return err
	}
	kind := "line"
	if gran == "instruction" || s.info == nil {
		kind = "instruction"
	}
	if err := s.ses.DebugStepBack(kind); err != nil {
		return err
	}
	s.send(&dap.StepBackResponse{Response: response(req)})
	_, why := s.ses.DebugStopped()
	s.stopped("step", why)
	return nil
}

// reverseContinue runs back to the most recent breakpoint or data breakpoint hit, or to the
// start of the window when none was hit in it.
func (s *dapSession) reverseContinue(req *dap.ReverseContinueRequest) error {
	if err := s.canGoBack(); err != nil {
		return err
	}
	st, err := s.ses.ReverseContinue()
	if err != nil {
		return err
	}
	s.send(&dap.ReverseContinueResponse{Response: response(req)})
	_, why := s.ses.DebugStopped()
	reason := "entry" // the window's start: as far back as the program can be followed
	switch st.Reason {
	case core.StopBreakpoint:
		reason = "breakpoint"
	case core.StopWatch:
		reason = "data breakpoint"
	}
	s.stopped(reason, why)
	return nil
}

// canGoBack tells why the program cannot go back now, if it cannot.
func (s *dapSession) canGoBack() error {
	switch {
	case s.running:
		return errNotStopped
	case !s.configured:
		return errors.New("send configurationDone first")
	}
	if held, _ := s.ses.DebugStopped(); !held {
		return fmt.Errorf("the program has ended")
	}
	return nil
}
