package overlay

import (
	"os"
	"strings"
	"testing"
	"x16scope/session"

	"x16scope/perf"
)

func pixel(pix []byte, w, x, y int) uint32 {
	i := (y*w + x) * 4
	return uint32(pix[i])<<24 | uint32(pix[i+1])<<16 | uint32(pix[i+2])<<8 | uint32(pix[i+3])
}

var testColors = []uint32{0x110000ff, 0x002200ff, 0x000033ff}

func TestBarChartStacksSeriesToScale(t *testing.T) {
	c := NewBarChart(6, 100)
	bars := []Bar{
		{Frame: 1, Segs: [MaxSeries]uint32{30, 20, 50}},
		{Frame: 2, Segs: [MaxSeries]uint32{10}},
		{Frame: 3, Segs: [MaxSeries]uint32{0, 0, 100}, Over: true},
	}
	c.Render(bars, testColors, 100, 80, 0)
	// Three bars in six columns: two columns each, oldest at the left.
	var got [6]uint32
	for x := range got {
		got[x] = c.FrameAt(x)
	}
	if got != [6]uint32{1, 1, 2, 2, 3, 3} {
		t.Fatalf("columns = %v", got)
	}
	shown := c.Pix
	// Bar 1: rows 70-99 series 0 (30 of 100), 50-69 series 1, 0-49 series 2.
	for _, tc := range []struct {
		x, y int
		want uint32
	}{
		{0, 99, testColors[0]}, {0, 70, testColors[0]}, {0, 69, testColors[1]}, {0, 50, testColors[1]},
		{0, 49, testColors[2]}, {0, 0, testColors[2]},
		{2, 90, testColors[0]}, {2, 89, colBackground}, // bar 2: only the bottom 10 rows
		{4, 50, testColors[2]}, {4, 0, colOverMark}, // bar 3 overran: red cap at the top
		{2, 20, colBudget}, // the budget line at 80 of 100 is row 20 (drawn over the bars)
	} {
		if got := pixel(shown, c.W, tc.x, tc.y); got != tc.want {
			t.Errorf("pixel (%d,%d) = %08x, want %08x", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestBarChartZoomedOutShowsTheWorstFrame(t *testing.T) {
	// 12 frames in 4 columns: 3 frames per column. Column 1 holds a small overrun among
	// bigger frames: the overrun must win. Column 2 holds no overrun: the most work wins.
	bars := make([]Bar, 12)
	for i := range bars {
		bars[i] = Bar{Frame: uint32(i + 1), Work: 50, Segs: [MaxSeries]uint32{50}}
	}
	bars[4] = Bar{Frame: 5, Work: 10, Segs: [MaxSeries]uint32{10}, Over: true}
	bars[3].Work, bars[5].Work = 90, 95
	bars[7] = Bar{Frame: 8, Work: 70, Segs: [MaxSeries]uint32{70}}
	c := NewBarChart(4, 100)
	c.Render(bars, testColors, 100, 80, 0)
	if c.FrameAt(1) != 5 {
		t.Errorf("column 1 shows frame %d, want the overrun, frame 5", c.FrameAt(1))
	}
	if c.FrameAt(2) != 8 {
		t.Errorf("column 2 shows frame %d, want frame 8 (most work)", c.FrameAt(2))
	}
	if got := pixel(c.Pix, 4, 1, 0); got != colOverMark {
		t.Errorf("the overrun's column top is %08x, want the red cap", got)
	}
	if c.FrameAt(-1) != 0 || c.FrameAt(4) != 0 {
		t.Error("columns outside the chart must map to no frame")
	}
}

func TestHeatColorRamp(t *testing.T) {
	for _, tc := range []struct {
		clocks int
		want   uint32
	}{
		{0, 0x000000ff}, {200, 0x2040d0ff}, {400, 0x00c0d0ff}, {600, 0xf0d020ff}, {800, 0xffffffff},
		// Halfway from the 0-clock stop (10,10,18) to the 200-clock stop (20,40,d0):
		// (10+8, 10+18, 18+5c) = (18, 28, 74).
		{801, 0xff30ffff}, {100, 0x182874ff},
	} {
		if got := heatColor(tc.clocks); got != tc.want {
			t.Errorf("heatColor(%d) = %08x, want %08x", tc.clocks, got, tc.want)
		}
	}
}

func TestHeatMapRowShowsItsBusiestLine(t *testing.T) {
	h := NewHeatMap(2, 3)
	if h.H != 175 {
		t.Fatalf("525 lines at 3 per row = %d rows, want 175", h.H)
	}
	a := make([]uint16, perf.LinesPerFrame)
	b := make([]uint16, perf.LinesPerFrame)
	a[2] = 800 // row 0's third line: a single peak line must show
	b[4] = 900 // over the 800-clock line budget
	h.Render([][]uint16{a, b}, []uint32{7, 8}, 0)
	if got := pixel(h.Pix, 2, 0, 0); got != 0xffffffff {
		t.Errorf("row 0 of frame 7 = %08x, want white (800 clocks)", got)
	}
	if got := pixel(h.Pix, 2, 1, 1); got != 0xff30ffff {
		t.Errorf("row 1 of frame 8 = %08x, want magenta (over 800)", got)
	}
	if got := pixel(h.Pix, 2, 0, 1); got != 0x000000ff {
		t.Errorf("an idle row = %08x, want black", got)
	}
	if h.FrameAt(0) != 7 || h.FrameAt(1) != 8 {
		t.Errorf("columns map to frames %d, %d", h.FrameAt(0), h.FrameAt(1))
	}
}

func TestLineSplitWidths(t *testing.T) {
	s := NewLineSplit(200, 3)
	lines := make([][4]uint16, perf.LinesPerFrame)
	lines[0] = [4]uint16{400, 0, 0, 0}   // half the 800-clock line in layer 0's colour
	lines[3] = [4]uint16{200, 200, 0, 8} // layer 0 a quarter, layer 1 the next quarter, CPU 2 px
	s.Render(lines)
	if got := pixel(s.Pix, 200, 99, 0); got != clientColors[0] {
		t.Errorf("x=99 of line 0 = %08x, want layer 0", got)
	}
	if got := pixel(s.Pix, 200, 101, 0); got == clientColors[0] {
		t.Error("layer 0 at 400 clocks must stop at half width")
	}
	if got := pixel(s.Pix, 200, 60, 1); got != clientColors[1] {
		t.Errorf("x=60 of row 1 = %08x, want layer 1", got)
	}
	if got := pixel(s.Pix, 200, 101, 1); got != clientColors[3] {
		t.Errorf("x=101 of row 1 = %08x, want the CPU port", got)
	}
}

func TestBarSourceAndInspectorMatchTheProfiler(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		s.Advance(noClock)
	}
	p := s.Profiler()
	var src BarSource
	bars := src.Bars(p, 0, 300)
	n := p.FrameCount()
	if len(bars) != n {
		t.Fatalf("%d bars for %d frames", len(bars), n)
	}
	for k, b := range bars {
		rec, row := p.FrameAt(k), p.FrameBucketsAt(k)
		var sum uint32
		for _, v := range b.Segs {
			sum += v
		}
		if b.Frame != rec.Frame || sum != rec.Cycles {
			t.Fatalf("bar %d: frame %d, segments sum %d; record frame %d, cycles %d", k, b.Frame, sum, rec.Frame, rec.Cycles)
		}
		// Regions 1 and 2 are the first zone-like buckets seen: series 1 and 2.
		if b.Segs[1] != row[perf.RegionBucket(1)] || b.Segs[2] != row[perf.RegionBucket(2)] {
			t.Fatalf("bar %d: region series %d/%d, profiler %d/%d", k, b.Segs[1], b.Segs[2], row[perf.RegionBucket(1)], row[perf.RegionBucket(2)])
		}
		if b.Over != (rec.Flags&perf.FrameOverrun != 0) {
			t.Fatalf("bar %d: overrun flag differs", k)
		}
	}
	lg := src.Legend()
	if len(lg) != 5 || lg[1].Name != "region 1" || lg[2].Name != "region 2" {
		t.Fatalf("legend = %+v", lg)
	}

	st := p.Stats(0)
	newest := p.FrameAt(n - 1)
	html := FrameHTML(p, 0) + StatsHTML(&st)
	r2 := p.FrameBucketsAt(n - 1)[perf.RegionBucket(2)]
	for _, want := range []string{
		"frame " + num(uint64(newest.Frame)),
		"<td>region 2 <span class=note>(region)</span></td><td>" + num(uint64(r2)) + "</td>",
		"% of budget", "bus clocks, a lower bound", "irq share", "overruns:",
		num(uint64(newest.PortWrites)) + " bytes written",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("inspector lacks %q:\n%s", want, html)
		}
	}
	if got := FrameHTML(p, 999999) + StatsHTML(&st); !strings.Contains(got, "no longer in the 60 s history") {
		t.Errorf("a frame outside the ring: %s", got)
	}
}

func TestInspectorEscapesZoneNames(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetZones([]perf.Zone{{Name: "<b>x</b>", Marker: 1}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ { // the program starts in frame 4 (README "Frame numbers")
		s.Advance(noClock)
	}
	html := FrameHTML(s.Profiler(), 0) + StatsHTML(nil)
	if strings.Contains(html, "<b>x</b>") || !strings.Contains(html, "&lt;b&gt;x&lt;/b&gt;") {
		t.Fatalf("zone name not escaped:\n%s", html)
	}
}

func TestNum(t *testing.T) {
	for v, want := range map[uint64]string{0: "0", 999: "999", 1000: "1,000", 134400: "134,400", 1234567: "1,234,567"} {
		if got := num(v); got != want {
			t.Errorf("num(%d) = %q, want %q", v, got, want)
		}
	}
}

// BenchmarkChartsPerDisplayedFrame renders what the overlay draws per displayed frame:
// the bars for 300 frames, the heatmap and the per-line split.
func BenchmarkChartsPerDisplayedFrame(b *testing.B) {
	s, err := session.NewSession()
	if err != nil {
		b.Fatal(err)
	}
	prg, _ := os.ReadFile("../tests/browser/testdata/smoke.prg")
	if err := s.LoadPRG("smoke.prg", prg); err != nil {
		b.Fatal(err)
	}
	s.SetWarp(true)
	for s.Profiler().FrameCount() < 300 {
		s.Advance(noClock)
	}
	p := s.Profiler()
	var src BarSource
	bars, heat, split := NewBarChart(600, 150), NewHeatMap(64, 3), NewSplitView(200, 3)
	rows := make([][]uint16, 0, 64)
	nums := make([]uint32, 0, 64)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bars.Render(src.Bars(p, 0, 300), SeriesColors(), 150000, 134400, 0)
		rows, nums = rows[:0], nums[:0]
		n := p.FrameCount()
		for k := n - 64; k < n; k++ {
			rows = append(rows, p.HeatAt(k)[:])
			nums = append(nums, p.FrameAt(k).Frame)
		}
		heat.Render(rows, nums, 0)
		split.Draw(p, PickSplit(p, 0, false))
	}
}

// A routine named like a built-in bucket is told apart from it in the legend.
func TestLegendTellsZonesNamedLikeBuiltinsApart(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	// smoke.s's regions 1 and 2, named like two built-in buckets.
	if err := s.SetZones([]perf.Zone{{Name: "wait", Marker: 1}, {Name: "IRQ", Marker: 2}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		s.Advance(noClock)
	}
	var src BarSource
	src.Bars(s.Profiler(), 0, 300)
	var names []string
	for _, it := range src.Legend() {
		names = append(names, it.Name)
	}
	want := []string{"irq", "wait (region)", "IRQ (region)", "other work", "waiting"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("legend %q, want %q", names, want)
	}
}

// The selected frame is marked whether or not it overran: a white cap (below the red one of
// an overrun) and a tinted background above its bar; other columns are unchanged.
func TestBarChartMarksTheSelectedFrame(t *testing.T) {
	bars := []Bar{
		{Frame: 1, Segs: [MaxSeries]uint32{30}},
		{Frame: 2, Segs: [MaxSeries]uint32{30}, Over: true},
		{Frame: 3, Segs: [MaxSeries]uint32{30}},
	}
	for _, sel := range []uint32{1, 2} {
		c := NewBarChart(3, 100)
		c.Render(bars, testColors, 100, 80, sel)
		x := int(sel - 1)
		capTop := 0
		if bars[x].Over {
			if got := pixel(c.Pix, 3, x, 0); got != colOverMark {
				t.Errorf("selected overrun %d: top pixel %08x, want the red cap", sel, got)
			}
			capTop = 4
		}
		for y := capTop; y < capTop+selCapRows; y++ {
			if got := pixel(c.Pix, 3, x, y); got != colSelected {
				t.Errorf("selected frame %d: pixel (%d,%d) = %08x, want the white cap", sel, x, y, got)
			}
		}
		if got := pixel(c.Pix, 3, x, 40); got != colSelTint {
			t.Errorf("selected frame %d: background %08x, want the selection tint", sel, got)
		}
		if got := pixel(c.Pix, 3, 2, 5); got != colBackground {
			t.Errorf("an unselected column's top is %08x", got)
		}
	}
}

// Zoomed out, a column shows the worst of its frames, and it is marked when any of them is
// selected: the frame on the screen after a seek is seldom the worst of its group.
func TestBarChartZoomedOutMarksTheSelectedFramesColumn(t *testing.T) {
	bars := make([]Bar, 12) // 3 frames per column
	for i := range bars {
		bars[i] = Bar{Frame: uint32(i + 1), Work: 30, Segs: [MaxSeries]uint32{30}}
	}
	bars[4].Work, bars[4].Segs[0] = 60, 60 // frame 5: the worst of column 1 (frames 4-6)
	c := NewBarChart(4, 100)
	c.Render(bars, testColors, 100, 80, 6)
	if c.FrameAt(1) != 5 {
		t.Fatalf("column 1 shows frame %d, want 5", c.FrameAt(1))
	}
	if got := pixel(c.Pix, 4, 1, 0); got != colSelected {
		t.Errorf("column of the selected frame 6: top pixel %08x, want the white cap", got)
	}
	for _, x := range []int{0, 2, 3} {
		if got := pixel(c.Pix, 4, x, 0); got == colSelected {
			t.Errorf("column %d is marked", x)
		}
	}
}
