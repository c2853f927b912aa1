package overlay

// The scanline heatmap (issue 6, item 3): VRAM bus clocks per line, one pixel column per
// recent frame, lines top to bottom, 0-800 clocks (PROFILER.md section 4: the line's 800
// VERA clocks are the window that runs out). Clocks are 2 x accesses, a lower bound.
// Several lines share a pixel row; a row shows the busiest of its lines, so a peak line is
// never averaged away.

// LineBudget is a scanline's 800 VERA clocks.
const LineBudget = 800

// Lines is the number of VGA lines per frame.
const Lines = 525

// HeatMap renders per-line bus clocks of recent frames into an RGBA buffer. Like the bar
// chart it scrolls: a frame's column never changes once recorded, so Render shifts the image
// by the frames that arrived and draws only the new columns.
type HeatMap struct {
	image32      // W frames (columns), H rows
	LinesPerRow  int
	Columns      []uint32 // frame number per column, 0 for none
	colorOfClock [LineBudget + 2]uint32

	next     []uint32 // the render in progress: frame per column
	selected uint32   // selection at the last render
	valid    bool     // Columns describe the pixels (false before the first render)
}

// NewHeatMap makes a heatmap of w frame columns and rows of linesPerRow lines each.
func NewHeatMap(w, linesPerRow int) *HeatMap {
	h := (Lines + linesPerRow - 1) / linesPerRow
	m := &HeatMap{image32: newImage32(w, h), LinesPerRow: linesPerRow, Columns: make([]uint32, w),
		next: make([]uint32, w)}
	for c := 0; c <= LineBudget+1; c++ {
		m.colorOfClock[c] = le(heatColor(c))
	}
	return m
}

// Invalidate makes the next Render draw every column.
func (m *HeatMap) Invalidate() { m.valid = false }

// heatColor maps clocks to a colour: black at 0 through blue, cyan and yellow to white at
// 800; anything over the line's 800 clocks is magenta.
func heatColor(clocks int) uint32 {
	if clocks > LineBudget {
		return 0xff30ffff
	}
	if clocks <= 0 {
		return 0x000000ff
	}
	// Piecewise-linear ramp through these stops at 0, 200, 400, 600, 800 clocks.
	stops := [5][3]int{{0x10, 0x10, 0x18}, {0x20, 0x40, 0xd0}, {0x00, 0xc0, 0xd0}, {0xf0, 0xd0, 0x20}, {0xff, 0xff, 0xff}}
	seg := min(clocks/200, 3)
	t := clocks - seg*200
	var rgb [3]int
	for k := 0; k < 3; k++ {
		rgb[k] = stops[seg][k] + (stops[seg+1][k]-stops[seg][k])*t/200
	}
	return uint32(rgb[0])<<24 | uint32(rgb[1])<<16 | uint32(rgb[2])<<8 | 0xff
}

// Render draws frames (oldest first; each frame's clocks per line, Lines entries) right-
// aligned, newest at the right edge, and marks the selected frame's column. numbers are
// the frames' numbers (non-zero), which key the columns kept from the last render: a
// frame's clocks must not change. It returns the number of columns drawn.
func (m *HeatMap) Render(frames [][]uint16, numbers []uint32, selected uint32) int {
	n := min(len(frames), m.W)
	x0 := m.W - n
	for x := range m.next {
		m.next[x] = 0
		if x >= x0 {
			m.next[x] = numbers[len(frames)-n+(x-x0)]
		}
	}
	same := m.valid && selected == m.selected
	if same && n > 0 && m.Columns[m.W-1] != 0 {
		// Scroll by how far the newest frame moved (a guess: the keys decide what is drawn).
		if dx := int(m.next[m.W-1]) - int(m.Columns[m.W-1]); dx > 0 && dx < m.W {
			// One move of the whole buffer shifts every row (the pixels that wrap into the
			// row above land in the new columns, drawn below).
			copy(m.px, m.px[dx:])
			copy(m.Columns, m.Columns[dx:])
			for x := m.W - dx; x < m.W; x++ {
				m.Columns[x] = ^uint32(0)
			}
		}
	}
	drawn := 0
	for x, f := range m.next {
		// A frame numbered 0 is not the profiler's (it counts from 1): never kept.
		if same && f == m.Columns[x] && (f != 0 || x < x0) {
			continue
		}
		m.Columns[x] = f
		var src []uint16
		if x >= x0 {
			src = frames[len(frames)-n+(x-x0)]
		}
		m.drawColumn(x, src, src != nil && selected != 0 && f == selected)
		drawn++
	}
	m.selected, m.valid = selected, true
	return drawn
}

// drawColumn writes column x: each row shows the busiest of its lines (src nil: an empty
// column); a selected column has every other row white, and its top and bottom
// selCapRows rows all white, so it stands out even where the picture is pale.
func (m *HeatMap) drawColumn(x int, src []uint16, sel bool) {
	px, w, lpr := m.px, m.W, m.LinesPerRow
	bg := le(colBackground)
	if lpr == 3 && len(src) == Lines && !sel {
		// The overlay's case, 3 lines a row, without bounds checks in the loop: this runs
		// for every new frame's column, in wasm.
		f := (*[Lines]uint16)(src)
		for row := 0; row < Lines/3; row++ {
			peak := max(f[3*row], f[3*row+1], f[3*row+2])
			px[x+row*w] = m.colorOfClock[min(int(peak), LineBudget+1)]
		}
		return
	}
	for row, i := 0, x; row < m.H && i < len(px); row, i = row+1, i+w {
		c := bg
		if lo := row * lpr; lo < len(src) {
			var peak uint16
			for _, v := range src[lo:min(lo+lpr, len(src))] {
				peak = max(peak, v)
			}
			c = m.colorOfClock[min(int(peak), LineBudget+1)]
		}
		if sel && (row%2 == 0 || row < selCapRows || row >= m.H-selCapRows) {
			c = le(colSelected)
		}
		px[i] = c
	}
}

// FrameAt is the frame shown in column x (0 if none).
func (m *HeatMap) FrameAt(x int) uint32 {
	if x < 0 || x >= m.W {
		return 0
	}
	return m.Columns[x]
}

// Client colours of the per-line split.
var clientColors = [4]uint32{0x4f8fd6ff, 0x5ad17aff, 0xe0a030ff, 0xd05ad0ff} // layer 0, layer 1, sprites, CPU port

// LineSplit renders one frame's per-line bus clocks split by client (layer 0, layer 1,
// sprites, CPU port) as horizontal stacked bars, 0-800 clocks across, lines down. Rows
// that cover several lines show the busiest one. A row is drawn again only when the line it
// shows has different figures than at the last render: a steady picture costs no drawing.
type LineSplit struct {
	image32
	LinesPerRow int
	shown       [][4]uint16 // per row: the figures drawn
	valid       bool        // shown describes the pixels
	blank       bool        // the pixels are the "no figures" hatching (Blank)
}

// NewLineSplit makes a split chart w pixels wide for 0-800 clocks.
func NewLineSplit(w, linesPerRow int) *LineSplit {
	h := (Lines + linesPerRow - 1) / linesPerRow
	return &LineSplit{image32: newImage32(w, h), LinesPerRow: linesPerRow, shown: make([][4]uint16, h)}
}

// Render draws lines (Lines entries of [layer0, layer1, sprites, cpu] clocks). It returns
// the rows drawn, y0 up to y1 (exclusive; y0 == y1 when nothing changed).
func (s *LineSplit) Render(lines [][4]uint16) (y0, y1 int) {
	y0, y1 = s.H, 0
	for row := 0; row < s.H; row++ {
		var best [4]uint16
		bestTotal := 0
		for l := row * s.LinesPerRow; l < min((row+1)*s.LinesPerRow, len(lines)); l++ {
			t := int(lines[l][0]) + int(lines[l][1]) + int(lines[l][2]) + int(lines[l][3])
			if t > bestTotal {
				best, bestTotal = lines[l], t
			}
		}
		if s.valid && best == s.shown[row] {
			continue
		}
		s.shown[row] = best
		s.drawRow(row, best, bestTotal)
		y0, y1 = min(y0, row), row+1
	}
	s.valid, s.blank = true, false
	if y1 == 0 {
		return 0, 0
	}
	return y0, y1
}

// drawRow writes one row: each client's clocks as a run of its colour from the left, the
// background after them, a guide at 400 clocks (under the runs) and a red mark at the right
// edge when the line is over its 800 clocks.
func (s *LineSplit) drawRow(row int, clocks [4]uint16, total int) {
	px := s.px[row*s.W : (row+1)*s.W]
	x, acc := 0, 0
	for k := 0; k < 4; k++ {
		acc += int(clocks[k])
		end := min(acc*s.W/LineBudget, s.W)
		c := le(clientColors[k])
		for ; x < end; x++ {
			px[x] = c
		}
	}
	bg := le(colBackground)
	for i := x; i < s.W; i++ {
		px[i] = bg
	}
	if x <= s.W/2 {
		px[s.W/2] = le(colGrid)
	}
	if total > LineBudget {
		px[s.W-1] = le(colOverMark)
	}
}

// Blank shows that there are no figures to show (a selected frame too old for its lines to
// be kept): diagonal hatching, unlike any frame's split (an idle line is plain background
// with the 400-clock guide). It returns the rows drawn, as Render does: all of them the
// first time, none while already blank.
func (s *LineSplit) Blank() (y0, y1 int) {
	if s.blank {
		return 0, 0
	}
	bg, hatch := le(colBackground), le(colGrid)
	for row := 0; row < s.H; row++ {
		px := s.px[row*s.W : (row+1)*s.W]
		for x := range px {
			px[x] = bg
			if (x+row)%blankHatch == 0 {
				px[x] = hatch
			}
		}
	}
	// The next Render draws every row: none of them shows figures now.
	s.valid, s.blank = false, true
	return 0, s.H
}

// blankHatch is the spacing in pixels of Blank's diagonal lines.
const blankHatch = 6
