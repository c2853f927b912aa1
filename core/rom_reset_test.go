package core_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"x16scope/core"
)

// rom/testdata/resetboot.s: a program writes AUTOBOOT.X16, changes into SUB and resets
// the machine through the SMC, as the starter kit's SYSTEM/SYSTEM-BOOT programs do. The
// reset keeps RAM, takes the DOS back to the root, and the official ROM boots again and
// runs AUTOBOOT.X16 from the host folder.

// resetbootAutoboot is the AUTOBOOT.X16 resetboot.s writes.
func resetbootAutoboot(t *testing.T) []byte {
	t.Helper()
	prg, err := os.ReadFile("../rom/testdata/resetboot.prg")
	if err != nil {
		t.Fatal(err)
	}
	exit := testdataSymbol(t, "../rom/testdata/resetboot.sym", "exit_ffff")
	code := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0, 0, 0,
		0xA9, 0xA5, 0x8D, 0xFF, 0x04, 0xAD, byte(exit), byte(exit >> 8), 0xD0, 0x01, 0x60, 0x4C, 0xFF, 0xFF}
	if !bytes.Contains(prg, code) {
		t.Fatalf("resetboot.prg does not hold the AUTOBOOT.X16 the test expects: % X", code)
	}
	return code
}

func resetbootFS(t *testing.T) *core.MemFS {
	t.Helper()
	fsys, err := core.NewMemFS(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := fsys.Mkdir("SUB"); err != nil {
		t.Fatal(err)
	}
	return fsys
}

func TestOfficialResetRunsAutoboot(t *testing.T) {
	fsys := resetbootFS(t)
	var notices []string
	m := runOfficial(t, fsys, "resetboot.prg", 900, nil, func(m *core.Machine) {
		notices = append(notices, m.DrainNotices()...)
	})
	if !strings.Contains(strings.Join(notices, "\n"), "reset the machine") {
		t.Errorf("no SMC reset notice: %q", notices)
	}
	got, err := fsys.ReadFile("AUTOBOOT.X16")
	if err != nil || !bytes.Equal(got, resetbootAutoboot(t)) {
		t.Errorf("AUTOBOOT.X16 = % X (%v), want % X", got, err, resetbootAutoboot(t))
	}
	// $04FF = $A5 (runOfficial's end) was set by AUTOBOOT.X16 after the reset
	if m.Peek(0x7000) != 0x5A || m.PeekBanked(1, 0xB000) != 0xC3 {
		t.Errorf("RAM after the reset: $7000 = $%02X, bank 1 $B000 = $%02X; a reset keeps RAM", m.Peek(0x7000), m.PeekBanked(1, 0xB000))
	}
}

// TestBuiltinResetKeepsRAM: the built-in ROM resets too (it has no BASIC, so it does not
// look for AUTOBOOT.X16, a BASIC program as the official ROM runs it: it boots to READY).
func TestBuiltinResetKeepsRAM(t *testing.T) {
	fsys := resetbootFS(t)
	m := startBuiltin(t, fsys, "resetboot.prg")
	reset := false
	for i := 0; i < 120 && !reset; i++ {
		m.RunFrame()
		reset = strings.Contains(strings.Join(m.DrainNotices(), "\n"), "reset the machine")
	}
	if !reset {
		t.Fatal("no SMC reset within 120 frames")
	}
	for i := 0; i < 10 && !m.Booted(); i++ {
		m.RunFrame()
	}
	if !m.Booted() || screenText(m, 0) != "**** X16SCOPE BUILT-IN KERNAL ****" {
		t.Errorf("after the reset: booted %v, row 0 %q", m.Booted(), screenText(m, 0))
	}
	if got, _ := fsys.ReadFile("AUTOBOOT.X16"); !bytes.Equal(got, resetbootAutoboot(t)) {
		t.Errorf("AUTOBOOT.X16 = % X", got)
	}
	if m.Peek(0x7000) != 0x5A || m.PeekBanked(1, 0xB000) != 0xC3 {
		t.Errorf("RAM after the reset: $7000 = $%02X, bank 1 $B000 = $%02X; a reset keeps RAM", m.Peek(0x7000), m.PeekBanked(1, 0xB000))
	}
	if m.Peek(0x04FF) == 0xA5 {
		t.Error("the built-in ROM ran AUTOBOOT.X16")
	}
}

// TestResetAutobootAgainstX16emu: the official emulator does the same (its machine_reset
// keeps RAM, ieee_init goes back to the start folder, the ROM runs AUTOBOOT.X16).
func TestResetAutobootAgainstX16emu(t *testing.T) {
	romPath, emu := os.Getenv("X16_ROM"), os.Getenv("X16EMU")
	if romPath == "" || emu == "" {
		t.Skip("X16EMU and X16_ROM are not both set: this test runs the official emulator (built from X16Community/x16-emulator) with the official ROM")
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "SUB"), 0o755); err != nil {
		t.Fatal(err)
	}
	ram := x16emuRAMDumpIn(t, emu, romPath, "resetboot", dir, nil, nil)
	if ram[0x04FF] != 0xA5 || ram[0x7000] != 0x5A {
		t.Errorf("x16emu: $04FF = $%02X (AUTOBOOT.X16 ran: $A5), $7000 = $%02X", ram[0x04FF], ram[0x7000])
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "AUTOBOOT.X16")); !bytes.Equal(got, resetbootAutoboot(t)) {
		t.Errorf("x16emu's AUTOBOOT.X16 = % X", got)
	}
}
