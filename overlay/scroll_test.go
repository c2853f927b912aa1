package overlay

import (
	"bytes"
	"runtime"
	"testing"

	"x16scope/perf"
)

// The charts draw only what changed since the last render (scrolling the bar chart and the
// heatmap, redrawing changed rows of the split). The oracle for every incremental render
// is a fresh chart given the same input: it has nothing to reuse and draws every pixel with
// the code the hand-checked tests in charts_test.go cover.

// lcg is a small deterministic pseudo-random source for test data.
type lcg uint64

func (r *lcg) next(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int(uint64(*r>>33) % uint64(n))
}

func testBars(n int) []Bar {
	r := lcg(1)
	bars := make([]Bar, n)
	for i := range bars {
		b := &bars[i]
		b.Frame = uint32(i + 1)
		for s := 0; s < 3; s++ {
			b.Segs[s] = uint32(r.next(60))
		}
		b.Work = b.Segs[0] + b.Segs[1]
		b.Over = r.next(9) == 0
	}
	return bars
}

func TestBarChartScrollsLikeAFreshRender(t *testing.T) {
	const w, h = 48, 30
	all := testBars(2000)
	inc := NewBarChart(w, h)
	r := lcg(7)
	total, zoom := 0, 24
	var selected, budget uint32 = 0, 80
	for step := 0; step < 400; step++ {
		k := []int{0, 1, 1, 1, 2, 3, 7, 60}[r.next(8)]
		total = min(total+k, len(all))
		switch r.next(20) {
		case 0:
			zoom = []int{10, 24, 48, 100, 500}[r.next(5)]
		case 1:
			selected = uint32(max(total-r.next(30), 0))
		case 2:
			selected = 0
		case 3:
			budget = uint32(40 + r.next(60))
		}
		bars := all[max(total-zoom, 0):total]
		drawn := inc.Render(bars, testColors, 100, budget, selected)
		fresh := NewBarChart(w, h)
		fresh.Render(bars, testColors, 100, budget, selected)
		if !bytes.Equal(inc.Pix, fresh.Pix) {
			t.Fatalf("step %d (%d bars, zoom %d, +%d): the scrolled chart differs from a fresh render", step, len(bars), zoom, k)
		}
		for x := -1; x <= w; x++ {
			if inc.FrameAt(x) != fresh.FrameAt(x) {
				t.Fatalf("step %d: column %d shows frame %d, a fresh render %d", step, x, inc.FrameAt(x), fresh.FrameAt(x))
			}
		}
		_ = drawn
	}
}

func TestBarChartDrawsOnlyTheNewBars(t *testing.T) {
	all := testBars(400)
	c := NewBarChart(600, 150)
	c.Render(all[:300], SeriesColors(), 100, 80, 0)
	// 300 bars in 600 columns: 2 columns a bar. One new frame: its 2 columns are drawn.
	if got := c.Render(all[1:301], SeriesColors(), 100, 80, 0); got != 2 {
		t.Fatalf("one new frame drew %d columns, want 2", got)
	}
	if got := c.Render(all[4:304], SeriesColors(), 100, 80, 0); got != 6 {
		t.Errorf("three new frames drew %d columns, want 6", got)
	}
	if got := c.Render(all[4:304], SeriesColors(), 100, 80, 0); got != 0 {
		t.Errorf("no new frame drew %d columns, want 0", got)
	}
	// Zoomed out, 1800 frames in 600 columns: 3 a column. A new frame changes the newest
	// column only (plus the oldest when the window drops a frame of a group).
	many := testBars(2000)
	c.Render(many[:1800], SeriesColors(), 100, 80, 0)
	if got := c.Render(many[1:1801], SeriesColors(), 100, 80, 0); got > 2 {
		t.Errorf("zoomed out, one new frame drew %d columns, want at most 2", got)
	}
	// A new budget line changes every column.
	if got := c.Render(many[1:1801], SeriesColors(), 100, 90, 0); got != 600 {
		t.Errorf("a new budget drew %d columns, want 600", got)
	}
}

func testHeat(frames int) [][]uint16 {
	r := lcg(3)
	out := make([][]uint16, frames)
	for i := range out {
		out[i] = make([]uint16, perf.LinesPerFrame)
		for l := range out[i] {
			out[i][l] = uint16(r.next(900))
		}
	}
	return out
}

func TestHeatMapScrollsLikeAFreshRender(t *testing.T) {
	const w = 16
	heat := testHeat(300)
	nums := make([]uint32, len(heat))
	for i := range nums {
		nums[i] = uint32(i + 1)
	}
	inc := NewHeatMap(w, 3)
	r := lcg(5)
	total := 0
	var selected uint32
	for step := 0; step < 200; step++ {
		k := []int{0, 1, 1, 2, 5, 20}[r.next(6)]
		total = min(total+k, len(heat))
		if r.next(10) == 0 {
			selected = uint32(max(total-r.next(20), 0))
		}
		lo := max(total-w, 0)
		drawn := inc.Render(heat[lo:total], nums[lo:total], selected)
		fresh := NewHeatMap(w, 3)
		fresh.Render(heat[lo:total], nums[lo:total], selected)
		if !bytes.Equal(inc.Pix, fresh.Pix) {
			t.Fatalf("step %d (+%d frames): the scrolled heatmap differs from a fresh render", step, k)
		}
		for x := 0; x < w; x++ {
			if inc.FrameAt(x) != fresh.FrameAt(x) {
				t.Fatalf("step %d: column %d shows frame %d, a fresh render %d", step, x, inc.FrameAt(x), fresh.FrameAt(x))
			}
		}
		if step > 0 && total == len(heat) && k == 0 && drawn != 0 {
			t.Fatalf("step %d: nothing new, yet %d columns drawn", step, drawn)
		}
	}
	// With a full window, two new frames draw exactly two columns.
	inc.Render(heat[100:116], nums[100:116], 0)
	if got := inc.Render(heat[102:118], nums[102:118], 0); got != 2 {
		t.Errorf("two new frames drew %d columns, want 2", got)
	}
}

func TestLineSplitRedrawsChangedRowsOnly(t *testing.T) {
	lines := make([][4]uint16, perf.LinesPerFrame)
	r := lcg(9)
	for i := range lines {
		lines[i] = [4]uint16{uint16(r.next(300)), uint16(r.next(300)), uint16(r.next(200)), uint16(r.next(100))}
	}
	// Row 100 holds lines 300-302; line 301 is its busiest.
	lines[300], lines[301], lines[302] = [4]uint16{10}, [4]uint16{500}, [4]uint16{20}
	inc := NewLineSplit(200, 3)
	if y0, y1 := inc.Render(lines); y0 != 0 || y1 != 175 {
		t.Fatalf("first render drew rows %d-%d, want all 175", y0, y1)
	}
	if y0, y1 := inc.Render(lines); y0 != y1 {
		t.Fatalf("the same lines again drew rows %d-%d, want none", y0, y1)
	}
	// Line 100 is in row 33 (3 lines a row); make it the row's busiest with new figures.
	// Line 301 drops to zero: row 100 then shows line 302, its busiest left.
	lines[100] = [4]uint16{700, 50, 0, 0}
	lines[301] = [4]uint16{}
	y0, y1 := inc.Render(lines)
	if y0 != 33 || y1 != 101 {
		t.Errorf("changed rows 33 and 100: drew %d-%d, want 33-101", y0, y1)
	}
	fresh := NewLineSplit(200, 3)
	fresh.Render(lines)
	if !bytes.Equal(inc.Pix, fresh.Pix) {
		t.Error("the updated split differs from a fresh render")
	}
}

// TestChartsAllocateNothingPerDisplayedFrame: the overlay's Go side runs once per
// displayed frame under wasm, where the garbage collector is slow; in the steady state it
// must not allocate. One iteration is a displayed frame: the machine runs a frame, then the
// bars, heatmap and split are brought up to date.
func TestChartsAllocateNothingPerDisplayedFrame(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	p := s.Profiler()
	var src BarSource
	bars, heat, split := NewBarChart(600, 150), NewHeatMap(64, 3), NewSplitView(200, 3)
	rows := make([][]uint16, 0, 64)
	nums := make([]uint32, 0, 64)
	draw := func() {
		bars.Render(src.Bars(p, 0, 300), SeriesColors(), 150000, 134400, 0)
		rows, nums = rows[:0], nums[:0]
		n := p.FrameCount()
		for k := max(0, n-64); k < n; k++ {
			if hm := p.HeatAt(k); hm != nil {
				rows = append(rows, hm[:])
				nums = append(nums, p.FrameAt(k).Frame)
			}
		}
		heat.Render(rows, nums, 0)
		split.Draw(p, PickSplit(p, 0, false))
		// A paused overlay picks a selected frame: held, or too old for its lines.
		if n > perf.HeatFrames && (PickSplit(p, p.FrameAt(n-10).Frame, true).State != SplitSelected ||
			PickSplit(p, p.FrameAt(0).Frame, true).State != SplitTooOld) {
			t.Fatal("selected frames picked wrongly")
		}
	}
	for i := 0; i < 80; i++ { // past the first legend entries and series assignments
		s.Advance(noClock)
		draw()
	}
	// The machine's frame is the session's to count (it keeps a keyframe now and then:
	// session.TestAdvanceAllocatesOnlyForKeyframes); the charts' share is counted here.
	var before, after runtime.MemStats
	var allocs uint64
	for range 50 {
		s.Advance(noClock)
		runtime.ReadMemStats(&before)
		draw()
		runtime.ReadMemStats(&after)
		allocs += after.Mallocs - before.Mallocs
	}
	if allocs != 0 {
		t.Errorf("%.1f allocations per displayed frame, want 0", float64(allocs)/50)
	}
}

// TestBarSourceFollowsTheProfiler: the bar list, kept from one displayed frame to the next,
// always matches the profiler's ring, whatever the zoom and however many frames arrived.
func TestBarSourceFollowsTheProfiler(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	p := s.Profiler()
	var src BarSource
	r := lcg(11)
	for tick := 0; tick < 120; tick++ {
		for k := r.next(3); k > 0; k-- {
			s.Advance(noClock)
		}
		n := []int{10, 50, 300, 50}[r.next(4)]
		bars := src.Bars(p, 0, n)
		total := p.FrameCount()
		if want := min(n, total); len(bars) != want {
			t.Fatalf("tick %d: %d bars, want %d", tick, len(bars), want)
		}
		for i, b := range bars {
			rec := p.FrameAt(total - len(bars) + i)
			var sum uint32
			for _, v := range b.Segs {
				sum += v
			}
			if b.Frame != rec.Frame || sum != rec.Cycles || b.Work != rec.Work() {
				t.Fatalf("tick %d, bar %d: frame %d, %d cycles, work %d; the profiler has frame %d, %d cycles, work %d",
					tick, i, b.Frame, sum, b.Work, rec.Frame, rec.Cycles, rec.Work())
			}
		}
	}
}

// TestHeatMapSelectionOnlyStripesItsColumn: a selected column is the unselected one with
// every other row white and white caps at the top and bottom (the selected path draws row by row, the plain one three lines at
// a time; they must agree on the colours).
func TestHeatMapSelectionOnlyStripesItsColumn(t *testing.T) {
	heat := testHeat(4)
	nums := []uint32{1, 2, 3, 4}
	plain, sel := NewHeatMap(4, 3), NewHeatMap(4, 3)
	plain.Render(heat, nums, 0)
	sel.Render(heat, nums, 3)
	for y := 0; y < plain.H; y++ {
		for x := 0; x < 4; x++ {
			want := pixel(plain.Pix, 4, x, y)
			if x == 2 && (y%2 == 0 || y < selCapRows || y >= plain.H-selCapRows) {
				want = colSelected
			}
			if got := pixel(sel.Pix, 4, x, y); got != want {
				t.Fatalf("pixel (%d,%d) = %08x, want %08x", x, y, got, want)
			}
		}
	}
}
