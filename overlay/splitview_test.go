package overlay

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"x16scope/session"

	"x16scope/perf"
)

// splitRowsOf is frame k's lines in the split's order, read straight from the profiler.
func splitRowsOf(p *perf.Profiler, k int) [][4]uint16 {
	out := make([][4]uint16, perf.LinesPerFrame)
	for y, l := range p.LinesAt(k) {
		out[y] = [4]uint16{l.Layer0, l.Layer1, l.Sprite, l.CPUPort}
	}
	return out
}

// freshSplit is the oracle: a new chart that draws every row of the given lines.
func freshSplit(rows [][4]uint16) []byte {
	s := NewLineSplit(200, 3)
	s.Render(rows)
	return s.Pix
}

// warpedSmoke is a session that ran smoke.prg for one warp tick: MaxWarpFrames (120)
// frames, more than the perf.HeatFrames (64) whose lines are kept.
func warpedSmoke(t *testing.T) *session.Session {
	t.Helper()
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	if pk := PickSplit(s.Profiler(), 0, false); pk.State != SplitEmpty || pk.Note() != "no frame yet" {
		t.Fatalf("before any frame: %+v %q", pk, pk.Note())
	}
	s.SetWarp(true)
	s.Advance(noClock)
	s.SetWarp(false)
	if n := s.Profiler().FrameCount(); n != session.MaxWarpFrames {
		t.Fatalf("%d frames after a warp tick, want %d", n, session.MaxWarpFrames)
	}
	return s
}

func TestSplitShowsTheSelectedFrameWhileItsLinesAreKept(t *testing.T) {
	s := warpedSmoke(t)
	p := s.Profiler()
	n := p.FrameCount()
	newest := p.FrameAt(n - 1).Frame
	v := NewSplitView(200, 3)

	// Running, nothing selected: the newest frame, not named.
	pk := PickSplit(p, 0, false)
	if pk.State != SplitNewest || pk.Frame != newest || pk.Note() != "the newest frame" {
		t.Fatalf("running: %+v %q", pk, pk.Note())
	}
	v.Draw(p, pk)
	if !bytes.Equal(v.Chart.Pix, freshSplit(splitRowsOf(p, n-1))) {
		t.Fatal("running: the split is not the newest frame's")
	}
	if still := PickSplit(p, 0, true); still.Note() != "frame "+strconv.Itoa(int(newest))+", the newest" {
		t.Errorf("paused: %q", still.Note())
	}

	// The oldest frame whose lines are kept is the 64th newest: ring index n-64.
	old := newest - (perf.HeatFrames - 1)
	if p.FrameAt(n-perf.HeatFrames).Frame != old {
		t.Fatalf("frame numbers are not consecutive: index %d holds frame %d, want %d", n-perf.HeatFrames, p.FrameAt(n-perf.HeatFrames).Frame, old)
	}
	pk = PickSplit(p, old, true)
	if pk.State != SplitSelected || pk.Frame != old || pk.Note() != "frame "+strconv.Itoa(int(old))+", selected" {
		t.Fatalf("selected %d: %+v %q", old, pk, pk.Note())
	}
	v.Draw(p, pk)
	// The rows drawn are that frame's: each line's clients add up to its heatmap clocks
	// (kept apart in the profiler), and they are not the newest frame's (smoke.prg pushes its
	// 64 port bytes at a line that moves with the frame counter).
	heat := p.HeatAt(n - perf.HeatFrames)
	for y, r := range v.rows {
		if int(r[0])+int(r[1])+int(r[2])+int(r[3]) != int(heat[y]) {
			t.Fatalf("line %d: clients %v do not add up to frame %d's %d clocks", y, r, old, heat[y])
		}
	}
	want := freshSplit(splitRowsOf(p, n-perf.HeatFrames))
	if !bytes.Equal(v.Chart.Pix, want) {
		t.Fatal("selected: the incremental split differs from a fresh render of the selected frame")
	}
	if bytes.Equal(want, freshSplit(splitRowsOf(p, n-1))) {
		t.Fatal("test data: frames old and newest draw the same split; pick frames that differ")
	}

	// One frame older: selected, but its lines are gone. The split says so and shows none.
	pk = PickSplit(p, old-1, true)
	if pk.State != SplitTooOld || !strings.Contains(pk.Note(), "frame "+strconv.Itoa(int(old-1))+" (selected) is too old") ||
		!strings.Contains(pk.Note(), "newest 64 frames") {
		t.Fatalf("selected %d: %+v %q", old-1, pk, pk.Note())
	}
	if y0, y1 := v.Draw(p, pk); y0 != 0 || y1 != v.Chart.H {
		t.Fatalf("too old: drew rows %d-%d, want all %d", y0, y1, v.Chart.H)
	}
	// Hatching: pixel (x, row) is a line when (x+row) is a multiple of 6.
	if got := pixel(v.Chart.Pix, 200, 0, 0); got != colGrid {
		t.Errorf("too old: pixel (0,0) = %08x, want the hatching", got)
	}
	if got := pixel(v.Chart.Pix, 200, 1, 0); got != colBackground {
		t.Errorf("too old: pixel (1,0) = %08x, want the background", got)
	}
	if got := pixel(v.Chart.Pix, 200, 5, 1); got != colGrid {
		t.Errorf("too old: pixel (5,1) = %08x, want the hatching", got)
	}
	if y0, y1 := v.Draw(p, pk); y0 != y1 {
		t.Errorf("still too old: drew rows %d-%d, want none", y0, y1)
	}

	// Not in the 60 s ring at all.
	if pk := PickSplit(p, newest+1000, true); pk.State != SplitGone || !strings.Contains(pk.Note(), "no longer in the 60 s history") {
		t.Errorf("a frame not held: %+v %q", pk, pk.Note())
	}

	// Back to the newest: every row is drawn again, as a fresh chart would.
	pk = PickSplit(p, 0, false)
	v.Draw(p, pk)
	if !bytes.Equal(v.Chart.Pix, freshSplit(splitRowsOf(p, n-1))) {
		t.Fatal("back to the newest after the hatching: differs from a fresh render")
	}
}

// TestSplitKeepsASelectedFrameFor64Frames: stepping while paused on the newest frame keeps
// it in the split for 63 more frames; the 64th new frame pushes its lines out.
func TestSplitKeepsASelectedFrameFor64Frames(t *testing.T) {
	s := warpedSmoke(t)
	p := s.Profiler()
	s.Pause()
	sel := p.FrameAt(p.FrameCount() - 1).Frame
	step := func() {
		s.StepFrame()
		if tk := s.Advance(noClock); tk.VSyncs != 1 {
			t.Fatalf("a step ran %d frames", tk.VSyncs)
		}
	}
	for i := 1; i < perf.HeatFrames; i++ {
		step()
		if pk := PickSplit(p, sel, true); pk.State != SplitSelected || pk.Frame != sel {
			t.Fatalf("%d frames later: %+v, want frame %d selected", i, pk, sel)
		}
	}
	step()
	if pk := PickSplit(p, sel, true); pk.State != SplitTooOld {
		t.Fatalf("%d frames later: %+v, want too old", perf.HeatFrames, pk)
	}
}

// TestSplitNoteKey: running, the note does not change with every new frame (no DOM write
// per displayed frame); paused, it names the frame.
func TestSplitNoteKey(t *testing.T) {
	a := SplitPick{State: SplitNewest, Frame: 10, k: 5}
	b := SplitPick{State: SplitNewest, Frame: 11, k: 6}
	if a.noteKey() != b.noteKey() || a.Note() != b.Note() {
		t.Errorf("running: keys %+v %+v, notes %q %q", a.noteKey(), b.noteKey(), a.Note(), b.Note())
	}
	a.State, b.State = SplitStill, SplitStill
	if a.noteKey() == b.noteKey() || a.Note() == b.Note() {
		t.Errorf("paused: frames 10 and 11 share the key or the note %q", a.Note())
	}
	if n := (SplitPick{State: SplitSelected, Frame: 7, NoBus: true}).Note(); !strings.Contains(n, "no bus figures") {
		t.Errorf("a frame without bus figures: %q", n)
	}
}

func TestLineSplitBlankThenRenderIsAFreshRender(t *testing.T) {
	lines := make([][4]uint16, perf.LinesPerFrame)
	lines[10] = [4]uint16{100, 0, 50, 20}
	s := NewLineSplit(200, 3)
	s.Render(lines)
	s.Blank()
	if y0, y1 := s.Render(lines); y0 != 0 || y1 != s.H {
		t.Errorf("after Blank, Render drew rows %d-%d, want all", y0, y1)
	}
	if !bytes.Equal(s.Pix, freshSplit(lines)) {
		t.Error("after Blank, Render differs from a fresh render")
	}
}
