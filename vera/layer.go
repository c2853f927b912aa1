package vera

import (
	"encoding/binary"
	"math/bits"
)

// The layer renderer: one rendered line of one layer into a line buffer of palette
// indices (0 = transparent), following the RTL's layer_renderer.v (X16-HARDWARE.md 2.7 and
// 4.3). Everything here is a pure function of VRAM and the Layer registers.

const (
	vramWrap = VRAMSize - 1 // renderer addresses wrap inside 128 KB

	// lbPad is the room before pixel 0 of a layer line buffer for the fine-scroll pixels
	// the RTL renders before index 0 (it starts writing at -s, layer_renderer.v:496-501).
	lbPad = 16
	// layerLineLen holds the pad, 640 visible pixels and the rest of the last tile.
	layerLineLen = lbPad + ScreenWidth + 16
)

// layerLine is one layer's rendered line: index lbPad+x is the palette index of source
// pixel x (0-639); entries outside that window are scratch.
type layerLine [layerLineLen]uint8

// visible returns the 640 source pixels of the line.
func (b *layerLine) visible() []uint8 { return b[lbPad : lbPad+ScreenWidth] }

// layerGeometry decodes the register fields both the renderer and the bus model need.
type layerGeometry struct {
	depth    uint8 // 0-3: 1, 2, 4, 8 bpp
	bitmap   bool
	t256c    bool
	tileW    int // 8 or 16 (tile modes)
	tileH    int // 8 or 16 (tile modes)
	mapW     int // 32-256 tiles
	mapH     int
	mapBase  int // byte address
	tileBase int // byte address (bitmap start in bitmap mode)
}

func decodeLayer(l *Layer) layerGeometry {
	return layerGeometry{
		depth:    l.Config & 3,
		bitmap:   l.Config&0x04 != 0,
		t256c:    l.Config&0x08 != 0,
		tileW:    8 << (l.TileBase & 1),
		tileH:    8 << (l.TileBase >> 1 & 1),
		mapW:     32 << (l.Config >> 4 & 3),
		mapH:     32 << (l.Config >> 6 & 3),
		mapBase:  int(l.MapBase) << 9,
		tileBase: int(l.TileBase&0xFC) << 9, // bits 1:0 are the tile size (top.v:384-385)
	}
}

// tilesPerLine is the number of tiles the RTL fetches for one line: 640+s pixels.
func (g *layerGeometry) tilesPerLine(s int) int {
	n := ScreenWidth / g.tileW
	if s > 0 {
		n++
	}
	return n
}

// renderLayer renders source line lineIdx (the composer's scaled line, 0-511) of layer
// layer (0 or 1).
func (v *VERA) renderLayer(layer int, lineIdx int, out *layerLine) {
	l := &v.layer[layer]
	g := decodeLayer(l)
	if g.bitmap {
		v.renderBitmap(l, &g, lineIdx, out)
		return
	}
	v.renderTiles(layer, l, &g, lineIdx, out)
}

// renderTiles draws a tile-mode line. The map row comes from the 12-bit sum line+VSCROLL
// and the map column from HSCROLL's coarse part, both wrapped at the map size
// (layer_renderer.v:80-110); tile, map and bitmap addresses wrap inside 128 KB.
func (v *VERA) renderTiles(layer int, l *Layer, g *layerGeometry, lineIdx int, out *layerLine) {
	vram := &v.vram
	y := (lineIdx + int(l.VScroll)) & 0xFFF
	tileShiftY := 3 + int(l.TileBase>>1&1)
	tileShiftX := 3 + int(l.TileBase&1)
	mapRow := (y >> tileShiftY) & (g.mapH - 1)
	tileRow := y & (g.tileH - 1)
	hs := int(l.HScroll) & 0xFFF
	col := hs >> tileShiftX
	s := hs & (g.tileW - 1)
	n := g.tilesPerLine(s)
	rowBase := g.mapBase + 2*mapRow*g.mapW
	colMask := g.mapW - 1

	bpp := 1 << g.depth      // bytes per group of 8 pixels
	groups := g.tileW >> 3   // 8-pixel groups per tile row
	rowBytes := groups * bpp // tile width * bpp / 8
	tileBytes := rowBytes * g.tileH
	idxMask := 0x3FF // 10-bit tile index in 2/4/8 bpp
	if g.depth == 3 && g.tileW == 16 && g.tileH == 16 {
		idxMask = 0x1FF // 8 bpp 16x16: only index bits 8:0 fit the 15-bit word address (layer_renderer.v:169)
	}
	var t256 uint8
	if g.t256c {
		t256 = 0x80
	}

	x := lbPad - s
	if g.depth == 3 && g.tileW == 8 {
		v.renderTiles8bpp8(layer, l, g, mapRow, tileRow, col, n, rowBase, out[x:])
		return
	}
	if g.depth == 2 {
		v.renderTiles4bpp(l, g, tileRow, col, n, rowBase, out[x:])
		return
	}
	for i := 0; i < n; i++ {
		ma := (rowBase + 2*((col+i)&colMask)) & vramWrap
		b0, b1 := vram[ma], vram[ma+1]
		dst := out[x : x+g.tileW]
		x += g.tileW
		if g.depth == 0 {
			// 1 bpp: 8-bit tile index, no flips; byte 1 is colours (2.7).
			a := (g.tileBase + int(b0)*tileBytes + tileRow*rowBytes) & vramWrap
			fg, bg := b1&0x0F, b1>>4
			if g.t256c {
				fg, bg = b1, 0
			}
			fgs, bgs := lanes*uint64(fg), lanes*uint64(bg)
			for k := 0; k < groups; k++ {
				m := bitLanes(vram[a+k])
				putGroup(dst, k, m&fgs|^m&bgs)
			}
			continue
		}
		idx := (int(b0) | int(b1&3)<<8) & idxMask
		// Flips without branches (the map bits are as good as random to a predictor):
		// th-1-row = row ^ (th-1) for a power-of-two height, and likewise for groups.
		vflip := -int(b1 >> 3 & 1)
		r := tileRow ^ (g.tileH-1)&vflip
		a := (g.tileBase + idx*tileBytes + r*rowBytes) & vramWrap
		off := lanes * uint64(b1&0xF0|t256)
		hflip := -int(b1 >> 2 & 1)
		src := vram[a : a+rowBytes]
		for k := 0; k < groups; k++ {
			var p uint64
			switch g.depth {
			case 3:
				p = expand8(src[8*k:])
			case 2:
				p = expand4(src[4*k:])
			default:
				p = expand2(src[2*k:])
			}
			p = paletteOffset(p, off)
			// H-flip: the groups in reverse order, each one reversed.
			p ^= (p ^ bits.ReverseBytes64(p)) & uint64(hflip)
			putGroup(dst, k^(groups-1)&hflip, p)
		}
	}
}

// renderBitmap draws a bitmap line: 640 pixels read linearly from TILEBASE + line*stride
// (the RTL always renders 640 pixels; a 320-wide bitmap continues into the next row, which
// a 2x HSCALE never shows). The palette offset is HSCROLL 11:8, applied to colours 1-15 of
// 2/4/8 bpp only: the RTL's offset logic skips colour depth 0 (layer_renderer.v:476-485),
// while x16emu also offsets 1 bpp bitmaps (X16-HARDWARE.md 2.7 [CONFLICT]; we follow the RTL).
func (v *VERA) renderBitmap(l *Layer, g *layerGeometry, lineIdx int, out *layerLine) {
	width := 320 << (l.TileBase & 1)
	stride := width << g.depth >> 3
	bytes := ScreenWidth << g.depth >> 3
	a := (g.tileBase + lineIdx*stride) & vramWrap
	var src []byte
	if a+bytes <= VRAMSize {
		src = v.vram[a : a+bytes]
	} else {
		// The line wraps past the end of VRAM: gather it (rare, no allocation).
		src = v.r.wrapScratch[:bytes]
		for i := range src {
			src[i] = v.vram[(a+i)&vramWrap]
		}
	}
	dst := out.visible()
	if g.depth == 0 {
		for k := range ScreenWidth / 8 {
			putGroup(dst, k, bitLanes(src[k])&lanes) // colours 0 and 1, no offset
		}
		return
	}
	var t256 uint8
	if g.t256c {
		t256 = 0x80
	}
	off := lanes * uint64(uint8(l.HScroll>>8&0x0F)<<4|t256)
	bpp := 1 << g.depth
	for k := range ScreenWidth / 8 {
		putGroup(dst, k, paletteOffset(expandGroup(g.depth, src[k*bpp:]), off))
	}
}

// Pixels are handled 8 at a time as a uint64 "group": byte lane i (bits 8i..8i+7) holds the
// palette index of the i-th pixel from the left. Packed pixels are MSB-first in VRAM (2.7).
const (
	lanes  = 0x0101010101010101 // 1 in every byte lane
	nibLo  = 0x0F0F0F0F0F0F0F0F
	lane4  = 0x1010101010101010
	low7   = 0x7F7F7F7F7F7F7F7F
	lane7  = 0x8080808080808080
	bitSel = 0x0102040810204080 // lane i selects bit 7-i
)

// putGroup stores group k of a tile row (or line) into dst.
func putGroup(dst []byte, k int, p uint64) {
	binary.LittleEndian.PutUint64(dst[8*k:8*k+8], p)
}

// bitLanes expands a 1 bpp byte to 8 lanes of $FF (bit set) or $00.
func bitLanes(b uint8) uint64 {
	return nonZeroLanes(lanes * uint64(b) & bitSel)
}

// nonZeroLanes returns $FF in every lane of x that is non-zero, $00 elsewhere.
func nonZeroLanes(x uint64) uint64 {
	return spreadBit7(nonZeroBit7(x))
}

// nonZeroBit7 returns bit 7 set in every lane of x that is non-zero: (x&$7F)+$7F carries
// into bit 7 when the low 7 bits are non-zero, and never into the next lane.
func nonZeroBit7(x uint64) uint64 {
	return (x&low7 + low7 | x) & lane7
}

// spreadBit7 turns lanes holding $80 into $FF (t holds nothing but bit 7s): per lane,
// t<<1 - t>>7 is $100 - $01, and the sum over the lanes wraps correctly at the top.
func spreadBit7(t uint64) uint64 {
	return t<<1 - t>>7
}

// expandGroup unpacks 8 pixels of 2, 4 or 8 bpp (depth 1-3) from the start of src.
func expandGroup(depth uint8, src []byte) uint64 {
	switch depth {
	case 3:
		return expand8(src)
	case 2:
		return expand4(src)
	}
	return expand2(src)
}

// expand8 reads 8 pixels of 8 bpp: one byte each, already in lane order.
func expand8(src []byte) uint64 { return binary.LittleEndian.Uint64(src[:8]) }

// expand4 unpacks 4 bytes of 2 pixels each: it spreads byte k to 16-bit lane k, then puts
// its high nibble in the lane's low byte (the left pixel) and its low nibble in the high one.
func expand4(src []byte) uint64 {
	y := uint64(binary.LittleEndian.Uint32(src[:4]))
	y = (y | y<<16) & 0x0000FFFF0000FFFF
	y = (y | y<<8) & 0x00FF00FF00FF00FF
	return y>>4&0x000F000F000F000F | (y&0x000F000F000F000F)<<8
}

// expand2 unpacks 2 bytes of 4 pixels each: byte k goes to 32-bit lane k, and its four
// 2-bit fields, leftmost (bits 7:6) first, to the lane's four bytes.
func expand2(src []byte) uint64 {
	y := uint64(src[0]) | uint64(src[1])<<32
	const m = 0x0000000300000003
	return y>>6&m | (y>>4&m)<<8 | (y>>2&m)<<16 | (y&m)<<24
}

// paletteOffset applies the layer palette rule to a group: lanes holding a colour 1-15 get
// the offset lanes (bits 7:4, with T256C's bit 7) OR-ed in (layer_renderer.v:476-485).
// For 2 and 4 bpp that is every non-zero pixel.
func paletteOffset(p, off uint64) uint64 {
	if off == 0 {
		return p
	}
	loNZ := (p&nibLo + nibLo) & lane4    // bit 4 of a lane: low nibble != 0
	hiNZ := (p>>4&nibLo + nibLo) & lane4 // bit 4 of a lane: high nibble != 0
	sel := (loNZ &^ hiNZ) >> 4 * 0xF0    // $F0 in lanes holding 1-15
	return p | off&sel
}
