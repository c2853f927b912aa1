package vera

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

// fineScroll is s of X16-HARDWARE.md 4.3: the pixels rendered before index 0 (HSCROLL mod
// tile width; 0 in bitmap mode).
func (g *layerGeometry) fineScroll(l *Layer) int {
	if g.bitmap {
		return 0
	}
	return int(l.HScroll) & (g.tileW - 1)
}

// tilesPerLine is the number of tiles the RTL fetches for one line: 640+s pixels.
func (g *layerGeometry) tilesPerLine(s int) int {
	n := ScreenWidth / g.tileW
	if s > 0 {
		n++
	}
	return n
}

// renderLayer renders source line lineIdx (the composer's scaled line, 0-511) of layer l.
func (v *VERA) renderLayer(l *Layer, lineIdx int, out *layerLine) {
	g := decodeLayer(l)
	if g.bitmap {
		v.renderBitmap(l, &g, lineIdx, out)
		return
	}
	v.renderTiles(l, &g, lineIdx, out)
}

// renderTiles draws a tile-mode line. The map row comes from the 12-bit sum line+VSCROLL
// and the map column from HSCROLL's coarse part, both wrapped at the map size
// (layer_renderer.v:80-110); tile, map and bitmap addresses wrap inside 128 KB.
func (v *VERA) renderTiles(l *Layer, g *layerGeometry, lineIdx int, out *layerLine) {
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

	rowBytes := g.tileW << g.depth >> 3 // tile width * bpp / 8
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
			draw1bpp(dst, vram[a:a+rowBytes], fg, bg)
			continue
		}
		idx := (int(b0) | int(b1&3)<<8) & idxMask
		r := tileRow
		if b1&0x08 != 0 { // V-flip
			r = g.tileH - 1 - tileRow
		}
		a := (g.tileBase + idx*tileBytes + r*rowBytes) & vramWrap
		src := vram[a : a+rowBytes]
		off := b1&0xF0 | t256
		hflip := b1&0x04 != 0
		switch g.depth {
		case 1:
			draw2bpp(dst, src, off, hflip)
		case 2:
			draw4bpp(dst, src, off, hflip)
		default:
			draw8bpp(dst, src, off, hflip)
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
	off := uint8(l.HScroll>>8&0x0F) << 4
	if g.t256c {
		off |= 0x80
	}
	dst := out.visible()
	switch g.depth {
	case 0:
		draw1bpp(dst, src, 1, 0)
	case 1:
		draw2bpp(dst, src, off, false)
	case 2:
		draw4bpp(dst, src, off, false)
	default:
		draw8bpp(dst, src, off, false)
	}
}

// The draw functions expand packed pixels (MSB first, 2.7) from src into dst, one palette
// index per pixel, with the layer palette rule: a non-zero colour below 16 gets the offset
// bits OR-ed into bits 7:4 (for 2/4 bpp that is every non-zero colour). off already
// includes the T256C bit 7. With hflip the pixels of the whole tile row come out reversed.

func draw1bpp(dst, src []byte, fg, bg uint8) {
	sel := [2]uint8{bg, fg}
	for i, b := range src {
		d := dst[8*i : 8*i+8]
		d[0] = sel[b>>7]
		d[1] = sel[b>>6&1]
		d[2] = sel[b>>5&1]
		d[3] = sel[b>>4&1]
		d[4] = sel[b>>3&1]
		d[5] = sel[b>>2&1]
		d[6] = sel[b>>1&1]
		d[7] = sel[b&1]
	}
}

func draw2bpp(dst, src []byte, off uint8, hflip bool) {
	lut := [4]uint8{0, 1 | off, 2 | off, 3 | off}
	if !hflip {
		for i, b := range src {
			d := dst[4*i : 4*i+4]
			d[0] = lut[b>>6]
			d[1] = lut[b>>4&3]
			d[2] = lut[b>>2&3]
			d[3] = lut[b&3]
		}
		return
	}
	n := len(dst)
	for i, b := range src {
		d := dst[n-4*i-4 : n-4*i]
		d[3] = lut[b>>6]
		d[2] = lut[b>>4&3]
		d[1] = lut[b>>2&3]
		d[0] = lut[b&3]
	}
}

// nib4 applies the 4 bpp palette rule to one pixel.
func nib4(p, off uint8) uint8 {
	q := p | off
	if p == 0 {
		q = 0
	}
	return q
}

func draw4bpp(dst, src []byte, off uint8, hflip bool) {
	if !hflip {
		if off == 0 {
			for i, b := range src {
				d := dst[2*i : 2*i+2]
				d[0] = b >> 4
				d[1] = b & 0x0F
			}
			return
		}
		for i, b := range src {
			d := dst[2*i : 2*i+2]
			d[0] = nib4(b>>4, off)
			d[1] = nib4(b&0x0F, off)
		}
		return
	}
	n := len(dst)
	for i, b := range src {
		d := dst[n-2*i-2 : n-2*i]
		d[1] = nib4(b>>4, off)
		d[0] = nib4(b&0x0F, off)
	}
}

// pix8 applies the 8 bpp palette rule: only colours 1-15 take the offset.
func pix8(p, off uint8) uint8 {
	q := p | off
	if p-1 >= 15 {
		q = p
	}
	return q
}

func draw8bpp(dst, src []byte, off uint8, hflip bool) {
	if !hflip {
		if off == 0 {
			copy(dst, src)
			return
		}
		for i, p := range src {
			dst[i] = pix8(p, off)
		}
		return
	}
	n := len(dst) - 1
	for i, p := range src {
		dst[n-i] = pix8(p, off)
	}
}
