package vera_test

import (
	"testing"

	"x16scope/vera"
)

// The fetch state machine's accesses for one line, as layer_renderer.v at v47.0.2 makes
// them: the words X16-HARDWARE.md 4.3's table needs for 640 (+ fine scroll) pixels, plus
// the over-fetch past pixel 639. The machine stops only in RENDER once the line buffer
// index reaches 640, and fetches one word ahead of the pixels, so it has fetched one or
// two more tile words by then, and the map word of the next column when that column starts
// a new map word (for 80x60 text: map + tile for column 80, tile for column 81).
func TestLineFetchesRTLFigures(t *testing.T) {
	for _, c := range []struct {
		name string
		l    vera.Layer
		want int
	}{
		// The RTL's figures: 80x60 text 123 (120 in the table), 8 bpp bitmap 162 (160),
		// 8 bpp 8-wide tiles 202 (200).
		{"80x60 text", vera.Layer{Config: 0x00}, 123},
		{"8 bpp bitmap", vera.Layer{Config: 0x07}, 162},
		{"8 bpp 8-wide tiles", vera.Layer{Config: 0x03}, 202},
	} {
		if f := vera.LineFetches(c.l, vera.Layer{}, true, false)[0]; f.Total() != c.want {
			t.Errorf("%s: %d accesses (%d + %d map), want %d", c.name, f.Total(), f.Tile, f.Map, c.want)
		}
	}
	// Two layers share the bus, layer 0 first: each still completes its line here, and
	// a disabled layer costs the other nothing.
	both := vera.LineFetches(vera.Layer{Config: 0x03}, vera.Layer{Config: 0x00, HScroll: 3}, true, true)
	if both[0].Total() != 202 || both[1].Total() != 123 {
		t.Errorf("8 bpp tiles + text: %+v, want 202 and 123", both)
	}
	if off := vera.LineFetches(vera.Layer{Config: 0x03}, vera.Layer{Config: 0x07}, true, false); off[1].Total() != 0 || off[0].Total() != 202 {
		t.Errorf("layer 1 disabled: %+v", off)
	}
}

// Layer fetches per line for every mode, the fine-scroll and odd-column cases: the table's
// words plus the over-fetch (TestLineFetchesRTLFigures).
func TestLayerLineWordsTable(t *testing.T) {
	const (
		w16 = 0x01 // TILEBASE bit 0: 16-wide tiles (bitmap: 640 wide)
		h16 = 0x02
	)
	cases := []struct {
		name       string
		l          vera.Layer
		enabled    bool
		tile, map_ int
	}{
		{"1bpp 8-wide (80x60 text)", vera.Layer{Config: 0x00}, true, 82, 41},
		{"1bpp 16-wide", vera.Layer{Config: 0x00, TileBase: w16}, true, 42, 21},
		{"2bpp 8-wide", vera.Layer{Config: 0x01}, true, 82, 41},
		{"2bpp 16-wide", vera.Layer{Config: 0x01, TileBase: w16}, true, 42, 21},
		{"4bpp 8-wide", vera.Layer{Config: 0x02}, true, 82, 41},
		{"4bpp 16-wide", vera.Layer{Config: 0x02, TileBase: w16}, true, 82, 21},
		{"8bpp 8-wide", vera.Layer{Config: 0x03}, true, 161, 41},
		{"8bpp 16-wide", vera.Layer{Config: 0x03, TileBase: w16}, true, 161, 21},
		{"bitmap 1bpp", vera.Layer{Config: 0x04}, true, 22, 0},
		{"bitmap 2bpp", vera.Layer{Config: 0x05}, true, 42, 0},
		{"bitmap 4bpp", vera.Layer{Config: 0x06}, true, 82, 0},
		{"bitmap 8bpp 320", vera.Layer{Config: 0x07}, true, 162, 0},
		{"bitmap 8bpp 640", vera.Layer{Config: 0x07, TileBase: w16}, true, 162, 0},

		// Tile height, T256C, map size, VSCROLL and bitmap "HSCROLL" (palette offset)
		// don't change the count.
		{"8bpp 8x16, 256x256 map, vscroll", vera.Layer{Config: 0xFB, TileBase: h16, VScroll: 77}, true, 161, 41},
		{"bitmap 4bpp with palette offset", vera.Layer{Config: 0x06, HScroll: 0xF00}, true, 82, 0},

		// Fine scroll adds one tile (641-647 pixels), and its map entry: 81 tiles.
		// Columns 0..80 starting even: map words at start + before columns 2,4..80 = 41.
		{"8bpp 8-wide, hscroll 3", vera.Layer{Config: 0x03, HScroll: 3}, true, 162, 41},
		{"1bpp 8-wide, hscroll 7", vera.Layer{Config: 0x00, HScroll: 7}, true, 82, 41},
		{"4bpp 16-wide, hscroll 15", vera.Layer{Config: 0x02, TileBase: w16, HScroll: 15}, true, 83, 21},
		// Coarse scroll by an odd column: the first word is used for one tile only, so the
		// line needs one more map word (41 instead of 40).
		{"1bpp 8-wide, hscroll 8", vera.Layer{Config: 0x00, HScroll: 8}, true, 82, 42},
		{"8bpp 16-wide, hscroll 16", vera.Layer{Config: 0x03, TileBase: w16, HScroll: 16}, true, 162, 21},
		{"8bpp 16-wide, hscroll 32", vera.Layer{Config: 0x03, TileBase: w16, HScroll: 32}, true, 161, 21},
		// Odd column and a fine scroll: still 41 (81 tiles, columns odd..odd).
		{"1bpp 8-wide, hscroll 9", vera.Layer{Config: 0x00, HScroll: 9}, true, 82, 42},

		// A disabled layer fetches nothing.
		{"disabled 8bpp", vera.Layer{Config: 0x03}, false, 0, 0},
		{"disabled bitmap", vera.Layer{Config: 0x07}, false, 0, 0},
	}
	for _, c := range cases {
		tile, m := vera.LayerLineWords(c.l, c.enabled)
		if tile != c.tile || m != c.map_ {
			t.Errorf("%s: %d tile + %d map words, want %d + %d", c.name, tile, m, c.tile, c.map_)
		}
	}
}

// Sprite line cost, X16-HARDWARE.md 4.4 table.
func TestSpriteLineCostTable(t *testing.T) {
	cases := []struct {
		width         int
		bpp8          bool
		clocks, words int
	}{
		{8, false, 13, 1}, {16, false, 23, 2}, {32, false, 43, 4}, {64, false, 83, 8},
		{8, true, 15, 2}, {16, true, 27, 4}, {32, true, 51, 8}, {64, true, 99, 16},
	}
	for _, c := range cases {
		clocks, words := vera.SpriteLineCost(c.width, c.bpp8)
		if clocks != c.clocks || words != c.words {
			t.Errorf("width %d bpp8 %v: %d clocks %d words, want %d, %d", c.width, c.bpp8, clocks, words, c.clocks, c.words)
		}
	}
}

// attrTable builds a sprite attribute table; set(i, w, bpp8, y, z) fills entry i.
type attrTable [1024]byte

func (a *attrTable) set(i, w int, bpp8 bool, y, z int) {
	e := a[8*i : 8*i+8]
	e[1] = 0
	if bpp8 {
		e[1] = 0x80
	}
	e[4], e[5] = uint8(y), uint8(y>>8&3)
	e[6] = uint8(z << 2)
	e[7] = sizeCode(w) << 4 // height 8
}

func TestSpriteLineBusSchedule(t *testing.T) {
	cases := []struct {
		name  string
		setup func(a *attrTable)
		want  vera.SpriteLine
	}{
		{"empty line", func(a *attrTable) {}, vera.SpriteLine{}},
		{"Z=0 is invisible", func(a *attrTable) { a.set(0, 64, true, 0, 0) }, vera.SpriteLine{}},
		{"sprite on another line", func(a *attrTable) { a.set(0, 8, false, 9, 3) }, vera.SpriteLine{}},
		// One 8x8 4 bpp sprite in slot 0: matched at clock 0, done at 13 (the search
		// scanning the other 127 slots meanwhile does not count).
		{"slot 0, 8px 4bpp", func(a *attrTable) { a.set(0, 8, false, 0, 1) }, vera.SpriteLine{Visible: 1, Words: 1, Clocks: 13}},
		// Slot 127: 127 skipped slots first, then 99 clocks for 64 px 8 bpp.
		{"slot 127, 64px 8bpp", func(a *attrTable) { a.set(127, 64, true, 0, 2) }, vera.SpriteLine{Visible: 1, Words: 16, Clocks: 127 + 99}},
		// Eight 64 px 4 bpp sprites in slots 0-7, 83 clocks each: sprite 7 matches at 581
		// and finishes at 664.
		{"eight 64px 4bpp", func(a *attrTable) {
			for i := 0; i < 8; i++ {
				a.set(i, 64, false, 0, 3)
			}
		}, vera.SpriteLine{Visible: 8, Words: 64, Clocks: 664}},
		// Ten 64 px 4 bpp: 9 x 83 = 747; the 10th matches at 747, requests words at
		// 749, 759, ..., 789 (5 words), draws pixels from 752: 752-759, 762-769, 772-779,
		// 782-789, 792-798 -> 39 pixels, so it is cut.
		{"ten 64px 4bpp", func(a *attrTable) {
			for i := 0; i < 10; i++ {
				a.set(i, 64, false, 0, 3)
			}
		}, vera.SpriteLine{Visible: 10, Words: 9*8 + 5, Clocks: 799, Dropped: 1}},
		// Invisible slots before visible ones cost a clock each; between visible ones they
		// are scanned while the previous sprite renders (free).
		{"gaps", func(a *attrTable) {
			a.set(50, 8, false, 0, 3)  // matched at 50, done 63
			a.set(60, 8, false, 0, 3)  // examined at 52+9=61 < 63: matched at 63, done 76
			a.set(100, 8, false, 0, 3) // examined at 65+39=104: matched at 104, done 117
		}, vera.SpriteLine{Visible: 3, Words: 3, Clocks: 117}},
	}
	for _, c := range cases {
		var a attrTable
		c.setup(&a)
		if got := vera.SpriteLineBus(a[:], 0); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestSpriteLineBusBudgetCutoff(t *testing.T) {
	// 128 visible 8x8 8 bpp sprites: 15 clocks each. 53 fit (795); the 54th matches at 795,
	// requests its first word at 797 (counted) and would draw its first pixel at 800.
	var a attrTable
	for i := 0; i < 128; i++ {
		a.set(i, 8, true, 0, 2)
	}
	got := vera.SpriteLineBus(a[:], 0)
	want := vera.SpriteLine{Visible: 128, Words: 53*2 + 1, Clocks: 799, Dropped: 128 - 53}
	if got != want {
		t.Fatalf("%+v, want %+v", got, want)
	}
}

// The bus model recorded per line by renderLine: enables, scale, window and lines.
func TestLineBusFromRender(t *testing.T) {
	r := newRig(t)
	r.p.SetLayer(0, vera.Layer{Config: 0x03})                           // 8 bpp 8-wide tiles: 202
	r.p.SetLayer(1, vera.Layer{Config: 0x00, HScroll: 3})               // 1 bpp text, fine scroll: 82+41
	r.sprite(5, sprite{addr: 0x1000, x: 0, y: 100, z: 1, w: 32, h: 16}) // 4 words, lines 100-115
	r.p.SetComposer(vera.Composer{Video: 0x31, HScale: 64, VScale: 128, HStop: 640, VStop: 480})
	r.p.RenderFrame()
	check := func(y int, l0, l1, spr int) {
		t.Helper()
		lb := r.p.LineBus(y)
		if int(lb.Layer[0]) != l0 || int(lb.Layer[1]) != l1 || int(lb.Sprite) != spr {
			t.Errorf("line %d: layers %d/%d sprites %d, want %d/%d/%d", y, lb.Layer[0], lb.Layer[1], lb.Sprite, l0, l1, spr)
		}
	}
	check(0, 202, 123, 0)
	check(100, 202, 123, 4) // sprites are fetched although DC_VIDEO bit 6 is off (RTL)
	check(115, 202, 123, 4)
	check(116, 202, 123, 0)
	check(479, 202, 123, 0)
	check(480, 202, 123, 0) // the 481st render (during line 479, for a line never shown)
	for y := 481; y < 525; y++ {
		check(y, 0, 0, 0) // no other renders during vertical blank
	}

	// Layer 1 disabled: no fetches for it. VSTART 100 / VSTOP 300: the first rendered line
	// is 100; then lines whose predecessor is inside the window, so 100-300 (the render of
	// line 300 happens, the line is not shown).
	r.p.SetComposer(vera.Composer{Video: 0x11, HScale: 128, VScale: 128, HStop: 640, VStart: 100, VStop: 300})
	r.p.RenderFrame()
	check(99, 0, 0, 0)
	check(100, 202, 0, 0) // shows source line 0
	check(200, 202, 0, 4) // source line 100: the sprite
	check(300, 202, 0, 0)
	check(301, 0, 0, 0)
	check(480, 0, 0, 0) // line 479 is outside the window: no 481st render
	// VSCALE 2x renders the same source line twice: the sprite (source lines 100-115) is
	// fetched on output lines 200-231 (and its fetch count per line is unchanged).
	r.p.SetComposer(vera.Composer{Video: 0x11, HScale: 128, VScale: 64, HStop: 640, VStop: 480})
	r.p.RenderFrame()
	check(199, 202, 0, 0)
	check(200, 202, 0, 4)
	check(231, 202, 0, 4)
	check(232, 202, 0, 0)
	check(480, 202, 0, 0) // the 481st render: source line 240
}

// BenchmarkLineFetches is one clock-by-clock run of both layer fetch machines: what a line
// costs when its registers are not in the cache (a new scroll combination).
func BenchmarkLineFetches(b *testing.B) {
	l0, l1 := vera.Layer{Config: 0x03, HScroll: 3}, vera.Layer{Config: 0x02, HScroll: 9}
	for b.Loop() {
		vera.LineFetches(l0, l1, true, true)
	}
}
