// Package vera emulates the X16's VERA video chip. (Placeholder being replaced.)
package vera

// Events reported by SyncTo.
type Events uint32

const EventVSync Events = 1

const cyclesPerLine = 256
const cyclesPerFrame = 256 * 525

type VERA struct {
	regs   [32]uint8
	synced uint64
}

func New() *VERA                                 { return &VERA{} }
func (v *VERA) Reset()                           { v.regs = [32]uint8{} }
func (v *VERA) Read(reg uint8, now uint64) uint8 { return v.regs[reg&31] }
func (v *VERA) Write(reg, val uint8, now uint64) { v.regs[reg&31] = val }
func (v *VERA) Peek(reg uint8) uint8             { return v.regs[reg&31] }
func (v *VERA) IRQ() bool                        { return false }
func (v *VERA) NextEvent() uint64                { return (v.synced/cyclesPerLine + 1) * cyclesPerLine }
func (v *VERA) SyncTo(now uint64) Events {
	var ev Events
	for l := v.synced/cyclesPerLine + 1; l*cyclesPerLine <= now; l++ {
		if l%525 == 480 {
			ev |= EventVSync
		}
	}
	v.synced = now
	return ev
}
