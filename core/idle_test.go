package core

import (
	"encoding/binary"
	"os"
	"testing"
)

// TestIdleSkipTricky runs testdata/idlepoll.prg (waits on SCANLINE, on ISR's AFLOW bit while
// the PCM FIFO drains, and on a VIA timer flag, each ended by latching the cycle counter)
// with and without idle-loop fast-forward, and requires the same stamps, memory and cycles.
func TestIdleSkipTricky(t *testing.T) {
	prg, err := os.ReadFile("testdata/idlepoll.prg")
	if err != nil {
		t.Fatal(err)
	}
	run := func(skip bool) *Machine {
		m := newTestMachine(t, Config{})
		m.SetIdleSkip(skip)
		if _, err := m.StartPRG(prg); err != nil {
			t.Fatal(err)
		}
		for f := 0; f < 10 && m.bus.ram[0x22] != 0xAA; f++ {
			m.RunFrame()
		}
		if m.bus.ram[0x22] != 0xAA {
			t.Fatalf("skip %v: the program did not finish in 10 frames", skip)
		}
		m.RunFrame() // idle at the end: the jump to itself
		return m
	}
	fast, slow := run(true), run(false)
	stamps := func(m *Machine) (s [6]uint32) {
		for i := range s {
			s[i] = binary.LittleEndian.Uint32(m.bus.ram[0x200+4*i:])
		}
		return s
	}
	sf, ss := stamps(fast), stamps(slow)
	t.Logf("stamps %v, %d cycles skipped", sf, fast.IdleCycles())
	if sf != ss {
		t.Fatalf("stamps %v with fast-forward, %v without", sf, ss)
	}
	if fast.bus.ram != slow.bus.ram || fast.Cycle() != slow.Cycle() || fast.CPU() != slow.CPU() {
		t.Fatal("the machines differ")
	}
	// The SCANLINE waits end on scan-out line 99 or 355 (SCANLINE reads line+1, and its low
	// byte is 100 for both): within a pass of the loop (9 cycles), the exit (2), jsr (6) and
	// the counter read (4 + 3 wait cycles) of the line's start.
	for i := 0; i < 3; i++ {
		at := uint64(sf[i]) % CyclesPerFrame
		line := at / CyclesPerLine
		if line != 99 && line != 355 || at%CyclesPerLine > 24 {
			t.Errorf("SCANLINE stamp %d at cycle %d of its frame (line %d), want just after the start of line 99 or 355", i, at, line)
		}
	}
	// The loops that qualify (SCANLINE and AFLOW waits, the final jump) were fast-forwarded:
	// most of the run.
	if fast.IdleCycles() < fast.Cycle()/2 {
		t.Errorf("%d of %d cycles skipped, want most", fast.IdleCycles(), fast.Cycle())
	}
}

// A loop that reads a VIA (side effects, a value that changes every cycle) or changes
// memory is never fast-forwarded.
func TestIdleSkipRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		code []byte
	}{
		{"VIA T1 counter", []byte{0xAD, 0x04, 0x9F, 0x80, 0xFB}}, // lda $9F04 / bra -5
		{"store", []byte{0xE6, 0x30, 0x80, 0xFC}},                // inc $30 / bra -4
		{"counting", []byte{0xE8, 0x80, 0xFD}},                   // inx / bra -3
		{"cycle counter", []byte{0xAD, 0xB8, 0x9F, 0x80, 0xFB}},  // lda $9FB8 / bra -5
		{"DATA0", []byte{0xAD, 0x23, 0x9F, 0x80, 0xFB}},          // lda $9F23 / bra -5
		// A subroutine that changes memory; a pass that pulls more than it pushed.
		{"subroutine stores", []byte{0x20, 0x10, 0x10, 0x80, 0xFB, 16: 0xE6, 0x30, 0x60}}, // jsr $1010 / bra -5; inc $30 / rts
		{"pulls", []byte{0x68, 0x48, 0x80, 0xFC}},                                         // pla / pha / bra -4
		// Stores that leave a device, banked RAM or a bank latch changed, or touch a
		// device at all (the same value to VERA's CTRL every pass).
		{"VERA write", []byte{0x9C, 0x25, 0x9F, 0x80, 0xFB}},                    // stz $9F25 / bra -5
		{"banked RAM counter", []byte{0xEE, 0x00, 0xA0, 0x80, 0xFB}},            // inc $A000 / bra -5
		{"RAM bank stepping", []byte{0xE6, 0x00, 0xAD, 0x00, 0xA0, 0x80, 0xF9}}, // inc $00 / lda $A000 / bra -7
		{"ROM bank stepping", []byte{0xE6, 0x01, 0x80, 0xFC}},                   // inc $01 / bra -4
	} {
		m := newTestMachine(t, Config{})
		copy(m.bus.ram[0x1000:], tc.code)
		m.cpu.PC = 0x1000
		m.cpu.P |= flagI
		m.RunFrame()
		if m.IdleCycles() != 0 {
			t.Errorf("%s: %d cycles fast-forwarded", tc.name, m.IdleCycles())
		}
	}
	// The controls: a loop reading RAM is, inline or through a subroutine that pushes and
	// pulls (as the KERNAL's GETIN does), with interrupts masked or not; so is one whose
	// stores put back what the pass before stored.
	for _, tc := range []struct {
		name string
		code []byte
		cli  bool
	}{
		{"RAM poll", []byte{0xA5, 0x30, 0x80, 0xFC}, false},                                                      // lda $30 / bra -4
		{"subroutine poll", []byte{0x20, 0x10, 0x10, 0xF0, 0xFB, 16: 0x08, 0x78, 0x28, 0xA5, 0x30, 0x60}, false}, // jsr $1010 / beq -5; php / sei / plp / lda $30 / rts
		{"subroutine poll, IRQs on", []byte{0x20, 0x10, 0x10, 0xF0, 0xFB, 16: 0x08, 0x78, 0x28, 0xA5, 0x30, 0x60}, true},
		// The official KERNAL's kbdbuf_get: lda $00 / pha / stz $00 / lda $A000 / pla /
		// sta $00 / bra -13 (reads banked RAM 0, puts the RAM bank back).
		{"RAM bank restored", []byte{0xA5, 0x00, 0x48, 0x64, 0x00, 0xAD, 0x00, 0xA0, 0x68, 0x85, 0x00, 0x80, 0xF3}, false},
		{"same store", []byte{0x85, 0x30, 0x80, 0xFC}, false},                                        // sta $30 / bra -4
		{"subroutine same store", []byte{0x20, 0x10, 0x10, 0x80, 0xFB, 16: 0x85, 0x30, 0x60}, false}, // jsr $1010 / bra -5; sta $30 / rts
	} {
		m := newTestMachine(t, Config{})
		copy(m.bus.ram[0x1000:], tc.code)
		m.cpu.PC = 0x1000
		m.cpu.P |= flagI
		if tc.cli {
			m.cpu.P &^= flagI // no device raises an IRQ after reset
		}
		m.RunFrame()
		if m.IdleCycles() < CyclesPerFrame/2 {
			t.Errorf("%s: only %d cycles fast-forwarded", tc.name, m.IdleCycles())
		}
	}
}
