package core

import (
	"fmt"
	"strings"

	"x16scope/savestate"
)

// KeymapNames are the keyboard layouts by the names the official emulator's -keymap takes
// (and its web page's ?keymap=), in the order of its list: the index is what its register
// $9FBD reads, and the KERNAL's layout table has the same order (index 0, "en-us", is the
// layout the ROM calls ABC/X16), so the same index picks the same layout on both ROMs.
var KeymapNames = [...]string{
	"en-us", "en-us-int", "en-gb", "sv", "de", "da", "it", "pl", "nb", "hu",
	"es", "fi", "pt-br", "cz", "jp", "fr", "de-ch", "en-us-dvo", "et", "fr-be",
	"fr-ca", "is", "pt", "hr", "sk", "sl", "lv", "lt",
}

// KeymapIndex is the index of a layout name (case and surrounding blanks ignored), false
// when there is no such layout.
func KeymapIndex(name string) (int, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for i, n := range KeymapNames {
		if n == name {
			return i, true
		}
	}
	return 0, false
}

// Keymap is the layout index the machine was built with (Config.Keymap).
func (m *Machine) Keymap() int { return int(m.bus.keymap) }

// keymapVersion is the version of the save-state section "KMAP": one byte, the layout
// index, present only when it is not 0.
const keymapVersion = 1

// loadKeymap restores the layout of a save state (none: the default).
func loadKeymap(f *savestate.File, m *Machine) error {
	s := f.Get("KMAP")
	if s == nil {
		return nil
	}
	if s.Version > keymapVersion {
		return fmt.Errorf("section \"KMAP\" version %d: %w", s.Version, savestate.ErrTooNew)
	}
	if len(s.Data) != 1 || int(s.Data[0]) >= len(KeymapNames) {
		return fmt.Errorf("save state: %w: section \"KMAP\" is not a layout index", savestate.ErrCorrupt)
	}
	m.bus.keymap = s.Data[0]
	m.bus.emu.keymap = s.Data[0]
	return nil
}
