package vera_test

import (
	"testing"

	"x16scope/vera"
)

// sprite describes one sprite attribute entry (X16-HARDWARE.md 2.6) for the tests.
type sprite struct {
	addr         int // image byte address (32-byte aligned)
	bpp8         bool
	x, y         int
	z            int
	mask         int
	hflip, vflip bool
	w, h         int // 8, 16, 32, 64
	pal          int
}

func sizeCode(n int) uint8 {
	switch n {
	case 8:
		return 0
	case 16:
		return 1
	case 32:
		return 2
	}
	return 3
}

func (r *rig) sprite(i int, s sprite) {
	b := make([]byte, 8)
	b[0] = uint8(s.addr >> 5)
	b[1] = uint8(s.addr >> 13 & 0x0F)
	if s.bpp8 {
		b[1] |= 0x80
	}
	b[2], b[3] = uint8(s.x), uint8(s.x>>8&3)
	b[4], b[5] = uint8(s.y), uint8(s.y>>8&3)
	b[6] = uint8(s.mask<<4 | s.z<<2)
	if s.vflip {
		b[6] |= 2
	}
	if s.hflip {
		b[6] |= 1
	}
	b[7] = sizeCode(s.h)<<6 | sizeCode(s.w)<<4 | uint8(s.pal)
	r.poke(spriteAttr+8*i, b...)
}

// image4 writes a 4 bpp sprite image whose pixel (x, y) is f(x, y).
func (r *rig) image4(addr, w, h int, f func(x, y int) uint8) {
	vram := r.p.VRAM()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x += 2 {
			vram[addr+y*w/2+x/2] = f(x, y)<<4 | f(x+1, y)&15
		}
	}
}

func (r *rig) image8(addr, w, h int, f func(x, y int) uint8) {
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r.p.VRAM()[addr+y*w+x] = f(x, y)
		}
	}
}

func TestSprite4bppPaletteOffsetAndTransparency(t *testing.T) {
	r := newRig(t)
	// 8x8 4 bpp: pixel (x,y) = x (0 transparent). Palette offset 3 -> colours $31-$37.
	r.image4(0x10000, 8, 8, func(x, y int) uint8 { return uint8(x) })
	r.sprite(0, sprite{addr: 0x10000, x: 100, y: 50, z: 3, w: 8, h: 8, pal: 3})
	r.video(0x41)
	f := r.frame()
	r.wantRow(f, 50, 99, 0, 0, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0)
	r.wantRow(f, 57, 100, 0, 0x31)
	r.wantRow(f, 49, 101, 0)
	r.wantRow(f, 58, 101, 0)
	// Sprite display disabled: nothing shows.
	r.video(0x01)
	f = r.frame()
	r.wantRow(f, 50, 101, 0)
}

func TestSprite8bppSizesAndFlips(t *testing.T) {
	r := newRig(t)
	// 64x32 8 bpp image, pixel (x,y) = 16 + (x+3y) mod 200: never below 16, so the
	// palette offset never applies, and distinct along rows and columns.
	val := func(x, y int) uint8 { return uint8(16 + (x+3*y)%200) }
	r.image8(0x08000, 64, 32, val)
	r.sprite(0, sprite{addr: 0x08000, bpp8: true, x: 10, y: 10, z: 3, w: 64, h: 32, pal: 5})
	r.sprite(1, sprite{addr: 0x08000, bpp8: true, x: 200, y: 10, z: 3, w: 64, h: 32, hflip: true})
	r.sprite(2, sprite{addr: 0x08000, bpp8: true, x: 300, y: 10, z: 3, w: 64, h: 32, vflip: true})
	r.sprite(3, sprite{addr: 0x08000, bpp8: true, x: 400, y: 10, z: 3, w: 64, h: 32, hflip: true, vflip: true})
	r.video(0x41)
	f := r.frame()
	for _, yy := range []int{0, 1, 17, 31} {
		for xx := 0; xx < 64; xx++ {
			check := func(sx int, ix, iy int) {
				if got, want := r.index(f, sx+xx, 10+yy), val(ix, iy); got != want {
					t.Fatalf("sprite at x=%d, pixel (%d,%d) = %02X, want image (%d,%d) = %02X", sx, xx, yy, got, ix, iy, want)
				}
			}
			check(10, xx, yy)
			check(200, 63-xx, yy)
			check(300, xx, 31-yy)
			check(400, 63-xx, 31-yy)
		}
	}
	r.wantRow(f, 42, 10, 0, 0) // height 32: line 42 is past it
}

func TestSpriteAllSizes(t *testing.T) {
	r := newRig(t)
	sizes := []int{8, 16, 32, 64}
	i := 0
	for wi, w := range sizes {
		for hi, h := range sizes {
			// 4 bpp solid colour 1 + i%15 with offset 0.
			c := uint8(1 + i%15)
			addr := 0x04000 + i*2048
			r.image4(addr, w, h, func(x, y int) uint8 { return c })
			r.sprite(i, sprite{addr: addr, x: 70 * wi, y: 80 * hi, z: 3, w: w, h: h})
			i++
		}
	}
	r.video(0x41)
	f := r.frame()
	i = 0
	for wi, w := range sizes {
		for hi, h := range sizes {
			c := uint8(1 + i%15)
			x0, y0 := 70*wi, 80*hi
			for _, p := range [][2]int{{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}} {
				if got := r.index(f, x0+p[0], y0+p[1]); got != c {
					t.Fatalf("sprite %dx%d corner %v = %d, want %d", w, h, p, got, c)
				}
			}
			if got := r.index(f, x0+w, y0); got != 0 {
				t.Fatalf("sprite %dx%d: pixel right of it = %d, want 0", w, h, got)
			}
			if got := r.index(f, x0, y0+h); got != 0 {
				t.Fatalf("sprite %dx%d: pixel below it = %d, want 0", w, h, got)
			}
			i++
		}
	}
}

func TestSpriteCoordinatesWrap(t *testing.T) {
	r := newRig(t)
	// 16x16 image, pixel (x,y) = x mod 15 + 1.
	r.image4(0x02000, 16, 16, func(x, y int) uint8 { return uint8(x%15 + 1) })
	r.sprite(0, sprite{addr: 0x02000, x: 1016, y: 100, z: 3, w: 16, h: 16}) // X = -8
	r.sprite(1, sprite{addr: 0x02000, x: 300, y: 1020, z: 3, w: 16, h: 16}) // Y = -4
	r.video(0x41)
	f := r.frame()
	// Right half (image x 8-15) at screen x 0-7.
	r.wantRow(f, 100, 0, 9, 10, 11, 12, 13, 14, 15, 1)
	r.wantRow(f, 100, 8, 0)
	// Image rows 4-15 at lines 0-11.
	r.wantRow(f, 0, 300, 1, 2)
	r.wantRow(f, 11, 300, 1, 2)
	r.wantRow(f, 12, 300, 0, 0)
	r.wantRow(f, 479, 300, 0)
}

func TestSpriteZAgainstLayers(t *testing.T) {
	r := newRig(t)
	// Layer 0 bitmap: 10 on pixels 0-15 of row 20; layer 1: 20 on pixels 8-23.
	r.p.SetLayer(0, vera.Layer{Config: 0x07, TileBase: 0x00000>>9 | 1})
	r.p.SetLayer(1, vera.Layer{Config: 0x07, TileBase: 0x10000>>9 | 1})
	for x := 0; x < 16; x++ {
		r.poke(640*20+x, 10)
		r.poke(0x10000+640*20+8+x, 20)
	}
	// Sprite image: solid colour 5, 32 wide 8 high, at x=0 covering everything.
	r.image4(0x18000, 32, 8, func(x, y int) uint8 { return 5 })
	for z, want := range [][4]uint8{
		// pixels 4 (L0 only), 12 (L0+L1), 20 (L1 only), 28 (none)
		1: {10, 20, 20, 5},
		2: {5, 20, 20, 5},
		3: {5, 5, 5, 5},
	} {
		if z == 0 {
			continue
		}
		r.sprite(0, sprite{addr: 0x18000, x: 0, y: 20, z: z, w: 32, h: 8})
		r.video(0x71)
		f := r.frame()
		got := [4]uint8{r.index(f, 4, 20), r.index(f, 12, 20), r.index(f, 20, 20), r.index(f, 28, 20)}
		if got != want {
			t.Errorf("Z=%d: pixels 4/12/20/28 = %v, want %v", z, got, want)
		}
	}
}

func TestSpritePriority(t *testing.T) {
	r := newRig(t)
	r.image4(0x01000, 8, 8, func(x, y int) uint8 { return 1 })
	r.image4(0x01100, 8, 8, func(x, y int) uint8 {
		if x == 0 {
			return 0 // transparent column
		}
		return 2
	})
	r.video(0x41)
	// Same Z: the lower index wins; sprite 1 shows only where sprite 0 is transparent.
	r.sprite(0, sprite{addr: 0x01000, x: 104, y: 0, z: 2, w: 8, h: 8})
	r.sprite(1, sprite{addr: 0x01100, x: 100, y: 0, z: 2, w: 8, h: 8})
	f := r.frame()
	r.wantRow(f, 0, 100, 0, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0)
	// Higher Z on the later sprite: it overwrites.
	r.sprite(1, sprite{addr: 0x01100, x: 100, y: 0, z: 3, w: 8, h: 8})
	f = r.frame()
	r.wantRow(f, 0, 100, 0, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 0)
	// Z is compared between sprites before the composer sees them: a later sprite with
	// Z=2 replaces an earlier Z=1 one where both are opaque.
	r.sprite(0, sprite{addr: 0x01000, x: 104, y: 0, z: 1, w: 8, h: 8})
	r.sprite(1, sprite{addr: 0x01100, x: 100, y: 0, z: 2, w: 8, h: 8})
	f = r.frame()
	r.wantRow(f, 0, 100, 0, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 0)
}

func TestSpriteCollisions(t *testing.T) {
	r := newRig(t)
	r.image4(0x01000, 8, 8, func(x, y int) uint8 { return 1 })
	r.video(0x01) // sprite display off: the RTL still renders and collides
	// Overlapping sprites with masks 0011 and 0110 collide in group 0010.
	r.sprite(0, sprite{addr: 0x01000, x: 10, y: 10, z: 1, mask: 0x3, w: 8, h: 8})
	r.sprite(1, sprite{addr: 0x01000, x: 14, y: 12, z: 1, mask: 0x6, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0x2 {
		t.Fatalf("collisions = %04b, want 0010", got)
	}
	// The accumulator was cleared by endFrame: a frame without overlap reports 0.
	r.sprite(1, sprite{addr: 0x01000, x: 18, y: 12, z: 1, mask: 0x6, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0 {
		t.Fatalf("collisions without overlap = %04b, want 0", got)
	}
	// Groups accumulate over the frame: sprites 0/1 on lines 12-17 give 0010, sprites 2/3
	// on lines 100-107 give 1100 & 0100 = 0100.
	r.sprite(1, sprite{addr: 0x01000, x: 14, y: 12, z: 1, mask: 0x6, w: 8, h: 8})
	r.sprite(2, sprite{addr: 0x01000, x: 16, y: 100, z: 1, mask: 0xC, w: 8, h: 8})
	r.sprite(3, sprite{addr: 0x01000, x: 18, y: 100, z: 1, mask: 0x4, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0x6 {
		t.Fatalf("accumulated collisions = %04b, want 0110", got)
	}
	// Off-screen overlap (x >= 640) does not count.
	r.poke(spriteAttr, make([]byte, 32)...)
	r.sprite(0, sprite{addr: 0x01000, x: 700, y: 10, z: 1, mask: 0x1, w: 8, h: 8})
	r.sprite(1, sprite{addr: 0x01000, x: 702, y: 10, z: 1, mask: 0x1, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0 {
		t.Fatalf("off-screen collisions = %04b, want 0", got)
	}
	// Overlap straddling x=640: the pair meets at 638-639 (counts) and 640-643 (doesn't).
	r.sprite(0, sprite{addr: 0x01000, x: 636, y: 10, z: 1, mask: 0x8, w: 8, h: 8})
	r.sprite(1, sprite{addr: 0x01000, x: 638, y: 10, z: 1, mask: 0x8, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0x8 {
		t.Fatalf("collision at x 638-639 = %04b, want 1000", got)
	}
	r.sprite(1, sprite{addr: 0x01000, x: 640, y: 10, z: 1, mask: 0x8, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0 {
		t.Fatalf("touching at 640 = %04b, want 0", got)
	}
	// A sprite wrapping from X=1020 to 0-3 meets one at 0.
	r.sprite(0, sprite{addr: 0x01000, x: 1020, y: 10, z: 1, mask: 0x4, w: 8, h: 8})
	r.sprite(1, sprite{addr: 0x01000, x: 2, y: 10, z: 1, mask: 0x4, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0x4 {
		t.Fatalf("collision across the wrap = %04b, want 0100", got)
	}
	// Mask 0 never collides.
	r.sprite(0, sprite{addr: 0x01000, x: 10, y: 10, z: 1, mask: 0x0, w: 8, h: 8})
	r.sprite(1, sprite{addr: 0x01000, x: 12, y: 10, z: 1, mask: 0xF, w: 8, h: 8})
	if got := r.p.RenderFrame(); got != 0 {
		t.Fatalf("mask-0 collisions = %04b, want 0", got)
	}
}

func TestSpriteBudgetCutsCrowdedLine(t *testing.T) {
	r := newRig(t)
	r.image4(0x01000, 8, 8, func(x, y int) uint8 { return uint8(x + 1) })
	// 80 visible 8x8 4 bpp sprites side by side on lines 16-23. Each costs 13 clocks
	// (X16-HARDWARE.md 4.4): 61 fit in 793 clocks; the 62nd is matched at 793, its first
	// fetch is requested at 795 and its first pixel lands on clock 798, the last working
	// clock, so exactly one pixel of it shows. The rest are dropped.
	for i := 0; i < 80; i++ {
		r.sprite(i, sprite{addr: 0x01000, x: 8 * i, y: 16, z: 3, w: 8, h: 8})
	}
	r.video(0x41)
	f := r.frame()
	r.wantRow(f, 16, 60*8, 1, 2, 3, 4, 5, 6, 7, 8)
	r.wantRow(f, 16, 61*8, 1, 0)
	r.wantRow(f, 16, 62*8, 0)
	lb := r.p.LineBus(16)
	if lb.Sprite != 62 || lb.SpriteClocks != 799 || lb.SpritesDropped != 80-61 {
		t.Fatalf("line bus = %d words, %d clocks, %d dropped; want 62, 799, 19", lb.Sprite, lb.SpriteClocks, lb.SpritesDropped)
	}
	if lb := r.p.LineBus(15); lb.Sprite != 0 || lb.SpriteClocks != 0 || lb.SpritesDropped != 0 {
		t.Fatalf("empty line = %+v; want no sprite words or clocks", lb)
	}
}

func TestSpriteImageWrapsAtEndOfVRAM(t *testing.T) {
	r := newRig(t)
	// A 16x16 8 bpp sprite whose image starts at $1FFE0: rows 0 and 1 are the last 32 bytes
	// of VRAM (here the attribute table's end), row 2 continues at $00000.
	for x := 0; x < 16; x++ {
		r.poke(0x00000+x, uint8(100+x)) // image row 2
	}
	r.sprite(0, sprite{addr: 0x1FFE0, bpp8: true, x: 10, y: 20, z: 3, w: 16, h: 16})
	r.video(0x41)
	f := r.frame()
	want := make([]uint8, 16)
	for x := range want {
		want[x] = uint8(100 + x)
	}
	r.wantRow(f, 22, 10, want...)
}
