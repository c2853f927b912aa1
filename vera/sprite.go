package vera

import "math/bits"

// The sprite renderer (sprite_renderer.v, X16-HARDWARE.md 2.6 and 4.4): draws one line's
// sprites into the sprite line buffer within the line's clock budget, and accumulates the
// frame's collision groups.

// spriteLineLen is the sprite line buffer's size: X is 10 bits, so a sprite writes to any
// of 1024 slots; only 0-639 are shown and checked for collisions.
const spriteLineLen = 1024

// spriteLine is the sprite line buffer. Each entry is laid out like the RTL's
// (sprite_renderer.v:315): 15:12 the collision masks of the sprites that wrote it, 9:8 Z,
// 7:0 colour (0 = transparent).
type spriteLine [spriteLineLen]uint16

// spriteOcc marks the sprite line buffer positions that may hold pixels this line: a
// sprite sets the whole span it covers. Spans with no marks take a fast path (nothing to
// compare against), the composer visits only marked positions, and erasing clears only
// marked words.
type spriteOcc [spriteLineLen / 64]uint64

// spanMask returns the bits of positions [x, x+n) (n <= 64, x+n <= 1024) as up to two words
// starting at word x/64.
func spanMask(x, n int) (w int, lo, hi uint64) {
	m := uint64(1)<<n - 1 // all ones for n = 64 (Go shifts past the width give 0)
	sh := uint(x & 63)
	return x >> 6, m << sh, m >> (64 - sh) // hi is 0 when sh = 0 (shift by 64)
}

func (o *spriteOcc) empty(x, n int) bool {
	w, lo, hi := spanMask(x, n)
	if o[w]&lo != 0 {
		return false
	}
	return hi == 0 || o[w+1]&hi == 0
}

func (o *spriteOcc) mark(x, n int) {
	w, lo, hi := spanMask(x, n)
	o[w] |= lo
	if hi != 0 {
		o[w+1] |= hi
	}
}

// shown tells whether any position 0-639 is marked.
func (o *spriteOcc) shown() bool {
	var a uint64
	for _, w := range o[:ScreenWidth/64] {
		a |= w
	}
	return a != 0
}

// eraseSprites empties the sprite line buffer, as the RTL does after each line is shown.
func (r *renderState) eraseSprites() {
	for w, m := range r.sprOcc {
		if m != 0 {
			clear(r.spr[64*w : 64*w+64])
		}
	}
	r.sprOcc = spriteOcc{}
}

// renderSprites draws the sprites of source line lineIdx into r.spr and records the bus use
// in lb. It runs whether or not sprite display is enabled (the RTL renders, fetches and
// collision-checks regardless; only the composer hides the result, X16-HARDWARE.md 4.1).
func (v *VERA) renderSprites(lineIdx int, lb *LineBus) {
	r := &v.r
	r.eraseSprites()
	attrs := v.vram[spriteBase : spriteBase+1024]
	p := &r.plan
	if v.spritesDirty {
		p.findEnabled(attrs)
		v.spritesDirty = false
	}
	p.plan(attrs, lineIdx)
	lb.Sprite = uint16(p.total.Words)
	lb.SpriteClocks = uint16(p.total.Clocks)
	lb.SpritesDropped = uint8(p.total.Dropped)

	var coll uint16
	for k := 0; k < p.n; k++ {
		a := attrs[8*int(p.idx[k]) : 8*int(p.idx[k])+8]
		bpp8 := a[1]&0x80 != 0
		width := 8 << (a[7] >> 4 & 3)
		n := spritePixelsDrawn(int(p.match[k]), width, spritePPW(bpp8))
		if n > 0 {
			coll |= v.drawSprite(a, int(p.dy[k]), width, n, bpp8)
		}
	}
	r.collisions |= uint8(coll)
}

// drawSprite writes the first n pixels (in screen order) of one sprite line and returns the
// collision groups it hit.
func (v *VERA) drawSprite(a []byte, dy, width, n int, bpp8 bool) uint16 {
	height := 8 << (a[7] >> 6)
	line := dy
	if a[6]&0x02 != 0 { // V-flip
		line = height - 1 - dy
	}
	rowBytes := width >> 1
	if bpp8 {
		rowBytes = width
	}
	// Image address bits 16:5 (2.6); the row address wraps inside 128 KB like the RTL's
	// 15-bit word address.
	addr := (int(a[0])<<5 | int(a[1]&0x0F)<<13) + line*rowBytes
	var src []byte
	if addr+rowBytes <= VRAMSize {
		src = v.vram[addr : addr+rowBytes]
	} else {
		src = v.r.wrapScratch[:rowBytes]
		for i := range src {
			src[i] = v.vram[(addr+i)&vramWrap]
		}
	}

	// Expand the row to one colour per pixel, in image order, palette offset applied to
	// colours 1-15 (sprite_renderer.v:306-311).
	var px [64]uint8
	depth, bpp := uint8(2), 4
	if bpp8 {
		depth, bpp = 3, 8
	}
	off := lanes * uint64(a[7]&0x0F<<4)
	groups := width / 8
	hflip := a[6]&0x01 != 0
	for k := range groups {
		p := paletteOffset(expandGroup(depth, src[k*bpp:]), off)
		if hflip { // store the row reversed, so pixel k is always px[k]
			putGroup(px[:], groups-1-k, bits.ReverseBytes64(p))
		} else {
			putGroup(px[:], k, p)
		}
	}

	// Screen position k of the sprite goes to slot (X + k) mod 1024: at most two runs.
	x := int(a[2]) | int(a[3]&3)<<8
	zm := uint16(a[6]>>2&3)<<8 | uint16(a[6]>>4)<<12 // Z and collision mask, ready to OR
	coll := v.drawRun(x, px[:min(n, spriteLineLen-x)], zm)
	if x+n > spriteLineLen {
		coll |= v.drawRun(0, px[spriteLineLen-x:n], zm)
	}
	return coll >> 12
}

// drawRun writes the sprite pixels px to slots x.. (no wrap inside a run) and returns the
// collision groups hit (bits 15:12). zm holds the sprite's Z (9:8) and mask (15:12).
func (v *VERA) drawRun(x int, px []uint8, zm uint16) uint16 {
	r := &v.r
	buf := r.spr[x : x+len(px)]
	empty := r.sprOcc.empty(x, len(px))
	r.sprOcc.mark(x, len(px))
	if empty {
		// Nothing drawn here yet: every opaque pixel wins and nothing collides.
		for k, c := range px {
			w := zm | uint16(c)
			if c == 0 {
				w = 0
			}
			buf[k] = w
		}
		return 0
	}
	// Collisions count at positions 0-639 only.
	vis := min(max(ScreenWidth-x, 0), len(px))
	coll := mergeRun(buf[:vis], px[:vis], zm)
	mergeRun(buf[vis:], px[vis:], zm)
	return coll & zm & 0xF000
}

// mergeRun draws pixels over a run that may already hold sprite pixels, and returns the
// OR of the entries its opaque pixels met (their collision masks are bits 15:12).
func mergeRun(buf []uint16, px []uint8, zm uint16) uint16 {
	buf = buf[:len(px)]
	z := zm & 0x300
	var coll uint16
	for k, c := range px {
		if c == 0 {
			continue
		}
		old := buf[k]
		coll |= old
		// A later (lower-priority) sprite only wins where the buffer is transparent or its
		// Z is higher (sprite_renderer.v:319-323). Branch-free: Z order is data. The
		// entry keeps the masks of every sprite that wrote it.
		win := bit16(old&0xFF == 0) | bit16(z > old&0x300)
		nv := old&0xF000 | zm | uint16(c)
		buf[k] = old ^ (old^nv)&-win
	}
	return coll
}

// bit16 is 1 for true, 0 for false.
func bit16(b bool) uint16 {
	var u uint16
	if b {
		u = 1
	}
	return u
}
