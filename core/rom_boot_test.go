package core_test

import (
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// screenText reads row r of the built-in ROM's 80x60 text screen from VRAM ($1B000, 256
// bytes per map row, character then colour) and turns screen codes back into ASCII.
func screenText(m *core.Machine, row int) string {
	var b strings.Builder
	for col := 0; col < 80; col++ {
		c := m.VERA().PeekVRAM(uint32(0x1B000 + row*256 + col*2))
		switch {
		case c == 0:
			b.WriteByte('@')
		case c >= 1 && c <= 26:
			b.WriteByte('A' + c - 1)
		case c >= 0x20 && c < 0x40:
			b.WriteByte(c)
		default:
			b.WriteByte('~')
		}
	}
	return strings.TrimRight(b.String(), " ")
}

func bootBuiltin(t *testing.T) *core.Machine {
	t.Helper()
	m, err := core.New(core.Config{ROM: rom.Image()})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10 && !m.Booted(); i++ {
		m.RunFrame()
	}
	if !m.Booted() {
		s := m.CPU()
		t.Fatalf("built-in ROM did not boot in 10 frames: PC=$%04X", s.PC)
	}
	return m
}

func TestBuiltinROMBoots(t *testing.T) {
	m := bootBuiltin(t)
	if got, want := screenText(m, 0), "**** X16SCOPE BUILT-IN KERNAL ****"; got != want {
		t.Errorf("row 0 = %q, want %q", got, want)
	}
	if got := screenText(m, 4); got != "READY." {
		t.Errorf("row 4 = %q, want READY.", got)
	}
	if c := m.VERA().PeekVRAM(0x1B001); c != 0x61 {
		t.Errorf("colour of the first cell = $%02X, want $61 (white on blue)", c)
	}
	if n := m.DrainNotices(); len(n) != 0 {
		t.Errorf("notices after boot: %v", n)
	}
}
