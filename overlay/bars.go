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
	W, H    int
	Pix     []byte   // W x H x 4
	Columns []uint32 // frame number shown in each pixel column, 0 for none
}

// NewBarChart allocates a chart of w x h pixels.
func NewBarChart(w, h int) *BarChart {
	return &BarChart{W: w, H: h, Pix: make([]byte, w*h*4), Columns: make([]uint32, w)}
}

// Render draws bars (oldest first) with series colours colors (RGBA, one per series used),
// an axis from 0 to axisMax cycles, a budget line at budget cycles, and a marker on the
// selected frame. With more bars than columns, each column shows the worst bar it covers
// (most work; an overrun wins a tie), so an overrun never hides when zoomed out. With fewer,
// bars get equal whole-pixel widths and the newest sits at the right edge.
func (c *BarChart) Render(bars []Bar, colors []uint32, axisMax, budget uint32, selected uint32) {
	fill(c.Pix, colBackground)
	clear(c.Columns)
	if axisMax == 0 {
		axisMax = 1
	}
	// Quarter gridlines of the axis.
	for q := 1; q < 4; q++ {
		c.hline(c.H-1-(c.H-1)*q/4, colGrid)
	}
	n := len(bars)
	if n == 0 {
		c.hline(c.yOf(budget, axisMax), colBudget)
		return
	}
	if n <= c.W {
		bw := c.W / n
		x0 := c.W - bw*n
		for i := range bars {
			for x := x0 + i*bw; x < x0+(i+1)*bw; x++ {
				c.column(x, &bars[i], colors, axisMax, bw > 2 && x == x0+(i+1)*bw-1)
			}
		}
	} else {
		for x := 0; x < c.W; x++ {
			lo, hi := x*n/c.W, (x+1)*n/c.W
			worst := lo
			for i := lo + 1; i < hi; i++ {
				if worse(&bars[i], &bars[worst]) {
					worst = i
				}
			}
			c.column(x, &bars[worst], colors, axisMax, false)
		}
	}
	c.hline(c.yOf(budget, axisMax), colBudget)
	if selected != 0 {
		for x, f := range c.Columns {
			if f == selected {
				c.set(x, 0, colSelected)
				c.set(x, 1, colSelected)
				c.set(x, 2, colSelected)
			}
		}
	}
}

// worse tells whether bar a should be shown instead of bar b in a shared column.
func worse(a, b *Bar) bool {
	if a.Over != b.Over {
		return a.Over
	}
	return a.Work > b.Work
}

// column draws one bar into pixel column x; gap leaves the column empty (a 1-pixel gap
// between wide bars).
func (c *BarChart) column(x int, b *Bar, colors []uint32, axisMax uint32, gap bool) {
	c.Columns[x] = b.Frame
	if gap {
		return
	}
	if b.Over {
		for y := 0; y < c.H; y++ {
			c.set(x, y, colOverTint)
		}
	}
	var acc uint64
	yPrev := c.H // exclusive bottom of the next segment
	for s := 0; s < len(colors) && s < MaxSeries; s++ {
		if b.Segs[s] == 0 {
			continue
		}
		acc += uint64(b.Segs[s])
		y := c.yOf(uint32(min(acc, uint64(axisMax))), axisMax)
		for yy := y; yy < yPrev; yy++ {
			c.set(x, yy, colors[s])
		}
		yPrev = y
	}
	if b.Over {
		// A red cap at the top: visible even when the bar is short.
		for y := 0; y < 4 && y < c.H; y++ {
			c.set(x, y, colOverMark)
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

func (c *BarChart) hline(y int, col uint32) {
	if y < 0 || y >= c.H {
		return
	}
	for x := 0; x < c.W; x++ {
		c.set(x, y, col)
	}
}

func (c *BarChart) set(x, y int, col uint32) {
	i := (y*c.W + x) * 4
	c.Pix[i], c.Pix[i+1], c.Pix[i+2], c.Pix[i+3] = byte(col>>24), byte(col>>16), byte(col>>8), byte(col)
}

// fill paints a whole RGBA buffer one colour.
func fill(pix []byte, col uint32) {
	r, g, b, a := byte(col>>24), byte(col>>16), byte(col>>8), byte(col)
	for i := 0; i+3 < len(pix); i += 4 {
		pix[i], pix[i+1], pix[i+2], pix[i+3] = r, g, b, a
	}
}
