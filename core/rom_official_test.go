package core_test

import (
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

// Tests with the official ROM. It cannot ship with x16scope: build it from the public
// X16Community/x16-rom sources outside this repository and point X16_ROM at its rom.bin.
// The same test programs and checks as the built-in ROM's run on it, through BASIC's
// LOAD and RUN, the SMC keyboard path and the HostFS traps.

func officialROM(t *testing.T) []byte {
	t.Helper()
	path := os.Getenv("X16_ROM")
	if path == "" {
		t.Skip("X16_ROM is not set: these tests need the official ROM (rom.bin built from X16Community/x16-rom)")
	}
	img, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("X16_ROM: %v", err)
	}
	return img
}

func newOfficial(t *testing.T) *core.Machine {
	t.Helper()
	m, err := core.New(core.Config{ROM: officialROM(t)})
	if err != nil {
		t.Fatal(err)
	}
	if !m.OfficialROM() {
		t.Fatal("X16_ROM is not recognised as the official KERNAL (no MIST signature)")
	}
	return m
}

// runOfficial starts a test program on the official ROM (StartPRG pastes LOAD":*",8,1 and
// RUN when BASIC first asks for a line) and runs it until it sets its DONE flag ($04FF = $A5). before runs
// after StartPRG, step before every frame.
func runOfficial(t *testing.T, fsys core.FileSystem, prg string, frames int, before func(*core.Machine), step func(*core.Machine)) *core.Machine {
	t.Helper()
	m := newOfficial(t)
	if fsys != nil {
		m.SetFileSystem(fsys)
	}
	file, err := os.ReadFile("../rom/testdata/" + prg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	// The command is pasted when BASIC first asks for a line: input meant for the program
	// waits until then.
	for i := 0; m.Starting(); i++ {
		if i == 600 {
			t.Fatalf("the official ROM never took the LOAD/RUN command: PC=$%04X", m.CPU().PC)
		}
		m.RunFrame()
	}
	if before != nil {
		before(m)
	}
	for i := 0; i < frames; i++ {
		if step != nil {
			step(m)
		}
		m.RunFrame()
		if m.Peek(0x04FF) == 0xA5 {
			return m
		}
	}
	t.Fatalf("%s did not finish within %d frames on the official ROM: PC=$%02X:%04X\n%s", prg, frames, m.ROMBank(), m.CPU().PC, screenDump(m))
	return nil
}

func screenDump(m *core.Machine) string {
	var b strings.Builder
	for row := 0; row < 60; row++ {
		if s := screenText(m, row); s != "" {
			b.WriteString(s + "\n")
		}
	}
	return b.String()
}

func TestOfficialBootsToReady(t *testing.T) {
	m := newOfficial(t)
	frames := 0
	for ; frames < 600 && !m.Booted(); frames++ {
		m.RunFrame()
	}
	if !m.Booted() {
		t.Fatalf("BASIC did not ask for a line within 600 frames\n%s", screenDump(m))
	}
	t.Logf("official ROM waits for input after %d frames", frames)
	if !strings.Contains(screenDump(m), "READY.") {
		t.Errorf("no READY. on the screen:\n%s", screenDump(m))
	}
	if !strings.Contains(screenDump(m), "COMMANDER X16") {
		t.Errorf("no banner on the screen:\n%s", screenDump(m))
	}
}

// A tokenized BASIC program: 10 POKE 1024,42 / 20 PRINT "BASIC OK".
func TestOfficialRunsBASIC(t *testing.T) {
	m := newOfficial(t)
	line1 := append([]byte{0x97}, "1024,42"...)           // POKE
	line2 := append([]byte{0x99, ' '}, "\"BASIC OK\""...) // PRINT
	prog := []byte{0x01, 0x08}
	addr := 0x0801
	for i, l := range [][]byte{line1, line2} {
		next := addr + 4 + len(l) + 1
		prog = append(prog, byte(next), byte(next>>8), byte(10*(i+1)), 0)
		prog = append(prog, l...)
		prog = append(prog, 0)
		addr = next
	}
	prog = append(prog, 0, 0)
	p, err := m.StartPRG(prog)
	if err != nil {
		t.Fatal(err)
	}
	if !p.BASIC {
		t.Fatal("the test program is not recognised as tokenized BASIC")
	}
	for i := 0; i < 300 && m.Peek(0x0400) != 42; i++ {
		m.RunFrame()
	}
	for i := 0; i < 10; i++ {
		m.RunFrame()
	}
	if v := m.Peek(0x0400); v != 42 {
		t.Errorf("POKE 1024,42 left $0400 = %d", v)
	}
	if !strings.Contains(screenDump(m), "BASIC OK") {
		t.Errorf("PRINT output missing:\n%s", screenDump(m))
	}
}

// TestOfficialRunsPRG runs the CLI's hello program (console output through $9FBB).
func TestOfficialRunsPRG(t *testing.T) {
	m := newOfficial(t)
	file, err := os.ReadFile("../cmd/x16scope/testdata/hello.prg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for i := 0; i < 300 && !strings.Contains(out.String(), "\n"); i++ {
		m.RunFrame()
		out.Write(m.DrainConsole())
	}
	if out.String() != "HELLO FROM THE X16\n" {
		t.Errorf("console output %q", out.String())
	}
}

func TestOfficialLOAD(t *testing.T) {
	fsys, big := loadFS(t)
	m := runOfficial(t, fsys, "load.prg", 400, nil, nil)
	checkLOAD(t, m, big, true)
}

func TestOfficialFiles(t *testing.T) {
	fsys, err := core.NewMemFS(nil)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, runOfficial(t, fsys, "files.prg", 400, nil, nil), fsys)
}

func TestOfficialMemory(t *testing.T) {
	plain := lzsaPlain()
	block, _ := lzsa2Compress(plain)
	m := runOfficial(t, nil, "memory.prg", 400, func(m *core.Machine) {
		for i, v := range block {
			m.Poke(uint16(0x7000+i), v)
		}
	}, nil)
	checkMemory(t, m, plain, block)
}

func TestOfficialI2CAndClock(t *testing.T) {
	checkI2C(t, runOfficial(t, nil, "i2c.prg", 400, nil, nil))
}

func TestOfficialCINVHook(t *testing.T) {
	checkCINV(t, runOfficial(t, nil, "cinv.prg", 400, nil, nil))
}

func TestOfficialKeyboard(t *testing.T) {
	var step func(int)
	m := runOfficial(t, nil, "keyboard.prg", 600, nil, func(m *core.Machine) {
		if step == nil {
			step = keyboardStep(t, m)
		}
		step(0)
	})
	checkKeyboard(t, m)
}

func TestOfficialJoystick(t *testing.T) {
	var step func(int)
	m := runOfficial(t, nil, "joystick.prg", 400, func(m *core.Machine) { joystickSetup(t, m) }, func(m *core.Machine) {
		if step == nil {
			step = joystickStep(m)
		}
		step(0)
	})
	checkJoystick(t, m)
}

func TestOfficialMouse(t *testing.T) {
	var step func(int)
	m := runOfficial(t, nil, "mouse.prg", 400, nil, func(m *core.Machine) {
		if step == nil {
			step = mouseStep(m)
		}
		step(0)
	})
	checkMouse(t, m)
}
