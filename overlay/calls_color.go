package overlay

import "x16scope/perf"

// Routine colours for the call profile's views (the timeline, the beam view and the
// table's swatches). A routine keeps its colour from frame to frame and page to page: the
// colour is a hash of its key (entry address, bank, kind), not of its rank, so the same
// routine looks the same in every frame and after a label file renames it.

// RoutineColor is the colour (0xRRGGBBAA, opaque) the views give routine k.
func RoutineColor(k perf.RoutineKey) uint32 {
	switch k.Kind() {
	case perf.KeyIRQ:
		return 0xe04848ff
	case perf.KeyNMI:
		return 0xff8040ff
	case perf.KeyBRK:
		return 0xff40c0ff
	case perf.KeyOutside:
		return colOutside
	}
	// FNV-1a over the key's bytes, then a multiply to spread nearby addresses (the
	// routines of one program sit a few bytes apart) over the hue circle.
	h := uint32(2166136261)
	for i := range 4 {
		h = (h ^ uint32(k)>>(8*i)&0xff) * 16777619
	}
	h *= 0x9e3779b1
	hue := float64(h>>16&0xffff) / 65536 * 360
	// Two lightness and saturation levels, from other bits, tell apart routines whose hues
	// came out close.
	sat, light := 0.62, 0.55
	if h&0x100 != 0 {
		sat, light = 0.5, 0.66
	}
	return hsl(hue, sat, light)
}

// Colours of the call profile's views besides the routines'.
const (
	colOutside   = 0x30343cff // cycles outside any call
	colWaitBand  = 0x5a6f96ff // the waiting band, blended over the timeline
	colLaneSep   = 0x2a2f38ff // the line between the program's lane and the interrupts'
	colTick      = 0x5b6270ff // scanline ticks
	colTickText  = 0x8b93a1ff // their labels
	colVSync     = 0xffd23bff // line 480: the end of the visible lines, VSYNC
	colLine0     = 0x8fd0ffff // line 0: the first visible line
	colIRQTint   = 0xff3030ff // blended into interrupts' colours in the beam view
	colHighlight = 0xffffffff // the selected routine's slices are outlined in it
)

// hsl is the opaque RGBA colour of hue h (degrees), saturation s and lightness l (0-1).
func hsl(h, s, l float64) uint32 {
	c := (1 - abs(2*l-1)) * s
	hp := h / 60
	x := c * (1 - abs(mod2(hp)-1))
	var r, g, b float64
	switch {
	case hp < 1:
		r, g = c, x
	case hp < 2:
		r, g = x, c
	case hp < 3:
		g, b = c, x
	case hp < 4:
		g, b = x, c
	case hp < 5:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := l - c/2
	to := func(v float64) uint32 { return uint32(min(max((v+m)*255+0.5, 0), 255)) }
	return to(r)<<24 | to(g)<<16 | to(b)<<8 | 0xff
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// mod2 is v modulo 2 for v >= 0.
func mod2(v float64) float64 { return v - 2*float64(int(v/2)) }

// blend mixes colour b into a (both 0xRRGGBBAA) by w/256, opaque.
func blend(a, b uint32, w uint32) uint32 {
	ch := func(s uint) uint32 {
		x, y := a>>s&0xff, b>>s&0xff
		return (x*(256-w) + y*w) >> 8 << s
	}
	return ch(24) | ch(16) | ch(8) | 0xff
}

// darken scales a colour's channels by w/256.
func darken(a uint32, w uint32) uint32 { return blend(a, 0x000000ff, 256-w) }
