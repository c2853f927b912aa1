package vera

import "encoding/binary"

// The 8 bpp, 8-pixel-wide tile path, the benchmark's and many games' case: one 64-bit group
// per tile. The lines of one map row (8 or 16 of them) read the same map entries, so the
// entries are decoded once per map row into tile words (mapRowWords) and kept while the
// registers and the map row's VRAM are unchanged; each line then only adds its tile row.

// mapRowWords is one layer's decoded map row: a tile word per tile of the line, in screen
// order. A tile word holds bits 16:0 the tile's address (tile base + index x tile bytes,
// wrapped at 128 KB), 24:17 the palette offset byte (T256C's bit 7 included), 30 the
// V-flip and 31 the H-flip of the map entry (X16-HARDWARE.md 2.7).
type mapRowWords struct {
	ok     bool
	layer  Layer  // the registers the row was decoded with
	mapRow int    // which map row
	seq    uint64 // writeStamps.seq when decoded
	words  [ScreenWidth/8 + 1]uint32
}

// renderTiles8bpp8 draws a line of an 8 bpp layer with 8-pixel-wide tiles into dst (8
// bytes per tile). i is the layer (which cache entry), tileRow the line's row within its
// tiles, and the rest is renderTiles' view of the map row.
func (v *VERA) renderTiles8bpp8(i int, l *Layer, g *layerGeometry, mapRow, tileRow, col, n, rowBase int, dst []byte) {
	m := &v.r.mapRows[i]
	if !m.ok || m.layer != *l || m.mapRow != mapRow ||
		(m.seq != v.stamps.seq && v.stamps.writtenSince(rowBase&vramWrap, 2*g.mapW, m.seq)) {
		v.decodeMapRow(m, l, g, mapRow, col, n, rowBase)
	}
	// The line's offset into a tile, without and with V-flip (row h-1-r for a power-of-two
	// height h). OR-ed into a tile's address: tiles are aligned to their size.
	rowOff := [2]int{tileRow * 8, (tileRow ^ (g.tileH - 1)) * 8}
	drawTiles8bpp8(&v.vram, dst[:8*n], m.words[:n], &rowOff)
}

// decodeMapRow fills m with the tile words of map row mapRow, columns col.. (n tiles,
// wrapping at the map width; the row's address wraps at 128 KB).
func (v *VERA) decodeMapRow(m *mapRowWords, l *Layer, g *layerGeometry, mapRow, col, n, rowBase int) {
	vram := &v.vram
	colMask := g.mapW - 1
	shift := uint(6 + l.TileBase>>1&1) // tile bytes: 64 or 128
	var t256 int
	if g.t256c {
		t256 = 0x80
	}
	words := m.words[:n]
	entry := func(e int) uint32 {
		a := (g.tileBase + (e&0x3FF)<<shift) & vramWrap
		return uint32(a) | uint32(e>>8&0xF0|t256)<<17 | uint32(e>>11&1)<<30 | uint32(e>>10&1)<<31
	}
	if rb := rowBase & vramWrap; rb+2*g.mapW <= VRAMSize {
		row := vram[rb : rb+2*g.mapW] // the usual case: the map row does not wrap at 128 KB
		for k := range words {
			words[k] = entry(int(binary.LittleEndian.Uint16(row[2*((col+k)&colMask):])))
		}
	} else {
		for k := range words {
			ma := (rowBase + 2*((col+k)&colMask)) & vramWrap
			words[k] = entry(int(vram[ma]) | int(vram[(ma+1)&vramWrap])<<8)
		}
	}
	m.ok, m.layer, m.mapRow, m.seq = true, *l, mapRow, v.stamps.seq
}

// drawTiles8bpp8 draws one tile row per tile word into dst. rowOff is the line's offset
// into a tile without and with V-flip. Every decision per tile is arithmetic: the map's
// flip and offset bits are as good as random to a branch predictor. Two tiles per
// iteration (written out: the compiler neither unrolls nor inlines this much), which
// measured 15% faster than one.
func drawTiles8bpp8(vram *[VRAMSize]byte, dst []byte, words []uint32, rowOff *[2]int) {
	dst = dst[:8*len(words)]
	i := 0
	for ; i+2 <= len(words); i += 2 {
		w0, w1 := words[i], words[i+1]
		a0 := (int(w0&vramWrap) | rowOff[w0>>30&1]) & (vramWrap &^ 7) // rows are 8-byte aligned
		a1 := (int(w1&vramWrap) | rowOff[w1>>30&1]) & (vramWrap &^ 7)
		p0 := offset8bpp(binary.LittleEndian.Uint64(vram[a0:a0+8]), uint64(w0>>17&0xFF))
		p1 := offset8bpp(binary.LittleEndian.Uint64(vram[a1:a1+8]), uint64(w1>>17&0xFF))
		d := (*[16]byte)(dst[8*i : 8*i+16])
		binary.LittleEndian.PutUint64(d[0:8], flipGroup(p0, int32(w0)>>31)) // H-flip: bit 31
		binary.LittleEndian.PutUint64(d[8:16], flipGroup(p1, int32(w1)>>31))
	}
	if i < len(words) {
		w := words[i]
		a := (int(w&vramWrap) | rowOff[w>>30&1]) & (vramWrap &^ 7)
		p := offset8bpp(binary.LittleEndian.Uint64(vram[a:a+8]), uint64(w>>17&0xFF))
		binary.LittleEndian.PutUint64(dst[8*i:8*i+8], flipGroup(p, int32(w)>>31))
	}
}

// offset8bpp is paletteOffset for 8 bpp groups, without a branch: lanes holding a colour
// 1-15 get off (the offset byte: bits 7:4, with T256C's bit 7) OR-ed in. A lane's bit 7
// of (p&$7F)+$7F | p is set when the lane is non-zero, and of (p&$7F)+$70 | p when it is
// 16 or more; no sum carries into the next lane.
func offset8bpp(p, off uint64) uint64 {
	q := p & low7
	nz := q + low7 | p
	ge16 := q + lanes*0x70 | p
	sel := (nz &^ ge16 & lane7) >> 7 // 1 in lanes holding 1-15
	return p | sel*off
}
