package vera

import "testing"

// mapRowRig is an 8 bpp layer 0 of 8x8 tiles (32x32 map at $10000, tiles at $00000) with
// tile n filled with colour $40+n. The tests read the layer's line buffer, not the frame.
func mapRowRig() *VERA {
	v := New()
	for n := range 16 {
		for i := range 64 {
			v.vram[64*n+i] = uint8(0x40 + n)
		}
	}
	v.layer[0] = Layer{Config: 0x03, MapBase: 0x10000 >> 9, TileBase: 0}
	v.comp.Video = 0x11
	return v
}

// pixel0 is the colour layer 0 drew at source pixel x of the line just rendered.
func pixel0(v *VERA, x int) uint8 { return v.r.layers[v.r.cur][0].visible()[x] }

// The decoded map row is reused by the 8 lines of a tile row; a write to the map in between
// must show on the next line (the renderer renders line y from VRAM as it is then).
func TestMapRowCacheSeesMapWrites(t *testing.T) {
	v := mapRowRig()
	v.renderLine(0)
	if got := pixel0(v, 8); got != 0x40 {
		t.Fatalf("line 0 column 1 = %02X, want tile 0's 40", got)
	}
	v.PokeVRAM(0x10002, 5) // map entry (1, 0) := tile 5 (stamps the VRAM block like DATA0)
	v.renderLine(1)
	if got := pixel0(v, 8); got != 0x45 {
		t.Fatalf("line 1 column 1 = %02X after the map write, want tile 5's 45", got)
	}
	if got := pixel0(v, 16); got != 0x40 {
		t.Fatalf("line 1 column 2 = %02X, want 40", got)
	}
}

// The same map row drawn with other registers must not reuse the decoded row.
func TestMapRowCacheFollowsRegisters(t *testing.T) {
	v := mapRowRig()
	v.vram[0x10000+2*1] = 3 // map entry (1, 0) = tile 3
	v.renderLine(0)
	if got := pixel0(v, 8); got != 0x43 {
		t.Fatalf("column 1 = %02X, want 43", got)
	}
	v.layer[0].HScroll = 8 // one tile to the left: pixel 0 shows map column 1
	v.renderLine(1)
	if got := pixel0(v, 0); got != 0x43 {
		t.Fatalf("after HSCROLL 8, pixel 0 = %02X, want 43", got)
	}
	v.layer[0].Config |= 0x08 // T256C: colours 1-15 get bit 7; tile 3's 43 is not one
	v.PokeVRAM(64*3+8*2, 7)   // tile 3, row 2, pixel 0 = colour 7, offset 0
	v.renderLine(2)
	if got := pixel0(v, 0); got != 0x87 {
		t.Fatalf("T256C colour 7 = %02X, want 87", got)
	}
}
