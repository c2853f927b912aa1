package core

import "testing"

// romSwitchMachine builds a machine whose ROM bank 0 resets into code that selects ROM
// bank 1 and jumps to $C100, where banks 0 and 1 hold different code: each stores its own
// mark in $10 and stops.
func romSwitchMachine(t *testing.T) *Machine {
	t.Helper()
	rom := make([]byte, 2*romBankSize)
	for i := range rom {
		rom[i] = 0xEA // NOP
	}
	put := func(bank int, addr uint16, code ...byte) {
		copy(rom[bank*romBankSize+int(addr-romStart):], code)
	}
	put(0, 0xC000, 0xA9, 0x01, 0x85, 0x01, 0x4C, 0x00, 0xC1) // LDA #1; STA $01; JMP $C100
	put(0, 0xC100, 0xA9, 0x13, 0x85, 0x10, 0xDB)             // LDA #$13; STA $10; STP
	put(1, 0xC100, 0xA9, 0x42, 0x85, 0x10, 0xDB)             // LDA #$42; STA $10; STP
	put(0, 0xFFFC, 0x00, 0xC0)
	m, err := New(Config{ROM: rom})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The run loop fetches ROM code through its own fast path (romCur): a ROM bank switch must
// move it, or the CPU would go on running the old bank's code.
func TestROMFetchFollowsBankSwitch(t *testing.T) {
	m := romSwitchMachine(t)
	if ev := m.RunFrame(); ev&EventStop == 0 {
		t.Fatalf("the program did not stop (event %v)", ev)
	}
	if got := m.Peek(0x10); got != 0x42 {
		t.Errorf("$10 = $%02X, want $42: the CPU ran bank %d's code at $C100", got, map[uint8]int{0x13: 0, 0x42: 1}[got])
	}
	// After a reset the latch is 0 again, and so is the fetch path.
	m.Reset()
	m.Poke(0x10, 0)
	if ev := m.RunFrame(); ev&EventStop == 0 {
		t.Fatalf("after reset the program did not stop (event %v)", ev)
	}
	if got := m.Peek(0x10); got != 0x42 {
		t.Errorf("after reset $10 = $%02X, want $42", got)
	}
}

// A watchpoint on ROM closes the fast path, so instruction fetches from ROM are seen.
func TestROMFetchWatchpoint(t *testing.T) {
	m := romSwitchMachine(t)
	if err := m.SetWatchpoints([]Watchpoint{{Space: SpaceCPU, On: WatchRead, Addr: 0xC104, Len: 1}}); err != nil {
		t.Fatal(err)
	}
	if ev := m.RunFrame(); ev&EventBreak == 0 {
		t.Fatalf("the watchpoint on the JMP at $C104 did not stop the machine (event %v)", ev)
	}
	if st := m.DebugStop(); st.Reason != StopWatch || st.Access.Addr != 0xC104 {
		t.Errorf("stop %+v, want the watchpoint at $C104", st)
	}
	// Removing it opens the fast path again; the program still switches banks.
	if err := m.SetWatchpoints(nil); err != nil {
		t.Fatal(err)
	}
	if m.bus.romGate == 0 {
		t.Error("the ROM fetch path stayed closed after the last watchpoint went")
	}
	m.RunFrame()
	if got := m.Peek(0x10); got != 0x42 {
		t.Errorf("$10 = $%02X, want $42", got)
	}
}
