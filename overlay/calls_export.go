package overlay

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"x16scope/perf"
)

// The call profile panel's exports: the frame it shows and the 59 before it (a second of
// the X16's time) as a Chrome Trace Event file for Perfetto's UI (perf.WriteTraceEvents)
// and as a pprof profile (PprofFromTimelines). Both run the frames again from their
// keyframe with the timeline recorded, once for the two buttons: the timelines of the
// last export are kept until the frames or the records change.

// exportFrames is how many frames an export holds, ending with the frame shown.
const exportFrames = 60

// callsExport is the timelines of the last export and what they are of.
type callsExport struct {
	key         callsKey
	newest      uint32 // the newest frame then: running on may fork the frames after a seek
	first, last uint32
	tls         []*perf.Timeline
}

// exportRange is the frames an export of frame last holds (last 0: the frame the panel
// shows, else the selected one, else the newest).
func (u *UI) exportRange(last uint32) (first, end uint32, err error) {
	if last == 0 {
		if c := u.calls; c != nil && c.shown && c.key.frame != 0 {
			last = c.key.frame
		} else if last = u.selected; last == 0 {
			last = newestFrame(u.s.Profiler())
		}
	}
	if last == 0 {
		return 0, 0, fmt.Errorf("no frame has finished yet")
	}
	lo, _ := u.s.Window()
	first = max(lo, 1)
	if last >= exportFrames && last-exportFrames+1 > first {
		first = last - exportFrames + 1
	}
	if first > last {
		return 0, 0, fmt.Errorf("frame %d is no longer in the 60 s window", last)
	}
	return first, last, nil
}

// exportTimelines runs frames first to last again (or takes them from the last export).
func (u *UI) exportTimelines(first, last uint32) ([]*perf.Timeline, error) {
	p := u.s.Profiler()
	var ex *callsExport
	if u.calls != nil {
		ex = &u.calls.exp
	} else {
		ex = &callsExport{}
	}
	key := callsKey{p, u.s.Generation(), last}
	if ex.tls != nil && ex.key == key && ex.first == first && ex.newest == newestFrame(p) {
		return ex.tls, nil
	}
	var tls []*perf.Timeline
	err := u.s.Timelines(first, last, func(tl *perf.Timeline) error {
		tls = append(tls, tl)
		return nil
	})
	if err != nil {
		return nil, err
	}
	*ex = callsExport{key: key, newest: newestFrame(p), first: first, last: last, tls: tls}
	return tls, nil
}

// exportName is a file name for an export of frames first to last.
func (u *UI) exportName(first, last uint32, ext string) string {
	prog := strings.TrimSuffix(path.Base(u.s.Program()), path.Ext(u.s.Program()))
	clean := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, prog)
	if clean == "" || clean == "_" || clean == "." {
		clean = "x16"
	}
	return fmt.Sprintf("x16scope-%s-frames-%d-%d%s", clean, first, last, ext)
}

// exportFrames is the frames an export of frame last holds and their timelines.
func (u *UI) exportFrames(last uint32) (first, end uint32, tls []*perf.Timeline, err error) {
	if first, end, err = u.exportRange(last); err != nil {
		return 0, 0, nil, err
	}
	tls, err = u.exportTimelines(first, end)
	return first, end, tls, err
}

// TraceFile is the trace of frame last and the 59 before it (last 0: the frame the panel
// shows), for Perfetto: its file name and bytes.
func (u *UI) TraceFile(last uint32) (name string, data []byte, err error) {
	first, last, tls, err := u.exportFrames(last)
	if err != nil {
		return "", nil, err
	}
	var b bytes.Buffer
	if err := perf.WriteTraceEvents(&b, tls, u.s.RoutineNames(), u.s.Profiler().Budget()); err != nil {
		return "", nil, err
	}
	return u.exportName(first, last, ".trace.json"), b.Bytes(), nil
}

// PprofFile is the call profile of the same frames as TraceFile, gzipped pprof.
func (u *UI) PprofFile(last uint32) (name string, data []byte, err error) {
	first, last, tls, err := u.exportFrames(last)
	if err != nil {
		return "", nil, err
	}
	data, err = PprofFromTimelines(tls, u.s.RoutineNames())
	if err != nil {
		return "", nil, err
	}
	return u.exportName(first, last, ".pb.gz"), data, nil
}
