package vera

import "encoding/binary"

// renderTiles4bpp draws a line of a 4 bpp tile layer (8 or 16 pixels wide), the layers of
// most 320x240 games, into dst (tile i at 8*groups*i). It is renderTiles' loop with the
// depth fixed: each 8-pixel group is 4 bytes unpacked by expand4, and since every 4 bpp
// colour but 0 is 1-15, the palette offset goes to every opaque pixel.
func (v *VERA) renderTiles4bpp(l *Layer, g *layerGeometry, tileRow, col, n, rowBase int, dst []byte) {
	vram := &v.vram
	colMask := g.mapW - 1
	groups := g.tileW >> 3
	rowBytes := 4 * groups
	tileBytes := rowBytes * g.tileH
	var t256 uint8
	if g.t256c {
		t256 = 0x80
	}
	for i := 0; i < n; i++ {
		ma := (rowBase + 2*((col+i)&colMask)) & vramWrap // even: ma+1 stays in VRAM
		b0, b1 := vram[ma], vram[ma+1]
		idx := int(b0) | int(b1&3)<<8
		r := tileRow ^ (g.tileH-1)&-int(b1>>3&1) // V-flip without a branch
		a := (g.tileBase + idx*tileBytes + r*rowBytes) & vramWrap
		off := lanes * uint64(b1&0xF0|t256)
		flip := -int32(b1 >> 2 & 1)
		if groups == 1 {
			p := expand4(vram[a : a+4])
			binary.LittleEndian.PutUint64(dst[8*i:8*i+8], flipGroup(p|nonZeroLanes(p)&off, flip))
			continue
		}
		// 16 wide: an H-flip reverses each group and swaps the two.
		p0 := expand4(vram[a : a+4])
		p1 := expand4(vram[a+4 : a+8])
		p0 = flipGroup(p0|nonZeroLanes(p0)&off, flip)
		p1 = flipGroup(p1|nonZeroLanes(p1)&off, flip)
		swap := (p0 ^ p1) & uint64(int64(flip))
		d := (*[16]byte)(dst[16*i : 16*i+16])
		binary.LittleEndian.PutUint64(d[0:8], p0^swap)
		binary.LittleEndian.PutUint64(d[8:16], p1^swap)
	}
}
