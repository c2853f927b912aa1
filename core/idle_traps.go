package core

// KERNAL traps inside an idle loop. The run loop hands every PC at or above trapLow to the
// traps (kernal_traps.go): with the official KERNAL that is its whole jump table ($FEA8 up),
// so a program waiting in `jsr GETIN / beq -` passes a trapped PC in every pass, in BASIC's
// bank (whose table forwards to the KERNAL through jsrfar) and then in the KERNAL's. A pass
// may go through a trapped PC only where the trap, in the machine's state now, does
// nothing: then executing the pass with the trap and without it is the same, and so is
// skipping it. trapInert mirrors trap()'s tests, and names the few jump-table entries of
// the official KERNAL that a wait loop calls and the host file system never takes over
// (hostFSTrap); TestTrapInertDoesNothing runs trap() where it says so and checks that
// nothing changes.

// idleKernalCalls are the official KERNAL's jump-table entries (bank 0) a wait loop may call
// through the traps: GETIN, STOP, and CHRIN (whose trap marks the boot done, once).
var idleKernalCalls = [...]uint16{0xFFE4, 0xFFE1, 0xFFCF}

// trapInert tells whether trap() at pc, in the machine's state now, would do nothing.
func (m *Machine) trapInert(pc uint16) bool {
	s := &m.sys
	if s.pending != 0 || pc == 0xFFFF || s.paste.armed || len(s.paste.text) > 0 {
		return false
	}
	bank0 := m.bus.romBank == 0
	if pc == chroutEntry && s.echo != 0 && bank0 {
		return false // CHROUT echoed to the host console
	}
	if !s.official || !bank0 || pc < 0xFEA8 {
		return true
	}
	for _, e := range idleKernalCalls {
		if pc == e {
			return pc != 0xFFCF || s.booted
		}
	}
	return false
}
