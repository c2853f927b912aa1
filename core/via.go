package core

// VIA is a WDC 65C22. (Placeholder being replaced by the full implementation.)
type VIA struct {
	regs [16]uint8
}

func (v *VIA) Reset()                           { *v = VIA{} }
func (v *VIA) Read(reg uint8, now uint64) uint8 { return v.regs[reg&15] }
func (v *VIA) Write(reg, val uint8, now uint64) { v.regs[reg&15] = val }
func (v *VIA) Peek(reg uint8, now uint64) uint8 { return v.regs[reg&15] }
func (v *VIA) SyncTo(now uint64)                {}
func (v *VIA) NextEvent() uint64                { return ^uint64(0) }
func (v *VIA) IRQ() bool                        { return false }
