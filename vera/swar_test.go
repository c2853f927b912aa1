package vera

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// The renderer handles 8 pixels per 64-bit word. These tests check each word-wide helper
// against the per-pixel rule it implements, written out here from the spec.

// group packs 8 bytes into a group (lane i = byte i).
func group(b [8]uint8) uint64 { return binary.LittleEndian.Uint64(b[:]) }

// randomLanes returns 8 pixel values biased towards the interesting ones: 0, 1-15, 16,
// $80 and $FF.
func randomLanes(rng *rand.Rand) [8]uint8 {
	var b [8]uint8
	for i := range b {
		switch rng.IntN(5) {
		case 0:
			b[i] = 0
		case 1:
			b[i] = uint8(1 + rng.IntN(15))
		case 2:
			b[i] = []uint8{16, 0x80, 0x8F, 0xF0, 0xFF}[rng.IntN(5)]
		default:
			b[i] = uint8(rng.Uint32())
		}
	}
	return b
}

// X16-HARDWARE.md 2.7 (layer_renderer.v:476-485): in 2/4/8 bpp a palette offset applies
// to colours 1-15 only; T256C sets bit 7 of the offset as well.
func TestOffset8bppAppliesToColours1To15Only(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for off := 0; off < 16; off++ {
		for _, t256 := range []uint8{0, 0x80} {
			ob := uint8(off<<4) | t256
			for v := 0; v < 256; v++ {
				for lane := range 8 {
					b := randomLanes(rng)
					b[lane] = uint8(v)
					got := offset8bpp(group(b), uint64(ob))
					for i, c := range b {
						want := c
						if c >= 1 && c <= 15 {
							want = c | ob
						}
						if g := uint8(got >> (8 * i)); g != want {
							t.Fatalf("offset %02X: lane %d = %02X -> %02X, want %02X", ob, i, c, g, want)
						}
					}
				}
			}
		}
	}
}

func TestNonZeroLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		b := randomLanes(rng)
		got := nonZeroLanes(group(b))
		for i, c := range b {
			want := uint8(0)
			if c != 0 {
				want = 0xFF
			}
			if g := uint8(got >> (8 * i)); g != want {
				t.Fatalf("lanes % X: lane %d -> %02X, want %02X", b, i, g, want)
			}
		}
	}
}

// refCompose is the composer's per-pixel order (composer.v:189-201, X16-HARDWARE.md 2.8):
// sprite Z=1, layer 0, sprite Z=2, layer 1, sprite Z=3, each later opaque source winning.
func refCompose(l0, l1, sc, z uint8) uint8 {
	var p uint8
	for _, src := range []struct {
		opaque bool
		c      uint8
	}{{z == 1, sc}, {l0 != 0, l0}, {z == 2, sc}, {l1 != 0, l1}, {z == 3, sc}} {
		if src.opaque {
			p = src.c
		}
	}
	return p
}

func TestMergeRowFollowsComposerOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var spr spriteLine
	var pal [256]uint32 // colour i is i<<8 | $5A: the index comes back out of the RGBA row
	for i := range pal {
		pal[i] = uint32(i)<<8 | 0x5A
	}
	for _, n := range []int{640, 636, 8, 5, 300} {
		for range 200 {
			a := make([]uint8, n)
			b := make([]uint8, n)
			for i := range n {
				a[i] = randomLanes(rng)[0]
				b[i] = randomLanes(rng)[1]
				// The sprite buffer holds Z 1-3 (and masks) where a sprite is opaque, 0
				// elsewhere: runs, as sprites leave them.
				if rng.IntN(3) == 0 {
					spr.col[i] = uint8(1 + rng.IntN(255))
					spr.zm[i] = uint8(1+rng.IntN(3)) | uint8(rng.IntN(16))<<4
				} else {
					spr.col[i], spr.zm[i] = 0, 0
				}
			}
			for _, sprites := range []bool{false, true} {
				out := make([]byte, 4*n)
				mergePaletteRow(out, a, b, &spr, sprites, &pal)
				for i := range n {
					if out[4*i] != 0x5A {
						t.Fatalf("pixel %d: RGBA %x, not from the palette", i, out[4*i:4*i+4])
					}
					dst := out[4*i+1 : 4*i+2]
					var sc, z uint8
					if sprites {
						sc, z = spr.col[i], spr.zm[i]&3
					}
					if want := refCompose(a[i], b[i], sc, z); dst[0] != want {
						t.Fatalf("n=%d sprites=%v pixel %d: l0 %02X l1 %02X sprite %02X Z%d -> %02X, want %02X",
							n, sprites, i, a[i], b[i], sc, z, dst[0], want)
					}
				}
			}
		}
	}
}

// refMergePixel is the sprite renderer's rule for one pixel drawn over a slot that may hold
// an earlier sprite's pixel (sprite_renderer.v:315-323): a transparent pixel writes
// nothing; an opaque one collides with the masks already there, and wins where the slot
// is transparent or its Z is lower, adding its mask to the slot's.
func refMergePixel(col, zm *uint8, c, newZM uint8) (coll uint8) {
	if c == 0 {
		return 0
	}
	coll = *zm & 0xF0
	if *col == 0 || newZM&3 > *zm&3 {
		*col = c
		*zm = *zm&0xF0 | newZM
	}
	return coll
}

func TestMergeRunFollowsSpriteRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 5000 {
		n := 1 + rng.IntN(64)
		col := make([]uint8, n)
		zb := make([]uint8, n)
		px := make([]uint8, n)
		for i := range n {
			if rng.IntN(2) == 0 {
				col[i] = uint8(1 + rng.IntN(255))
				zb[i] = uint8(1+rng.IntN(3)) | uint8(rng.IntN(16))<<4
			}
			if rng.IntN(3) > 0 {
				px[i] = uint8(1 + rng.IntN(255))
			}
		}
		newZM := uint8(1+rng.IntN(3)) | uint8(rng.IntN(16))<<4
		wantCol := append([]uint8(nil), col...)
		wantZM := append([]uint8(nil), zb...)
		var wantColl uint8
		for i := range n {
			wantColl |= refMergePixel(&wantCol[i], &wantZM[i], px[i], newZM)
		}
		coll := mergeRun(col, zb, px, newZM)
		if coll&0xF0 != wantColl {
			t.Fatalf("collision masks %02X, want %02X", coll&0xF0, wantColl)
		}
		for i := range n {
			if col[i] != wantCol[i] || zb[i] != wantZM[i] {
				t.Fatalf("slot %d: %02X/%02X, want %02X/%02X", i, col[i], zb[i], wantCol[i], wantZM[i])
			}
		}
	}
}
