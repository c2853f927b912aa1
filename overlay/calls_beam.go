package overlay

import (
	"x16scope/core"
	"x16scope/perf"
)

// The beam view: one frame's timeline laid out as the raster beam sweeps it, a row per
// scanline (525) and a column per CPU cycle of the line (256), each cycle in the colour of
// the routine innermost at that cycle. A line is 256 CPU cycles and a frame 525 lines
// (vera/timing.go), so the cycle c of the machine is pixel c % 134,400 of the image: row
// and column are where the beam was. Rows are the heatmap's lines in the heatmap's order
// (line 0 at the top), so shown at the heatmap's height the two line up, and a routine's
// run can be read against the lines whose VRAM traffic it made.

// Beam geometry: the columns are a line's CPU cycles, the rows the frame's lines.
const (
	beamW = core.CyclesPerLine
	beamH = Lines
)

// Tints of the beam view (out of 256).
const (
	beamIRQTint  = 96  // interrupts are their routine's colour mixed with red
	beamWaitKeep = 110 // waiting keeps this much of the colour (darker)
)

// BeamImage is frame tl's beam view as RGBA bytes, beamW x beamH (256 x 525): outside
// the frame's cycles the chart background, cycles outside any call grey, else the
// routine innermost at the cycle, an interrupt's tinted red (interrupts win over the
// program's calls they interrupted), cycles charged as waiting darker.
func BeamImage(tl *perf.Timeline) []byte {
	img := newImage32(beamW, beamH)
	drawBeam(&img, tl)
	return img.Pix
}

// drawBeam draws tl's beam view into img (beamW x beamH).
func drawBeam(img *image32, tl *perf.Timeline) {
	px := img.px
	bg := le(colBackground)
	for i := range px {
		px[i] = bg
	}
	if tl == nil {
		return
	}
	n := uint32(len(px))
	base := uint32(tl.StartCycle % uint64(n))
	end := min(tl.Cycles, n) // a longer frame (reset inside it) shows its first 525 lines
	// each calls fn with the runs of pixels that cycles [s, e) of the frame fall on: the
	// frame starts at VSYNC, line 480, so its cycles wrap past the image's last pixel.
	each := func(s, e uint32, fn func([]uint32)) {
		e = min(e, end)
		a := base + s
		if a >= n {
			a -= n
		}
		for s < e {
			run := min(e-s, n-a)
			fn(px[a : a+run])
			s += run
			a = 0
		}
	}
	fill := func(s, e uint32, c uint32) {
		each(s, e, func(run []uint32) {
			for i := range run {
				run[i] = c
			}
		})
	}
	fill(0, end, le(colOutside))
	// Slices come sorted by start, the outer of two that start together first (perf
	// sortSlices): drawn in that order an inner call always lands over its callers.
	colors := map[perf.RoutineKey]uint32{}
	color := func(k perf.RoutineKey, irq bool) uint32 {
		key := k
		if irq {
			key |= 1 << 31 // a kind bit no key uses: the tinted colour of k
		}
		c, ok := colors[key]
		if !ok {
			c = RoutineColor(k)
			if irq {
				c = blend(c, colIRQTint, beamIRQTint)
			}
			c = le(c)
			colors[key] = c
		}
		return c
	}
	for i := range tl.Slices {
		if s := &tl.Slices[i]; s.Lane == 0 {
			fill(s.Start, s.End, color(s.Routine, false))
		}
	}
	for _, w := range tl.Waits {
		each(w.Start, w.End, func(run []uint32) {
			for i, c := range run {
				run[i] = le(darken(le(c), beamWaitKeep))
			}
		})
	}
	for i := range tl.Slices {
		if s := &tl.Slices[i]; s.Lane != 0 {
			fill(s.Start, s.End, color(s.Routine, true))
		}
	}
}
