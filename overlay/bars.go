package overlay

// The per-frame bar chart (issue 6, item 3): one stacked bar per machine frame, work at the
// bottom (irq, each zone, other work), waiting on top, a budget line across, bars whose
// period overran drawn so they stand out. The chart is rendered into an RGBA buffer here,
// in plain Go, and the DOM side copies the columns that changed to a canvas in one
// js.CopyBytesToJS.

// MaxSeries is the number of stacked series a bar can have (irq, up to 9 zones, other,
// waiting).
const MaxSeries = 12

// Bar is one frame's cycles split by series, bottom to top.
type Bar struct {
	Frame uint32
	Segs  [MaxSeries]uint32
	Work  uint32 // work cycles: what the worst-frame choice compares
	Over  bool   // a period that closed in this frame overran its budget
	Reset bool   // the frame contains a reset or began before profiling (partial)
}

// Colours (RGBA, opaque) of the chart.
const (
	colBackground = 0x0b0c0fff
	colGrid       = 0x1d2129ff
	colBudget     = 0xffd23bff
	colOverMark   = 0xff4040ff
	colOverTint   = 0x3a1216ff
	colSelected   = 0xffffffff
	colSelTint    = 0x2c3a5cff // background of the selected frame's column, above its bar
	selCapRows    = 6          // height of the selected frame's white cap
)

// BarChart renders bars into a fixed-size RGBA buffer and remembers which frame each
// pixel column shows, so a click can be mapped back to a frame.
//
// The chart scrolls. A frame's bar never changes once recorded, so a column's pixels
// depend only on which frames it shows (its key) and on the render parameters, not on
// where it is. Render moves the image left by the columns the newest frame moved (one
// memmove of the whole buffer: a row's left shift is the whole buffer's, the few pixels
// that wrap into the row above land in columns drawn anyway), then draws only the columns
// whose key differs from what moved there: per displayed frame that is the new bars, not
// the whole 600x150 image (issue 6: the overlay's cost per displayed frame).
type BarChart struct {
	image32
	Scroll int // virtual column at the left edge: grows by the columns the chart scrolled

	keys   []colKey // per column: what it shows
	frames []uint32 // per column: the frame it shows, 0 for none
	next   []colKey // the render in progress: key per column
	params barParams
	unit   int  // layout of the last render: bw > 0 columns a bar, -g frames a column
	valid  bool // keys describe the pixels (false before the first render)
}

// colKey is what a pixel column shows: frames lo..hi (lo 0: nothing), and whether it is a
// wide bar's empty last column.
type colKey struct {
	lo, hi uint32
	gap    bool
}

// staleKey marks a column whose pixels must be drawn (moved in from past the right edge).
var staleKey = colKey{lo: ^uint32(0)}

// barParams are the render inputs every column depends on.
type barParams struct {
	axisMax, budget, selected uint32
	ncolors                   int
	colors                    [MaxSeries]uint32
}

// NewBarChart allocates a chart of w x h pixels.
func NewBarChart(w, h int) *BarChart {
	return &BarChart{image32: newImage32(w, h), keys: make([]colKey, w), frames: make([]uint32, w), next: make([]colKey, w)}
}

// Invalidate makes the next Render draw every column (for bars that changed under the
// same frame numbers, e.g. a new zone list).
func (c *BarChart) Invalidate() { c.valid = false }

// Render draws bars (oldest first, consecutive frame numbers) with series colours colors
// (RGBA, one per series used), an axis from 0 to axisMax cycles, a budget line at budget
// cycles, and a marker on the selected frame. With more bars than columns, each column
// shows the worst of g = ceil(bars/columns) consecutive frames (most work; an overrun wins
// a tie), so an overrun never hides when zoomed out; the groups are aligned to frame
// numbers ((frame-1)/g), so a column keeps its frames while the chart scrolls. With fewer,
// bars get equal whole-pixel widths and the newest sits at the right edge. It returns the
// number of columns drawn; the others already showed what they must.
func (c *BarChart) Render(bars []Bar, colors []uint32, axisMax, budget uint32, selected uint32) int {
	if axisMax == 0 {
		axisMax = 1
	}
	p := barParams{axisMax: axisMax, budget: budget, selected: selected, ncolors: min(len(colors), MaxSeries)}
	copy(p.colors[:], colors)
	n := len(bars)
	// Columns are keyed by virtual frame numbers, first + index into bars: the real ones
	// when bars are numbered consecutively from 1 up (the profiler's), else no column is
	// kept from the last render.
	var first, newest uint32 = 1, 0
	consecutive := true
	if n > 0 {
		first = max(bars[0].Frame, 1)
		newest = first + uint32(n-1)
		consecutive = bars[0].Frame == first && bars[n-1].Frame == newest
	}
	scroll, unit := c.layout(n, first, newest)

	same := c.valid && consecutive && p == c.params
	if dx := scroll - c.Scroll; same && unit == c.unit && dx > 0 && dx < c.W {
		copy(c.px, c.px[dx:])
		copy(c.keys, c.keys[dx:])
		copy(c.frames, c.frames[dx:])
		for x := c.W - dx; x < c.W; x++ {
			c.keys[x] = staleKey
		}
	}
	budgetY := c.yOf(budget, axisMax)
	drawn := 0
	for x := 0; x < c.W; {
		k := c.next[x]
		if same && k == c.keys[x] {
			x++
			continue
		}
		// The run of columns from x that show the same and need drawing.
		end := x + 1
		for end < c.W && c.next[end] == k && (!same || c.keys[end] != k) {
			end++
		}
		var b *Bar
		if k.lo != 0 {
			lo, hi := int(k.lo-first), int(k.hi-first)
			worst := lo
			for i := lo + 1; i <= hi; i++ {
				if worse(&bars[i], &bars[worst]) {
					worst = i
				}
			}
			b = &bars[worst]
		}
		f := uint32(0)
		if b != nil {
			f = b.Frame
		}
		for i := x; i < end; i++ {
			c.keys[i], c.frames[i] = k, f
		}
		// Zoomed out, the column of the selected frame is marked whichever of its frames is
		// the worst (the frame on the screen after a seek need not be).
		c.columns(x, end, b, k.gap, colors, axisMax, budgetY, b != nil && selected != 0 && selected >= k.lo && selected <= k.hi)
		drawn += end - x
		x = end
	}
	c.Scroll, c.unit, c.params, c.valid = scroll, unit, p, consecutive
	return drawn
}

// layout fills c.next with the key of each column for n bars numbered first..newest, and
// returns the virtual column at the left edge (the newest column's virtual number grows by
// the columns the chart scrolls) and the layout unit (see BarChart.unit).
func (c *BarChart) layout(n int, first, newest uint32) (scroll, unit int) {
	switch {
	case n == 0:
		clear(c.next)
		return 0, 0
	case n <= c.W:
		bw := c.W / n
		x0 := c.W - bw*n
		for x := range c.next {
			if x < x0 {
				c.next[x] = colKey{}
				continue
			}
			i := (x - x0) / bw
			f := first + uint32(i)
			c.next[x] = colKey{lo: f, hi: f, gap: bw > 2 && x == x0+(i+1)*bw-1}
		}
		return int(newest)*bw + bw - c.W, bw // the newest bar's last column is Scroll + W - 1
	default:
		g := uint32((n + c.W - 1) / c.W)
		gNew := int((newest - 1) / g)
		for x := range c.next {
			c.next[x] = colKey{}
			grp := gNew - (c.W - 1 - x)
			if grp < 0 {
				continue
			}
			lo := max(uint32(grp)*g+1, first)
			hi := min(uint32(grp)*g+g, newest)
			if lo <= hi {
				c.next[x] = colKey{lo: lo, hi: hi}
			}
		}
		return gNew + 1 - c.W, -int(g)
	}
}

// worse tells whether bar a should be shown instead of bar b in a shared column.
func worse(a, b *Bar) bool {
	if a.Over != b.Over {
		return a.Over
	}
	return a.Work > b.Work
}

// columns writes pixel columns x0 up to x1, which show the same thing, top to bottom as
// runs: background (tinted for an overrun) above the stack, then each series' segment;
// then the grid (in the background only), the budget line, the overrun cap and the
// selection mark on top. b is nil for empty columns; gap leaves a bar's last column empty
// (a 1-pixel gap between wide bars). A wide bar's columns are written together, row by
// row, which in wasm costs little more than one column.
func (c *BarChart) columns(x0, x1 int, b *Bar, gap bool, colors []uint32, axisMax uint32, budgetY int, sel bool) {
	var tops [MaxSeries]int // tops[k]: first row of the k-th non-empty segment, bottom-up
	var cols [MaxSeries]uint32
	ns := 0
	bg := le(colBackground)
	over := false
	if b != nil && !gap {
		over = b.Over
		switch {
		case sel:
			bg = le(colSelTint)
		case over:
			bg = le(colOverTint)
		}
		var acc uint64
		for s := 0; s < len(colors) && s < MaxSeries; s++ {
			if b.Segs[s] == 0 {
				continue
			}
			acc += uint64(b.Segs[s])
			tops[ns] = c.yOf(uint32(min(acc, uint64(axisMax))), axisMax)
			cols[ns] = le(colors[s])
			ns++
		}
	}
	top := c.H
	if ns > 0 {
		top = tops[ns-1]
	}
	c.fill(x0, x1, 0, top, bg)
	for k := ns - 1; k >= 0; k-- {
		end := c.H
		if k > 0 {
			end = tops[k-1]
		}
		c.fill(x0, x1, tops[k], end, cols[k])
	}
	if !over && !sel {
		for q := 1; q < 4; q++ {
			if gy := c.H - 1 - (c.H-1)*q/4; gy < top {
				c.fill(x0, x1, gy, gy+1, le(colGrid))
			}
		}
	}
	if budgetY >= 0 && budgetY < c.H {
		c.fill(x0, x1, budgetY, budgetY+1, le(colBudget))
	}
	// Caps at the top, visible however short the bar: red for an overrun, and below it a
	// white one for the selected frame, whose background is tinted too (the frame Next
	// overrun selects is usually an overrun, and must still look selected).
	capY := 0
	if over {
		c.fill(x0, x1, 0, min(4, c.H), le(colOverMark))
		capY = 4
	}
	if sel {
		c.fill(x0, x1, min(capY, c.H), min(capY+selCapRows, c.H), le(colSelected))
	}
}

// fill paints rows y0 up to y1 of columns x0 up to x1 one colour.
func (c *BarChart) fill(x0, x1, y0, y1 int, col uint32) {
	w := c.W
	if x1 == x0+1 {
		for i := y0*w + x0; i < y1*w+x0; i += w {
			c.px[i] = col
		}
		return
	}
	for y := y0; y < y1; y++ {
		row := c.px[y*w+x0 : y*w+x1]
		for i := range row {
			row[i] = col
		}
	}
}

// yOf maps cycles to a pixel row (0 at the top). A non-zero value is at least one pixel tall.
func (c *BarChart) yOf(v, axisMax uint32) int {
	h := int(uint64(v) * uint64(c.H) / uint64(axisMax))
	if v > 0 && h == 0 {
		h = 1
	}
	return max(c.H-h, 0)
}

// FrameAt is the frame shown at pixel column x (0 if none).
func (c *BarChart) FrameAt(x int) uint32 {
	if x < 0 || x >= c.W {
		return 0
	}
	return c.frames[x]
}
