package overlay

// The per-frame bar chart (issue 6, item 3): one stacked bar per machine frame, work at the
// bottom (irq, each zone, other work), waiting on top, a budget line across, bars whose
// period overran drawn so they stand out. The chart is rendered into an RGBA buffer here,
// in plain Go, and the DOM side copies it to a canvas in one js.CopyBytesToJS.

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
)

// BarChart renders bars into a fixed-size RGBA buffer and remembers which frame each
// pixel column shows, so a click can be mapped back to a frame.
type BarChart struct {
	image32
	Columns []uint32 // frame number shown in each pixel column, 0 for none
}

// NewBarChart allocates a chart of w x h pixels.
func NewBarChart(w, h int) *BarChart {
	return &BarChart{image32: newImage32(w, h), Columns: make([]uint32, w)}
}

// Render draws bars (oldest first) with series colours colors (RGBA, one per series used),
// an axis from 0 to axisMax cycles, a budget line at budget cycles, and a marker on the
// selected frame. With more bars than columns, each column shows the worst bar it covers
// (most work; an overrun wins a tie), so an overrun never hides when zoomed out. With fewer,
// bars get equal whole-pixel widths and the newest sits at the right edge. Every pixel is
// written once, column by column.
func (c *BarChart) Render(bars []Bar, colors []uint32, axisMax, budget uint32, selected uint32) {
	if axisMax == 0 {
		axisMax = 1
	}
	budgetY := c.yOf(budget, axisMax)
	n := len(bars)
	for x := 0; x < c.W; x++ {
		var b *Bar
		gap := false
		switch {
		case n == 0:
		case n <= c.W:
			bw := c.W / n
			x0 := c.W - bw*n
			if x >= x0 {
				i := (x - x0) / bw
				b, gap = &bars[i], bw > 2 && x == x0+(i+1)*bw-1
			}
		default:
			lo, hi := x*n/c.W, (x+1)*n/c.W
			worst := lo
			for i := lo + 1; i < hi; i++ {
				if worse(&bars[i], &bars[worst]) {
					worst = i
				}
			}
			b = &bars[worst]
		}
		c.Columns[x] = 0
		if b != nil {
			c.Columns[x] = b.Frame
		}
		c.column(x, b, gap, colors, axisMax, budgetY, b != nil && selected != 0 && b.Frame == selected)
	}
}

// worse tells whether bar a should be shown instead of bar b in a shared column.
func worse(a, b *Bar) bool {
	if a.Over != b.Over {
		return a.Over
	}
	return a.Work > b.Work
}

// column writes pixel column x top to bottom as runs: background (tinted for an overrun)
// above the stack, then each series' segment; then the grid (in the background only), the
// budget line, the overrun cap and the selection mark on top. b is nil for an empty column;
// gap leaves a bar's last column empty (a 1-pixel gap between wide bars).
func (c *BarChart) column(x int, b *Bar, gap bool, colors []uint32, axisMax uint32, budgetY int, sel bool) {
	var tops [MaxSeries]int // tops[k]: first row of the k-th non-empty segment, bottom-up
	var cols [MaxSeries]uint32
	ns := 0
	bg := le(colBackground)
	over := false
	if b != nil && !gap {
		over = b.Over
		if over {
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
	px, w := c.px, c.W
	top := c.H
	if ns > 0 {
		top = tops[ns-1]
	}
	i := x
	y := 0
	for ; y < top; y, i = y+1, i+w {
		px[i] = bg
	}
	for k := ns - 1; k >= 0; k-- {
		end := c.H
		if k > 0 {
			end = tops[k-1]
		}
		col := cols[k]
		for ; y < end; y, i = y+1, i+w {
			px[i] = col
		}
	}
	if !over {
		for q := 1; q < 4; q++ {
			if gy := c.H - 1 - (c.H-1)*q/4; gy < top {
				px[gy*w+x] = le(colGrid)
			}
		}
	}
	if budgetY >= 0 && budgetY < c.H {
		px[budgetY*w+x] = le(colBudget)
	}
	switch {
	case over:
		for y := 0; y < 4 && y < c.H; y++ {
			px[y*w+x] = le(colOverMark) // a red cap at the top: visible even when the bar is short
		}
	case sel:
		for y := 0; y < 3 && y < c.H; y++ {
			px[y*w+x] = le(colSelected)
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
	return c.Columns[x]
}

// fill paints a whole image one colour (0xRRGGBBAA).
func fill(px []uint32, col uint32) {
	c := le(col)
	for i := range px {
		px[i] = c
	}
}
