package vera_test

import (
	"bytes"
	"testing"

	"x16scope/vera"
)

// At VSCALE 64 output lines 2k and 2k+1 both show source line k, and the second is a copy
// of the first. Both must be exactly what source line k renders to on its own (VSCALE 128,
// output line k), pixels and fetches, with sprites and tile layers of every kind in play,
// at HSCALE 64 and at an uneven HSCALE.
func TestDoubledLinesMatchTheirSourceLine(t *testing.T) {
	layers := map[string][2]vera.Layer{
		"8bpp-8x8": {
			{Config: 0x63, MapBase: 0x00000 >> 9, TileBase: 0x08000 >> 9, HScroll: 5, VScroll: 3},
			{Config: 0x63, MapBase: 0x04000 >> 9, TileBase: 0x10000 >> 9, HScroll: 301, VScroll: 77},
		},
		"4bpp-16x16+bitmap": {
			{Config: 0x12, MapBase: 0x00000 >> 9, TileBase: 0x08000>>9 | 3, HScroll: 13, VScroll: 9},
			{Config: 0x06, TileBase: 0x10000 >> 9},
		},
	}
	for name, ls := range layers {
		for _, hscale := range []uint8{64, 77} {
			single, doubled := benchRig(t), benchRig(t)
			for i, l := range ls {
				single.SetLayer(i, l)
				doubled.SetLayer(i, l)
			}
			single.SetComposer(vera.Composer{Video: 0x71, HScale: hscale, VScale: 128, HStop: 640, VStop: 480})
			doubled.SetComposer(vera.Composer{Video: 0x71, HScale: hscale, VScale: 64, HStop: 640, VStop: 480})
			c1 := single.RenderFrame()
			f1 := append([]byte(nil), single.Frame()...)
			var bus1 [240]vera.LineBus
			for k := range bus1 {
				bus1[k] = single.LineBus(k)
			}
			c2 := doubled.RenderFrame()
			f2 := doubled.Frame()
			if c1 != c2 {
				t.Errorf("%s hscale %d: collisions %04b doubled, %04b single", name, hscale, c2, c1)
			}
			const row = vera.ScreenWidth * 4
			for y := range vera.ScreenHeight {
				k := y / 2
				if !bytes.Equal(f2[y*row:(y+1)*row], f1[k*row:(k+1)*row]) {
					t.Fatalf("%s hscale %d: output line %d differs from source line %d rendered alone", name, hscale, y, k)
				}
				if got, want := doubled.LineBus(y), bus1[k]; got != want {
					t.Fatalf("%s hscale %d: line %d fetches %+v, source line %d alone %+v", name, hscale, y, got, k, want)
				}
			}
		}
	}
}
