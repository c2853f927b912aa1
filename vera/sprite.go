package vera

import (
	"encoding/binary"
	"math/bits"
)

// The sprite renderer (sprite_renderer.v, X16-HARDWARE.md 2.6 and 4.4): draws one line's
// sprites into the sprite line buffer within the line's clock budget, and accumulates the
// frame's collision groups.

// spriteLineLen is the RTL's sprite line buffer size: X is 10 bits, so a sprite writes to
// any of 1024 slots; only 0-639 are shown and checked for collisions (and drawn here).
const spriteLineLen = 1024

// spriteLine is the sprite line buffer. Each entry holds what the RTL's does
// (sprite_renderer.v:315): the colour (0 = transparent), Z, and the collision masks of the
// sprites that wrote it. It is kept as two byte planes, so the sprite renderer and the
// composer handle 8 slots in one 64-bit word: col holds the colours, zm the Z (bits 1:0)
// and the collision masks (bits 7:4).
type spriteLine struct {
	col [spriteLineLen]uint8
	zm  [spriteLineLen]uint8
}

// spriteOcc marks the sprite line buffer positions that may hold pixels this line: a
// sprite sets the whole span it covers. Spans with no marks take a fast path (nothing to
// compare against) and erasing clears only marked words; used has bit w set when word w
// holds marks, so an empty line costs nothing to check or erase.
type spriteOcc struct {
	w    [spriteLineLen / 64]uint64
	used uint16
}

// spanMask returns the bits of positions [x, x+n) (n <= 64, x+n <= 1024) as up to two words
// starting at word x/64.
func spanMask(x, n int) (w int, lo, hi uint64) {
	m := uint64(1)<<n - 1 // all ones for n = 64 (Go shifts past the width give 0)
	sh := uint(x & 63)
	return x >> 6, m << sh, m >> (64 - sh) // hi is 0 when sh = 0 (shift by 64)
}

func (o *spriteOcc) empty(x, n int) bool {
	w, lo, hi := spanMask(x, n)
	if o.w[w]&lo != 0 {
		return false
	}
	return hi == 0 || o.w[w+1]&hi == 0
}

func (o *spriteOcc) mark(x, n int) {
	w, lo, hi := spanMask(x, n)
	o.w[w] |= lo
	o.used |= 1 << w
	if hi != 0 {
		o.w[w+1] |= hi
		o.used |= 2 << w
	}
}

// shown tells whether any position 0-639 is marked.
func (o *spriteOcc) shown() bool {
	return o.used&(1<<(ScreenWidth/64)-1) != 0
}

// eraseSprites empties the sprite line buffer, as the RTL does after each line is shown.
func (r *renderState) eraseSprites() {
	o := &r.sprOcc
	for u := o.used; u != 0; u &= u - 1 {
		w := bits.TrailingZeros16(u)
		clear(r.spr.col[64*w : 64*w+64])
		clear(r.spr.zm[64*w : 64*w+64])
		o.w[w] = 0
	}
	o.used = 0
}

// renderSprites draws the sprites of source line lineIdx into r.spr and records the bus use
// in lb. It runs whether or not sprite display is enabled (the RTL renders, fetches and
// collision-checks regardless; only the composer hides the result, X16-HARDWARE.md 4.1).
func (v *VERA) renderSprites(lineIdx int, lb *LineBus) {
	r := &v.r
	r.eraseSprites()
	attrs := v.vram[spriteBase : spriteBase+1024]
	p := &r.plan
	p.update(attrs, v.spritesDirty)
	v.spritesDirty = false
	p.plan(attrs, lineIdx)
	lb.Sprite = uint16(p.total.Words)
	lb.SpriteClocks = uint16(p.total.Clocks)
	lb.SpritesDropped = uint8(p.total.Dropped)

	var coll uint8
	for k := 0; k < p.n; k++ {
		a := attrs[8*int(p.idx[k]) : 8*int(p.idx[k])+8]
		bpp8 := a[1]&0x80 != 0
		width := 8 << (a[7] >> 4 & 3)
		n := int(p.drawn[k])
		if n > 0 {
			coll |= v.drawSprite(a, int(p.dy[k]), width, n, bpp8)
		}
	}
	r.collisions |= coll
}

// drawSprite writes the first n pixels (in screen order) of one sprite line and returns the
// collision groups it hit.
func (v *VERA) drawSprite(a []byte, dy, width, n int, bpp8 bool) uint8 {
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

	// Expand the row to one colour per pixel in screen order (H-flip: reversed), palette
	// offset applied to colours 1-15 (sprite_renderer.v:306-311).
	px := &v.r.px // every pixel read below is written first: no need to clear it
	expandSpriteRow(px, src, width/8, bpp8, uint64(a[7]&0x0F<<4), -int(a[6]&0x01))

	// Screen position k of the sprite goes to slot (X + k) mod 1024: at most two runs.
	// Slots 640-1023 are never shown nor checked for collisions, and the buffer is emptied
	// after every line, so nothing that lands there can be seen: it is not drawn.
	x := int(a[2]) | int(a[3]&3)<<8
	zm := a[6]&0xF0 | a[6]>>2&3 // collision mask (7:4) and Z (1:0), as stored in spriteLine.zm
	var coll uint8
	if x < ScreenWidth {
		coll = v.drawRun(x, px[:min(n, ScreenWidth-x)], zm)
	}
	if x+n > spriteLineLen {
		coll |= v.drawRun(0, px[spriteLineLen-x:n], zm) // the wrapped part: slots 0-62
	}
	return coll >> 4
}

// expandSpriteRow writes the groups 8-pixel groups of a 4 or 8 bpp sprite's image row src
// to px in screen order, palette offset off applied; hflip is all ones for an H-flip (the
// groups in reverse order, each reversed).
func expandSpriteRow(px *[64]uint8, src []byte, groups int, bpp8 bool, off uint64, hflip int) {
	last := (groups - 1) & hflip
	if bpp8 {
		for k := range groups {
			p := offset8bpp(expand8(src[8*k:]), off)
			if hflip != 0 { // the same for every group: predictable
				p = bits.ReverseBytes64(p)
			}
			putGroup(px[:], k^last, p)
		}
		return
	}
	offLanes := lanes * off
	for k := range groups {
		p := expand4(src[4*k:])
		p |= nonZeroLanes(p) & offLanes // every 4 bpp colour but 0 is 1-15
		if hflip != 0 {
			p = bits.ReverseBytes64(p)
		}
		putGroup(px[:], k^last, p)
	}
}

// drawRun writes the sprite pixels px to slots x.. (inside 0-639) and returns the
// collision groups hit (bits 7:4). zm holds the sprite's Z (1:0) and mask (7:4).
func (v *VERA) drawRun(x int, px []uint8, zm uint8) uint8 {
	r := &v.r
	n := len(px)
	col := r.spr.col[x : x+n]
	zb := r.spr.zm[x : x+n]
	empty := r.sprOcc.empty(x, n)
	r.sprOcc.mark(x, n)
	if empty {
		// Nothing drawn here yet: every opaque pixel wins and nothing collides.
		zl := lanes * uint64(zm)
		i := 0
		for ; i+8 <= n; i += 8 {
			c := binary.LittleEndian.Uint64(px[i : i+8])
			binary.LittleEndian.PutUint64(col[i:i+8], c)
			binary.LittleEndian.PutUint64(zb[i:i+8], nonZeroLanes(c)&zl)
		}
		for ; i < n; i++ {
			c := px[i]
			col[i] = c
			zb[i] = zm & -b2u(c != 0)
		}
		return 0
	}
	return mergeRun(col, zb, px, zm) & zm & 0xF0
}

// mergeRun draws pixels over a run that may already hold sprite pixels, 8 at a time, and
// returns the OR of the zm entries its opaque pixels met (their collision masks are bits
// 7:4). A later (lower-priority) sprite only wins where the buffer is transparent or its Z
// is higher (sprite_renderer.v:319-323); the entry then keeps the masks of every sprite
// that wrote it. Branch-free: which sprite wins is data.
func mergeRun(col, zb, px []uint8, zm uint8) uint8 {
	n := len(px)
	col, zb = col[:n], zb[:n]
	z := zm & 3 // 1-3: only sprites with Z != 0 are drawn
	// Lane-wise "z > old Z": 0x7F+z-oldZ has bit 7 set exactly when z > oldZ, and no lane
	// borrows (0x7F+z >= 0x80, oldZ <= 3).
	gtBase := lanes * uint64(0x7F+z)
	zl := lanes * uint64(zm)
	var coll uint64
	i := 0
	for ; i+8 <= n; i += 8 {
		c := binary.LittleEndian.Uint64(px[i : i+8])
		oc := binary.LittleEndian.Uint64(col[i : i+8])
		oz := binary.LittleEndian.Uint64(zb[i : i+8])
		opaque := nonZeroLanes(c)
		coll |= oz & opaque
		gt := (gtBase - oz&(lanes*3)) & lane7
		win := spreadBit7(gt|lane7&^nonZeroBit7(oc)) & opaque
		nz := oz&(lanes*0xF0) | zl
		binary.LittleEndian.PutUint64(col[i:i+8], oc^(oc^c)&win)
		binary.LittleEndian.PutUint64(zb[i:i+8], oz^(oz^nz)&win)
	}
	coll |= coll >> 32
	coll |= coll >> 16
	coll |= coll >> 8
	out := uint8(coll)
	for ; i < n; i++ {
		c := px[i]
		if c == 0 {
			continue
		}
		old := zb[i]
		out |= old
		if col[i] == 0 || z > old&3 {
			col[i] = c
			zb[i] = old&0xF0 | zm
		}
	}
	return out
}
