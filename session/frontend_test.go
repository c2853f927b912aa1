package session

import (
	"testing"

	"x16scope/core"
)

// A debugger write that reaches the I/O page is refused whole: nothing is written that
// the timeline would not know of.
func TestWriteMemoryRefusedWhole(t *testing.T) {
	s := newSession(t)
	before := s.Machine().Peek(0x9EFF)
	if err := s.WriteMemory(SpaceCPU, 0, 0x9EFF, []byte{before + 1, 2}); err == nil {
		t.Fatal("a write into the I/O page was taken")
	}
	if s.Machine().Peek(0x9EFF) != before || len(s.tl.inputs) != 0 {
		t.Fatal("the refused write changed memory or was logged")
	}
	if err := s.WriteMemory(SpaceCPU, 0, 0xBFFF, []byte{1, 2}); err == nil {
		t.Fatal("a write into the ROM was taken")
	}
}

// LoadPRG starts the file whatever its name, and RunFrame returns at a return to READY.
func TestLoadPRGWithoutExtensionAndRunFrameAtExit(t *testing.T) {
	s := newSession(t)
	// lda #$42 / rts: back to READY at once.
	if err := s.LoadPRG("RETURNS", stubPRG(0xA9, 0x42, 0x60)); err != nil {
		t.Fatal(err)
	}
	if s.Program() != "RETURNS" {
		t.Fatalf("program %q", s.Program())
	}
	for i := 0; i < 300; i++ {
		if ev := s.RunFrame(); ev&core.EventExit != 0 {
			// It stopped at the return, inside a frame, not at the VSYNC after it.
			if m := s.Machine(); m.NextVSync()-m.Cycle() == core.CyclesPerFrame {
				t.Fatal("RunFrame ran on to the VSYNC after the return")
			}
			if r, ok := s.Machine().Returned(); !ok || r.A != 0x42 {
				t.Fatalf("returned %v %+v", ok, r)
			}
			return
		}
	}
	t.Fatal("the program never returned")
}
