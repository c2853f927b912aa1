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

// bit16 is 1 for true, 0 for false.
func bit16(b bool) uint16 {
	var u uint16
	if b {
		u = 1
	}
	return u
}

// eraseSprites empties the sprite line buffer, as the RTL does after each line is shown.
func (r *renderState) eraseSprites() {
	if r.sprDirty {
		r.spr = spriteLine{}
		r.sprShown = spriteMask{}
		r.sprDirty = false
	}
}

// spriteMask is a set of pixel positions 0-639.
type spriteMask [ScreenWidth / 64]uint64

func (m *spriteMask) set(i int) { m[i>>6] |= 1 << (i & 63) }

func (m *spriteMask) any() bool {
	var a uint64
	for _, w := range m {
		a |= w
	}
	return a != 0
}

// renderSprites draws the sprites of source line lineIdx into r.spr and records the bus use
// in lb. It runs whether or not sprite display is enabled (the RTL renders, fetches and
// collision-checks regardless; only the composer hides the result, X16-HARDWARE.md 4.1).
func (v *VERA) renderSprites(lineIdx int, lb *LineBus) {
	r := &v.r
	r.eraseSprites()
	attrs := v.vram[spriteBase : spriteBase+1024]
	p := &r.plan
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
		if n == 0 {
			continue
		}
		r.sprDirty = true
		coll |= v.drawSprite(a, int(p.dy[k]), width, n, bpp8)
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

	z := uint16(a[6]>>2&3) << 8
	mask := uint16(a[6]>>4) << 12
	x := int(a[2]) | int(a[3]&3)<<8
	buf := &v.r.spr
	shown := &v.r.sprShown
	var coll uint16
	for k, c := range px[:n] {
		if c == 0 {
			continue
		}
		pos := (x + k) & (spriteLineLen - 1)
		old := buf[pos]
		if pos < ScreenWidth {
			coll |= old & mask // collision: this sprite's groups meet groups already here
			shown.set(pos)
		}
		// A later (lower-priority) sprite only wins where the buffer is transparent or its
		// Z is higher (sprite_renderer.v:319-323). Branch-free: Z order is data.
		win := bit16(old&0xFF == 0) | bit16(z > old&0x300)
		nv := old&0xF000 | mask | z | uint16(c)
		buf[pos] = old ^ (old^nv)&-win
	}
	return coll >> 12
}
