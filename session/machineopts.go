package session

import "cmp"

// The machine's own settings, as the official emulator's -ram and -keymap set them: the
// banked RAM size and the keyboard layout. Both take effect at power-on.

// SetMachine powers the machine on again with a RAM size in KB (0: 512) and a keyboard
// layout (an index into core.KeymapNames): the program starts afresh, or the ROM boots.
// Nothing happens when both are what the machine has; a bad value changes nothing.
func (s *Session) SetMachine(ramKB, keymap int) error {
	ramKB = cmp.Or(ramKB, 512)
	if ramKB == s.RAMKB() && keymap == s.opt.Keymap {
		return nil
	}
	old := s.opt
	s.opt.RAMKB, s.opt.Keymap = ramKB, keymap
	m, fs, err := s.start(s.rom, s.program, s.data, s.launch)
	if err != nil {
		s.opt = old
		return err
	}
	s.install(m, fs)
	return nil
}

// RAMKB is the banked RAM size of the machines the session builds, in KB.
func (s *Session) RAMKB() int { return cmp.Or(s.opt.RAMKB, 512) }

// Keymap is the keyboard layout of the machines the session builds (core.KeymapNames).
func (s *Session) Keymap() int { return s.opt.Keymap }
