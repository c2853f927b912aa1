package main

import (
	"encoding/json"
	"fmt"

	"github.com/google/go-dap"

	"x16scope/perf"
	"x16scope/session"
)

// The call profile's custom requests, beside "x16/perfStats": "x16/timeline" (arguments
// {frame}: one frame's calls, 0 the newest finished frame) answers the frame's timeline as
// the page's timeline view reads it (perf.TimelineJSON: names resolved, inclusive cycles,
// interrupts on lane 1, waits); "x16/routines" ({frame}: 0 the whole window) answers
// {frame, routines}, the routines' calls and cycles with their callers and callees. A
// frame must be in the time-travel window and finished; the timeline is worked out by
// running the frame again from its keyframe, which leaves the machine as it was.
const (
	timelineCommand = "x16/timeline"
	routinesCommand = "x16/routines"
)

// TimelineRequest is "x16/timeline"; TimelineResponse's Body is a perf.TimelineJSON.
type TimelineRequest struct {
	dap.Request
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

type TimelineResponse struct {
	dap.Response
	Body any `json:"body"`
}

// RoutinesRequest is "x16/routines"; RoutinesResponse's Body is a RoutinesBody.
type RoutinesRequest struct {
	dap.Request
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

type RoutinesResponse struct {
	dap.Response
	Body any `json:"body"`
}

// RoutinesBody is the call profile of a frame (Frame 0: of the window).
type RoutinesBody struct {
	Frame    uint32             `json:"frame"`
	Routines []perf.RoutineStat `json:"routines"`
}

// registerCallRequests adds the call profile's requests to a codec (newDAPCodec).
func registerCallRequests(c *dap.Codec) {
	c.RegisterRequest(timelineCommand,
		func() dap.Message { return &TimelineRequest{} },
		func() dap.Message { return &TimelineResponse{} })
	c.RegisterRequest(routinesCommand,
		func() dap.Message { return &RoutinesRequest{} },
		func() dap.Message { return &RoutinesResponse{} })
}

// frameArg reads the requests' {frame} argument (absent: 0).
func frameArg(raw json.RawMessage) (uint32, error) {
	var a struct {
		Frame *int64 `json:"frame"`
	}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &a); err != nil {
			return 0, fmt.Errorf("arguments: %v", err)
		}
	}
	if a.Frame == nil {
		return 0, nil
	}
	if *a.Frame < 0 || *a.Frame > 1<<32-1 {
		return 0, fmt.Errorf("frame %d: want a frame number (0: the newest)", *a.Frame)
	}
	return uint32(*a.Frame), nil
}

func (s *dapSession) timeline(raw json.RawMessage) (perf.TimelineJSON, error) {
	f, err := frameArg(raw)
	if err != nil {
		return perf.TimelineJSON{}, err
	}
	if f == 0 {
		// The newest finished frame: the one before the head's frame in progress.
		_, last := s.ses.Window()
		if last <= 1 {
			return perf.TimelineJSON{}, fmt.Errorf("%w: no frame has finished yet", session.ErrFrameNotDone)
		}
		f = last - 1
	}
	tl, err := s.ses.Timeline(f)
	if err != nil {
		return perf.TimelineJSON{}, err
	}
	return tl.JSON(s.ses.RoutineNames()), nil
}

func (s *dapSession) routines(raw json.RawMessage) (RoutinesBody, error) {
	f, err := frameArg(raw)
	if err != nil {
		return RoutinesBody{}, err
	}
	rs, err := s.ses.Routines(f)
	if err != nil {
		return RoutinesBody{}, err
	}
	if rs == nil {
		rs = []perf.RoutineStat{}
	}
	return RoutinesBody{Frame: f, Routines: rs}, nil
}
