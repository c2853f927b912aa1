package overlay

import (
	"encoding/json"
	"errors"
)

// The call profile for the JS API (cmd/wasm/api_calls_js.go): a frame's timeline and the
// routine figures, as JSON.

// TimelineJSON is the JS API's timeline(frame): frame f's timeline (perf.TimelineJSON;
// f 0: the newest finished frame), run again from its keyframe.
func (u *UI) TimelineJSON(f uint32) (string, error) {
	if f == 0 {
		if f = newestFrame(u.s.Profiler()); f == 0 {
			return "", errors.New("no frame has finished yet")
		}
	}
	tl, err := u.s.Timeline(f)
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(tl.JSON(u.s.RoutineNames()))
	return string(b), err
}

// RoutinesJSON is the JS API's routines(frame): the routines of frame f, or of the whole
// window for f 0, most inclusive cycles first (perf.RoutineStat, with callers and callees).
func (u *UI) RoutinesJSON(f uint32) (string, error) {
	rows, err := u.s.Routines(f)
	if err != nil {
		return "", err
	}
	if rows == nil {
		return "[]", nil
	}
	b, err := json.Marshal(rows)
	return string(b), err
}
