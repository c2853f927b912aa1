// Package vera emulates the X16's VERA video chip: registers, data ports, VERA FX, the
// renderer and the per-line VRAM bus model. It imports nothing from the machine; the
// machine calls Read/Write/SyncTo with its CPU cycle count.
package vera

// Events reported by SyncTo.
type Events uint32

// EventVSync: the beam reached line 480 and a finished frame is in Frame().
const EventVSync Events = 1

// VERA is one video chip. (Register side being written: this file is owned by the
// registers/ports/timing engineer; the renderer owns renderState.)
type VERA struct {
	vram [VRAMSize]byte

	layer [2]Layer
	comp  Composer

	// paletteDirty is set whenever the palette region of VRAM is written, so the renderer
	// rebuilds its RGBA palette cache before the next line.
	paletteDirty bool

	// lineBus holds the bus model for the frame being drawn (index 0) and the last
	// completed frame (index 1), one entry per line.
	lineBus [2][LinesPerFrame]LineBus

	r renderState

	regs   [32]uint8
	synced uint64
}

func New() *VERA                                 { v := &VERA{}; v.Reset(); return v }
func (v *VERA) Reset()                           { v.regs = [32]uint8{} }
func (v *VERA) Read(reg uint8, now uint64) uint8 { return v.regs[reg&31] }
func (v *VERA) Write(reg, val uint8, now uint64) { v.regs[reg&31] = val }
func (v *VERA) Peek(reg uint8) uint8             { return v.regs[reg&31] }
func (v *VERA) IRQ() bool                        { return false }
func (v *VERA) NextEvent() uint64                { return (v.synced/CyclesPerLine + 1) * CyclesPerLine }
func (v *VERA) SyncTo(now uint64) Events {
	var ev Events
	for l := v.synced/CyclesPerLine + 1; l*CyclesPerLine <= now; l++ {
		if l%LinesPerFrame == VSyncLine {
			ev |= EventVSync
		}
	}
	v.synced = now
	return ev
}
