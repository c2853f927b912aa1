package vera

// The display composer (composer.go of the RTL, X16-HARDWARE.md 2.8): border window,
// horizontal scaling, layer/sprite priority, and palette lookup into the RGBA row.

// rgbaBlack is an opaque black pixel (output mode 0: video off).
const rgbaBlack = 0xFF << 24

// composeLine writes output line y into the back framebuffer from the layer and sprite line
// buffers. sprites says whether the sprite buffer holds anything this line.
func (v *VERA) composeLine(y int, l0, l1 *layerLine, sprites bool) {
	r := &v.r
	c := &v.comp
	row := r.back[y*ScreenWidth*4 : (y+1)*ScreenWidth*4]
	if c.Video&3 == 0 {
		fillRow(row, 0, ScreenWidth, rgbaBlack)
		return
	}
	border := r.palette[c.Border]
	if y < int(c.VStart) || y >= int(c.VStop) {
		fillRow(row, 0, ScreenWidth, border)
		return
	}
	hstart := min(int(c.HStart), ScreenWidth)
	hstop := min(int(c.HStop), ScreenWidth)
	if hstop <= hstart {
		fillRow(row, 0, ScreenWidth, border)
		return
	}
	fillRow(row, 0, hstart, border)
	fillRow(row, hstop, ScreenWidth, border)

	// Disabled layers read as transparent: point them at an all-zero line.
	if c.Video&0x10 == 0 {
		l0 = &r.zeroLine
	}
	if c.Video&0x20 == 0 {
		l1 = &r.zeroLine
	}
	if c.Video&0x40 == 0 {
		sprites = false
	}
	a := l0.visible()
	b := l1.visible()

	if c.HScale == 128 {
		// 1x: source index = x - HSTART.
		n := hstop - hstart
		if sprites {
			composeSprites(row, hstart, a[:n], b[:n], r.spr[:n], &r.palette)
		} else {
			composeLayers(row, hstart, a[:n], b[:n], &r.palette)
		}
		return
	}
	v.composeScaled(row, hstart, hstop, a, b, sprites)
}

// composeLayers is the common case: no sprite pixels on the line.
func composeLayers(row []byte, x0 int, a, b []uint8, pal *[256]uint32) {
	b = b[:len(a)]
	for i, p := range a {
		if q := b[i]; q != 0 {
			p = q
		}
		putPixel(row, x0+i, pal[p])
	}
}

// composeSprites overlays in the RTL's order (composer.v:189-201): sprite Z=1, layer 0,
// sprite Z=2, layer 1, sprite Z=3; each later source wins where it is opaque.
func composeSprites(row []byte, x0 int, a, b []uint8, s []uint16, pal *[256]uint32) {
	b = b[:len(a)]
	s = s[:len(a)]
	for i := range a {
		putPixel(row, x0+i, pal[composePixel(a[i], b[i], s[i])])
	}
}

func composePixel(l0, l1 uint8, s uint16) uint8 {
	sc := uint8(s)
	z := s >> 8 & 3 // 0 wherever sc is 0: only opaque sprite pixels are ever written
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
func (v *VERA) composeScaled(row []byte, hstart, hstop int, a, b []uint8, sprites bool) {
	r := &v.r
	step := int(v.comp.HScale)
	acc := 0
	x := hstart
	for ; x < hstop; x++ {
		i := acc >> 7
		if i >= ScreenWidth {
			break
		}
		var p uint8
		if sprites {
			p = composePixel(a[i], b[i], r.spr[i])
		} else {
			p = a[i]
			if q := b[i]; q != 0 {
				p = q
			}
		}
		putPixel(row, x, r.palette[p])
		acc += step
	}
	fillRow(row, x, hstop, r.palette[0])
}

// fillRow sets pixels [x0, x1) of an RGBA row to one colour.
func fillRow(row []byte, x0, x1 int, c uint32) {
	for x := x0; x < x1; x++ {
		putPixel(row, x, c)
	}
}
