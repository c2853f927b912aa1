package vera

import (
	"math/rand/v2"
	"testing"
)

// randomSpriteTable fills a 1 KB attribute table: about half the sprites enabled, Y all
// over the 10-bit range (so some wrap past 1023 into the top lines), all heights.
func randomSpriteTable(rng *rand.Rand, attrs []byte) {
	for i := range 128 {
		a := attrs[8*i : 8*i+8]
		for k := range a {
			a[k] = uint8(rng.Uint32())
		}
		if rng.IntN(2) == 0 {
			a[6] &^= 0x0C // Z = 0: disabled
		}
		if rng.IntN(4) == 0 {
			y := 1024 - rng.IntN(64) // wraps into lines 0-63
			a[4], a[5] = uint8(y), uint8(y>>8)&3
		}
	}
}

// The per-line sprite lists (byLine) must give every line the same schedule as testing
// every enabled sprite (SpriteLineBus builds a fresh plan, which scans), also right after
// the table changes (the first line after a change scans, the next builds the lists).
func TestSpriteLineListsMatchScanning(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	attrs := make([]byte, 1024)
	var p spritePlan
	for table := range 20 {
		randomSpriteTable(rng, attrs)
		dirty := true
		for y := range 512 {
			p.update(attrs, dirty)
			dirty = false
			if y == 2 && !p.byLineOK {
				t.Fatalf("table %d: lists not built two lines after the change", table)
			}
			p.plan(attrs, y)
			var ref spritePlan
			ref.findEnabled(attrs)
			ref.plan(attrs, y)
			if ref.byLineOK {
				t.Fatal("the reference plan must scan")
			}
			if p.total != ref.total || p.n != ref.n {
				t.Fatalf("table %d line %d: %+v (%d sprites), scanning gives %+v (%d)", table, y, p.total, p.n, ref.total, ref.n)
			}
			for k := range p.n {
				if p.idx[k] != ref.idx[k] || p.match[k] != ref.match[k] || p.dy[k] != ref.dy[k] || p.drawn[k] != ref.drawn[k] {
					t.Fatalf("table %d line %d sprite #%d differs", table, y, k)
				}
			}
			if y == 300 { // a change in the middle of the frame
				randomSpriteTable(rng, attrs)
				dirty = true
			}
		}
	}
}

// spriteOnLineRef is X16-HARDWARE.md 2.6: a sprite with Z != 0 covers the lines Y..Y+h-1,
// Y and the line compared modulo 1024.
func spriteOnLineRef(a []byte, line int) bool {
	if a[6]&0x0C == 0 {
		return false
	}
	y := int(a[4]) | int(a[5]&3)<<8
	h := 8 << (a[7] >> 6)
	for k := range h {
		if (y+k)&1023 == line {
			return true
		}
	}
	return false
}

func TestSpriteLineListsHoldTheLinesSprites(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	attrs := make([]byte, 1024)
	randomSpriteTable(rng, attrs)
	var p spritePlan
	p.findEnabled(attrs)
	p.buildByLine(attrs)
	for y := range cacheLines {
		for i := range 128 {
			in := p.byLine[y][i>>6]>>(i&63)&1 != 0
			if want := spriteOnLineRef(attrs[8*i:8*i+8], y); in != want {
				t.Fatalf("line %d sprite %d listed %v, want %v", y, i, in, want)
			}
		}
	}
}
