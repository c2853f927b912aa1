package overlay

import (
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/perf"
)

var (
	keyMix  = perf.RoutineAt(0x0857, 0)
	keyMain = perf.RoutineAt(0x0810, 0)
)

// testTimeline is a frame begun at VSYNC (line 480) of machine frame 7: main from cycle 0
// to 2,000, mix inside it from 100 to 356, an interrupt from 1,000 to 1,100, and the CPU
// waiting from 5,000 to 6,000.
func testTimeline() *perf.Timeline {
	return &perf.Timeline{
		Frame:      8,
		StartCycle: 7*core.CyclesPerFrame + core.VSyncLine*core.CyclesPerLine,
		Cycles:     core.CyclesPerFrame,
		Slices: []perf.Slice{
			{Routine: keyMain, Start: 0, End: 2000, Depth: 0},
			{Routine: keyMix, Start: 100, End: 356, Depth: 1},
			{Routine: perf.RoutineKey(perf.KeyIRQ) << 24, Start: 1000, End: 1100, Depth: 0, Lane: 1},
		},
		Waits: []perf.Span{{Start: 5000, End: 6000}},
	}
}

func pixelAt(pix []byte, w, x, y int) uint32 {
	i := (y*w + x) * 4
	return uint32(pix[i])<<24 | uint32(pix[i+1])<<16 | uint32(pix[i+2])<<8 | uint32(pix[i+3])
}

// The beam view puts cycle c of the machine at row c / 256 % 525, column c % 256: a slice
// of the first 256 cycles of a frame that began at VSYNC fills row 480.
func TestBeamImageRowsAreScanlines(t *testing.T) {
	tl := &perf.Timeline{Frame: 2, StartCycle: core.CyclesPerFrame + core.VSyncLine*core.CyclesPerLine, Cycles: core.CyclesPerFrame,
		Slices: []perf.Slice{{Routine: keyMix, Start: 0, End: 256}}}
	pix := BeamImage(tl)
	if len(pix) != 256*525*4 {
		t.Fatalf("%d bytes, want 256*525*4", len(pix))
	}
	mix := RoutineColor(keyMix)
	for x := 0; x < 256; x++ {
		if got := pixelAt(pix, 256, x, 480); got != mix {
			t.Fatalf("row 480 column %d: %08x, want mix's %08x", x, got, mix)
		}
		if got := pixelAt(pix, 256, x, 481); got != colOutside {
			t.Fatalf("row 481 column %d: %08x, want outside-calls %08x", x, got, colOutside)
		}
	}
	// The frame wraps past line 524 to line 0.
	if got := pixelAt(pix, 256, 0, 0); got != colOutside {
		t.Errorf("row 0 (after the wrap) is %08x, want the frame's", got)
	}
	// A frame that began mid-line: the slice starts in that column.
	tl.StartCycle += 100
	pix = BeamImage(tl)
	if pixelAt(pix, 256, 99, 480) == mix || pixelAt(pix, 256, 100, 480) != mix || pixelAt(pix, 256, 99, 481) != mix || pixelAt(pix, 256, 100, 481) == mix {
		t.Errorf("a frame begun at column 100: the slice is not at columns 100 of line 480 to 99 of 481")
	}
}

// Innermost wins, interrupts over the calls they interrupted and tinted, waiting darker.
func TestBeamImageInnermostInterruptsWaiting(t *testing.T) {
	pix := BeamImage(testTimeline())
	at := func(off int) uint32 {
		c := core.VSyncLine*core.CyclesPerLine + off
		return pixelAt(pix, 256, c%256, c/256)
	}
	if at(50) != RoutineColor(keyMain) || at(200) != RoutineColor(keyMix) || at(400) != RoutineColor(keyMain) {
		t.Errorf("main, mix inside it, main again: %08x %08x %08x", at(50), at(200), at(400))
	}
	irq := RoutineColor(perf.RoutineKey(perf.KeyIRQ) << 24)
	if got := at(1050); got != blend(irq, colIRQTint, beamIRQTint) {
		t.Errorf("the interrupt inside main: %08x, want its tinted colour", got)
	}
	if got := at(5500); got != darken(colOutside, beamWaitKeep) {
		t.Errorf("waiting: %08x, want the outside colour darker %08x", got, darken(colOutside, beamWaitKeep))
	}
	if got := at(3000); got != colOutside {
		t.Errorf("outside any call: %08x", got)
	}
	if got := pixelAt(BeamImage(nil), 256, 0, 0); got != colBackground {
		t.Errorf("no timeline: %08x, want the background", got)
	}
}

// Routine colours are stable, opaque, and tell neighbouring routines apart.
func TestRoutineColorsStableAndDistinct(t *testing.T) {
	seen := map[uint32]int{}
	for a := uint16(0x0800); a < 0x0900; a += 3 {
		c := RoutineColor(perf.RoutineAt(a, 0))
		if c&0xff != 0xff {
			t.Fatalf("$%04X: %08x is not opaque", a, c)
		}
		if c != RoutineColor(perf.RoutineAt(a, 0)) {
			t.Fatal("the colour changed")
		}
		seen[c]++
	}
	if len(seen) < 80 {
		t.Errorf("86 routines got only %d colours", len(seen))
	}
}

func newTestView() *TimelineView {
	v := NewTimelineView(timelineW, timelineH)
	v.Set(testTimeline(), perf.NewNames([]perf.Symbol{{Name: "mix", Addr: 0x0857, Bank: perf.AnyBank}, {Name: "main", Addr: 0x0810, Bank: perf.AnyBank}}))
	return v
}

// The timeline draws the calls where they ran, finds them under the pointer and says what
// they are, and zooms around the pointer.
func TestTimelineViewDrawsAndFinds(t *testing.T) {
	v := newTestView()
	if !v.Render() || v.Render() {
		t.Fatal("Render draws once, then not again until something changes")
	}
	// Zoomed in on the first 2,000 cycles: main across, mix from 5% to 18%.
	for v.span > 2200 {
		v.Zoom(0, -300)
	}
	v.Render()
	x := v.colOf(200)
	y0, _ := v.rowOf(0, 1)
	if got := pixelAt(v.Pix, v.W, int(x), y0); got != RoutineColor(keyMix) {
		t.Errorf("mix's rect at (%d,%d): %08x, want %08x", int(x), y0, got, RoutineColor(keyMix))
	}
	i := v.SliceAt(x, float64(y0))
	if i != 1 {
		t.Fatalf("SliceAt mix: %d", i)
	}
	text := v.Hover(x, float64(y0))
	for _, want := range []string{"mix", "$0857", "inclusive 256 cycles", "cycles 100–356", "lines 480–481"} {
		if !strings.Contains(text, want) {
			t.Errorf("hover %q lacks %q", text, want)
		}
	}
	// main has the interrupt inside it: less its 100 cycles; it ran on lines 480-487.
	y, _ := v.rowOf(0, 0)
	text = v.Hover(v.colOf(1500), float64(y))
	if !strings.Contains(text, "inclusive 1,900 cycles (2,000 with the interrupts in it)") || !strings.Contains(text, "lines 480–487") {
		t.Errorf("main's hover: %q", text)
	}
	yi, _ := v.rowOf(1, 0)
	if text := v.Hover(v.colOf(1050), float64(yi)); !strings.Contains(text, "IRQ") || !strings.Contains(text, "interrupt") {
		t.Errorf("the interrupt's hover: %q", text)
	}
	if v.SliceAt(v.colOf(1050), float64(y0)) >= 0 {
		t.Error("a call found where none is")
	}
	// Zooming keeps the cycle under the pointer.
	before := v.cycleAt(300)
	v.Zoom(300, -150)
	if after := v.cycleAt(300); after < before-1 || after > before+1 {
		t.Errorf("zoom moved the cycle under the pointer from %.0f to %.0f", before, after)
	}
	// Panning stops at the frame's start.
	v.Pan(1e6)
	if x0, _ := v.View(); x0 != 0 {
		t.Errorf("panned past the start: %v", x0)
	}
	// Zoomed out it stops at the whole frame.
	for range 50 {
		v.Zoom(400, 300)
	}
	if x0, span := v.View(); x0 != 0 || span != core.CyclesPerFrame {
		t.Errorf("zoomed out: %v+%v, want the whole frame", x0, span)
	}
}

// The axis marks line 0 and line 480 (VSYNC) where they are: the frame's first cycle is
// line 480, and line 0 comes 45 lines later.
func TestTimelineAxisMarksVSyncAndLine0(t *testing.T) {
	v := newTestView()
	v.Render()
	var got []string
	for _, l := range v.Labels() {
		if l.Text == "480 VSYNC" || l.Text == "line 0" {
			got = append(got, l.Text)
			want := 0
			if l.Text == "line 0" {
				want = int(v.colOf(45 * core.CyclesPerLine))
			}
			if l.X != want+2 {
				t.Errorf("%s at %d, want %d", l.Text, l.X, want+2)
			}
		}
	}
	if len(got) != 2 {
		t.Errorf("labels %v, want line 0 and 480 VSYNC", v.Labels())
	}
	if pixelAt(v.Pix, v.W, 0, 2) != colVSync {
		t.Error("no VSYNC mark at the frame's first cycle")
	}
	// Waiting: a band in the axis over cycles 5,000-6,000.
	if pixelAt(v.Pix, v.W, int(v.colOf(5500)), tlAxisH-2) != colWaitBand {
		t.Error("no waiting mark")
	}
	// A frame that began 7 cycles into line 480 (VSYNC is seen between instructions) has
	// its VSYNC mark at its first cycle all the same, and line 0 at a line's start.
	late := testTimeline()
	late.StartCycle += 7
	lv := NewTimelineView(timelineW, timelineH)
	lv.Set(late, nil)
	lv.Render()
	marks := map[string]int{}
	for _, l := range lv.Labels() {
		marks[l.Text] = l.X
	}
	if x, ok := marks["480 VSYNC"]; !ok || x != 2 {
		t.Errorf("a frame begun mid-line: VSYNC label %v %v, want at 2", x, ok)
	}
	if x, ok := marks["line 0"]; !ok || x != int(lv.colOf(45*core.CyclesPerLine-7))+2 {
		t.Errorf("a frame begun mid-line: line 0 label at %v %v", x, ok)
	}
	// Selecting a routine outlines its calls.
	y0, _ := v.rowOf(0, 1)
	if !v.Select(keyMix, true) || v.Select(keyMix, true) {
		t.Error("Select tells a change once")
	}
	v.Render()
	if pixelAt(v.Pix, v.W, int(v.colOf(100)), y0) != colHighlight {
		t.Error("the selected routine's call is not outlined")
	}
}
