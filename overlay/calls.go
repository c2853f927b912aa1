package overlay

import (
	"errors"
	"fmt"

	"x16scope/perf"
	"x16scope/session"
)

// The call profile panel: the selected frame's timeline (calls_timeline.go), its beam
// view beside the heatmap (calls_beam.go) and the routine table (calls_table.go). A
// frame's timeline is not kept while the program runs: the session runs the frame again
// from its keyframe with the recording on (tens of milliseconds), so the panel asks for
// one only when the frame it shows changes, and never while it is closed. Every displayed
// frame it costs a comparison.
//
// The frame it shows is the selected one (a bar or heatmap column clicked, the frame on
// the screen back in time); with none selected, the newest finished frame when paused,
// and while running the one it showed last (a new frame 60 times a second would be both
// unreadable and a frame's emulation each), or the newest when it showed none (once the
// program has run a second: see settleFrames).

// CallsSurface applies the panel's decisions to the page (ui_js.go binds it when the page
// has the panel). Like Surface, a struct of functions.
type CallsSurface struct {
	// PutTimeline shows the timeline's pixels (RGBA, w x h) and writes labels over them.
	PutTimeline  func(pix []byte, w, h int, labels []AxisLabel)
	PutBeam      func(pix []byte) // the beam view's pixels (RGBA, 256 x 525)
	SetBeamShown func(on bool)
	SetNote      func(s string)    // the panel's line: which frame, or why none
	SetTable     func(html string) // the routine table
}

// callsPanel is the panel's state.
type callsPanel struct {
	out  CallsSurface
	open bool
	view *TimelineView
	beam image32

	key   callsKey // what was computed (shown false: nothing yet)
	shown bool
	tl    *perf.Timeline
	err   string
	ms    float64 // host time the timeline took

	frameRows  []perf.RoutineStat
	frameErr   string
	window     bool // the table shows the window's figures
	windowRows []perf.RoutineStat
	first      uint32 // the window's frames when windowRows were added up
	last       uint32
	sort       RoutineSort
	sel        perf.RoutineKey
	hasSel     bool

	note, table string
	set         bool // note and table were written once
	beamShown   bool

	exp callsExport // the frames exported last, kept for the other button
}

// callsKey is what the panel's figures depend on: the profiler whose frames they are,
// the session's generation (a load or reset numbers frames again) and the frame.
type callsKey struct {
	prof  *perf.Profiler
	gen   uint64
	frame uint32
}

// BindCalls gives the overlay the call profile panel, open or closed.
func (u *UI) BindCalls(out CallsSurface, open bool) {
	u.calls = &callsPanel{out: out, view: NewTimelineView(timelineW, timelineH), beam: newImage32(beamW, beamH)}
	u.SetCallsOpen(open)
}

// TimelineSize is the timeline canvas's size in pixels.
func TimelineSize() (w, h int) { return timelineW, timelineH }

// BeamSize is the beam view canvas's size in pixels.
func BeamSize() (w, h int) { return beamW, beamH }

// SetCallsOpen opens or closes the panel. Opening it computes its frame at the next
// displayed frame; closed, it computes nothing, and the beam view is hidden.
func (u *UI) SetCallsOpen(open bool) {
	c := u.calls
	if c == nil {
		return
	}
	c.open = open
	if open != c.beamShown || !c.set {
		c.beamShown = open
		c.out.SetBeamShown(open)
	}
	if !open {
		return
	}
	if !c.set {
		c.set = true
		c.writeNote("opening…")
		c.writeTable(RoutineTableHTML(&RoutineTable{Err: "no frame shown yet"}))
	}
}

// CallsOpen tells whether the panel is open.
func (u *UI) CallsOpen() bool { return u.calls != nil && u.calls.open }

// newestFrame is the newest frame the bars show (0: none).
func newestFrame(p *perf.Profiler) uint32 {
	if n := p.FrameCount(); n > 0 {
		return p.FrameAt(n - 1).Frame
	}
	return 0
}

// callsFrame is the frame the panel should show now (see the file's comment).
func (u *UI) callsFrame(p *perf.Profiler) uint32 {
	if u.selected != 0 {
		return u.selected
	}
	c := u.calls
	running := !u.s.Paused() && !u.s.Ended()
	if c.shown && c.key.prof == p && c.key.gen == u.s.Generation() && c.key.frame != 0 && running {
		return c.key.frame
	}
	if f := newestFrame(p); !running || f >= settleFrames {
		return f
	}
	return 0 // a program just started: its first frames are the boot's
}

// settleFrames is how many frames a program just started runs before the panel, open
// while it runs, picks the newest to show: the first ones are the load and the program's
// set-up, and the panel would stay on one of them.
const settleFrames = 60

// updateCalls brings the panel to the frame it should show: nothing to do unless that
// frame changed (a click, a pause, a step, a load).
func (u *UI) updateCalls() {
	c := u.calls
	if c == nil || !c.open {
		return
	}
	p := u.s.Profiler()
	k := callsKey{p, u.s.Generation(), u.callsFrame(p)}
	if c.shown && k == c.key {
		return
	}
	u.computeCalls(k)
}

// computeCalls gets frame k's timeline and routines and shows them.
func (u *UI) computeCalls(k callsKey) {
	c := u.calls
	c.key, c.shown = k, true
	c.tl, c.err, c.ms = nil, "", 0
	c.frameRows, c.frameErr = nil, ""
	if k.frame == 0 {
		c.err = "no frame has finished yet"
		if newestFrame(k.prof) > 0 {
			c.err = "the program has just started: a frame is shown after its first second (or pause, or click a bar)"
		}
		c.frameErr = c.err
	} else {
		t0 := u.out.Now()
		tl, err := u.s.Timeline(k.frame)
		c.ms = u.out.Now() - t0
		if err != nil {
			c.err = callsError(k.frame, err)
		} else {
			c.tl = tl
		}
		rows, err := u.s.Routines(k.frame)
		if err != nil {
			c.frameErr = callsError(k.frame, err)
		}
		c.frameRows = rows
		SortRoutines(c.frameRows, c.sort)
	}
	if c.window {
		u.addUpWindow()
	}
	c.view.Set(c.tl, u.s.RoutineNames())
	c.view.Select(c.sel, c.hasSel)
	u.putTimeline()
	drawBeam(&c.beam, c.tl)
	c.out.PutBeam(c.beam.Pix)
	c.writeNote(c.noteText())
	u.putTable()
}

// callsError says why frame f has no timeline, briefly.
func callsError(f uint32, err error) string {
	switch {
	case errors.Is(err, session.ErrFrameNotDone):
		return fmt.Sprintf("frame %s has not finished yet", num(uint64(f)))
	case errors.Is(err, session.ErrOutsideWindow):
		return fmt.Sprintf("frame %s is no longer in the 60 s window", num(uint64(f)))
	}
	return fmt.Sprintf("frame %s: %v", num(uint64(f)), err)
}

// noteText is the panel's line for what was computed.
func (c *callsPanel) noteText() string {
	if c.tl == nil {
		return c.err
	}
	calls := 0
	for i := range c.tl.Slices {
		if c.tl.Slices[i].Flags&perf.SliceBefore == 0 {
			calls++
		}
	}
	return fmt.Sprintf("frame %s: %s calls in %s cycles (run again in %.0f ms)",
		num(uint64(c.tl.Frame)), num(uint64(calls)), num(uint64(c.tl.Cycles)), c.ms)
}

func (c *callsPanel) writeNote(s string) {
	if s != c.note || !c.set {
		c.note = s
		c.out.SetNote(s)
	}
}

func (c *callsPanel) writeTable(s string) {
	if s != c.table {
		c.table = s
		c.out.SetTable(s)
	}
}

// addUpWindow adds up the window's routines (a few milliseconds: on a scope change or
// a new frame shown, never per displayed frame).
func (u *UI) addUpWindow() {
	c := u.calls
	c.windowRows, _ = u.s.Routines(0)
	SortRoutines(c.windowRows, c.sort)
	p := u.s.Profiler()
	c.first, c.last = 0, 0
	if n := p.FrameCount(); n > 0 {
		c.first, c.last = p.FrameAt(0).Frame, p.FrameAt(n-1).Frame
	}
}

// putTimeline renders the timeline when it changed and shows it.
func (u *UI) putTimeline() {
	v := u.calls.view
	if v.Render() {
		u.calls.out.PutTimeline(v.Pix, v.W, v.H, v.Labels())
	}
}

// putTable writes the routine table for the current scope, sort and selection.
func (u *UI) putTable() {
	c := u.calls
	t := RoutineTable{Sort: c.sort, Selected: c.sel, HasSel: c.hasSel, Window: c.window, Frame: c.key.frame}
	if c.window {
		t.Rows, t.First, t.Last = c.windowRows, c.first, c.last
	} else {
		t.Rows, t.Err = c.frameRows, c.frameErr
	}
	c.writeTable(RoutineTableHTML(&t))
}

// CallsWheel zooms the timeline around pixel column x (canvas pixels).
func (u *UI) CallsWheel(x, deltaY float64) {
	if c := u.calls; c != nil && c.view.Zoom(x, deltaY) {
		u.putTimeline()
	}
}

// CallsPan moves the timeline by dx canvas pixels (a drag).
func (u *UI) CallsPan(dx float64) {
	if c := u.calls; c != nil && c.view.Pan(dx) {
		u.putTimeline()
	}
}

// CallsHover is the text for the pointer at canvas pixel (x, y) of the timeline ("" for
// none).
func (u *UI) CallsHover(x, y float64) string {
	if u.calls == nil {
		return ""
	}
	return u.calls.view.Hover(x, y)
}

// CallsClick selects the routine of the call at canvas pixel (x, y) of the timeline; a
// click on no call clears the selection.
func (u *UI) CallsClick(x, y float64) {
	c := u.calls
	if c == nil || c.view.Frame() == nil {
		return
	}
	if i := c.view.SliceAt(x, y); i >= 0 {
		u.SelectRoutine(c.view.Frame().Slices[i].Routine, true)
	} else {
		u.SelectRoutine(0, false)
	}
}

// SelectRoutine selects routine k (on false: none): its calls are outlined in the timeline
// and its row, callers and callees shown in the table.
func (u *UI) SelectRoutine(k perf.RoutineKey, on bool) {
	c := u.calls
	if c == nil {
		return
	}
	c.sel, c.hasSel = k, on
	if c.view.Select(k, on) {
		u.putTimeline()
	}
	u.putTable()
}

// SelectedRoutine is the routine selected in the panel.
func (u *UI) SelectedRoutine() (perf.RoutineKey, bool) {
	if u.calls == nil {
		return 0, false
	}
	return u.calls.sel, u.calls.hasSel
}

// CallsSort sorts the routine table by the column a header names (data-sort).
func (u *UI) CallsSort(by string) {
	c := u.calls
	s, ok := ParseRoutineSort(by)
	if c == nil || !ok {
		return
	}
	c.sort = s
	SortRoutines(c.frameRows, s)
	SortRoutines(c.windowRows, s)
	u.putTable()
}

// CallsScope shows the window's figures in the table (window true) or the frame's.
func (u *UI) CallsScope(window bool) {
	c := u.calls
	if c == nil {
		return
	}
	c.window = window
	if window {
		u.addUpWindow() // the window moved on since it was last added up
	}
	u.putTable()
}
