package overlay

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"x16scope/perf"
	"x16scope/session"
)

// callsRecorder is a CallsSurface that keeps what the page would show.
type callsRecorder struct {
	timelines, beams int
	pix              []byte
	labels           []AxisLabel
	beam             []byte
	beamShown        bool
	note, table      string
}

func (r *callsRecorder) surface() CallsSurface {
	return CallsSurface{
		PutTimeline: func(pix []byte, w, h int, labels []AxisLabel) {
			r.timelines++
			r.pix, r.labels = pix, labels
		},
		PutBeam:      func(pix []byte) { r.beams++; r.beam = pix },
		SetBeamShown: func(on bool) { r.beamShown = on },
		SetNote:      func(s string) { r.note = s },
		SetTable:     func(h string) { r.table = h },
	}
}

func busyFiles(t *testing.T) []session.File {
	t.Helper()
	var files []session.File
	for _, n := range []string{"busy.prg", "busy.sym"} {
		b, err := os.ReadFile("../core/testdata/" + n)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, session.File{Name: n, Data: b})
	}
	return files
}

// newCallsUI is the overlay running busy.prg with its labels for 70 frames, the call
// profile panel bound (closed).
func newCallsUI(t *testing.T) (*UI, *callsRecorder) {
	t.Helper()
	u, _ := newTestUI(t, ShowAll, nil)
	if err := u.Load(busyFiles(t)); err != nil {
		t.Fatal(err)
	}
	r := &callsRecorder{}
	u.BindCalls(r.surface(), false)
	run(u, 70)
	return u, r
}

func nonBlank(pix []byte) int {
	n := 0
	bg := le(colBackground)
	for i := 0; i+4 <= len(pix); i += 4 {
		if uint32(pix[i])|uint32(pix[i+1])<<8|uint32(pix[i+2])<<16|uint32(pix[i+3])<<24 != bg {
			n++
		}
	}
	return n
}

// Closed, the panel computes nothing. Opened, it shows the newest frame's timeline, beam
// view and routines once, and while the program runs it stays on that frame (no frame is
// run again per displayed frame). A click on a bar shows that frame.
func TestCallsPanelComputesOnlyOnChange(t *testing.T) {
	u, r := newCallsUI(t)
	if r.timelines != 0 || r.beams != 0 || r.beamShown {
		t.Fatalf("closed: %d timelines, %d beams drawn, beam shown %v", r.timelines, r.beams, r.beamShown)
	}
	u.SetCallsOpen(true)
	run(u, 1)
	if r.timelines != 1 || r.beams != 1 || !r.beamShown {
		t.Fatalf("opened: %d timelines, %d beams, beam shown %v", r.timelines, r.beams, r.beamShown)
	}
	shown := u.calls.key.frame
	if shown == 0 || !strings.Contains(r.note, "frame "+num(uint64(shown))) || !strings.Contains(r.note, "calls in") {
		t.Errorf("note %q for frame %d", r.note, shown)
	}
	if nonBlank(r.pix) < 1000 || nonBlank(r.beam) < 100000 {
		t.Errorf("timeline has %d drawn pixels, beam %d", nonBlank(r.pix), nonBlank(r.beam))
	}
	if !strings.Contains(r.table, ">mix</td>") {
		t.Errorf("the routine table lacks mix: %.300s", r.table)
	}
	run(u, 30)
	if r.timelines != 1 || u.calls.key.frame != shown {
		t.Errorf("running: %d timelines drawn, frame %d (was %d)", r.timelines, u.calls.key.frame, shown)
	}
	if a := testing.AllocsPerRun(20, u.updateCalls); a != 0 {
		t.Errorf("the panel allocates %v per displayed frame with nothing to do", a)
	}
	// Pick a bar: the panel follows the selection.
	pick(t, u, shown-5)
	run(u, 1)
	if u.calls.key.frame != shown-5 || r.timelines != 2 {
		t.Errorf("selected %d: panel on %d, %d timelines", shown-5, u.calls.key.frame, r.timelines)
	}
	// The same frame again: nothing recomputed.
	run(u, 3)
	if r.timelines != 2 {
		t.Errorf("%d timelines after nothing changed", r.timelines)
	}
	// Closed, nothing.
	u.SetCallsOpen(false)
	pick(t, u, shown-7)
	run(u, 2)
	if r.timelines != 2 || r.beamShown {
		t.Errorf("closed: %d timelines, beam shown %v", r.timelines, r.beamShown)
	}
	// A frame that has not finished: a short message.
	u.SetCallsOpen(true)
	u.selected = u.s.Profiler().FrameInProgress()
	run(u, 1)
	if !strings.Contains(r.note, "has not finished yet") {
		t.Errorf("frame in progress: note %q", r.note)
	}
}

// Open while a program has just started, the panel waits for its first second before it
// picks a frame (it would then stay on the boot's); paused, it shows the newest at once.
func TestCallsPanelWaitsForAProgramToSettle(t *testing.T) {
	u, _ := newTestUI(t, ShowAll, nil)
	r := &callsRecorder{}
	u.BindCalls(r.surface(), true)
	if err := u.Load(busyFiles(t)); err != nil {
		t.Fatal(err)
	}
	run(u, 20)
	if u.calls.key.frame != 0 || !strings.Contains(r.note, "just started") {
		t.Errorf("20 frames in: frame %d shown, note %q", u.calls.key.frame, r.note)
	}
	run(u, settleFrames)
	f := u.calls.key.frame
	if f < settleFrames || u.calls.tl == nil {
		t.Errorf("a second in: frame %d shown, note %q", f, r.note)
	}
	u.s.Pause()
	run(u, 1)
	if g := u.calls.key.frame; g != newestFrame(u.s.Profiler()) || g == f {
		t.Errorf("paused: frame %d shown, the newest is %d", g, newestFrame(u.s.Profiler()))
	}
	// Just started and paused: the newest at once.
	if err := u.Load(busyFiles(t)); err != nil {
		t.Fatal(err)
	}
	u.s.Pause()
	for range 5 {
		u.s.StepFrame()
		run(u, 1)
	}
	if g := u.calls.key.frame; g == 0 || g != newestFrame(u.s.Profiler()) {
		t.Errorf("stepped 5 frames of a new program: frame %d shown, newest %d (%q)", g, newestFrame(u.s.Profiler()), r.note)
	}
}

// Clicking a call selects its routine: its row is marked and its callers listed; the
// table sorts and switches to the window's figures.
func TestCallsPanelSelectSortScope(t *testing.T) {
	u, r := newCallsUI(t)
	u.SetCallsOpen(true)
	u.s.Pause()
	run(u, 1)
	tl := u.calls.view.Frame()
	if tl == nil {
		t.Fatalf("no timeline: %q", r.note)
	}
	// Find a mix call and click its middle.
	v := u.calls.view
	mix := -1
	for i, s := range tl.Slices {
		if u.s.RoutineNames().Name(s.Routine) == "mix" {
			mix = i
			break
		}
	}
	if mix < 0 {
		t.Fatal("no call of mix in the timeline")
	}
	s := tl.Slices[mix]
	for v.span > 4000 {
		v.Zoom(v.colOf(float64(s.Start)), -300)
	}
	y0, _ := v.rowOf(int(s.Lane), int(s.Depth))
	x := v.colOf(float64(s.Start+s.End) / 2)
	if h := u.CallsHover(x, float64(y0)); !strings.HasPrefix(h, "mix ($0857)") {
		t.Errorf("hover over mix: %q", h)
	}
	u.CallsClick(x, float64(y0))
	if k, on := u.SelectedRoutine(); !on || u.s.RoutineNames().Name(k) != "mix" {
		t.Fatalf("clicked mix, selected %v %v", k, on)
	}
	if !strings.Contains(r.table, "class=sel>") || !strings.Contains(r.table, "callers") {
		t.Errorf("the table does not show the selection: %.400s", r.table)
	}
	u.CallsSort("calls")
	if names := rowNames(r.table); len(names) == 0 || names[0] != "mix" {
		t.Errorf("sorted by calls: %v, want mix first", names)
	}
	u.CallsScope(true)
	if !strings.Contains(r.table, "data-scope=window class=on") || !strings.Contains(r.table, ">mix</td>") {
		t.Errorf("window scope: %.300s", r.table)
	}
	u.CallsClick(x, float64(v.H-1)+100)
	if _, on := u.SelectedRoutine(); on {
		t.Error("a click on no call keeps the selection")
	}
}

// The JS API's timeline() and routines(): JSON naming mix.
func TestCallsAPI(t *testing.T) {
	u, _ := newCallsUI(t)
	js, err := u.TimelineJSON(0)
	if err != nil {
		t.Fatal(err)
	}
	var tl perf.TimelineJSON
	if err := json.Unmarshal([]byte(js), &tl); err != nil {
		t.Fatal(err)
	}
	if tl.Frame != newestFrame(u.s.Profiler()) || !strings.Contains(js, `"name":"mix"`) {
		t.Errorf("timeline(): frame %d (newest %d), mix named: %v", tl.Frame, newestFrame(u.s.Profiler()), strings.Contains(js, `"name":"mix"`))
	}
	for _, f := range []uint32{0, tl.Frame} {
		js, err := u.RoutinesJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		var rows []perf.RoutineStat
		if err := json.Unmarshal([]byte(js), &rows); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range rows {
			found = found || r.Name == "mix" && r.Calls > 0
		}
		if !found {
			t.Errorf("routines(%d) has no mix with calls: %.200s", f, js)
		}
	}
	if _, err := u.TimelineJSON(u.s.Profiler().FrameInProgress()); err == nil {
		t.Error("the frame in progress has a timeline")
	}
	if _, err := u.RoutinesJSON(1 << 30); err == nil {
		t.Error("a frame outside the window has routines")
	}
}

// The exports: the frame shown and the 59 before it (as many as the window has) as a trace
// Perfetto reads and as a pprof profile whose samples add up to the frames' cycles, mix's
// calls counted.
func TestCallsExports(t *testing.T) {
	u, _ := newCallsUI(t)
	run(u, 10) // 80 frames: 60 to export
	last := newestFrame(u.s.Profiler())
	name, data, err := u.TraceFile(last)
	if err != nil {
		t.Fatal(err)
	}
	want := "x16scope-busy-frames-" + num(uint64(last-59)) + "-" + num(uint64(last)) + ".trace.json"
	if name != want {
		t.Errorf("trace file %s, want %s", name, want)
	}
	var trace struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &trace); err != nil || len(trace.TraceEvents) == 0 || !bytes.Contains(data, []byte(`"mix"`)) {
		t.Fatalf("trace: %v, %d events, mix named %v", err, len(trace.TraceEvents), bytes.Contains(data, []byte(`"mix"`)))
	}
	tls := u.calls.exp.tls
	if len(tls) != 60 || tls[0].Frame != last-59 || tls[59].Frame != last {
		t.Fatalf("exported %d frames", len(tls))
	}
	name, data, err = u.PprofFile(last)
	if err != nil || !strings.HasSuffix(name, ".pb.gz") {
		t.Fatal(name, err)
	}
	if &u.calls.exp.tls[0] != &tls[0] {
		t.Error("the pprof export ran the frames again")
	}
	p, err := profile.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckValid(); err != nil {
		t.Fatal(err)
	}
	var total, frames, mixCalls, mixCycles int64
	for _, tl := range tls {
		frames += int64(tl.Cycles)
		for _, s := range tl.Slices {
			if u.s.RoutineNames().Name(s.Routine) == "mix" {
				if s.Flags&perf.SliceBefore == 0 {
					mixCalls++
				}
			}
		}
		incl := tl.Inclusive()
		for i, s := range tl.Slices {
			if u.s.RoutineNames().Name(s.Routine) == "mix" {
				mixCycles += int64(incl[i]) // mix calls nothing: inclusive is its own
			}
		}
	}
	var gotCalls, gotCycles int64
	for _, s := range p.Sample {
		total += s.Value[0]
		if s.Location[0].Line[0].Function.Name == "mix" {
			gotCalls += s.Value[1]
			gotCycles += s.Value[0]
		}
	}
	if total != frames {
		t.Errorf("samples add up to %d cycles, the frames have %d", total, frames)
	}
	if gotCalls != mixCalls || gotCycles != mixCycles || mixCalls == 0 {
		t.Errorf("mix: %d calls %d cycles in the profile, %d and %d in the timelines", gotCalls, gotCycles, mixCalls, mixCycles)
	}
}
