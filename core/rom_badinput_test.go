package core_test

import (
	"strings"
	"testing"

	"x16scope/core"
)

// Bad input (the other cases live beside the features they test): a missing file and a
// path outside the host root (TestBuiltinLOAD cases 4 and 5, TestDirFSStaysInside,
// TestCleanPathRefusesEscapes, TestBuiltinFileCalls), a LOAD past the end of RAM
// (TestBuiltinLOAD case 6); in each the program gets an error and carries on.

func TestNewRejectsBadROMs(t *testing.T) {
	for _, n := range []int{0, 1000, 16384 + 1, core.ROMSize + 16384} {
		_, err := core.New(core.Config{ROM: make([]byte, n)})
		if err == nil || !strings.Contains(err.Error(), "ROM image is") {
			t.Errorf("a %d-byte ROM: %v, want a clear error", n, err)
		}
	}
	// 16 banks (the official ROM's size) and 32 are fine; unused banks read $FF
	m, err := core.New(core.Config{ROM: make([]byte, 16*16384)})
	if err != nil {
		t.Fatal(err)
	}
	if v := m.PeekROM(20, 0xC000); v != 0xFF {
		t.Errorf("bank 20 of a 16-bank ROM reads $%02X, want $FF", v)
	}
}

// The run loop stays allocation-free with KERNAL traps armed: a ROM with the official
// KERNAL's signature whose reset code loops inside the jump-table area, so every
// instruction goes through trap().
func TestTrapPathDoesNotAllocate(t *testing.T) {
	img := make([]byte, 16384)
	for i := range img {
		img[i] = 0xFF
	}
	copy(img[0x0008:], "MIST")
	copy(img[0x3F00:], []byte{0xEA, 0x4C, 0x00, 0xFF}) // $FF00: NOP / JMP $FF00
	img[0x3FFC], img[0x3FFD] = 0x00, 0xFF
	m, err := core.New(core.Config{ROM: img})
	if err != nil {
		t.Fatal(err)
	}
	fsys, _ := core.NewMemFS(nil)
	m.SetFileSystem(fsys)
	if !m.OfficialROM() {
		t.Fatal("signature not recognised")
	}
	m.RunFrame()
	if n := testing.AllocsPerRun(20, func() { m.RunFrame() }); n != 0 {
		t.Errorf("%.1f allocations per frame with traps armed", n)
	}
}

// The idle built-in KERNAL (VSYNC handler with the I2C poll and SNES scan) allocates nothing.
func TestBuiltinIdleDoesNotAllocate(t *testing.T) {
	m := bootBuiltin(t)
	m.RunFrame()
	if n := testing.AllocsPerRun(20, func() { m.RunFrame() }); n != 0 {
		t.Errorf("%.1f allocations per idle frame", n)
	}
}
