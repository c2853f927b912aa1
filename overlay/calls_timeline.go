package overlay

import (
	"fmt"
	"math"
	"strings"

	"x16scope/core"
	"x16scope/perf"
)

// The timeline view: one frame's calls against its cycles. x is the frame's cycles, from
// its first (the VSYNC that ended the frame before, line 480) to its last, zoomable and
// pannable; y is call depth, the program's calls (lane 0) from the top and interrupts
// (lane 1) on their own lane below. A rect per call in its routine's colour, the cycles
// charged as waiting under a translucent band, and scanline ticks along the top, where
// lines 0 (the first visible line) and 480 (the end of the visible area, VSYNC) are
// marked across the lanes. The view is rendered here into an RGBA buffer; the page copies
// it to its canvas and writes the labels Labels gives over it.

// Timeline canvas geometry (pixels).
const (
	timelineW, timelineH = 880, 160
	tlAxisH              = 16 // the scanline axis at the top
	tlLaneGap            = 5  // between the program's lane and the interrupts'
	tlMinSpan            = 64 // the narrowest view, in cycles (a quarter of a line)
	// vsyncLine is the line VSYNC comes at: the end of the 480 visible lines, where a
	// frame's timeline begins.
	vsyncLine = core.VSyncLine
)

// AxisLabel is a text the page writes over the timeline: at pixel column X of the axis,
// in Color (CSS).
type AxisLabel struct {
	X     int
	Text  string
	Color string
}

// TimelineView draws one frame's timeline and answers what is under the pointer.
type TimelineView struct {
	image32
	tl    *perf.Timeline
	names *perf.Names
	incl  []uint32 // per slice: inclusive cycles less interrupts (Timeline.Inclusive)

	x0, span float64 // the cycles shown: [x0, x0+span) of the frame
	sel      perf.RoutineKey
	hasSel   bool

	rows    [2]int // depth rows shown per lane
	laneY   [2]int // first pixel row of each lane
	rowH    int
	labels  []AxisLabel
	valid   bool // the pixels show the current state
	maxRows [2]int
}

// NewTimelineView makes an empty view of w x h pixels.
func NewTimelineView(w, h int) *TimelineView {
	return &TimelineView{image32: newImage32(w, h)}
}

// Set shows tl (nil: nothing), its routines named by names, the whole frame in view.
func (v *TimelineView) Set(tl *perf.Timeline, names *perf.Names) {
	v.tl, v.names, v.incl, v.valid = tl, names, nil, false
	v.x0, v.span = 0, 1
	v.maxRows = [2]int{1, 1}
	if tl != nil {
		v.incl = tl.Inclusive()
		v.span = float64(max(tl.Cycles, 1))
		for i := range tl.Slices {
			s := &tl.Slices[i]
			l := min(int(s.Lane), 1)
			v.maxRows[l] = max(v.maxRows[l], int(s.Depth)+1)
		}
	}
	v.layout()
}

// layout shares the height between the lanes' depth rows: all rows the same height, and
// when the program's calls nest deeper than there is room for, its deepest rows are cut
// (the interrupts' lane stays).
func (v *TimelineView) layout() {
	avail := v.H - tlAxisH - tlLaneGap
	n := v.maxRows[0] + v.maxRows[1]
	v.rowH = min(max(avail/n, 2), 14)
	v.rows[1] = min(v.maxRows[1], max(avail/v.rowH/3, 1))
	v.rows[0] = min(v.maxRows[0], max(avail/v.rowH-v.rows[1], 1))
	v.laneY[0] = tlAxisH
	v.laneY[1] = tlAxisH + v.rows[0]*v.rowH + tlLaneGap
}

// Select highlights routine k's slices (on false: none). It tells whether that changed.
func (v *TimelineView) Select(k perf.RoutineKey, on bool) bool {
	if on == v.hasSel && (!on || k == v.sel) {
		return false
	}
	v.sel, v.hasSel, v.valid = k, on, false
	return true
}

// Frame is the timeline shown (nil: none).
func (v *TimelineView) Frame() *perf.Timeline { return v.tl }

// View is the cycles in view: [x0, x0+span) of the frame.
func (v *TimelineView) View() (x0, span float64) { return v.x0, v.span }

// Zoom zooms around pixel column x: deltaY > 0 (the wheel towards the user) shows more
// cycles, < 0 fewer, by a factor of 2 every 300 (three notches of a usual wheel). The
// cycle under x stays under x. It tells whether the view changed.
func (v *TimelineView) Zoom(x, deltaY float64) bool {
	if v.tl == nil || deltaY == 0 {
		return false
	}
	total := float64(max(v.tl.Cycles, 1))
	frac := min(max(x/float64(v.W), 0), 1)
	c := v.x0 + frac*v.span
	span := min(max(v.span*math.Pow(2, deltaY/300), min(tlMinSpan, total)), total)
	return v.setView(c-frac*span, span)
}

// Pan moves the view by dx pixel columns (dx > 0: the pointer moved right, earlier cycles
// come into view). It tells whether the view changed.
func (v *TimelineView) Pan(dx float64) bool {
	if v.tl == nil {
		return false
	}
	return v.setView(v.x0-dx*v.span/float64(v.W), v.span)
}

func (v *TimelineView) setView(x0, span float64) bool {
	total := float64(max(v.tl.Cycles, 1))
	x0 = min(max(x0, 0), total-span)
	if x0 == v.x0 && span == v.span {
		return false
	}
	v.x0, v.span, v.valid = x0, span, false
	return true
}

// colOf is the pixel column of cycle c of the frame (not clipped).
func (v *TimelineView) colOf(c float64) float64 { return (c - v.x0) * float64(v.W) / v.span }

// cycleAt is the cycle of the frame at pixel column x.
func (v *TimelineView) cycleAt(x float64) float64 { return v.x0 + x*v.span/float64(v.W) }

// line is the scanline cycle off of the frame ran on: the frame starts at VSYNC, so its
// first cycles are on line 480.
func (v *TimelineView) line(off uint32) int {
	return int((v.tl.StartCycle + uint64(off)) % core.CyclesPerFrame / core.CyclesPerLine)
}

// Labels are the axis's texts for the pixels Render drew.
func (v *TimelineView) Labels() []AxisLabel { return v.labels }

// Render draws the view when it changed; it tells whether it did.
func (v *TimelineView) Render() bool {
	if v.valid {
		return false
	}
	v.valid = true
	px, w := v.px, v.W
	bg := le(colBackground)
	for i := range px {
		px[i] = bg
	}
	v.labels = v.labels[:0]
	tl := v.tl
	if tl == nil {
		return true
	}
	// The lane separator.
	if y := v.laneY[1] - tlLaneGap/2 - 1; y > 0 && y < v.H {
		v.hline(0, w, y, le(colLaneSep))
	}
	v.drawLines(tl)
	for i := range tl.Slices {
		v.drawSlice(&tl.Slices[i])
	}
	// Waiting: a translucent band over the program's lane.
	y0, y1 := v.laneY[0], min(v.laneY[0]+v.rows[0]*v.rowH, v.H)
	for _, s := range tl.Waits {
		a, b := v.pxRange(s.Start, s.End)
		for y := y0; y < y1; y++ {
			row := px[y*w : (y+1)*w]
			for x := a; x < b; x++ {
				row[x] = le(blend(le(row[x]), colWaitBand, 110))
			}
		}
		// And a solid mark in the axis, so waiting shows where no call runs too.
		for y := tlAxisH - 3; y < tlAxisH-1; y++ {
			for x := a; x < b; x++ {
				px[y*w+x] = le(colWaitBand)
			}
		}
	}
	return true
}

// pxRange is the pixel columns [a, b) cycles [s, e) cover, at least one when in view,
// clipped to the canvas (a == b: out of view).
func (v *TimelineView) pxRange(s, e uint32) (a, b int) {
	fa, fb := v.colOf(float64(s)), v.colOf(float64(e))
	if fb < 0 || fa >= float64(v.W) {
		return 0, 0
	}
	a, b = int(math.Floor(fa)), int(math.Ceil(fb))
	if b <= a {
		b = a + 1
	}
	return max(a, 0), min(b, v.W)
}

// rowOf is the pixel rows of depth d of lane l, [y0, y1); y0 == y1 when not shown.
func (v *TimelineView) rowOf(l, d int) (y0, y1 int) {
	if d >= v.rows[l] {
		return 0, 0
	}
	y0 = v.laneY[l] + d*v.rowH
	y1 = y0 + v.rowH
	if v.rowH >= 4 {
		y1-- // a gap between rows
	}
	return min(y0, v.H), min(y1, v.H)
}

func (v *TimelineView) drawSlice(s *perf.Slice) {
	a, b := v.pxRange(s.Start, s.End)
	y0, y1 := v.rowOf(min(int(s.Lane), 1), int(s.Depth))
	if a == b || y0 == y1 {
		return
	}
	c := RoutineColor(s.Routine)
	sel := v.hasSel && s.Routine == v.sel
	if sel {
		c = blend(c, colHighlight, 80)
	}
	c = le(c)
	for y := y0; y < y1; y++ {
		row := v.px[y*v.W : (y+1)*v.W]
		for x := a; x < b; x++ {
			row[x] = c
		}
	}
	if sel {
		hl := le(colHighlight)
		v.hline(a, b, y0, hl)
		v.hline(a, b, y1-1, hl)
		for y := y0; y < y1; y++ {
			v.px[y*v.W+a] = hl
			v.px[y*v.W+b-1] = hl
		}
	}
}

func (v *TimelineView) hline(a, b, y int, c uint32) {
	row := v.px[y*v.W : (y+1)*v.W]
	for x := a; x < b; x++ {
		row[x] = c
	}
}

// drawLines draws the scanline ticks along the top (as many as are at least 4 pixels
// apart: every line, or every 2nd, 4th ... line), their labels (at least 70 pixels apart),
// and lines 0 and 480 across the lanes.
func (v *TimelineView) drawLines(tl *perf.Timeline) {
	perLine := float64(core.CyclesPerLine) * float64(v.W) / v.span // pixels per line
	tick, label := 1, 1
	for float64(tick)*perLine < 4 {
		tick *= 2
	}
	for float64(label)*perLine < 70 {
		label *= 2
	}
	// The frame's first line start: the frame begins at a line start (VSYNC), give or
	// take the instruction it began in.
	first := (core.CyclesPerLine - uint32(tl.StartCycle%core.CyclesPerLine)) % core.CyclesPerLine
	startLine := int(v.cycleAt(0)) / core.CyclesPerLine
	var special []int // columns of lines 0 and 480
	if first != 0 && v.line(0) == vsyncLine {
		if x := v.colOf(0); x >= 0 && x < float64(v.W) {
			special = append(special, v.mark(int(x), vsyncLine))
		}
	}
	for k := max(startLine-1, 0); ; k++ {
		off := first + uint32(k)*core.CyclesPerLine
		if off >= tl.Cycles {
			break
		}
		x := v.colOf(float64(off))
		if x >= float64(v.W) {
			break
		}
		if x < 0 {
			continue
		}
		xi := int(x)
		ln := v.line(off)
		if ln == 0 || ln == vsyncLine {
			// A frame begun a few cycles into line 480 (VSYNC comes between instructions)
			// has its VSYNC mark at its first cycle, not at the next line's start.
			if ln == vsyncLine && first != 0 {
				continue
			}
			special = append(special, v.mark(xi, ln))
			continue
		}
		if ln%tick == 0 {
			h := 3
			if ln%label == 0 {
				h = 6
			}
			for y := tlAxisH - h; y < tlAxisH; y++ {
				v.px[y*v.W+xi] = le(colTick)
			}
		}
		if ln%label == 0 {
			v.labels = append(v.labels, AxisLabel{X: xi + 2, Text: fmt.Sprint(ln), Color: cssColor(colTickText)})
		}
	}
	// A regular label that would overlap the text of line 0 or 480 is left out.
	out := v.labels[:0]
	for _, l := range v.labels {
		keep := true
		if !strings.HasPrefix(l.Text, "line") && !strings.HasPrefix(l.Text, "480 ") {
			for _, x := range special {
				if l.X > x-30 && l.X < x+70 {
					keep = false
				}
			}
		}
		if keep {
			out = append(out, l)
		}
	}
	v.labels = out
}

// mark draws line 0 or 480's mark at column x, across the lanes, and its label; it
// returns x.
func (v *TimelineView) mark(x, ln int) int {
	col, text := uint32(colLine0), "line 0"
	if ln != 0 {
		col, text = colVSync, "480 VSYNC"
	}
	for y := 0; y < v.H; y++ {
		i := y*v.W + x
		if y < tlAxisH {
			v.px[i] = le(col)
		} else {
			v.px[i] = le(blend(le(v.px[i]), col, 70))
		}
	}
	v.labels = append(v.labels, AxisLabel{X: x + 2, Text: text, Color: cssColor(col)})
	return x
}

// cssColor is an opaque 0xRRGGBBAA colour as CSS.
func cssColor(c uint32) string { return fmt.Sprintf("#%06x", c>>8) }

// SliceAt is the index in the timeline's slices of the call drawn at pixel (x, y), or -1.
// A call narrower than a pixel is drawn a pixel wide, so one within a pixel of x counts.
func (v *TimelineView) SliceAt(x, y float64) int {
	tl := v.tl
	if tl == nil {
		return -1
	}
	lane, depth, ok := v.depthAt(int(y))
	if !ok {
		return -1
	}
	c := v.cycleAt(x)
	tol := v.span / float64(v.W)
	best, bestDist := -1, math.Inf(1)
	for i := range tl.Slices {
		s := &tl.Slices[i]
		if min(int(s.Lane), 1) != lane || int(s.Depth) != depth {
			continue
		}
		var d float64
		switch {
		case c < float64(s.Start):
			d = float64(s.Start) - c
		case c >= float64(s.End):
			d = c - float64(s.End) + 1
		}
		if d <= tol && d < bestDist {
			best, bestDist = i, d
		}
	}
	return best
}

// depthAt is the lane and depth row at pixel row y.
func (v *TimelineView) depthAt(y int) (lane, depth int, ok bool) {
	for l := 0; l < 2; l++ {
		if y >= v.laneY[l] && y < v.laneY[l]+v.rows[l]*v.rowH {
			return l, (y - v.laneY[l]) / v.rowH, true
		}
	}
	return 0, 0, false
}

// Hover is the text for the pointer at pixel (x, y): the call there (its routine, address,
// inclusive cycles, first and last cycle and the lines it ran on), else the waiting or
// the line there; "" over nothing.
func (v *TimelineView) Hover(x, y float64) string {
	tl := v.tl
	if tl == nil || x < 0 || x >= float64(v.W) || y < 0 || y >= float64(v.H) {
		return ""
	}
	if i := v.SliceAt(x, y); i >= 0 {
		return v.SliceText(i)
	}
	c := v.cycleAt(x)
	if c < 0 || c >= float64(tl.Cycles) {
		return ""
	}
	off := uint32(c)
	for _, w := range tl.Waits {
		if off >= w.Start && off < w.End {
			return fmt.Sprintf("waiting · %s cycles\ncycles %s–%s of the frame · %s",
				num(uint64(w.End-w.Start)), num(uint64(w.Start)), num(uint64(w.End)), v.linesText(w.Start, w.End))
		}
	}
	return fmt.Sprintf("cycle %s of the frame · line %d", num(uint64(off)), v.line(off))
}

// SliceText describes slice i of the timeline: what the hover shows.
func (v *TimelineView) SliceText(i int) string {
	s := &v.tl.Slices[i]
	var b strings.Builder
	b.WriteString(v.names.Name(s.Routine))
	if a := s.Routine.Address(); a != "" {
		b.WriteString(" (" + a + ")")
	}
	if s.Lane != 0 {
		b.WriteString(" · interrupt")
	}
	fmt.Fprintf(&b, " · depth %d\ninclusive %s cycles", s.Depth, num(uint64(v.incl[i])))
	if n := s.End - s.Start; n != v.incl[i] {
		fmt.Fprintf(&b, " (%s with the interrupts in it)", num(uint64(n)))
	}
	fmt.Fprintf(&b, "\ncycles %s–%s of the frame · %s", num(uint64(s.Start)), num(uint64(s.End)), v.linesText(s.Start, s.End))
	if s.Flags&perf.SliceBefore != 0 {
		b.WriteString("\nbegan in an earlier frame")
	}
	if s.Flags&perf.SliceAfter != 0 {
		b.WriteString("\ngoes on into the next frame")
	}
	return b.String()
}

// linesText names the scanlines cycles [s, e) ran on.
func (v *TimelineView) linesText(s, e uint32) string {
	a, b := v.line(s), v.line(max(e, s+1)-1)
	if a == b {
		return fmt.Sprintf("line %d", a)
	}
	return fmt.Sprintf("lines %d–%d", a, b)
}
