package vera_test

import (
	"os"
	"testing"

	"x16scope/core"
)

// TestInterruptTimingInMachine runs testdata/irq/lineirq.s on a machine without ROM: the
// program waits with SEI + WAI for VERA's LINE and VSYNC interrupts and reads the emulator
// cycle counter right after each wake-up (see the program's header for the layout).
//
// Expected values, by hand: the interrupt asserts at the start of its line (line l starts
// at cycle 256*l, frame f at 134400*f; X16-HARDWARE.md 3.1-3.2). The halted CPU resumes on
// that cycle, and the first instruction, LDA $9FB8, reads the counter in its 4th cycle:
// start + 3. The counter counts from power-on (cycle 0).
func TestInterruptTimingInMachine(t *testing.T) {
	prg, err := os.ReadFile("testdata/irq/lineirq.prg")
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.New(core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	ev := m.RunUntil(2 * 134400)
	if ev&core.EventExit == 0 {
		t.Fatalf("program did not return by frame 2 (events %b, PC $%04X)", ev, m.CPU().PC)
	}
	u32 := func(a uint16) uint32 {
		return uint32(m.Peek(a)) | uint32(m.Peek(a+1))<<8 | uint32(m.Peek(a+2))<<16 | uint32(m.Peek(a+3))<<24
	}
	const result = 0x0400
	checks := []struct {
		what      string
		got, want uint32
	}{
		{"counter after LINE 100", u32(result), 100*256 + 3},
		// SCANLINE is the RTL's render counter: scan-out line + 1.
		{"SCANLINE_L in line 100", uint32(m.Peek(result + 4)), 101},
		// ISR: LINE, plus AFLOW (bit 3) which is live and set while the PCM FIFO is empty.
		{"ISR after LINE", uint32(m.Peek(result + 5)), 0x0A},
		{"counter after VSYNC", u32(result + 6), 480*256 + 3},
		{"counter after LINE 300 of frame 1", u32(result + 10), 134400 + 300*256 + 3},
		// IEN: 7 = IRQLINE bit 8, 6 = SCANLINE bit 8 (301 > 255), 1 = LINE enable.
		{"IEN in line 300", uint32(m.Peek(result + 14)), 0xC2},
		{"SCANLINE_L in line 300", uint32(m.Peek(result + 15)), 301 & 0xFF},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %d ($%X), want %d ($%X)", c.what, c.got, c.got, c.want, c.want)
		}
	}
}
