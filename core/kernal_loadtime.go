package core

// The built-in KERNAL's LOAD from the host folder is a host call: the file arrives at once.
// The official KERNAL loads the same file through its serial-bus calls, which the emulator
// traps a block at a time (as the official emulator's host file system does), so LOAD
// takes as long as its loop over the 256-byte blocks. A program that loads its data while
// it runs (most games) would be frames ahead on the built-in ROM, at another point of its
// animation than on the official ROM. So the built-in LOAD spins for the rest of the time
// the official one takes: the host call leaves the number of passes of the spin loop in
// loadWait, which rom/src/io.s load_fn counts down (core TestLoadTime*).

const (
	loadWait = 0x029A // 2 bytes: passes of load_fn's spin loop

	// The official KERNAL's LOAD from the host folder, in cycles from SETLFS to its
	// return (x16scope's measurement of the official ROM, rom/testdata/loadtime.s):
	// a base and a cost per 256-byte block, by where the bytes go, and a little more for
	// each RAM bank a load into banked RAM moves on to.
	officialLoadBase      = 1076
	officialLoadBlockRAM  = 137
	officialLoadBlockBank = 146 // blocks into banked RAM ($A000-$BFFF)
	officialLoadNextBank  = 9
	officialLoadBaseVRAM  = 1115
	officialLoadBlockVRAM = 129

	// The built-in LOAD's own cycles for the same span (SETLFS to the return, without the
	// spin), and the spin loop's cycles per pass and its fixed cost.
	builtinLoadBase = 156
	loadSpinPass    = 26
	loadSpinFixed   = 24
)

// officialLoadCycles is how long the official KERNAL's LOAD of n bytes takes, into VRAM
// (vram) or from address start (banks: how many times it moved on to the next RAM bank).
func officialLoadCycles(n int, vram bool, start uint16, banks int) int {
	blocks := max(1, (n+255)/256)
	switch {
	case vram:
		return officialLoadBaseVRAM + officialLoadBlockVRAM*blocks
	case start >= bankedRAM:
		return officialLoadBase + officialLoadBlockBank*blocks + officialLoadNextBank*banks
	}
	return officialLoadBase + officialLoadBlockRAM*blocks
}

// setLoadWait leaves load_fn the spin passes that make a LOAD last officialLoadCycles.
func (m *Machine) setLoadWait(cycles int) {
	passes := max(0, (cycles-builtinLoadBase-loadSpinFixed)/loadSpinPass)
	passes = min(passes, 0xFFFF)
	m.bus.ram[loadWait], m.bus.ram[loadWait+1] = uint8(passes), uint8(passes>>8)
}
