package vera

import "encoding/binary"

// The display composer (the RTL's composer.v, X16-HARDWARE.md 2.8): border window,
// horizontal scaling, layer/sprite priority, and palette lookup into the RGBA row.
//
// The RTL composes line y while scanning it out, one line after it was rendered; we
// compose in the same call as the render, with the same register state. So a change to
// a composer-only register (border, window, enables, HSCALE, palette) made during scan-out
// of line y shows from line y+1 here, and from somewhere inside line y on hardware.

// rgbaBlack is an opaque black pixel (output mode 0: video off).
const rgbaBlack = 0xFF << 24

// composeLine writes output line y into the back framebuffer from the layer and sprite line
// buffers. sprites says whether the sprite buffer holds anything this line.
// src identifies the layer lines (see rowSource) so an unchanged row is not composed again.
func (v *VERA) composeLine(y int, l0, l1 *layerLine, sprites bool, src rowSource) {
	r := &v.r
	c := &v.comp
	row := r.back[y*ScreenWidth*4 : (y+1)*ScreenWidth*4]
	if c.Video&3 == 0 {
		r.solidRow(y, row, rgbaBlack)
		return
	}
	border := r.palette[c.Border]
	if y < int(c.VStart) || y >= int(c.VStop) {
		r.solidRow(y, row, border)
		return
	}
	hstart := min(int(c.HStart), ScreenWidth)
	hstop := min(int(c.HStop), ScreenWidth)
	if hstop <= hstart {
		r.solidRow(y, row, border)
		return
	}
	r.solid[r.backIdx][y] = 0
	if c.Video&0x40 == 0 {
		sprites = false
	}
	key := rowKey{palette: r.paletteVersion, src: src, hstart: uint16(hstart), hstop: uint16(hstop),
		border: c.Border, video: c.Video & 0x30, hscale: c.HScale}
	if !src.valid || sprites {
		key = rowKey{} // never matches: the row is composed afresh
	} else if r.composedKey[r.backIdx][y] == key {
		return // the row already holds these pixels
	}
	r.composedKey[r.backIdx][y] = key
	fillRow(row, 0, hstart, border)
	fillRow(row, hstop, ScreenWidth, border)

	// Disabled layers read as transparent: point them at an all-zero line.
	if c.Video&0x10 == 0 {
		l0 = &r.zeroLine
	}
	if c.Video&0x20 == 0 {
		l1 = &r.zeroLine
	}
	a := l0.visible()
	b := l1.visible()

	if c.HScale == 128 {
		// 1x: source index = x - HSTART.
		n := hstop - hstart
		out := row[4*hstart : 4*hstop]
		var idx []uint8
		switch {
		case c.Video&0x30 == 0x20 && !sprites:
			idx = b[:n] // layer 1 alone: the line is its line buffer
		case c.Video&0x30 == 0x10 && !sprites:
			idx = a[:n]
		default:
			// Merge and convert in one pass: the indices never go through memory.
			mergePaletteRow(out, a[:n], b[:n], &r.spr, sprites, &r.palette)
			return
		}
		paletteRow(out, idx, &r.palette)
		return
	}
	r.composeScaled(row, hstart, hstop, a, b, sprites, c.Video&0x30, c.HScale)
}

// mergePaletteRow composes one row, 8 pixels at a time: layer 1 over layer 0 and, when
// sprites is set, the sprites in the RTL's order (composePixel), then converts the palette
// indices to RGBA without storing them in between.
func mergePaletteRow(out []byte, a, b []uint8, spr *spriteLine, sprites bool, pal *[256]uint32) {
	n := len(a)
	b = b[:n]
	out = out[:4*n]
	end := n &^ 7
	for i := 0; i < end; i += 8 {
		pa := binary.LittleEndian.Uint64(a[i : i+8])
		pb := binary.LittleEndian.Uint64(b[i : i+8])
		g := mergeGroup(pa, pb)
		if sprites {
			if sz := binary.LittleEndian.Uint64(spr.zm[i : i+8]); sz != 0 {
				// composePixel for 8 lanes: a sprite pixel wins where its Z is 3, where
				// layer 1 is transparent and its Z is 2, or where both layers are and its Z
				// is 1. Worked out in bit 7 of each lane, then spread over the lane.
				z1 := sz << 7 & lane7 // Z bit 0
				z2 := sz << 6 & lane7 // Z bit 1
				win := z1&z2 | (z2|z1&^nonZeroBit7(pa))&^nonZeroBit7(pb)
				g ^= (g ^ binary.LittleEndian.Uint64(spr.col[i:i+8])) & spreadBit7(win)
			}
		}
		o := (*[32]byte)(out[4*i : 4*i+32])
		binary.LittleEndian.PutUint64(o[0:8], uint64(pal[uint8(g)])|uint64(pal[uint8(g>>8)])<<32)
		binary.LittleEndian.PutUint64(o[8:16], uint64(pal[uint8(g>>16)])|uint64(pal[uint8(g>>24)])<<32)
		binary.LittleEndian.PutUint64(o[16:24], uint64(pal[uint8(g>>32)])|uint64(pal[uint8(g>>40)])<<32)
		binary.LittleEndian.PutUint64(o[24:32], uint64(pal[uint8(g>>48)])|uint64(pal[uint8(g>>56)])<<32)
	}
	for i := end; i < n; i++ {
		var sc, z uint8
		if sprites {
			sc, z = spr.col[i], spr.zm[i]&3
		}
		binary.LittleEndian.PutUint32(out[4*i:4*i+4], pal[composePixel(a[i], b[i], sc, z)])
	}
}

// mergeGroup puts layer 1's group over layer 0's: layer 1 wins in every non-zero lane.
func mergeGroup(pa, pb uint64) uint64 {
	return pb | pa&^nonZeroLanes(pb)
}

// paletteRow converts palette indices to RGBA pixels, 8 at a time (two pixels per store).
// The indices are read as bytes: a load that feeds the table lookup directly is cheaper
// than extracting them from a 64-bit word.
func paletteRow(row []byte, idx []uint8, pal *[256]uint32) {
	row = row[:4*len(idx)]
	i := 0
	for ; i+8 <= len(idx); i += 8 {
		s := (*[8]uint8)(idx[i : i+8])
		o := (*[32]byte)(row[4*i : 4*i+32]) // fixed sizes: no bounds checks below
		binary.LittleEndian.PutUint64(o[0:8], uint64(pal[s[0]])|uint64(pal[s[1]])<<32)
		binary.LittleEndian.PutUint64(o[8:16], uint64(pal[s[2]])|uint64(pal[s[3]])<<32)
		binary.LittleEndian.PutUint64(o[16:24], uint64(pal[s[4]])|uint64(pal[s[5]])<<32)
		binary.LittleEndian.PutUint64(o[24:32], uint64(pal[s[6]])|uint64(pal[s[7]])<<32)
	}
	for ; i < len(idx); i++ {
		binary.LittleEndian.PutUint32(row[4*i:4*i+4], pal[idx[i]])
	}
}

// composePixel overlays in the RTL's order (composer.v:189-201): sprite Z=1, layer 0,
// sprite Z=2, layer 1, sprite Z=3; each later source wins where it is opaque. sc and z are
// the sprite buffer's colour and Z; z is 0 wherever sc is 0 (only opaque sprite pixels are
// ever written), and with no sprite pixel it is the plain layer merge. (Small enough to
// inline.)
func composePixel(l0, l1, sc, z uint8) uint8 {
	var p uint8
	if z == 1 {
		p = sc
	}
	if l0 != 0 {
		p = l0
	}
	if z == 2 {
		p = sc
	}
	if l1 != 0 {
		p = l1
	}
	if z == 3 {
		p = sc
	}
	return p
}

// composeScaled handles HSCALE != 128: a 7.7 fixed-point source counter starts at 0 at
// HSTART, advances by HSCALE per output pixel and stops once it reaches 640
// (composer.v:171-187). Past that point the line buffers hold nothing the layers wrote, so
// the pixels show colour 0 (the RTL's sprite buffer could hold stale off-screen sprite
// pixels there; we treat them as transparent too).
//
// The source pixels shown are merged once, 8 at a time, into palette indices (or taken
// straight from the one enabled layer's line), and each is converted to RGBA once and
// stored as many times as it is shown: at 2x, one table lookup and one 64-bit store per
// pair of output pixels.
func (r *renderState) composeScaled(row []byte, hstart, hstop int, a, b []uint8, sprites bool, enables, hscale uint8) {
	step := int(hscale)
	n := hstop - hstart
	shown, nsrc := n, 1 // HSCALE 0 shows source pixel 0 all along
	if step != 0 {
		// Output pixel k shows source pixel k*step>>7 while that is below 640.
		shown = min(n, (ScreenWidth<<7+step-1)/step)
		nsrc = (shown-1)*step>>7 + 1
	}
	var idx []uint8
	switch {
	case enables == 0x20 && !sprites:
		idx = b[:nsrc]
	case enables == 0x10 && !sprites:
		idx = a[:nsrc]
	default:
		idx = r.merged[:nsrc]
		mergeIndexRow(idx, a[:nsrc], b[:nsrc], &r.spr, sprites)
	}
	out := row[4*hstart : 4*(hstart+shown)]
	switch step {
	case 64:
		paletteRow2x(out, idx, &r.palette)
	default:
		paletteRowScaled(out, idx, step, &r.palette)
	}
	fillRow(row, hstart+shown, hstop, r.palette[0])
}

// mergeIndexRow writes to dst the palette indices of layer 1 over layer 0 and, when sprites
// is set, the sprites (composePixel), 8 pixels at a time.
func mergeIndexRow(dst, a, b []uint8, spr *spriteLine, sprites bool) {
	n := len(dst)
	a, b = a[:n], b[:n]
	end := n &^ 7
	for i := 0; i < end; i += 8 {
		pa := binary.LittleEndian.Uint64(a[i : i+8])
		pb := binary.LittleEndian.Uint64(b[i : i+8])
		g := mergeGroup(pa, pb)
		if sprites {
			if sz := binary.LittleEndian.Uint64(spr.zm[i : i+8]); sz != 0 {
				z1 := sz << 7 & lane7 // as in mergePaletteRow
				z2 := sz << 6 & lane7
				win := z1&z2 | (z2|z1&^nonZeroBit7(pa))&^nonZeroBit7(pb)
				g ^= (g ^ binary.LittleEndian.Uint64(spr.col[i:i+8])) & spreadBit7(win)
			}
		}
		binary.LittleEndian.PutUint64(dst[i:i+8], g)
	}
	for i := end; i < n; i++ {
		var sc, z uint8
		if sprites {
			sc, z = spr.col[i], spr.zm[i]&3
		}
		dst[i] = composePixel(a[i], b[i], sc, z)
	}
}

// paletteRow2x converts palette indices to RGBA at 2x: output pixels 2i and 2i+1 show
// index i, one lookup and one 64-bit store for both. row may end in half a pair.
func paletteRow2x(row []byte, idx []uint8, pal *[256]uint32) {
	pairs := len(row) / 8
	i := 0
	for ; i+4 <= pairs; i += 4 {
		s := (*[4]uint8)(idx[i : i+4])
		o := (*[32]byte)(row[8*i : 8*i+32]) // fixed sizes: no bounds checks below
		c0, c1, c2, c3 := uint64(pal[s[0]]), uint64(pal[s[1]]), uint64(pal[s[2]]), uint64(pal[s[3]])
		binary.LittleEndian.PutUint64(o[0:8], c0|c0<<32)
		binary.LittleEndian.PutUint64(o[8:16], c1|c1<<32)
		binary.LittleEndian.PutUint64(o[16:24], c2|c2<<32)
		binary.LittleEndian.PutUint64(o[24:32], c3|c3<<32)
	}
	for ; i < pairs; i++ {
		c := uint64(pal[idx[i]])
		binary.LittleEndian.PutUint64(row[8*i:8*i+8], c|c<<32)
	}
	if len(row)%8 != 0 {
		putPixel(row, 2*pairs, pal[idx[pairs]])
	}
}

// paletteRowScaled converts palette indices to RGBA for any other HSCALE: output pixel k
// shows index k*step>>7. Below 128 a source pixel covers a run of output pixels, and its
// colour is looked up once for the run.
func paletteRowScaled(row []byte, idx []uint8, step int, pal *[256]uint32) {
	n := len(row) / 4
	if step == 0 {
		fillRow(row, 0, n, pal[idx[0]])
		return
	}
	acc, last := 0, -1
	var c uint32
	for x := range n {
		if i := acc >> 7; i != last {
			c, last = pal[idx[i]], i
		}
		putPixel(row, x, c)
		acc += step
	}
}

// fillRow sets pixels [x0, x1) of an RGBA row to one colour.
func fillRow(row []byte, x0, x1 int, c uint32) {
	if x1 <= x0 {
		return
	}
	// One pixel, then copies that double the filled part: a handful of memmoves.
	seg := row[4*x0 : 4*x1]
	putPixel(seg, 0, c)
	for n := 4; n < len(seg); n *= 2 {
		copy(seg[n:], seg[:n])
	}
}

// solidRow fills output row y with one colour. A row that already holds exactly that colour
// in the back frame is left alone, so a blank screen or a border-only line costs nothing
// per frame.
func (r *renderState) solidRow(y int, row []byte, c uint32) {
	key := uint64(c) | 1<<32
	if r.solid[r.backIdx][y] == key {
		return
	}
	fillRow(row, 0, ScreenWidth, c)
	r.solid[r.backIdx][y] = key
	r.composedKey[r.backIdx][y] = rowKey{}
}
