package vera_test

import (
	"math/rand/v2"
	"testing"

	"x16scope/vera"
)

// Renderer tests drive renderLine directly through RenderProbe. Most load an "identity"
// palette (entry i = 12-bit colour i: green = i>>4, blue = i&15), so every framebuffer
// pixel decodes back to the palette index the composer chose.

const (
	palBase    = 0x1FA00
	spriteAttr = 0x1FC00
)

type rig struct {
	t *testing.T
	v *vera.VERA
	p vera.RenderProbe
}

// newRig returns a renderer with the identity palette, VGA output, 1x scale, full window
// and nothing enabled.
func newRig(t *testing.T) *rig {
	v := vera.New()
	r := &rig{t: t, v: v, p: vera.NewRenderProbe(v)}
	r.p.Reset()
	r.identityPalette()
	r.p.SetComposer(vera.Composer{Video: 0x01, HScale: 128, VScale: 128, HStop: 640, VStop: 480})
	return r
}

func (r *rig) identityPalette() {
	vram := r.p.VRAM()
	for i := 0; i < 256; i++ {
		vram[palBase+2*i] = uint8(i)
		vram[palBase+2*i+1] = 0
	}
	r.p.MarkPaletteDirty()
}

func (r *rig) video(v uint8) {
	c := r.p.Composer()
	c.Video = v
	r.p.SetComposer(c)
}

// frame renders a whole frame and returns the completed frame's bytes.
func (r *rig) frame() []byte {
	r.p.RenderFrame()
	return r.v.FrameView()
}

// index decodes the palette index shown at (x, y) of a frame under the identity palette.
func (r *rig) index(f []byte, x, y int) uint8 {
	r.t.Helper()
	o := 4 * (y*640 + x)
	red, g, b, a := f[o], f[o+1], f[o+2], f[o+3]
	if red != 0 || a != 255 || g%17 != 0 || b%17 != 0 {
		r.t.Fatalf("pixel (%d,%d) = %02X %02X %02X %02X: not an identity-palette colour", x, y, red, g, b, a)
	}
	return g/17<<4 | b/17
}

// row returns the palette indices of pixels x0..x0+n-1 of line y.
func (r *rig) row(f []byte, y, x0, n int) []uint8 {
	r.t.Helper()
	out := make([]uint8, n)
	for i := range out {
		out[i] = r.index(f, x0+i, y)
	}
	return out
}

func (r *rig) wantRow(f []byte, y, x0 int, want ...uint8) {
	r.t.Helper()
	got := r.row(f, y, x0, len(want))
	for i := range want {
		if got[i] != want[i] {
			r.t.Fatalf("line %d pixels %d..%d = % X, want % X", y, x0, x0+len(want)-1, got, want)
		}
	}
}

func (r *rig) poke(addr int, b ...byte) {
	copy(r.p.VRAM()[addr:], b)
}

func TestResetPaletteInVRAM(t *testing.T) {
	v := vera.New()
	p := vera.NewRenderProbe(v)
	p.Reset()
	vram := p.VRAM()
	// Entries from X16-HARDWARE.md 2.5's table: 0 black, 1 white $FFF, 2 red $800,
	// 16 black, 31 white, 255 $F0B (last hue). Byte 0 = GB, byte 1 = R.
	cases := []struct {
		i      int
		lo, hi byte
	}{{0, 0x00, 0x00}, {1, 0xFF, 0x0F}, {2, 0x00, 0x08}, {3, 0xFE, 0x0A}, {16, 0x00, 0x00}, {24, 0x88, 0x08}, {31, 0xFF, 0x0F}, {255, 0x0B, 0x0F}}
	for _, c := range cases {
		if lo, hi := vram[palBase+2*c.i], vram[palBase+2*c.i+1]; lo != c.lo || hi != c.hi {
			t.Errorf("palette %d in VRAM = %02X %02X, want %02X %02X", c.i, lo, hi, c.lo, c.hi)
		}
	}
	// Cache: nibble n -> n*17, RGBA little-endian, alpha 255.
	if got := p.PaletteRGBA(2); got != 0xFF000088 {
		t.Errorf("palette 2 RGBA word = %08X, want FF000088 (R=$88)", got)
	}
	if got := p.PaletteRGBA(3); got != 0xFFEEFFAA {
		t.Errorf("palette 3 RGBA word = %08X, want FFEEFFAA (R=$AA G=$FF B=$EE)", got)
	}
	// Frames start opaque black.
	f := v.FrameView()
	if len(f) != 640*480*4 {
		t.Fatalf("frame is %d bytes", len(f))
	}
	if f[0] != 0 || f[3] != 255 || f[len(f)-1] != 255 {
		t.Errorf("reset frame not opaque black: % X ... %X", f[:4], f[len(f)-1])
	}
}

func TestPaletteChangeTakesEffect(t *testing.T) {
	r := newRig(t)
	r.p.SetComposer(vera.Composer{Video: 0x01, HScale: 128, VScale: 128, HStart: 4, HStop: 640, VStop: 480, Border: 7})
	r.poke(palBase+2*7, 0x5A, 0x03) // R=3 G=5 B=A
	r.p.MarkPaletteDirty()
	f := r.frame()
	if got := f[0:4]; got[0] != 0x33 || got[1] != 0x55 || got[2] != 0xAA || got[3] != 0xFF {
		t.Fatalf("pixel = % X, want 33 55 AA FF", got)
	}
}

func TestOutputModeOffIsBlack(t *testing.T) {
	r := newRig(t)
	r.p.SetComposer(vera.Composer{Video: 0x30, HScale: 128, VScale: 128, HStop: 640, VStop: 480, Border: 5})
	f := r.frame()
	for _, o := range []int{0, 4 * (240*640 + 320), len(f) - 4} {
		if f[o] != 0 || f[o+1] != 0 || f[o+2] != 0 || f[o+3] != 255 {
			t.Fatalf("mode 0 pixel at byte %d = % X, want 00 00 00 FF", o, f[o:o+4])
		}
	}
}

// --- Layers: hand-built cases -------------------------------------------------------

func TestText1bpp16Colour(t *testing.T) {
	r := newRig(t)
	// Map at $00000 (64x32), tiles at $0F800. Entry (0,0) = tile 1, colours bg 6 fg 1;
	// entry (1,0) = tile 2, bg 0 fg 14.
	r.p.SetLayer(1, vera.Layer{Config: 0x10, MapBase: 0, TileBase: 0x0F800 >> 9})
	r.poke(0, 1, 0x61, 2, 0x0E)
	r.poke(0x0F800+8*1, 0b10000001, 0b11110000)
	r.poke(0x0F800+8*2+7, 0b01010101) // tile 2, row 7
	r.video(0x21)
	f := r.frame()
	r.wantRow(f, 0, 0, 1, 6, 6, 6, 6, 6, 6, 1)
	r.wantRow(f, 1, 0, 1, 1, 1, 1, 6, 6, 6, 6)
	r.wantRow(f, 7, 8, 0, 14, 0, 14, 0, 14, 0, 14)
	// Row 8 is map row 1 (all zero entries: tile 0, bg 0 fg 0).
	r.wantRow(f, 8, 0, 0, 0)
}

func TestText1bppT256C(t *testing.T) {
	r := newRig(t)
	// Layer 1: T256C 1 bpp, fg = $A5 full byte, bg transparent. Layer 0 behind it: 8 bpp
	// tiles whose pixels are 33 so transparency shows.
	r.p.SetLayer(1, vera.Layer{Config: 0x08, MapBase: 0x10000 >> 9, TileBase: 0x12000 >> 9})
	r.poke(0x10000, 0, 0xA5)
	r.poke(0x12000, 0b11000011)
	r.p.SetLayer(0, vera.Layer{Config: 0x03, MapBase: 0x14000 >> 9, TileBase: 0x16000 >> 9})
	for i := 0; i < 64; i++ {
		r.poke(0x16000+i, 33)
	}
	r.video(0x31)
	f := r.frame()
	r.wantRow(f, 0, 0, 0xA5, 0xA5, 33, 33, 33, 33, 0xA5, 0xA5)
}

func TestTile2bppFlipsAndOffset(t *testing.T) {
	r := newRig(t)
	r.p.SetLayer(0, vera.Layer{Config: 0x01, MapBase: 0, TileBase: 0x04000 >> 9})
	// Tile 5, 2 bytes per row: row 0 = pixels 0,1,2,3,3,2,1,0 ; row 7 = 1,1,1,1,2,2,2,2.
	r.poke(0x04000+16*5, 0b00011011, 0b11100100)
	r.poke(0x04000+16*5+14, 0b01010101, 0b10101010)
	r.poke(0, 5, 0x30)          // (0,0): offset 3 -> colours 1-3 become $31-$33
	r.poke(2, 5, 0x04)          // (1,0): H-flip
	r.poke(4, 5, 0x08)          // (2,0): V-flip
	r.poke(6, 5, 0x0C|0x10|0x0) // (3,0): both flips, offset 1
	r.video(0x11)
	f := r.frame()
	r.wantRow(f, 0, 0, 0, 0x31, 0x32, 0x33, 0x33, 0x32, 0x31, 0)
	r.wantRow(f, 0, 8, 0, 1, 2, 3, 3, 2, 1, 0) // symmetric row: flip looks the same
	r.wantRow(f, 7, 8, 2, 2, 2, 2, 1, 1, 1, 1)
	r.wantRow(f, 0, 16, 1, 1, 1, 1, 2, 2, 2, 2) // V-flip: row 0 shows row 7
	r.wantRow(f, 7, 16, 0, 1, 2, 3, 3, 2, 1, 0)
	r.wantRow(f, 0, 24, 0x12, 0x12, 0x12, 0x12, 0x11, 0x11, 0x11, 0x11)
}

func TestTile4bpp16x16(t *testing.T) {
	r := newRig(t)
	// 16x16 tiles (TILEBASE bits 1:0 = 11), 4 bpp: 8 bytes per row, 128 per tile.
	r.p.SetLayer(0, vera.Layer{Config: 0x02, MapBase: 0, TileBase: 0x08000>>9 | 0x03})
	tile := 0x08000 + 128*0x201 // tile index $201 (needs map byte 1 bits 1:0)
	for x := 0; x < 16; x++ {
		v := uint8(x)
		a := tile + 15*8 + x/2 // row 15
		if x%2 == 0 {
			r.p.VRAM()[a] |= v << 4
		} else {
			r.p.VRAM()[a] |= v
		}
	}
	r.poke(0, 0x01, 0x02|0x50)      // tile $201, offset 5
	r.poke(2, 0x01, 0x02|0x04|0x08) // H+V flip
	r.video(0x11)
	f := r.frame()
	want := []uint8{0}
	for x := 1; x < 16; x++ {
		want = append(want, 0x50|uint8(x))
	}
	r.wantRow(f, 15, 0, want...)
	r.wantRow(f, 0, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
}

func TestTile8bppOffsetOnlyLowColours(t *testing.T) {
	r := newRig(t)
	r.p.SetLayer(0, vera.Layer{Config: 0x03 | 0x08*0, MapBase: 0, TileBase: 0x02000 >> 9})
	r.poke(0x02000+64*3, 0, 1, 15, 16, 0x80, 0xFF, 7, 8)
	r.poke(0, 3, 0x20) // offset 2
	r.video(0x11)
	f := r.frame()
	r.wantRow(f, 0, 0, 0, 0x21, 0x2F, 16, 0x80, 0xFF, 0x27, 0x28)
	// T256C on an 8 bpp layer forces bit 7 of colours 1-15 (layer_renderer.v:476-485).
	r.p.SetLayer(0, vera.Layer{Config: 0x0B, MapBase: 0, TileBase: 0x02000 >> 9})
	f = r.frame()
	r.wantRow(f, 0, 0, 0, 0xA1, 0xAF, 16, 0x80, 0xFF, 0xA7, 0xA8)
}

func TestTileScrollWrap(t *testing.T) {
	r := newRig(t)
	// 32x32 map of 8x8 8 bpp tiles; tile n is filled with colour n+1. Even map rows show
	// tile = column, odd rows tile = column+32.
	r.p.SetLayer(0, vera.Layer{Config: 0x03, MapBase: 0x10000 >> 9, TileBase: 0})
	for n := 0; n < 64; n++ {
		for i := 0; i < 64; i++ {
			r.p.VRAM()[64*n+i] = uint8(n + 1)
		}
	}
	for col := 0; col < 32; col++ {
		for row := 0; row < 32; row++ {
			r.poke(0x10000+2*(row*32+col), uint8(col+row%2*32), 0)
		}
	}
	r.video(0x11)
	// HSCROLL = 256-3 = 253: pixel 0 is map column 31 pixel 5; 3 pixels later column 0.
	// The map is 256 pixels wide, so pixel 256+3 is column 0 again.
	r.p.SetLayer(0, vera.Layer{Config: 0x03, MapBase: 0x10000 >> 9, TileBase: 0, HScroll: 253})
	f := r.frame()
	r.wantRow(f, 0, 0, 32, 32, 32, 1, 1)
	r.wantRow(f, 0, 256, 32, 32, 32, 1, 1)
	// VSCROLL 4095 (= -1): line 0 shows source line 4095 -> map row 511 mod 32 = 31 (odd).
	r.p.SetLayer(0, vera.Layer{Config: 0x03, MapBase: 0x10000 >> 9, TileBase: 0, VScroll: 4095})
	f = r.frame()
	r.wantRow(f, 0, 0, 33, 33)
	r.wantRow(f, 1, 0, 1, 1) // row 0 of map row 0
	// Bigger maps: 256 wide x 64 high: a column beyond 31 must not wrap.
	r.p.SetLayer(0, vera.Layer{Config: 0x03 | 0x30 | 0x40, MapBase: 0x10000 >> 9, TileBase: 0, HScroll: 8 * 40})
	r.poke(0x10000+2*40, 7, 0)
	r.poke(0x10000+2*(256*63+40), 9, 0)
	f = r.frame()
	r.wantRow(f, 0, 0, 8, 8)
	r.p.SetLayer(0, vera.Layer{Config: 0x03 | 0x30 | 0x40, MapBase: 0x10000 >> 9, TileBase: 0, HScroll: 8 * 40, VScroll: 63 * 8})
	f = r.frame()
	r.wantRow(f, 0, 0, 10, 10)
	r.wantRow(f, 8, 0, 8, 8) // map row 64 wraps to row 0
}

func TestBitmapModes(t *testing.T) {
	for _, c := range []struct {
		name  string
		depth uint8
		wide  bool
	}{{"1bpp320", 0, false}, {"1bpp640", 0, true}, {"2bpp320", 1, false}, {"2bpp640", 1, true},
		{"4bpp320", 2, false}, {"4bpp640", 2, true}, {"8bpp320", 3, false}, {"8bpp640", 3, true}} {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			bpp := 1 << c.depth
			width := 320
			var tb uint8 = 0x02000 >> 9
			if c.wide {
				width = 640
				tb |= 1
			}
			stride := width * bpp / 8
			// Line 3 of the bitmap: pixel values 0,1,2,... (mod 1<<bpp), packed MSB first.
			line := 0x02000 + 3*stride
			for x := 0; x < width; x++ {
				v := x % (1 << bpp)
				bit := x * bpp
				r.p.VRAM()[line+bit/8] |= uint8(v << (8 - bpp - bit%8))
			}
			// Palette offset 4 in HSCROLL 11:8; 1 bpp ignores it (RTL).
			r.p.SetLayer(1, vera.Layer{Config: 0x04 | c.depth, TileBase: tb, HScroll: 0x400})
			r.video(0x21)
			f := r.frame()
			for x := 0; x < 20; x++ {
				v := uint8(x % (1 << bpp))
				want := v
				if c.depth > 0 && v > 0 && v < 16 {
					want |= 0x40
				}
				if got := r.index(f, x, 3); got != want {
					t.Fatalf("pixel %d of line 3 = %02X, want %02X", x, got, want)
				}
			}
			// Line 4 (and 2) are untouched: all zero.
			r.wantRow(f, 4, 0, 0, 0, 0, 0)
		})
	}
}

func TestBitmap320ContinuesIntoNextRowAt1x(t *testing.T) {
	// The RTL renders 640 pixels from the row start whatever the width: at 1x scale the
	// right half of a 320 bitmap line is the start of the next row.
	r := newRig(t)
	r.p.SetLayer(0, vera.Layer{Config: 0x07, TileBase: 0})
	r.poke(320*1, 9)   // row 1, pixel 0
	r.poke(320*1-1, 8) // row 0, pixel 319
	r.video(0x11)
	f := r.frame()
	r.wantRow(f, 0, 319, 8, 9)
	// At 2x horizontal scale the line shows pixels 0-319 only.
	c := r.p.Composer()
	c.HScale = 64
	r.p.SetComposer(c)
	f = r.frame()
	r.wantRow(f, 0, 636, 0, 0, 8, 8)
}

// --- Composer -----------------------------------------------------------------------

func TestBorderWindowAndScale(t *testing.T) {
	r := newRig(t)
	// 8 bpp bitmap with pixel value x+1 on row y == x (a diagonal) and 200 elsewhere on row 0.
	r.p.SetLayer(0, vera.Layer{Config: 0x07, TileBase: 0x01})
	for y := 0; y < 100; y++ {
		r.poke(640*y+y, uint8(y+1))
	}
	r.poke(0, 1, 200, 200)
	r.p.SetComposer(vera.Composer{Video: 0x11, HScale: 64, VScale: 64, Border: 0x77,
		HStart: 40, HStop: 600, VStart: 20, VStop: 460})
	f := r.frame()
	// Outside the window: border.
	r.wantRow(f, 0, 0, 0x77, 0x77)
	r.wantRow(f, 20, 38, 0x77, 0x77)
	r.wantRow(f, 20, 600, 0x77, 0x77)
	r.wantRow(f, 460, 100, 0x77)
	// Inside: source (0,0) at (40,20), doubled both ways.
	r.wantRow(f, 20, 40, 1, 1, 200, 200, 200, 200, 0, 0)
	r.wantRow(f, 21, 40, 1, 1, 200, 200, 200)
	r.wantRow(f, 22, 40, 0, 0, 2, 2, 0)
	r.wantRow(f, 23, 40, 0, 0, 2, 2, 0)
	r.wantRow(f, 24+2*5, 40+2*7-2, 0, 0, 8, 8, 0) // source line 7 at y = 20 + 14
}

func TestHScaleFractionalAndStop(t *testing.T) {
	r := newRig(t)
	r.p.SetLayer(0, vera.Layer{Config: 0x07, TileBase: 0x01})
	for x := 0; x < 640; x++ {
		r.poke(x, uint8(x%250+1))
	}
	// HSCALE 96 = 0.75 source pixels per output pixel: source index = floor(0.75 x).
	r.p.SetComposer(vera.Composer{Video: 0x11, HScale: 96, VScale: 128, HStop: 640, VStop: 480})
	f := r.frame()
	for x := 0; x < 640; x++ {
		src := x * 96 / 128
		if got, want := r.index(f, x, 0), uint8(src%250+1); got != want {
			t.Fatalf("HSCALE 96: pixel %d = %d, want source %d = %d", x, got, src, want)
		}
	}
	// HSCALE 255 (~0.5x shrink): the counter stops at 640; beyond it colour 0.
	r.p.SetComposer(vera.Composer{Video: 0x11, HScale: 255, VScale: 128, HStop: 640, VStop: 480})
	f = r.frame()
	last := 0
	for x := 0; x < 640; x++ {
		src := x * 255 / 128
		want := uint8(0)
		if src < 640 {
			want = uint8(src%250 + 1)
			last = x
		}
		if got := r.index(f, x, 0); got != want {
			t.Fatalf("HSCALE 255: pixel %d = %d, want %d", x, got, want)
		}
	}
	if last != 321 { // 321*255/128 = 639.5 -> 639; 322*255/128 = 641.5
		t.Fatalf("last source pixel shown at x=%d, want 321", last)
	}
}

func TestLayerPriorityAndEnables(t *testing.T) {
	r := newRig(t)
	// Both layers 8 bpp bitmaps: L0 = 10 everywhere on row 0 except pixel 1 = 0;
	// L1 = 20 on pixels 0 and 1 only.
	r.p.SetLayer(0, vera.Layer{Config: 0x07, TileBase: 0x00000>>9 | 1})
	r.p.SetLayer(1, vera.Layer{Config: 0x07, TileBase: 0x10000>>9 | 1})
	r.poke(0, 10, 0, 10, 10)
	r.poke(0x10000, 20, 20, 0, 0)
	r.video(0x31)
	f := r.frame()
	r.wantRow(f, 0, 0, 20, 20, 10, 10)
	r.video(0x11)
	f = r.frame()
	r.wantRow(f, 0, 0, 10, 0, 10, 10)
	r.video(0x21)
	f = r.frame()
	r.wantRow(f, 0, 0, 20, 20, 0, 0)
}

// --- Randomised check against a per-pixel reference model -----------------------------

// refLayerPixel computes one layer pixel from X16-HARDWARE.md 2.7 with bit addresses,
// independently of the renderer's per-tile code.
func refLayerPixel(vram []byte, l vera.Layer, x, line int) uint8 {
	depth := int(l.Config & 3)
	bpp := 1 << depth
	t256c := l.Config&0x08 != 0
	tileBase := int(l.TileBase&0xFC) * 512
	readBits := func(bitAddr int) uint8 { // bpp bits, MSB-first within each byte
		b := vram[(bitAddr/8)%0x20000]
		shift := 8 - bpp - bitAddr%8
		return b >> shift & uint8(1<<bpp-1)
	}
	offset := func(p, off uint8) uint8 {
		if depth == 0 || p == 0 || p > 15 {
			return p
		}
		if t256c {
			off |= 8
		}
		return p | off<<4
	}
	if l.Config&0x04 != 0 { // bitmap
		width := 320
		if l.TileBase&1 != 0 {
			width = 640
		}
		// 640 pixels read on from the start of the line (see the 320-wide test).
		p := readBits(tileBase*8 + (line*width+x)*bpp)
		return offset(p, uint8(l.HScroll>>8&15))
	}
	tw, th := 8, 8
	if l.TileBase&1 != 0 {
		tw = 16
	}
	if l.TileBase&2 != 0 {
		th = 16
	}
	mapW := 32 << (l.Config >> 4 & 3)
	mapH := 32 << (l.Config >> 6 & 3)
	sx := x + int(l.HScroll&0xFFF)
	sy := (line + int(l.VScroll&0xFFF)) % 4096
	col, px := sx/tw%mapW, sx%tw
	row, py := sy/th%mapH, sy%th
	e := (int(l.MapBase)*512 + 2*(row*mapW+col)) % 0x20000
	b0, b1 := vram[e], vram[e+1]
	if depth == 0 {
		bit := readBits((tileBase+int(b0)*tw*th/8)*8 + py*tw + px)
		switch {
		case t256c && bit == 1:
			return b1
		case t256c:
			return 0
		case bit == 1:
			return b1 & 15
		default:
			return b1 >> 4
		}
	}
	tile := int(b0) | int(b1&3)<<8
	if depth == 3 && tw == 16 && th == 16 {
		tile &= 0x1FF
	}
	if b1&0x04 != 0 {
		px = tw - 1 - px
	}
	if b1&0x08 != 0 {
		py = th - 1 - py
	}
	p := readBits(tileBase*8 + tile*tw*th*bpp + (py*tw+px)*bpp)
	return offset(p, b1>>4)
}

func TestLayersMatchReferenceModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := newRig(t)
	vram := r.p.VRAM()
	configs := 120
	if testing.Short() {
		configs = 30
	}
	for n := 0; n < configs; n++ {
		for i := 0; i < 0x1F9C0; i++ {
			vram[i] = uint8(rng.Uint32())
		}
		l := vera.Layer{
			Config:   uint8(rng.Uint32()),
			MapBase:  uint8(rng.Uint32()),
			TileBase: uint8(rng.Uint32()),
			HScroll:  uint16(rng.Uint32()) & 0xFFF,
			VScroll:  uint16(rng.Uint32()) & 0xFFF,
		}
		which := n % 2
		r.p.SetLayer(which, l)
		r.video(0x01 | 0x10<<which)
		f := r.frame()
		for k := 0; k < 12; k++ {
			y := rng.IntN(480)
			for x := 0; x < 640; x++ {
				want := refLayerPixel(vram, l, x, y)
				if got := r.index(f, x, y); got != want {
					t.Fatalf("config %d layer %d %+v: pixel (%d,%d) = %02X, reference %02X", n, which, l, x, y, got, want)
				}
			}
		}
	}
}

// --- Speed and allocations ------------------------------------------------------------

// benchRig sets up the benchmark scene: two 8 bpp tile layers (8x8 tiles, 128x64 maps,
// scrolled) over pseudo-random VRAM, so map entries carry random flips and palette
// offsets, and 128 visible sprites of random sizes and depths spread over the screen.
func benchRig(tb testing.TB) vera.RenderProbe {
	v := vera.New()
	p := vera.NewRenderProbe(v)
	p.Reset()
	rng := rand.New(rand.NewPCG(7, 8))
	vram := p.VRAM()
	for i := 0; i < 0x1FA00; i++ {
		vram[i] = uint8(rng.Uint32())
	}
	for i := 0; i < 128; i++ {
		e := vram[spriteAttr+8*i : spriteAttr+8*i+8]
		x, y := rng.IntN(640), rng.IntN(480)
		e[0], e[1] = uint8(rng.Uint32()), uint8(rng.Uint32())&0x8F
		e[2], e[3], e[4], e[5] = uint8(x), uint8(x>>8), uint8(y), uint8(y>>8)
		e[6] = uint8(rng.Uint32())&0xF3 | uint8(1+rng.IntN(3))<<2
		e[7] = uint8(rng.Uint32())
	}
	p.SetLayer(0, vera.Layer{Config: 0x63, MapBase: 0x00000 >> 9, TileBase: 0x08000 >> 9, HScroll: 5, VScroll: 3})
	p.SetLayer(1, vera.Layer{Config: 0x63, MapBase: 0x04000 >> 9, TileBase: 0x10000 >> 9, HScroll: 301, VScroll: 77})
	p.SetComposer(vera.Composer{Video: 0x71, HScale: 128, VScale: 128, HStop: 640, VStop: 480})
	p.MarkPaletteDirty()
	return p
}

func BenchmarkRenderFrame(b *testing.B) {
	p := benchRig(b)
	b.ReportAllocs()
	for b.Loop() {
		p.RenderFrame()
	}
}

func TestRenderLineDoesNotAllocate(t *testing.T) {
	p := benchRig(t)
	p.RenderFrame()
	y := 0
	allocs := testing.AllocsPerRun(2000, func() {
		p.RenderLine(y)
		y++
		if y == 480 {
			p.EndFrame()
			y = 0
		}
	})
	if allocs != 0 {
		t.Fatalf("renderLine allocates %.2f times per line", allocs)
	}
	// Scaled and bitmap paths too.
	p.SetLayer(1, vera.Layer{Config: 0x07, TileBase: 0x00})
	p.SetComposer(vera.Composer{Video: 0x71, HScale: 64, VScale: 64, HStart: 8, HStop: 600, VStart: 2, VStop: 470})
	if a := testing.AllocsPerRun(480, func() { p.RenderLine(y); y = (y + 1) % 480 }); a != 0 {
		t.Fatalf("scaled renderLine allocates %.2f times per line", a)
	}
}

func TestVScaleShrinkRepeatsStaleLines(t *testing.T) {
	r := newRig(t)
	// 8 bpp 8x8 tiles; map row n (32 wide, 64 high) is tile n; tile n's row k is filled with
	// (8n + k) mod 255 + 1, so pixel 0 of an output line names its source line.
	r.p.SetLayer(0, vera.Layer{Config: 0x43, MapBase: 0x10000 >> 9, TileBase: 0})
	for n := 0; n < 64; n++ {
		for k := 0; k < 8; k++ {
			for x := 0; x < 8; x++ {
				r.p.VRAM()[64*n+8*k+x] = uint8((8*n+k)%255 + 1)
			}
		}
		for c := 0; c < 32; c++ {
			r.poke(0x10000+2*(32*n+c), uint8(n), 0)
		}
	}
	name := func(src int) uint8 { return uint8(src%255 + 1) }
	// VSCALE 255: the source line advances by 255/128 per output line and the composer
	// stops rendering once its counter has reached 480 (composer.v:155): output line 241
	// renders source 480 (= 241*255>>7), and from line 242 on nothing is rendered, so the
	// double-buffered line buffers alternate between lines 240 and 241 (sources 478, 480).
	r.p.SetComposer(vera.Composer{Video: 0x11, HScale: 128, VScale: 255, HStop: 640, VStop: 480})
	f := r.frame()
	for y := 0; y < 480; y++ {
		src := y * 255 >> 7
		if y > 241 {
			src = (240 + y%2) * 255 >> 7
		}
		if got := r.index(f, 0, y); got != name(src) {
			t.Fatalf("line %d shows %d, want source line %d (%d)", y, got, src, name(src))
		}
	}
	// Those lines fetch nothing.
	if lb := r.p.LineBus(242); lb.Layer[0] != 0 {
		t.Fatalf("line 242 fetched %d layer words, want 0", lb.Layer[0])
	}
	if lb := r.p.LineBus(241); lb.Layer[0] != 202 {
		t.Fatalf("line 241 fetched %d layer words, want 202", lb.Layer[0])
	}
}

// Horizontal fine scroll on 8, 4 and 2 bpp tile layers: the RTL starts writing the line
// buffer at 0 - fine scroll (layer_renderer.v:496-501), so screen column 0 shows source pixel
// s whether s is odd or even and wherever it falls in a byte, also at HSCALE 2x. (The
// official emulator shows the pixel before at odd scroll values: docs/HARDWARE-NOTES.md.)
func TestOddHScrollFirstColumn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config uint8 // colour depth
		w16    bool
	}{{"4bpp 8-wide", 2, false}, {"4bpp 16-wide", 2, true}, {"2bpp 8-wide", 1, false}, {"2bpp 16-wide", 1, true},
		{"8bpp 8-wide", 3, false}, {"8bpp 16-wide", 3, true}} {
		for _, hscale := range []uint8{128, 64} {
			for s := uint16(0); s < 16; s++ {
				r := newRig(t)
				// Tile k pixel p (of 8 or 16) has colour (k*w + p) % (colours-1) + 1; map column
				// c shows tile c, so source pixel x has colour x % (colours-1) + 1.
				w := 8
				tb := uint8(0x12000 >> 9)
				if tc.w16 {
					w, tb = 16, tb|1
				}
				bpp := 1 << tc.config
				ncol := 1<<bpp - 1
				rowBytes := w * bpp / 8
				for k := 0; k < 32; k++ {
					for p := 0; p < w; p++ {
						c := (k*w+p)%ncol + 1
						for row := 0; row < 8<<0; row++ {
							a := 0x12000 + (k*8+row)*rowBytes + p*bpp/8
							shift := 8 - bpp - (p*bpp)%8
							r.p.VRAM()[a] |= uint8(c << shift)
						}
					}
					r.poke(0x10000+2*k, uint8(k), 0)
				}
				r.p.SetLayer(0, vera.Layer{Config: tc.config, MapBase: 0x10000 >> 9, TileBase: tb, HScroll: s})
				r.p.SetComposer(vera.Composer{Video: 0x11, HScale: hscale, VScale: 128, HStop: 640, VStop: 480})
				f := r.frame()
				for x := 0; x < 4; x++ {
					src := int(s) + x*int(hscale)/128
					if got, want := r.index(f, x, 0), uint8(src%ncol+1); got != want {
						t.Errorf("%s HSCALE %d scroll %d: column %d shows %d, want source pixel %d (%d)", tc.name, hscale, s, x, got, src, want)
					}
				}
			}
		}
	}
}

// A DCSEL=1 window at 1x: the composer starts rendering source line 0 during the line
// before VSTART (composer.v:149-162), so line VSTART shows source line 0 and each following
// line the next one. (The official emulator shows source line 1 at VSTART:
// docs/HARDWARE-NOTES.md.)
func TestVStartShowsSourceLineZero(t *testing.T) {
	r := newRig(t)
	r.p.SetLayer(0, vera.Layer{Config: 0x07, TileBase: 0x01}) // 8 bpp bitmap, 640 wide
	for y := 0; y < 100; y++ {
		r.poke(640*y, uint8(y+1))
	}
	for _, vstart := range []uint16{0, 2, 40, 100} {
		r.p.SetComposer(vera.Composer{Video: 0x11, HScale: 128, VScale: 128, Border: 0xEE, HStop: 640, VStart: vstart, VStop: 480})
		f := r.frame()
		if vstart > 0 {
			r.wantRow(f, int(vstart)-1, 0, 0xEE)
		}
		for k := 0; k < 5; k++ {
			r.wantRow(f, int(vstart)+k, 0, uint8(k+1))
		}
	}
}
