package vera

import (
	"encoding/binary"
	"math/bits"
)

// The per-line VRAM bus model (X16-HARDWARE.md 4.3-4.5, PROFILER.md 4): pure functions of
// the register state that drew a line. Counts are VRAM accesses (32-bit words, one bus slot
// each); sprite render time is wall clocks (VCLK), a different unit.

// LayerLineWords returns the VRAM words a layer fetches to render one line when it is the
// only layer on the bus: tile (or bitmap) words and map words, as the RTL's fetch state
// machine makes them (LineFetches, busfsm.go), the words it over-fetches past pixel 639
// included. HSCALE, VSCALE, VSCROLL and the map size don't change the count; a disabled
// layer makes no requests (its strobe is gated, top.v:700,706).
func LayerLineWords(l Layer, enabled bool) (tile, mapWords int) {
	f := LineFetches(l, Layer{}, enabled, false)[0]
	return f.Tile, f.Map
}

// Sprite renderer timing (sprite_renderer.v, X16-HARDWARE.md 4.4).
const (
	// spriteLastClock is the last clock of a line at which the sprite renderer works. Its
	// render_time_r counter runs 0..798 from line_render_start and the "done" compare
	// (== 798) only redirects the *next* state, so the clock at 798 still writes a pixel:
	// 799 usable clocks. X16-HARDWARE.md 4.4 calls this the 798-clock budget; we follow the
	// RTL to the clock.
	spriteLastClock = 798
	// spriteClockBudget is the number of usable clocks (0..spriteLastClock).
	spriteClockBudget = spriteLastClock + 1

	// From a sprite's match in the search to its first fetch request: match, load the low
	// attribute half, issue the request (4.4: 1 + 1 + 1).
	spriteStartClocks = 3
	// A word fetch takes 2 clocks uncontended (strobe + ack), then the renderer writes
	// pixels-per-word pixels, one per clock; fetch and pixel output don't overlap.
	spriteFetchClocks = 2
)

// SpriteLineCost returns the render clocks and VRAM words one sprite line costs: width 8,
// 16, 32 or 64 pixels at 4 bpp (8 pixels per word) or 8 bpp (4 per word).
// clocks = 3 + words x (2 + ppw) (table 4.4: 8 px 4 bpp = 13 clocks / 1 word).
func SpriteLineCost(width int, bpp8 bool) (clocks, words int) {
	ppw := spritePPW(bpp8)
	words = width >> 3 // width / ppw, as shifts: this runs for every sprite on every line
	if bpp8 {
		words = width >> 2
	}
	return spriteStartClocks + words*(spriteFetchClocks+ppw), words
}

func spritePPW(bpp8 bool) int {
	if bpp8 {
		return 4
	}
	return 8
}

// SpriteLine is the bus and time use of one line's sprites.
type SpriteLine struct {
	Visible int // sprites with Z != 0 that cover the line
	Words   int // VRAM words fetched (requests issued within the budget)
	Clocks  int // wall clocks until the last visible sprite is drawn (search included), capped at the 799-clock budget; 0 without visible sprites
	Dropped int // visible sprites not fully drawn (cut off or never started)
}

// SpriteLineBus computes the sprite renderer's schedule for source line lineIdx from the
// 1 KB sprite attribute table (VRAM $1FC00, 128 x 8 bytes). Sprites are fetched whether or
// not DC_VIDEO enables sprite display (the RTL's sprite strobe is not gated, top.v:712;
// X16-HARDWARE.md 4.1 [CONFLICT] with x16emu, which skips them).
func SpriteLineBus(attrs []byte, lineIdx int) SpriteLine {
	var p spritePlan
	p.findEnabled(attrs)
	p.plan(attrs, lineIdx)
	return p.total
}

// spritePlan is the schedule of one line: which sprites are visible, in index order, and
// the clock at which the search matched each of them.
type spritePlan struct {
	// enabled lists the sprites with Z != 0 in index order, so a line's search visits only
	// them (most programs use a few of the 128 slots). The renderer refreshes it when the
	// sprite attribute table changes (VERA.spritesDirty).
	enabled  [128]uint8
	nEnabled int

	// byLine[y] marks the enabled sprites that cover source line y (bit i%64 of word i/64
	// for sprite i), so a line visits only its own sprites instead of testing every enabled
	// one. It is built from the attribute table once the table has stayed unchanged from
	// one line to the next (byLineOK; see update), so a table rewritten on every line never
	// pays for building it.
	byLine   [cacheLines][2]uint64
	byLineOK bool
	stable   bool // the table has not changed since the previous line's update

	n     int
	idx   [128]uint8
	match [128]int32 // clock of the match (may lie past the budget: then it never starts)
	dy    [128]uint8 // line within the sprite, before V-flip
	drawn [128]uint8 // pixels drawn within the budget (spritePixelsDrawn)
	total SpriteLine

	// The search/render state machines while a line is planned.
	search, free int // next search clock; clock at which the renderer is idle
	next         int // the first slot the search has not examined
}

// update brings the plan's view of the attribute table up to date before a line: dirty
// says the table was written since the previous call.
func (p *spritePlan) update(attrs []byte, dirty bool) {
	if dirty {
		p.findEnabled(attrs)
		p.byLineOK, p.stable = false, false
		return
	}
	if !p.byLineOK && p.stable {
		p.buildByLine(attrs)
	}
	p.stable = true
}

// buildByLine fills byLine from the enabled sprites: sprite i covers the lines
// (Y + k) mod 1024 for k below its height (spriteOnLine).
func (p *spritePlan) buildByLine(attrs []byte) {
	_ = attrs[1023]
	p.byLine = [cacheLines][2]uint64{}
	for _, e := range p.enabled[:p.nEnabled] {
		i := int(e)
		a := attrs[8*i : 8*i+8]
		y := int(a[4]) | int(a[5]&3)<<8
		h := 8 << (a[7] >> 6)
		bit := uint64(1) << (i & 63)
		for k := range h {
			if l := (y + k) & 1023; l < cacheLines {
				p.byLine[l][i>>6] |= bit
			}
		}
	}
	p.byLineOK = true
}

// plan simulates the search/render state machines at clock level, uncontended (sprites
// have the lowest bus priority, so a busy bus only makes things later than this):
//   - the search examines one attribute entry per clock, sprite 0 at clock 0; an invisible
//     entry costs that clock, also while a sprite renders (the search runs ahead);
//   - a visible sprite is matched when the search reaches it and the renderer is idle; the
//     search examines the next entry 2 clocks after a match;
//   - the sprite then takes SpriteLineCost clocks, and the next match can be on the clock
//     after its last pixel.
func (p *spritePlan) plan(attrs []byte, lineIdx int) {
	_ = attrs[1023]
	p.n = 0
	p.total = SpriteLine{}
	p.search, p.free, p.next = 0, 0, 0
	if p.byLineOK && lineIdx >= 0 && lineIdx < cacheLines {
		// Only the sprites on this line, still in index order; every slot before the
		// last visible one costs a search clock either way.
		for w, m := range p.byLine[lineIdx] {
			for ; m != 0; m &= m - 1 {
				i := w<<6 | bits.TrailingZeros64(m)
				a := attrs[8*i : 8*i+8]
				dy, _ := spriteOnLine(a, lineIdx)
				p.visit(a, i, dy)
			}
		}
	} else {
		for _, e := range p.enabled[:p.nEnabled] {
			i := int(e)
			a := attrs[8*i : 8*i+8]
			if dy, ok := spriteOnLine(a, lineIdx); ok {
				p.visit(a, i, dy)
			}
		}
	}
	p.total.Visible = p.n
	// The search goes on after the last visible sprite (an empty line scans all 128 slots),
	// but nothing depends on that: the clocks that count are those until the last visible
	// sprite is drawn.
	p.total.Clocks = min(p.free, spriteClockBudget)
}

// visit schedules visible sprite i (attributes a, line dy within it): the slots since the
// last one examined cost a search clock each, then it is matched as soon as the renderer
// is free.
func (p *spritePlan) visit(a []byte, i, dy int) {
	p.search += i - p.next
	p.next = i + 1
	m := max(p.search, p.free)
	bpp8 := a[1]&0x80 != 0
	width := 8 << (a[7] >> 4 & 3)
	clocks, words := SpriteLineCost(width, bpp8)
	p.idx[p.n] = uint8(i)
	p.match[p.n] = int32(m)
	p.dy[p.n] = uint8(dy)
	p.free = m + clocks
	p.search = m + 2

	// The last pixel is written at m+clocks-1: when that is within the budget, every word
	// was fetched and every pixel drawn (the common case needs no division).
	if m+clocks-1 <= spriteLastClock {
		p.total.Words += words
		p.drawn[p.n] = uint8(width)
	} else {
		ppw := spritePPW(bpp8)
		p.total.Words += spriteWordsFetched(m, words, ppw)
		p.drawn[p.n] = uint8(spritePixelsDrawn(m, width, ppw))
		p.total.Dropped++
	}
	p.n++
}

// findEnabled lists the sprites whose Z is not 0.
func (p *spritePlan) findEnabled(attrs []byte) {
	_ = attrs[1023]
	p.nEnabled = 0
	for i := range 128 {
		if attrs[8*i+6]&0x0C != 0 {
			p.enabled[p.nEnabled] = uint8(i)
			p.nEnabled++
		}
	}
}

// spriteOnLine tells whether a sprite covers source line lineIdx and which of its lines it
// is: Y is 10 bits and the difference wraps modulo 1024 (sprite_renderer.v:91-93).
func spriteOnLine(a []byte, lineIdx int) (dy int, ok bool) {
	w := binary.LittleEndian.Uint32(a[4:8]) // Y low, Y high, flags/Z, size/palette
	if w&0x000C0000 == 0 {
		return 0, false // Z = 0: disabled (the common case for unused slots)
	}
	dy = (lineIdx - int(w&0x3FF)) & 1023
	return dy, dy < 8<<(w>>30) // inside the height
}

// spriteWordsFetched counts the word requests a sprite matched at clock m issues within the
// budget: word w is requested at m+2+w*(2+ppw).
func spriteWordsFetched(m, words, ppw int) int {
	first := m + spriteStartClocks - 1
	if first > spriteLastClock {
		return 0
	}
	return min(words, (spriteLastClock-first)/(spriteFetchClocks+ppw)+1)
}

// spritePixelsDrawn counts the pixels of a sprite matched at clock m that are written
// within the budget: pixel k is written at m+3+(k/ppw)*(2+ppw)+2+k%ppw.
func spritePixelsDrawn(m, width, ppw int) int {
	left := spriteLastClock - (m + spriteStartClocks + spriteFetchClocks)
	if left < 0 {
		return 0
	}
	per := spriteFetchClocks + ppw
	n := left/per*ppw + min(left%per+1, ppw)
	return min(n, width)
}
