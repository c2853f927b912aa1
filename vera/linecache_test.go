package vera

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestLineCacheMatchesFreshRendering drives two VERAs through the same register and
// data-port writes, frame after frame: one renders normally (line and row caches on), the
// other has every cache invalidated before each frame. Their pictures must be identical,
// whatever the writes touched: map entries, tile data, layer registers, the palette, FX
// 32-bit cache writes, bitmap rows.
func TestLineCacheMatchesFreshRendering(t *testing.T) {
	cached, fresh := New(), New()
	both := []*VERA{cached, fresh}
	now := uint64(0)
	w := func(reg, val uint8) {
		for _, v := range both {
			v.Write(reg, val, now)
		}
	}
	setAddr := func(addr uint32, incr uint8) {
		w(regCtrl, 0)
		w(regAddrL, uint8(addr))
		w(regAddrM, uint8(addr>>8))
		w(regAddrH, incr<<4|uint8(addr>>16&1))
	}
	rng := rand.New(rand.NewSource(1))
	// A text screen on layer 1 (map $1B000, charset $1F000) over a 4 bpp bitmap on layer 0.
	setAddr(0x00000, 1)
	for range 0x4000 {
		w(regData0, uint8(rng.Intn(256)))
	}
	setAddr(0x1B000, 1)
	for range 0x4000 {
		w(regData0, uint8(rng.Intn(256)))
	}
	w(regCtrl, 0)
	w(0x09, 0x31) // DC_VIDEO: layers 0 and 1, VGA
	w(0x0D, 0x06) // L0: bitmap 4 bpp
	w(0x0F, 0x00) // L0 bitmap at $00000, 320 wide
	w(0x14, 0x60) // L1: map 128x64, 1 bpp
	w(0x15, 0xD8) // L1 map $1B000
	w(0x16, 0xF8) // L1 tiles $1F000, 8x8

	for frame := 0; frame < 40; frame++ {
		// A few random changes of different kinds each frame.
		for range 6 {
			switch rng.Intn(10) {
			case 0: // a map entry
				setAddr(0x1B000+uint32(rng.Intn(0x4000)), 1)
				w(regData0, uint8(rng.Intn(256)))
			case 1: // a charset byte
				setAddr(0x1F000+uint32(rng.Intn(0x800)), 1)
				w(regData0, uint8(rng.Intn(256)))
			case 2: // scroll layer 1
				w(0x17, uint8(rng.Intn(256)))
				w(0x19, uint8(rng.Intn(256)))
			case 3: // a palette entry
				setAddr(0x1FA00+uint32(rng.Intn(512)), 1)
				w(regData0, uint8(rng.Intn(256)))
			case 4: // FX 32-bit cache write into the bitmap
				w(regCtrl, 2<<1)
				w(0x09, 0x40) // FX_CTRL: cache write enable
				w(regCtrl, 6<<1)
				for reg := uint8(0x09); reg <= 0x0C; reg++ {
					w(reg, uint8(rng.Intn(256))) // cache bytes
				}
				setAddr(uint32(rng.Intn(0x9600))&^3, 1)
				w(regData0, 0) // mask 0: write all four bytes
				w(regCtrl, 2<<1)
				w(0x09, 0)
				w(regCtrl, 0)
			case 5: // a bitmap byte
				setAddr(uint32(rng.Intn(0x9600)), 1)
				w(regData0, uint8(rng.Intn(256)))
			case 6: // layer 1 colour mode
				w(0x14, 0x60|uint8(rng.Intn(2))<<3)
			case 7: // horizontal and vertical scale
				w(regCtrl, 0)
				w(0x0A, []uint8{128, 64}[rng.Intn(2)])
				w(0x0B, []uint8{128, 64, 100}[rng.Intn(3)])
			case 8: // a sprite: attributes of sprite 0..3, sprites on or off
				setAddr(0x1FC00+8*uint32(rng.Intn(4)), 1)
				for _, b := range []uint8{0x00, 0x00, uint8(rng.Intn(256)), 0, uint8(rng.Intn(256)), 0, 0x0C, 0x50} {
					w(regData0, b)
				}
				w(regCtrl, 0)
				w(0x09, 0x31|uint8(rng.Intn(2))<<6)
			case 9: // border colour and the active window
				w(regCtrl, 0)
				w(0x0C, uint8(rng.Intn(256)))
				w(regCtrl, 1<<1)
				w(0x09, uint8(rng.Intn(20)))
				w(0x0B, uint8(rng.Intn(30)))
				w(regCtrl, 0)
			}
		}
		fresh.invalidateLines()
		fresh.spritesDirty = true
		now = uint64(frame+1)*CyclesPerFrame + VSyncLine*CyclesPerLine
		for _, v := range both {
			v.SyncTo(now)
		}
		if !bytes.Equal(cached.FrameView(), fresh.FrameView()) {
			t.Fatalf("frame %d: the cached rendering differs from a fresh one", frame)
		}
	}
}

// A static screen is rendered into scratch on its first frame, into the line cache on its
// second, and not at all from the third on; a line that changes every frame never
// occupies the cache.
func TestStaticScreenIsCachedFromTheSecondSighting(t *testing.T) {
	v := New()
	for a := uint32(0x1B000); a < 0x1F800; a++ {
		v.PokeVRAM(a, uint8(a*7))
	}
	v.comp.Video = 0x21                                                             // layer 1, VGA
	v.layer[1] = Layer{Config: 0x60, MapBase: 0x1B000 >> 9, TileBase: 0x1F000 >> 9} // 128x64 map, 1 bpp
	renders := make([]uint64, 5)
	for f := range renders {
		v.SyncTo(uint64(f+1)*CyclesPerFrame - 1) // lines 0-524 of frame f
		renders[f] = v.r.renders
	}
	// Frame 0: lines 0-479 rendered once, into scratch; frame 1: again, into the cache;
	// frames 2-4: none.
	if renders[0] != ScreenHeight || renders[1]-renders[0] != ScreenHeight {
		t.Fatalf("frames 0 and 1 rendered %d and %d lines, want %d each", renders[0], renders[1]-renders[0], ScreenHeight)
	}
	if renders[4] != renders[1] {
		t.Fatalf("frames 2-4 rendered %d lines of a static screen, want 0", renders[4]-renders[1])
	}
	for y := range ScreenHeight {
		if k := v.r.cache.key[1][y]; !k.hasLine {
			t.Fatalf("line %d is not cached", y)
		}
	}
	// Scrolling every frame: each line is rendered once per frame, never kept.
	for f := range 3 {
		v.layer[1].HScroll = uint16(f + 1)
		before := v.r.renders
		v.SyncTo(uint64(6+f)*CyclesPerFrame - 1)
		if n := v.r.renders - before; n != ScreenHeight {
			t.Fatalf("scrolled frame %d rendered %d lines, want %d", f, n, ScreenHeight)
		}
	}
	for y := range ScreenHeight {
		if k := v.r.cache.key[1][y]; k.hasLine && k.layer.HScroll != 0 {
			t.Fatalf("line %d of a scrolled frame was kept in the cache", y)
		}
	}
}
