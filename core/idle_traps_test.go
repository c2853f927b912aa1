package core

import (
	"os"
	"testing"
)

// TestTrapInertDoesNothing runs the KERNAL traps (trap()) at every trapped PC, in the KERNAL's
// bank and in BASIC's, on the official ROM with a program started from the host file system,
// wherever trapInert says the trap does nothing, and checks that the CPU, memory and the
// trap state are unchanged: an idle pass may go through those PCs (idle_traps.go).
func TestTrapInertDoesNothing(t *testing.T) {
	path := os.Getenv("X16_ROM")
	if path == "" {
		t.Skip("X16_ROM is not set: this test needs the official ROM (rom.bin built from X16Community/x16-rom)")
	}
	image, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(Config{ROM: image})
	if err != nil {
		t.Fatal(err)
	}
	prg, err := os.ReadFile("testdata/idlegetin.prg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	for range 90 {
		m.RunFrame()
	}
	s, b, c := &m.sys, &m.bus, &m.cpu
	if !s.official || !s.booted || s.dos == nil {
		t.Fatalf("official %v, booted %v, file system %v: want the booted official KERNAL with device 8", s.official, s.booted, s.dos != nil)
	}
	inert := 0
	for _, bank := range []uint8{0, 4} {
		b.setROMBank(bank)
		for pc := uint16(0xFEA8); pc != 0; pc++ {
			if !m.trapInert(pc) {
				continue
			}
			inert++
			c.PC = pc
			cpu, ram, booted := c.State(), b.ram, s.booted
			if ev := m.trap(); ev != 0 || c.State() != cpu || b.ram != ram || s.booted != booted || s.pending != 0 {
				t.Errorf("bank %d $%04X: trapInert, yet the trap acted (event %v, CPU %+v, was %+v)", bank, pc, ev, c.State(), cpu)
			}
		}
	}
	b.setROMBank(0)
	// The official KERNAL's bank: only the calls a wait loop makes. In another bank every PC
	// but the exit convention's $FFFF.
	if want := len(idleKernalCalls) + (0x10000 - 0xFEA8 - 1); inert != want {
		t.Errorf("%d PCs inert, want %d", inert, want)
	}
	for _, pc := range []uint16{0xFFA5, 0xFF44, 0xFFB1, 0xFFD2, 0xFFFF} {
		if m.trapInert(pc) {
			t.Errorf("$%04X in the KERNAL's bank is taken for inert", pc)
		}
	}
	s.booted = false
	if m.trapInert(0xFFCF) {
		t.Error("CHRIN before the boot is done is taken for inert (its trap marks the boot done)")
	}
	s.booted = true
	s.pending = pendExit
	if m.trapInert(0xFFE4) {
		t.Error("a pending trap action is ignored")
	}
	s.pending = 0
}

// With the console echo on, the trap at CHROUT copies the character to the host: a pass
// through it is not idle; GETIN's PC is (the built-in ROM traps nothing else there).
func TestTrapInertEcho(t *testing.T) {
	m := newTestMachine(t, Config{})
	m.sys.echo = 1
	m.sys.rearm()
	if m.trapInert(chroutEntry) {
		t.Error("CHROUT with the echo on is taken for inert")
	}
	if !m.trapInert(0xFFE4) {
		t.Error("GETIN with the echo on is not taken for inert")
	}
}
