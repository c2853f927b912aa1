package vera

// PortAddr is the VRAM address data port p (0 or 1) reads or writes next, for a debugger's
// watchpoints on VRAM accessed through DATA0 and DATA1. It has no side effect.
func (v *VERA) PortAddr(p int) uint32 { return v.port[p&1].addr }
