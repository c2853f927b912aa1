package vera

// RenderProbe lets the external renderer tests (package vera_test) drive the renderer
// directly: set registers and VRAM, render lines, end frames, read the bus model. It exists
// only in test builds.
type RenderProbe struct{ v *VERA }

func NewRenderProbe(v *VERA) RenderProbe { return RenderProbe{v} }

// Reset resets the renderer alone (palette loaded into VRAM, frames blanked).
func (p RenderProbe) Reset()                  { p.v.resetRenderer() }
func (p RenderProbe) SetLayer(i int, l Layer) { p.v.layer[i] = l }
func (p RenderProbe) SetComposer(c Composer)  { p.v.comp = c }
func (p RenderProbe) Composer() Composer      { return p.v.comp }

// VRAM gives the tests the whole of VRAM to write directly, so the renderer's caches of
// the sprite table are marked stale (the palette has MarkPaletteDirty).
func (p RenderProbe) VRAM() []byte             { p.v.spritesDirty = true; return p.v.vram[:] }
func (p RenderProbe) MarkPaletteDirty()        { p.v.paletteDirty = true }
func (p RenderProbe) RenderLine(y int)         { p.fresh(); p.v.renderLine(y) }
func (p RenderProbe) EndFrame() uint8          { return p.v.endFrame() }
func (p RenderProbe) LineBus(y int) LineBus    { return p.v.lineBus[0][y] }
func (p RenderProbe) PaletteRGBA(i int) uint32 { return p.v.r.palette[i] }
func (p RenderProbe) Frame() []byte            { return p.v.FrameView() }

// RenderFrame renders lines 0-479 and the frame's 481st render (its bus use in row 480),
// and ends the frame, returning the collision groups.
func (p RenderProbe) RenderFrame() uint8 {
	p.fresh()
	p.v.lineBus[0][ScreenHeight] = LineBus{}
	for y := 0; y < ScreenHeight; y++ {
		p.v.renderLine(y)
	}
	p.v.extraRender()
	return p.v.endFrame()
}

// fresh marks every cache stale: the tests write VRAM through the slice VRAM returned,
// possibly long after they asked for it.
func (p RenderProbe) fresh() {
	p.v.spritesDirty = true
	p.v.invalidateLines()
}
