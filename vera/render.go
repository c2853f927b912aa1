package vera

// The renderer's entry points, called by the timing side (vera.go): renderLine per visible
// line, endFrame at VSYNC, resetRenderer on reset, and Frame for the frontends.

// renderState is the renderer's private state. Nothing in it is hardware state that a
// snapshot needs except collisions and the vertical scaler; the rest is rebuilt by
// rendering (framebuffers, line buffers) or from VRAM (palette cache).
type renderState struct {
	front, back []byte // 640x480 RGBA frames: last completed, being drawn

	// solid records, per row of each of the two frame buffers, the colour the row was last
	// filled with entirely (colour | 1<<32), or 0 when it holds a picture. backIdx tells
	// which buffer back is.
	solid   [2][ScreenHeight]uint64
	backIdx int

	cache   layerCache // rendered layer lines, reused while their VRAM is unchanged
	renders uint64     // counts layer line renders: the ids of cached lines

	// composedKey remembers, per row of each frame buffer, what the row was last composed
	// from (rowKey). A row whose key is unchanged already holds the right RGBA bytes, so
	// composing it again (the main cost of a static screen) is skipped.
	composedKey    [2][ScreenHeight]rowKey
	paletteVersion uint32

	palette [256]uint32 // RGBA cache of palette VRAM, rebuilt when paletteDirty

	// Layer line buffers, double-buffered like the RTL's: a line that is not rendered
	// (the vertical scaler ran out) shows what the same buffer held two lines earlier. The
	// lines themselves live in the line cache or in scratch; these point at them (never
	// nil: reset points them at zeroLine). If the same source line is rendered into its
	// cache entry again in between, a stale buffer shows the newer render of it.
	layers   [2][2]*layerLine
	cur      int             // which of the two buffers this line uses
	scratch  [2][2]layerLine // per layer and buffer: lines rendered outside the cache
	zeroLine layerLine       // stands in for a disabled layer

	spr    spriteLine // sprite line buffer
	px     [64]uint8  // one sprite line's pixels in screen order
	sprOcc spriteOcc  // which slots of spr this line's sprites covered
	plan   spritePlan

	collisions uint8 // sprite collision groups seen this frame (ISR 7:4 at VSYNC)

	serial uint64 // FrameSerial: counts completed frames that differ from the one before

	// Vertical scaler (composer.v:138-169): 7.7 fixed-point source line counter. It moves
	// at the start of the line before the one it is for (the line that renders it), and
	// next holds what it decided until that line is scanned out.
	vStarted bool
	scaledY  int
	next     vdecision

	last lastLine // what the previous output line was rendered from

	fetches lineFetchCache // both layers' bus words per line, by the registers that decide them
	mapRows [2]mapRowWords // each layer's decoded map row (8 bpp 8-wide tiles)

	wrapScratch [ScreenWidth]byte // a bitmap line that wraps past the end of VRAM

	merged [ScreenWidth]uint8 // a scaled row's source pixels, merged (composeScaled)
}

// rowKey is everything that decides a composed row's pixels when it has no sprites.
type rowKey struct {
	palette       uint32 // paletteVersion when composed (0 = never: versions start at 1)
	src           rowSource
	hstart, hstop uint16
	border        uint8
	video         uint8 // DC_VIDEO's layer enables
	hscale        uint8
}

// rowSource identifies the layer lines a row is composed from: the ids of the line cache
// renders (0 for a disabled layer). valid is false when the row cannot be matched (its
// lines were not rendered this time: the vertical scaler ran out).
type rowSource struct {
	id    [2]uint64
	valid bool
}

const frameBytes = ScreenWidth * ScreenHeight * 4

// resetRenderer clears the renderer, blanks both frames to opaque black and loads the reset
// palette into VRAM (X16-HARDWARE.md 2.5).
func (v *VERA) resetRenderer() {
	front, back, serial := v.r.front, v.r.back, v.r.serial
	v.r = renderState{front: front, back: back, serial: serial + 1} // the picture goes black
	for i := range v.r.layers {
		v.r.layers[i] = [2]*layerLine{&v.r.zeroLine, &v.r.zeroLine}
	}
	// The pictures (2 x 1.2 MB) are allocated when first drawn or read (allocFrames), so
	// building a machine to restore a save state into does not pay for them twice.
	for i, f := range [][]byte{v.r.front, v.r.back} {
		if f != nil {
			fillRow(f, 0, ScreenWidth*ScreenHeight, rgbaBlack)
		}
		for y := range ScreenHeight {
			v.r.solid[i][y] = uint64(rgbaBlack) | 1<<32
		}
	}
	v.loadResetPalette()
	v.rebuildPalette()
	v.spritesDirty = true
}

func (v *VERA) allocFrames() {
	if v.r.front == nil {
		v.r.front = make([]byte, frameBytes)
		v.r.back = make([]byte, frameBytes)
		fillRow(v.r.front, 0, ScreenWidth*ScreenHeight, rgbaBlack)
		fillRow(v.r.back, 0, ScreenWidth*ScreenHeight, rgbaBlack)
	}
}

// FrameView returns the last completed frame: 640x480 RGBA bytes, row-major, alpha 255,
// ready for ebiten's WritePixels. It is a view of VERA's own buffer, not a copy: its
// contents change at the VSYNC after next, so copy it to keep it.
func (v *VERA) FrameView() []byte {
	v.allocFrames()
	return v.r.front
}

// endFrame is called at VSYNC: the finished frame becomes FrameView(), and the sprite collision
// groups accumulated over the frame are returned (for ISR 7:4 and SPRCOL) and cleared.
func (v *VERA) endFrame() (collisions uint8) {
	v.allocFrames()
	v.r.front, v.r.back = v.r.back, v.r.front
	v.r.backIdx ^= 1
	if v.r.framesDiffer() {
		v.r.serial++
	}
	c := v.r.collisions
	v.r.collisions = 0
	return c
}

// renderLine renders output line y (0-479) into the back frame from the current registers
// and VRAM, and records the line's VRAM fetches in lineBus[0][y].
func (v *VERA) renderLine(y int) {
	r := &v.r
	if r.back == nil {
		v.allocFrames()
	}
	if v.paletteDirty {
		v.rebuildPalette()
	}
	lb := &v.lineBus[0][y]
	lb.Layer = [2]uint16{}
	lb.Sprite, lb.SpriteClocks, lb.SpritesDropped = 0, 0, 0

	r.cur ^= 1
	lines := &r.layers[r.cur]
	render, lineIdx := r.take(y, &v.comp)
	if render && v.repeatsLastLine(y, lineIdx) {
		// The same source line with nothing changed: the same layer lines, sprites and
		// fetches, so the same row (line doubling at VSCALE 64).
		*lines = r.layers[r.cur^1]
		v.repeatRow(y)
		return
	}
	r.last.ok = false
	var src rowSource
	if render {
		src.valid = true
		for i := range v.layer {
			enabled := v.comp.Video&(0x10<<i) != 0
			if !enabled {
				continue // a disabled layer makes no bus requests and writes nothing
			}
			lines[i], src.id[i] = v.renderLayerCached(i, lineIdx)
		}
		lb.Layer = r.fetches.get(&v.layer, v.comp.Video)
		v.renderSprites(lineIdx, lb)
	} else {
		r.eraseSprites()
	}
	v.composeLine(y, lines[0], lines[1], r.sprOcc.shown(), src)
	if render {
		r.last = lastLine{ok: true, lineIdx: lineIdx, seq: v.stamps.seq, layer: v.layer, comp: v.comp,
			palette: r.paletteVersion}
	}
}

// lastLine is what the previous output line was rendered from, so that a line showing the
// same source line with nothing changed in between is a copy of it.
type lastLine struct {
	ok      bool
	lineIdx int
	seq     uint64 // writeStamps.seq: any VRAM write (layers, sprites, their images) changes it
	layer   [2]Layer
	comp    Composer
	palette uint32
}

// repeatsLastLine tells whether output line y, which renders source line lineIdx, would be
// exactly the line before it: the same source line, no VRAM written, the same registers
// and palette, and both lines inside the vertical window (outside it a line is border).
func (v *VERA) repeatsLastLine(y, lineIdx int) bool {
	l := &v.r.last
	c := &v.comp
	return l.ok && l.lineIdx == lineIdx && l.seq == v.stamps.seq && !v.spritesDirty &&
		y-1 >= int(c.VStart) && y < int(c.VStop) && l.palette == v.r.paletteVersion &&
		l.layer == v.layer && l.comp == *c
}

// repeatRow makes output line y a copy of line y-1: its pixels (skipped when the row
// already holds them from an earlier frame) and its VRAM fetches. The sprite collisions
// are those of line y-1 again, already counted.
func (v *VERA) repeatRow(y int) {
	r := &v.r
	prev, lb := &v.lineBus[0][y-1], &v.lineBus[0][y]
	lb.Layer, lb.Sprite, lb.SpriteClocks, lb.SpritesDropped = prev.Layer, prev.Sprite, prev.SpriteClocks, prev.SpritesDropped
	b := r.backIdx
	row := r.back[y*ScreenWidth*4 : (y+1)*ScreenWidth*4]
	if c := r.solid[b][y-1]; c != 0 {
		r.solidRow(y, row, uint32(c))
		return
	}
	k := r.composedKey[b][y-1]
	if k != (rowKey{}) && r.composedKey[b][y] == k && r.solid[b][y] == 0 {
		return // the row already holds these pixels
	}
	copy(row, r.back[(y-1)*ScreenWidth*4:y*ScreenWidth*4])
	r.solid[b][y] = 0
	r.composedKey[b][y] = k
}

// vdecision is the vertical scaler's decision for output line y: whether the line is
// rendered (render_start) and from which source line.
type vdecision struct {
	ok      bool // set by decide; taken (cleared) by take
	y       int
	render  bool
	lineIdx int
}

// decide runs the vertical scaler for output line y at the start of scan-out line y-1 (line
// 524 for y = 0), with the registers as they are then: the RTL starts the render of line y
// at that moment (composer.v:149-162, next_line_r), comparing VSTART with the render
// counter y_counter_r (= y) and testing vactive on the scan-out counter y_counter_rr
// (= y-1). A VSTART, VSTOP or VSCALE write later during line y-1 therefore does not
// change line y's source line; it counts from line y+1.
func (r *renderState) decide(y int, c *Composer) {
	render, lineIdx := r.vscale(y, c)
	r.next = vdecision{ok: true, y: y, render: render, lineIdx: lineIdx}
}

// take returns the decision made for output line y. Without one (the first line after a
// reset or a restored state) it decides now, from the registers as they are.
func (r *renderState) take(y int, c *Composer) (render bool, lineIdx int) {
	d := r.next
	r.next.ok = false
	if d.ok && d.y == y {
		return d.render, d.lineIdx
	}
	return r.vscale(y, c)
}

// vscale advances the composer's vertical scaler for output line y and tells whether the
// line is rendered and from which source line (composer.v:138-169). The counter starts at
// 0 for the first line y whose render counter reaches VSTART (so line VSTART itself shows
// source line 0), then advances by VSCALE for each line whose predecessor (the line being
// scanned out when y is rendered) is inside [VSTART, VSTOP), until it reaches 480. Outside
// the window it stands still: a window closed mid-screen (VSTOP lowered) and opened again
// continues from the source line where it stopped.
func (r *renderState) vscale(y int, c *Composer) (render bool, lineIdx int) {
	if y == 0 {
		r.vStarted = false // display_next_frame
	}
	if !r.vStarted && y >= int(c.VStart) {
		r.vStarted = true
		r.scaledY = 0
		return true, 0
	}
	if r.scaledY>>7 < ScreenHeight && y-1 >= int(c.VStart) && y-1 < int(c.VStop) {
		r.scaledY += int(c.VScale)
		return true, r.scaledY >> 7
	}
	return false, 0
}
