package vera

import "encoding/binary"

// The per-line VRAM bus model (X16-HARDWARE.md 4.3-4.5, PROFILER.md 4): pure functions of
// the register state that drew a line. Counts are VRAM accesses (32-bit words, one bus slot
// each); sprite render time is wall clocks (VCLK), a different unit.

// LayerLineWords returns the VRAM words a layer fetches to render one line: tile (or bitmap)
// words and map words, per the RTL's layer_renderer.v FSM (table 4.3). A disabled layer
// makes no requests (its strobe is gated, top.v:700,706). HSCALE and VSCALE don't change the
// per-line cost: the layer always renders 640+s pixels (s = fine scroll, 0 for bitmaps).
// The 1-3 words the FSM over-fetches past pixel 639 are not counted (4.3 "over-fetch
// excluded"), so the figures match the table exactly.
func LayerLineWords(l Layer, enabled bool) (tile, mapWords int) {
	if !enabled {
		return 0, 0
	}
	g := decodeLayer(&l)
	if g.bitmap {
		// 640 pixels at 32/16/8/4 pixels per word: 20/40/80/160 words, 320 or 640 wide.
		return ScreenWidth << g.depth >> 5, 0
	}
	s := g.fineScroll(&l)
	t := g.tilesPerLine(s)
	// Words per tile row: tile width x bpp / 32, at least one (a 1 bpp or 8-wide 2 bpp row
	// is part of a word, which is fetched whole).
	wpl := g.tileW << g.depth >> 5
	if wpl == 0 {
		wpl = 1
	}
	// One 32-bit map word holds two entries. The FSM fetches one at line start and then
	// again before each tile whose map column is even (layer_renderer.v:300-309), so the
	// count depends on the parity of the first column: 40 or 41 for 80 8-wide tiles.
	col0 := (int(l.HScroll) & 0xFFF) >> (3 + int(l.TileBase&1))
	mapWords = 1 + (t-1+(col0&1))/2
	return t * wpl, mapWords
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
	words = width / ppw
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

	n     int
	idx   [128]uint8
	match [128]int32 // clock of the match (may lie past the budget: then it never starts)
	dy    [128]uint8 // line within the sprite, before V-flip
	total SpriteLine
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
	search, free := 0, 0 // next search clock; clock at which the renderer is idle
	next := 0            // the first slot the search has not examined
	for _, e := range p.enabled[:p.nEnabled] {
		i := int(e)
		search += i - next // disabled slots in between: one clock each
		next = i + 1
		a := attrs[8*i : 8*i+8]
		dy, ok := spriteOnLine(a, lineIdx)
		if !ok {
			search++
			continue
		}
		m := max(search, free)
		clocks, words := SpriteLineCost(8<<(a[7]>>4&3), a[1]&0x80 != 0)
		p.idx[p.n] = uint8(i)
		p.match[p.n] = int32(m)
		p.dy[p.n] = uint8(dy)
		p.n++
		free = m + clocks
		search = m + 2

		ppw := spritePPW(a[1]&0x80 != 0)
		p.total.Words += spriteWordsFetched(m, words, ppw)
		if spritePixelsDrawn(m, words*ppw, ppw) < words*ppw {
			p.total.Dropped++
		}
	}
	p.total.Visible = p.n
	// The search goes on after the last visible sprite (an empty line scans all 128 slots),
	// but nothing depends on that: the clocks that count are those until the last visible
	// sprite is drawn.
	p.total.Clocks = min(free, spriteClockBudget)
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
