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

// HeatMap renders per-line bus clocks of recent frames into an RGBA buffer.
type HeatMap struct {
	image32      // W frames (columns), H rows
	LinesPerRow  int
	Columns      []uint32 // frame number per column, 0 for none
	colorOfClock [LineBudget + 2]uint32

	// A frame's column never changes once recorded, so its colours are computed once and
	// kept (by frame number) while the frame is on screen.
	cacheFrame []uint32
	cache      []uint32 // W columns x H rows of RGBA
}

// NewHeatMap makes a heatmap of w frame columns and rows of linesPerRow lines each.
func NewHeatMap(w, linesPerRow int) *HeatMap {
	h := (Lines + linesPerRow - 1) / linesPerRow
	m := &HeatMap{image32: newImage32(w, h), LinesPerRow: linesPerRow, Columns: make([]uint32, w),
		cacheFrame: make([]uint32, w), cache: make([]uint32, w*h)}
	for c := 0; c <= LineBudget+1; c++ {
		m.colorOfClock[c] = le(heatColor(c))
	}
	return m
}

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
// the frames' numbers, which key the column cache: a frame's clocks must not change.
func (m *HeatMap) Render(frames [][]uint16, numbers []uint32, selected uint32) {
	n := min(len(frames), m.W)
	x0 := m.W - n
	for x := 0; x < m.W; x++ {
		var col []uint32
		m.Columns[x] = 0
		if x >= x0 {
			k := len(frames) - n + (x - x0)
			f := numbers[k]
			m.Columns[x] = f
			slot := int(f) % m.W
			col = m.cache[slot*m.H : (slot+1)*m.H]
			if m.cacheFrame[slot] != f || f == 0 {
				m.fillColumn(col, frames[k])
				m.cacheFrame[slot] = f
			}
		}
		sel := col != nil && selected != 0 && m.Columns[x] == selected
		for row, i := 0, x; row < m.H; row, i = row+1, i+m.W {
			c := le(colBackground)
			if col != nil {
				c = col[row]
			}
			if sel && row%2 == 0 {
				c = le(colSelected)
			}
			m.px[i] = c
		}
	}
}

// fillColumn computes one frame's row colours: each row shows its busiest line.
func (m *HeatMap) fillColumn(col []uint32, src []uint16) {
	for row := range col {
		peak := 0
		for l := row * m.LinesPerRow; l < min((row+1)*m.LinesPerRow, len(src)); l++ {
			peak = max(peak, int(src[l]))
		}
		col[row] = m.colorOfClock[min(peak, LineBudget+1)]
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
// that cover several lines show the busiest one.
type LineSplit struct {
	image32
	LinesPerRow int
}

// NewLineSplit makes a split chart w pixels wide for 0-800 clocks.
func NewLineSplit(w, linesPerRow int) *LineSplit {
	h := (Lines + linesPerRow - 1) / linesPerRow
	return &LineSplit{image32: newImage32(w, h), LinesPerRow: linesPerRow}
}

// Render draws lines (Lines entries of [layer0, layer1, sprites, cpu] clocks).
func (s *LineSplit) Render(lines [][4]uint16) {
	fill(s.px, colBackground)
	// The 800-clock budget is the right edge; mark 400 as a guide.
	for row := 0; row < s.H; row++ {
		s.set(s.W/2, row, colGrid)
		best, bestTotal := -1, -1
		for l := row * s.LinesPerRow; l < min((row+1)*s.LinesPerRow, len(lines)); l++ {
			t := int(lines[l][0]) + int(lines[l][1]) + int(lines[l][2]) + int(lines[l][3])
			if t > bestTotal {
				best, bestTotal = l, t
			}
		}
		if best < 0 || bestTotal == 0 {
			continue
		}
		x := 0
		acc := 0
		for k := 0; k < 4; k++ {
			acc += int(lines[best][k])
			end := min(acc*s.W/LineBudget, s.W)
			for ; x < end; x++ {
				s.set(x, row, clientColors[k])
			}
		}
		if bestTotal > LineBudget {
			s.set(s.W-1, row, colOverMark)
		}
	}
}

func (s *LineSplit) set(x, y int, col uint32) { s.px[y*s.W+x] = le(col) }
