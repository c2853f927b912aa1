package core

import "testing"

func newTestMachine(t testing.TB, cfg Config) *Machine {
	t.Helper()
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestBankedRAM(t *testing.T) {
	m := newTestMachine(t, Config{RAMKB: 64}) // 8 banks
	b := &m.bus
	for bank := range 8 {
		b.write(0x0000, uint8(bank))
		b.write(0xA000, uint8(0x40+bank))
		b.write(0xBFFF, uint8(0x80+bank))
	}
	for bank := range 8 {
		b.write(0x0000, uint8(bank))
		if got := b.read(0xA000); got != uint8(0x40+bank) {
			t.Errorf("bank %d $A000 = $%02X, want $%02X", bank, got, 0x40+bank)
		}
		if got := b.read(0xBFFF); got != uint8(0x80+bank) {
			t.Errorf("bank %d $BFFF = $%02X", bank, got)
		}
		if got := b.read(0x0000); got != uint8(bank) {
			t.Errorf("$00 reads $%02X, want the bank %d", got, bank)
		}
	}
	// Bank 8 does not exist with 64 KB: reads are open bus (the address high byte),
	// writes go nowhere, and populated banks are untouched.
	b.write(0x0000, 8)
	b.write(0xA123, 0x55)
	if got := b.read(0xA123); got != 0xA1 {
		t.Errorf("missing bank reads $%02X, want open bus $A1", got)
	}
	if got := m.PeekBanked(0, 0xA000); got != 0x40 {
		t.Errorf("bank 0 changed to $%02X by a write to a missing bank", got)
	}
}

func TestRAMSizes(t *testing.T) {
	for _, kb := range []int{8, 512, 2048} {
		m := newTestMachine(t, Config{RAMKB: kb})
		if m.RAMBanks() != kb/8 {
			t.Errorf("%d KB: %d banks", kb, m.RAMBanks())
		}
	}
	for _, kb := range []int{4, 12, 2056, -8} {
		if _, err := New(Config{RAMKB: kb}); err == nil {
			t.Errorf("%d KB accepted", kb)
		}
	}
}

func TestROMBanks(t *testing.T) {
	rom := make([]byte, ROMSize)
	for bank := range ROMBanks {
		rom[bank*romBankSize] = uint8(bank)               // $C000
		rom[bank*romBankSize+0x3FFF] = uint8(0x80 + bank) // $FFFF
	}
	m := newTestMachine(t, Config{ROM: rom})
	b := &m.bus
	for _, bank := range []uint8{0, 1, 7, 31} {
		b.write(0x0001, bank)
		if got := b.read(0xC000); got != bank {
			t.Errorf("ROM bank %d $C000 = $%02X", bank, got)
		}
		b.write(0xC000, 0xEE) // ROM ignores writes
		if got := b.read(0xC000); got != bank {
			t.Errorf("ROM bank %d changed by a write", bank)
		}
	}
	b.write(0x0001, 40) // no cartridge: open bus
	if got := b.read(0xC000); got != 0xC0 {
		t.Errorf("cartridge bank reads $%02X, want open bus $C0", got)
	}
}

func TestROMImageSizes(t *testing.T) {
	for _, n := range []int{0x4000, ROMSize} {
		if _, err := New(Config{ROM: make([]byte, n)}); err != nil {
			t.Errorf("%d-byte ROM refused: %v", n, err)
		}
	}
	for _, n := range []int{1, 0x4001, ROMSize + 0x4000} {
		if _, err := New(Config{ROM: make([]byte, n)}); err == nil {
			t.Errorf("%d-byte ROM accepted", n)
		}
	}
	// A short image fills the missing banks with $FF.
	m := newTestMachine(t, Config{ROM: make([]byte, 0x4000)})
	if got := m.PeekROM(1, 0xC000); got != 0xFF {
		t.Errorf("missing ROM bank reads $%02X, want $FF", got)
	}
}

func TestVectorPullForcesROMBank0(t *testing.T) {
	m := newTestMachine(t, Config{})
	b := &m.bus
	b.write(0x0001, 5)
	b.vectorPull()
	if b.romBank != 0 {
		t.Errorf("ROM bank %d after a vector pull, want 0", b.romBank)
	}
	if got := b.read(0x0001); got != 5 {
		t.Errorf("$01 reads $%02X after a vector pull, want the previous bank 5", got)
	}
}

func TestIOWaitStates(t *testing.T) {
	m := newTestMachine(t, Config{})
	b := &m.bus
	tests := []struct {
		addr uint16
		cost uint64
	}{
		{0x0200, 1}, {0x9F00, 1}, {0x9F10, 1}, {0x9F23, 1}, {0x9F41, 4}, {0x9F5F, 4},
		{0x9F60, 1}, {0x9F9F, 1}, {0x9FA0, 4}, {0x9FB8, 4}, {0x9FFF, 4}, {0xA000, 1}, {0xC000, 1},
	}
	for _, tc := range tests {
		before := b.cycle
		b.read(tc.addr)
		if got := b.cycle - before; got != tc.cost {
			t.Errorf("read $%04X took %d cycles, want %d", tc.addr, got, tc.cost)
		}
		before = b.cycle
		b.write(tc.addr, 0)
		if got := b.cycle - before; got != tc.cost {
			t.Errorf("write $%04X took %d cycles, want %d", tc.addr, got, tc.cost)
		}
	}
}

func TestOpenBusIO(t *testing.T) {
	m := newTestMachine(t, Config{})
	for _, a := range []uint16{0x9F40, 0x9F60, 0x9F80, 0x9FA0, 0x9FC0, 0x9FFF} {
		if got := m.bus.read(a); got != 0x9F {
			t.Errorf("$%04X reads $%02X, want open bus $9F", a, got)
		}
	}
	if got := m.bus.read(0x9F41); got != 0 {
		t.Errorf("YM status reads $%02X, want 0 (not busy, no timer flags)", got)
	}
}

func TestEmulatorDevice(t *testing.T) {
	m := newTestMachine(t, Config{})
	b := &m.bus
	if b.read(0x9FBE) != '1' || b.read(0x9FBF) != '6' {
		t.Error("$9FBE/$9FBF do not read \"16\"")
	}
	if got := b.read(0x9FBC); got != 0x01 {
		t.Errorf("marker port reads $%02X, want protocol version $01", got)
	}
	// Reset the counter, spend a known number of cycles, latch and read it back.
	b.write(0x9FB8, 0) // 1 access cycle + 3 wait: the counter reads 0 on the cycle after the access
	resetAt := b.cycle
	for range 1000 {
		b.read(0x0200)
	}
	latchAccess := b.cycle // the latching read happens on this cycle
	lo := b.read(0x9FB8)
	mid, hi, top := b.read(0x9FB9), b.read(0x9FBA), b.read(0x9FBB)
	got := uint32(lo) | uint32(mid)<<8 | uint32(hi)<<16 | uint32(top)<<24
	if want := uint32(latchAccess - (resetAt - slowIOWait)); got != want {
		t.Errorf("counter %d, want %d", got, want)
	}
	// Peek does not latch.
	before := m.bus.emu.latched
	b.cycle += 5000
	m.Peek(0x9FB8)
	if m.bus.emu.latched != before {
		t.Error("Peek latched the cycle counter")
	}
	// Console output.
	for _, c := range []byte("OK\n") {
		b.write(0x9FBB, c)
	}
	b.write(0x9FB9, 0xAB)
	if got := string(m.DrainConsole()); got != "OK\nUser debug 1: $ab\n" {
		t.Errorf("console %q", got)
	}
	if len(m.DrainConsole()) != 0 {
		t.Error("DrainConsole did not clear")
	}
}

// markerRecorder is a Tracer that records marker writes.
type markerRecorder struct{ marks []uint8 }

func (r *markerRecorder) Instrs([]InstrEvent)         {}
func (r *markerRecorder) Span(uint64, uint16)         {}
func (r *markerRecorder) Edge()                       {}
func (r *markerRecorder) Repeat([]InstrEvent, uint32) {}
func (r *markerRecorder) Interrupt(Interrupt, uint32) {}
func (r *markerRecorder) Wait(uint32)                 {}
func (r *markerRecorder) Marker(v uint8)              { r.marks = append(r.marks, v) }
func (r *markerRecorder) VSync(uint64)                {}
func (r *markerRecorder) Reset()                      {}

func TestMarkerHook(t *testing.T) {
	m := newTestMachine(t, Config{})
	m.bus.write(0x9FBC, 0xF0) // nobody listening: ignored
	r := &markerRecorder{}
	m.SetTracer(r)
	m.bus.write(0x9FBC, 0x01)
	m.bus.write(0x9FBC, 0xF1)
	if len(r.marks) != 2 || r.marks[0] != 0x01 || r.marks[1] != 0xF1 {
		t.Errorf("marks %v, want [1 241]", r.marks)
	}
}

func TestPeekHasNoSideEffects(t *testing.T) {
	m := newTestMachine(t, Config{})
	cycle := m.Cycle()
	for a := 0; a < 0x10000; a++ {
		m.Peek(uint16(a))
	}
	if m.Cycle() != cycle {
		t.Errorf("Peek spent %d cycles", m.Cycle()-cycle)
	}
}

func TestBusFastPathAllocs(t *testing.T) {
	m := newTestMachine(t, Config{})
	b := &m.bus
	n := testing.AllocsPerRun(100, func() {
		for a := uint16(0); a < 0x9F00; a += 7 {
			b.write(a, b.read(a)+1)
		}
		b.read(0x9F23)
		b.read(0xA000)
		b.read(0xC000)
	})
	if n != 0 {
		t.Errorf("bus accesses allocate %.1f times", n)
	}
}
