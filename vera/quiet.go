package vera

// StableUntil is the first cycle at which a read of CTRL, IEN, ISR or SCANLINE
// ($9F25-$9F28) could return something other than it does now, if nothing is written to
// VERA meanwhile: the next line start (ISR's VSYNC and LINE bits, SCANLINE, IEN bit 6), or
// earlier when the PCM FIFO is draining and ISR's AFLOW bit will turn on.
//
// The machine uses it to fast-forward a loop that polls these registers (core/idle.go):
// until this cycle, every pass of such a loop reads the same values.
func (v *VERA) StableUntil() uint64 {
	next := v.clk.nextLine
	if c, ok := v.pcm.aflowAt(); ok && c < next {
		next = c
	}
	return next
}

// StableReg tells whether reading reg (0-31) has no side effect and returns a value that
// only changes at the times StableUntil reports.
func StableReg(reg uint8) bool { return reg >= regCtrl && reg <= regIRQLine }
