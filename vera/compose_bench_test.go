package vera

import (
	"math/rand/v2"
	"testing"
)

// composeRig is a VERA showing two 8 bpp tile layers over pseudo-random VRAM (so map
// entries carry random flips and palette offsets), and 32 16x16 sprites when sprites is
// set, at the given scale (HSCALE = VSCALE).
func composeRig(tb testing.TB, scale uint8, sprites bool) *VERA {
	v := New()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < paletteBase; i++ {
		v.vram[i] = uint8(rng.Uint32())
	}
	clear(v.vram[spriteBase:])
	for i := range 32 {
		e := v.vram[spriteBase+8*i : spriteBase+8*i+8]
		x, y := rng.IntN(320), rng.IntN(240)
		e[0], e[1] = uint8(rng.Uint32()), uint8(rng.Uint32())&0x0F
		e[2], e[3], e[4], e[5] = uint8(x), uint8(x>>8), uint8(y), uint8(y>>8)
		e[6] = 3 << 2
		e[7] = 0x50
	}
	v.layer[0] = Layer{Config: 0x63, MapBase: 0x00000 >> 9, TileBase: 0x08000 >> 9, HScroll: 5, VScroll: 3}
	v.layer[1] = Layer{Config: 0x63, MapBase: 0x04000 >> 9, TileBase: 0x10000 >> 9, HScroll: 301, VScroll: 77}
	video := uint8(0x31)
	if sprites {
		video |= 0x40
	}
	v.comp = Composer{Video: video, HScale: scale, VScale: scale, HStop: 640, VStop: 480}
	v.invalidateLines()
	v.spritesDirty = true
	return v
}

// composeFrame renders a frame after a palette change: every row is composed again, from
// layer lines the line cache already holds (as under a palette-cycling effect).
func composeFrame(v *VERA) {
	v.paletteDirty = true
	for y := range ScreenHeight {
		v.renderLine(y)
	}
	v.endFrame()
}

// BenchmarkComposeFrame is the composer's share of a frame at 1x, 2x and 4x, with the
// layers alone and with sprites (which are rendered again every line). At 2x and 4x
// each source line is composed once and repeated.
func BenchmarkComposeFrame(b *testing.B) {
	for _, c := range []struct {
		name    string
		scale   uint8
		sprites bool
	}{{"1x", 128, false}, {"2x", 64, false}, {"4x", 32, false}, {"1x-sprites", 128, true}, {"2x-sprites", 64, true}} {
		b.Run(c.name, func(b *testing.B) {
			v := composeRig(b, c.scale, c.sprites)
			for range 3 {
				composeFrame(v) // the line cache fills
			}
			b.ReportAllocs()
			cpu0, cpuOK := CPUTime()
			for b.Loop() {
				composeFrame(v)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/frame")
			if cpu1, ok := CPUTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N)/1e6, "cpu-ms/frame")
			}
		})
	}
}

// Composing allocates nothing at any scale, with and without sprites.
func TestComposeDoesNotAllocate(t *testing.T) {
	for _, scale := range []uint8{128, 64, 77, 32, 200} {
		for _, sprites := range []bool{false, true} {
			v := composeRig(t, scale, sprites)
			composeFrame(v)
			if a := testing.AllocsPerRun(5, func() { composeFrame(v) }); a != 0 {
				t.Errorf("scale %d sprites %v: %v allocations per frame", scale, sprites, a)
			}
		}
	}
}
