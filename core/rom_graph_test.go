package core_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"testing"

	"x16scope/core"
)

// The graphics KERNAL calls (rom/testdata/graph.s): FB_* and GRAPH_* results in the
// 320x240 8 bpp bitmap at VRAM $00000, on the built-in ROM; with X16_ROM set, the same
// program on the official ROM must leave the same shapes pixel for pixel.

func bitmap(m *core.Machine) []byte {
	b := make([]byte, 320*240)
	for i := range b {
		b[i] = m.VERA().PeekVRAM(uint32(i))
	}
	return b
}

func px(b []byte, x, y int) byte { return b[y*320+x] }

// firstPixelDiff finds the first pixel where two 320x240 bitmaps differ.
func firstPixelDiff(a, b []byte) (x, y int, differ bool) {
	for i := range a {
		if a[i] != b[i] {
			return i % 320, i / 320, true
		}
	}
	return 0, 0, false
}

// checkDigest compares a bitmap's SHA-256 with the one recorded from the built-in ROM once
// TestOfficial* (X16_ROM set) had shown it equal to the official ROM's wherever the two
// must agree: without the official ROM, a change of any pixel still fails.
func checkDigest(t *testing.T, what string, b []byte, want string) {
	t.Helper()
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("%s: bitmap SHA-256 %s, want %s (compare with the official ROM: set X16_ROM)", what, got, want)
	}
}

func TestBuiltinGraphics(t *testing.T) {
	m := runBuiltin(t, nil, "graph.prg")
	b := bitmap(m)
	if os.Getenv("X16SCOPE_DUMP_GRAPH") != "" {
		os.WriteFile(os.Getenv("X16SCOPE_DUMP_GRAPH"), b, 0o644)
	}
	checkGraphics(t, m, b, false)
	checkDigest(t, "graph.prg", b, digestGraph)
}

// the bitmaps of graph.prg, gtext.prg and console.prg's steps on the built-in ROM
const (
	digestGraph = "4c89af1928131cbc3f742246318373ef7a027b2aa5a548e71d64c9b3add7556b"
	digestText  = "d9516b3f2c35151fb0fb04146c3018437586e1d4d2d6cea9690d7d246e50d116"
)

var digestConsole = [6]string{
	"a2e33f8bf1ff1d1a545034d61729e05fba1ab671b32e1f326ac376515446853e", // the end
	"50fd63727a86bcfdbe64059d9859f70639948c105cac0f0e7111023bcaee3516", // init
	"ebcd3abc5082f4bf84ffbee7e65c55a63f0052e34f4c4b6dc303f5812eb3b5ee", // word wrap
	"a4bf47b4c17464cb0b7f0e83babea9c1838efa61bffaa15ea4db933218c2edff", // character wrap
	"10762734199c111fba42a2875d6f9d9f217387bfdcb379a34607478447ef894c", // image
	"ca60a3a1e8c360471b0c4028610f1b442b61b4adf3fde9d452e586574c5cc1a7", // line read (ISO: "aw")
}

func checkGraphics(t *testing.T, m *core.Machine, b []byte, official bool) {
	t.Helper()
	want := func(what string, x, y int, c byte) {
		t.Helper()
		if got := px(b, x, y); got != c {
			t.Errorf("%s: pixel (%d,%d) = %d, want %d", what, x, y, got, c)
		}
	}
	if m.Peek(0x0400) != 8 || m.Peek(0x0401) != 0x40 || m.Peek(0x0402) != 1 || m.Peek(0x0403) != 240 {
		t.Errorf("FB_get_info: %v", []byte{m.Peek(0x400), m.Peek(0x401), m.Peek(0x402), m.Peek(0x403)})
	}
	// GRAPH_init with the program's driver (100x50): FB_init once; GRAPH_clear's filled
	// rectangle is 50 rows + 4 frame lines of FB_fill_pixels; a 4-pixel line is 4 FB_set_pixel
	if m.Peek(0x0406) != 1 || m.Peek(0x0407) != 54 || m.Peek(0x0408) != 4 {
		t.Errorf("own driver: FB_init %d, FB_fill_pixels %d, FB_set_pixel %d calls, want 1, 54, 4",
			m.Peek(0x0406), m.Peek(0x0407), m.Peek(0x0408))
	}
	for i, c := range []byte{0x00, 0x0F, 0xF0, 0x00} { // FB_set_palette: entries 200, 201
		if got := m.VERA().PeekVRAM(0x1FA00 + 400 + uint32(i)); got != c {
			t.Errorf("FB_set_palette: palette byte %d = $%02X, want $%02X", 400+i, got, c)
		}
	}
	want("GRAPH_init clears to white", 0, 0, 1)
	want("GRAPH_init clears to white", 319, 239, 1)
	// lines: both ends and the middle of each
	want("line start", 10, 10, 2)
	want("line end", 100, 50, 2)
	want("steep line end", 150, 10, 2)
	want("steep line start", 200, 100, 2)
	for x := 250; x <= 300; x++ {
		want("horizontal line", x, 5, 2)
	}
	for y := 10; y <= 40; y++ {
		want("vertical line", 310, y, 2)
	}
	want("beside the vertical line", 311, 20, 1)
	// frame 20,60 50x30: corners red, inside white
	for _, p := range [][2]int{{20, 60}, {69, 60}, {20, 89}, {69, 89}, {45, 60}, {20, 75}} {
		want("frame", p[0], p[1], 2)
	}
	want("inside the frame", 45, 75, 1)
	want("outside the frame", 70, 75, 1)
	// the oval 150,120 61x41, filled: extremes on the box, green inside
	want("oval left", 150, 140, 2)
	want("oval right", 210, 140, 2)
	top, bottom := -1, -1
	for y := 105; y < 175; y++ {
		for x := 170; x <= 190; x++ {
			if px(b, x, y) != 1 {
				if top < 0 {
					top = y
				}
				bottom = y
			}
		}
	}
	// the official library's tip loop puts one pixel above and below this box (x 180):
	// the shape is its, pixel for pixel (TestOfficialGraphics)
	if top != 119 || bottom != 161 || px(b, 181, 119) != 1 || px(b, 179, 161) != 1 {
		t.Errorf("filled oval: rows %d-%d, want 120-160 and the tips at 119 and 161", top, bottom)
	}
	want("oval inside", 180, 140, 5)
	want("oval corner", 151, 121, 1)
	want("outline oval inside", 250, 140, 1)
	want("outline oval left", 230, 140, 2)
	want("oval of width 1 = line", 10, 160, 2)
	// the image
	for i := 0; i < 12; i++ {
		want("image", 250+i%4, 220+i/4, byte(i+1))
	}
	// GRAPH_move_rect: the filled rectangle 80,60 40x30 now also at 270,175
	want("moved rectangle frame", 270, 175, 2)
	want("moved rectangle frame", 309, 204, 2)
	want("moved rectangle fill", 271, 176, 5)
	want("below the moved rectangle", 271, 205, 1)
	want("source kept", 81, 61, 5)
	// FB calls on line 200..206
	if m.Peek(0x0404) != 7 || m.Peek(0x0405) != 8 {
		t.Errorf("FB_get_pixel: %d %d, want 7 8", m.Peek(0x0404), m.Peek(0x0405))
	}
	line200 := []byte{7, 8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 1}
	for i, c := range line200[2:] { // FB_get_pixels goes on after the two FB_get_pixel
		if got := m.Peek(0x0410 + uint16(i)); got != c {
			t.Errorf("FB_get_pixels byte %d = %d, want %d", i, got, c)
		}
	}
	for i, c := range line200[:12] {
		want("FB_filter_pixels (+1)", i, 200, c+1)
	}
	for i := 0; i < 4; i++ {
		want("FB_fill_pixels step 3", 12+3*i, 200, 4)
		if i < 3 {
			want("FB_fill_pixels step 3 gap", 13+3*i, 200, 1)
		}
	}
	for y := 201; y < 207; y++ {
		want("FB_fill_pixels step 320", 100, y, 9)
	}
	for i, bit := range []bool{true, false, true, false, false, true, false, true} {
		c := byte(1)
		if bit {
			c = 6
		}
		want("FB_set_8_pixels", i, 202, c)
	}
	for i, c := range []byte{10, 10, 11, 11, 1, 1, 1, 1} { // mask $F0, pattern $C3
		want("FB_set_8_pixels_opaque", i, 203, c)
	}
	for i := 0; i < 12; i++ {
		want("FB_set_pixels", 20+i, 204, byte(i+1))
	}
	// line 200 after the filter: 8 9 4 4 ... ; moved to 40,206 then 16 pixels on by 4
	moved := []byte{8, 9, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 4}
	for i := 0; i < 4; i++ {
		want("FB_move_pixels source part", 40+i, 206, moved[i])
	}
	if official {
		return // its FB_move_pixels copies forwards only: an overlapping move repeats pixels
	}
	for i, c := range moved {
		want("FB_move_pixels overlapping", 44+i, 206, c)
	}
}

// TestBuiltinGraphicsText: GRAPH_put_char advances by the glyph width, draws in the stroke
// colour inside its cell, and GRAPH_get_char_size reports the metrics and control codes.
func TestBuiltinGraphicsText(t *testing.T) {
	m := runBuiltin(t, nil, "graph.prg")
	b := bitmap(m)
	if r := result(m, 0x0420); r.carry() {
		t.Errorf("GRAPH_put_char: C=1")
	}
	if x := int(m.Peek(0x0424)) | int(m.Peek(0x0425))<<8; x != 16 {
		t.Errorf("GRAPH_put_char: x after = %d, want 16 (the system font's 'A' is 6 wide)", x)
	}
	if m.Peek(0x0426) != 230 {
		t.Errorf("GRAPH_put_char: y after = %d, want 230", m.Peek(0x0426))
	}
	if r := result(m, 0x0428); r.carry() || r.a != 6 || r.x != 6 || r.y != 9 {
		t.Errorf("GRAPH_get_char_size 'A': %+v, want C=0 A=6 X=6 Y=9 (baseline, width, height)", r)
	}
	if r := result(m, 0x042C); !r.carry() || r.x != 0x40 {
		t.Errorf("GRAPH_get_char_size bold: %+v, want C=1 X=$40", r)
	}
	ink := 0
	for y := 224; y < 232; y++ { // cell: top = 230 - 6
		for x := 10; x < 16; x++ {
			if px(b, x, y) == 0 {
				ink++
			}
		}
	}
	if ink < 10 {
		t.Errorf("GRAPH_put_char 'A': %d black pixels in its cell, want the glyph", ink)
	}
	if px(b, 9, 227) != 1 || px(b, 16, 227) != 1 || px(b, 13, 223) != 1 {
		t.Errorf("GRAPH_put_char 'A' drew outside its cell")
	}
}

// TestOfficialGraphics runs graph.prg on the official ROM: the shapes and the text (both
// ROMs have the official system font) must match the built-in ROM's pixel for pixel.
func TestOfficialGraphics(t *testing.T) {
	mo := runOfficial(t, nil, "graph.prg", 300, nil, nil)
	mb := runBuiltin(t, nil, "graph.prg")
	bo, bb := bitmap(mo), bitmap(mb)
	if os.Getenv("X16SCOPE_DUMP_GRAPH") != "" {
		os.WriteFile(os.Getenv("X16SCOPE_DUMP_GRAPH")+".official", bo, 0o644)
	}
	bad := 0
	for y := 0; y < 240; y++ {
		for x := 0; x < 320; x++ {
			if y == 206 && x >= 44 && x < 60 {
				continue // the overlapping FB_move_pixels: the official ROM repeats pixels
			}
			if bo[y*320+x] != bb[y*320+x] {
				if bad < 20 {
					t.Errorf("pixel (%d,%d): official %d, built-in %d", x, y, bo[y*320+x], bb[y*320+x])
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels differ", bad)
	}
	checkGraphics(t, mo, bo, true)
}

// gtextRows are the bands of rom/testdata/gtext.s's lines in its own font (baseline y-5
// .. y+1) for plain, bold, underline, reverse, italic and outline text, and control codes.
var gtextRows = []struct {
	name string
	y    int
}{{"plain", 20}, {"bold", 40}, {"underline", 60}, {"reverse", 80}, {"italic", 100}, {"outline", 120}, {"control codes", 140}, {"after CR", 148}}

func TestBuiltinGraphicsFont(t *testing.T) {
	m := runBuiltin(t, nil, "gtext.prg")
	b := bitmap(m)
	if os.Getenv("X16SCOPE_DUMP_GRAPH") != "" {
		os.WriteFile(os.Getenv("X16SCOPE_DUMP_GRAPH")+".text", b, 0o644)
	}
	checkFont(t, m, b, false)
	checkDigest(t, "gtext.prg", b, digestText)
}

func checkFont(t *testing.T, m *core.Machine, b []byte, official bool) {
	t.Helper()
	word := func(a uint16) int { return int(m.Peek(a)) | int(m.Peek(a+1))<<8 }
	// "AB iW": 5+5+3+2+7 = 22 pixels; bold adds one per character, outline two
	for _, c := range []struct {
		what string
		addr uint16
		x    int
	}{{"plain", 0x400, 32}, {"bold", 0x402, 37}, {"underline", 0x404, 32}, {"reverse", 0x406, 32}, {"italic", 0x408, 32}, {"outline", 0x40A, 42}} {
		if got := word(c.addr); got != c.x {
			t.Errorf("%s text: x after = %d, want %d", c.what, got, c.x)
		}
	}
	if got := word(0x40C); got != 10 {
		t.Errorf("after CR and \"AB\": x = %d, want 10", got)
	}
	if m.Peek(0x40E) != 148 {
		t.Errorf("CR: y = %d, want 148 (font height + 1 down)", m.Peek(0x40E))
	}
	if r := result(m, 0x410); r.carry() || r.a != 5 || r.x != 5 || r.y != 7 {
		t.Errorf("get_char_size 'A': %+v, want C=0 A=5 X=5 Y=7", r)
	}
	if r := result(m, 0x414); r.x != 8 {
		t.Errorf("get_char_size bold 'W': %+v, want X=8", r)
	}
	if r := result(m, 0x418); !r.carry() || r.x != 0x48 {
		t.Errorf("get_char_size outline code: %+v, want C=1 X=$48", r)
	}
	if r := result(m, 0x41C); r.a != 7 || r.x != 7 || r.y != 9 {
		t.Errorf("get_char_size outline 'A': %+v, want A=7 X=7 Y=9", r)
	}
	if m.Peek(0x420) != 4 || m.Peek(0x421) != 178 {
		t.Errorf("window: %d W fitted, x %d; want 4 and 178", m.Peek(0x420), m.Peek(0x421))
	}
	if m.Peek(0x422) != 150 || m.Peek(0x423) != 157 {
		t.Errorf("HOME in the window: (%d,%d), want (150,157)", m.Peek(0x422), m.Peek(0x423))
	}
	// plain "A" at (10,20): top row .###. at y 15
	for i, c := range []byte{1, 0, 0, 0, 1} {
		if got := px(b, 10+i, 15); got != c {
			t.Errorf("plain A top row x %d = %d, want %d", 10+i, got, c)
		}
	}
	if px(b, 10, 21) != 1 || px(b, 12, 21) != 1 {
		t.Errorf("plain text: no underline below the baseline")
	}
	for x := 10; x < 32; x++ { // underline: the line below the baseline in the fill colour
		if c := px(b, x, 61); c != 5 && c != 0 {
			t.Errorf("underline at x %d = %d, want the fill colour", x, c)
		}
	}
	if px(b, 10, 75) != 5 || px(b, 11, 75) != 0 { // reverse: background in the fill colour
		t.Errorf("reverse A top row: %d %d, want 5 0", px(b, 10, 75), px(b, 11, 75))
	}
	if px(b, 11, 135) != 2 || px(b, 16, 137) != 5 { // red A, then the swapped green B
		t.Errorf("colour codes: A %d B %d, want 2 and 5", px(b, 11, 135), px(b, 16, 137))
	}
	for y := 150; y < 170; y++ { // the window was cleared grey
		if c := px(b, 151, y); c != 12 && c != 0 {
			t.Errorf("window clear at (151,%d) = %d", y, c)
		}
	}
	if px(b, 149, 155) != 1 || px(b, 180, 155) != 1 {
		t.Errorf("GRAPH_clear went outside the window")
	}
	if px(b, 178, 153) != 12 {
		t.Errorf("a fifth W was drawn past the window's right edge")
	}
	if word(0x424) != 18 {
		t.Errorf("system font: \"Hi\" from x 10 ends at x %d, want 18 ('H' 6 wide, 'i' 2)", word(0x424))
	}
}

// TestOfficialGraphicsFont: the same text in the program's own font on the official ROM:
// every style and the control codes must match pixel for pixel.
func TestOfficialGraphicsFont(t *testing.T) {
	mo := runOfficial(t, nil, "gtext.prg", 300, nil, nil)
	mb := runBuiltin(t, nil, "gtext.prg")
	bo, bb := bitmap(mo), bitmap(mb)
	if os.Getenv("X16SCOPE_DUMP_GRAPH") != "" {
		os.WriteFile(os.Getenv("X16SCOPE_DUMP_GRAPH")+".text.official", bo, 0o644)
	}
	for _, r := range gtextRows {
		bad := 0
		for y := r.y - 7; y <= r.y+3; y++ {
			for x := 0; x < 60; x++ {
				if bo[y*320+x] != bb[y*320+x] {
					bad++
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d pixels differ from the official ROM", r.name, bad)
		}
	}
	if x, y, differ := firstPixelDiff(bo, bb); differ { // the system font's line too
		t.Errorf("gtext.prg: pixel (%d,%d) official %d, built-in %d", x, y, bo[y*320+x], bb[y*320+x])
	}
	checkFont(t, mo, bo, true)
}

// consoleRun runs rom/testdata/console.s: at each of its steps ($0441 = 1-5: init, word
// wrap, character wrap, image, line read) it takes the bitmap and lets it go on; it types
// the line the program reads, and a key every 20 frames while the paged text is stopped.
func consoleRun(t *testing.T, m *core.Machine) (steps [6][]byte) {
	t.Helper()
	typed, paged := false, 0
	for i := 0; i < 900; i++ {
		if m.Peek(0x04FF) == 0xA5 {
			if paged < 20 {
				t.Errorf("the paged text did not stop for a key")
			}
			steps[0] = bitmap(m)
			return steps
		}
		if st := m.Peek(0x0441); st >= 1 && st <= 5 && m.Peek(0x0442) != st {
			steps[st] = bitmap(m)
			m.Poke(0x0442, st)
		}
		if !typed && m.Peek(0x0441) == 4 {
			typed = true
			if err := m.TypeText("AB"); err != nil {
				t.Fatal(err)
			}
			if err := m.PressKey("BACKSPACE"); err != nil {
				t.Fatal(err)
			}
			if err := m.TypeText("W\n"); err != nil {
				t.Fatal(err)
			}
		}
		if m.Peek(0x0440) == 1 { // stopped at a page end: a key every 20 frames
			if paged++; paged%20 == 0 {
				if err := m.TypeText(" "); err != nil {
					t.Fatal(err)
				}
			}
		}
		m.RunFrame()
	}
	t.Fatalf("console.prg did not finish: step %d, $0440 = %d, PC = $%02X:%04X", m.Peek(0x0441), m.Peek(0x0440), m.ROMBank(), m.CPU().PC)
	return steps
}

// inkRange is the first and last column with a non-white pixel in lines y0-y1 of b.
func inkRange(b []byte, y0, y1 int) (int, int) {
	lo, hi := -1, -1
	for x := 0; x < 320; x++ {
		for y := y0; y <= y1; y++ {
			if px(b, x, y) != 1 {
				if lo < 0 {
					lo = x
				}
				hi = x
			}
		}
	}
	return lo, hi
}

func TestBuiltinConsole(t *testing.T) {
	m := startBuiltin(t, nil, "console.prg")
	steps := consoleRun(t, m)
	if os.Getenv("X16SCOPE_DUMP_GRAPH") != "" {
		for i, b := range steps {
			os.WriteFile(fmt.Sprintf("%s.console%d", os.Getenv("X16SCOPE_DUMP_GRAPH"), i), b, 0o644)
		}
	}
	for i, b := range steps {
		checkConsole(t, b)
		checkDigest(t, fmt.Sprintf("console.prg step %d", i), b, digestConsole[i])
	}
	// word wrap (the font is 7 high, a line 8; baselines from 17): four "AB " fit in 60
	// pixels, the fifth starts line 2; the 70-pixel W word goes to line 3 and breaks after
	// 8 W (56 pixels), "WW i" on line 4. Line 4's baseline (41) is within a line of the
	// bottom (49), so the window scrolled up by a line + 2 (10 pixels): AB, W x 8, "WW i"
	// have baselines 15, 23, 31
	w := steps[2]
	for _, c := range []struct {
		y, lo, hi int
	}{{15, 10, 19}, {23, 10, 65}, {31, 10, 27}, {39, -1, -1}} {
		if lo, hi := inkRange(w, c.y-5, c.y+2); lo != c.lo || hi != c.hi {
			t.Errorf("word wrap, baseline %d: ink in x %d-%d, want %d-%d", c.y, lo, hi, c.lo, c.hi)
		}
	}
	// console_init switched to ISO mode (as the official one does): the keys typed as
	// "AB", BACKSPACE, "W" come as ISO lower case
	if got := string([]byte{m.Peek(0x430), m.Peek(0x431), m.Peek(0x432)}); got != "aw\r" || m.Peek(0x43F) != 3 {
		t.Errorf("console_get_char returned %q (%d characters), want \"aw\\r\"", got, m.Peek(0x43F))
	}
	if m.Peek(0x028A) != 0x40 {
		t.Errorf("isomode = $%02X after console_init, want $40 (ISO mode)", m.Peek(0x028A))
	}
}

func checkConsole(t *testing.T, b []byte) {
	t.Helper()
	for y := 0; y < 240; y++ { // nothing outside the window
		for x := 0; x < 320; x++ {
			if (x < 10 || x >= 70 || y < 10 || y >= 50) && px(b, x, y) != 1 {
				t.Fatalf("console drew outside its window at (%d,%d)", x, y)
			}
		}
	}
}

// TestOfficialConsole: the same console output on the official ROM, pixel for pixel at
// every step, but for the paging message's first column (the official ROM erases the
// message from one pixel right of the window's edge). Both console_inits switch CHROUT and
// the keyboard to ISO mode, so the typed line is read (and drawn) in lower case.
func TestOfficialConsole(t *testing.T) {
	mo := newOfficialStarted(t, "console.prg")
	so := consoleRun(t, mo)
	mb := startBuiltin(t, nil, "console.prg")
	sb := consoleRun(t, mb)
	for step := range so {
		bo, bb := so[step], sb[step]
		if bo == nil || bb == nil {
			t.Errorf("step %d: no bitmap", step)
			continue
		}
		bad := 0
		for i := range bo {
			if bo[i] != bb[i] && !(step == 0 && i%320 == 10 && bb[i] == 1) {
				if bad < 10 {
					t.Errorf("step %d: pixel (%d,%d): official %d, built-in %d", step, i%320, i/320, bo[i], bb[i])
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("step %d: %d pixels differ", step, bad)
		}
	}
}

// newOfficialStarted loads and starts a test program on the official ROM (BASIC takes the
// LOAD/RUN command first), for tests that drive the frames themselves.
func newOfficialStarted(t *testing.T, prg string) *core.Machine {
	t.Helper()
	m := newOfficial(t)
	file, err := os.ReadFile("../rom/testdata/" + prg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	for i := 0; m.Starting(); i++ {
		if i == 600 {
			t.Fatalf("the official ROM never took the LOAD/RUN command")
		}
		m.RunFrame()
	}
	return m
}
