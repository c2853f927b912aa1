package core

import (
	"testing"
)

// ringRecorder keeps every instruction a Recorder gets, for comparison with the ring.
type ringRecorder struct{ all []InstrEvent }

func (r *ringRecorder) Instrs(b []InstrEvent) { r.all = append(r.all, b...) }
func (r *ringRecorder) Repeat(pass []InstrEvent, times uint32) {
	for range times {
		r.all = append(r.all, pass...)
	}
}
func (r *ringRecorder) Interrupt(Interrupt, uint32) {}

// The ring holds exactly the last RecentSize instructions a Recorder sees on a twin machine,
// frame after frame, through idle fast-forward (idlepoll.prg waits in loops it skips) and
// busy code.
func TestRecentRingMatchesARecorder(t *testing.T) {
	for _, name := range []string{"idlepoll.prg", "busy.prg"} {
		t.Run(name, func(t *testing.T) {
			m := startedMachine(t, loadTestPRG(t, name))
			m.KeepRecent(true)
			m.ClearRecent()
			twin := startedMachine(t, loadTestPRG(t, name))
			r := &ringRecorder{}
			twin.SetRecorder(r)
			for f := 0; f < 20; f++ {
				m.RunFrame()
				twin.RunFrame()
				rc := m.RecentView()
				if rc.N != uint64(len(r.all)) {
					t.Fatalf("frame %d: ring counted %d instructions, the recorder saw %d", f, rc.N, len(r.all))
				}
				for k := uint64(0); k < min(rc.N, RecentSize); k++ {
					i := rc.N - 1 - k
					if got, want := rc.Ring[i%RecentSize], r.all[i]; got != want {
						t.Fatalf("frame %d, instruction %d: ring has %x, recorder %x", f, i, got, want)
					}
				}
			}
			if name == "idlepoll.prg" && m.IdleCycles() == 0 {
				t.Error("no idle loop was fast-forwarded: the test does not cover keepRepeat")
			}
		})
	}
}

// The ring's banks, filled in from the bank latches' log, are those a Recorder gets as
// the instructions run: code in banked RAM that switches its own bank, ROM bank switches
// from low RAM, and the KERNAL's interrupt handler (the vector fetch forces ROM bank 0),
// read every few frames or once after many.
func TestRecentRingBanksMatchARecorder(t *testing.T) {
	// $0400: lda #1 / sta $00 / jsr $A000 / lda #3 / sta $01 / lda #0 / sta $01 /
	// inc $0500 / bra $0400. In RAM bank 1, $A000: nop / inc $00 (now bank 2, which the
	// instruction is tagged with, as the bank after it); in bank 2, $A003: nop / rts.
	low := []byte{0xA9, 0x01, 0x85, 0x00, 0x20, 0x00, 0xA0, 0xA9, 0x03, 0x85, 0x01, 0xA9, 0x00, 0x85, 0x01,
		0xEE, 0x00, 0x05, 0x80, 0xED}
	build := func() *Machine {
		m := startedMachine(t, loadTestPRG(t, "busy.prg"))
		m.RunFrame()
		for i, v := range low {
			m.Poke(0x0400+uint16(i), v)
		}
		for i, v := range []byte{0xEA, 0xE6, 0x00} {
			m.PokeBanked(1, 0xA000+uint16(i), v)
		}
		m.PokeBanked(2, 0xA003, 0xEA)
		m.PokeBanked(2, 0xA004, 0x60)
		m.SetCPU(CPUState{PC: 0x0400, S: 0xF0, P: 0x20})
		return m
	}
	var banked [3]int // instructions seen in windows, by RAM bank
	for _, every := range []int{1, 3, 50} {
		m, twin := build(), build()
		m.KeepRecent(true)
		r := &ringRecorder{}
		twin.SetRecorder(r)
		for f := 1; f <= 50; f++ {
			m.RunFrame()
			twin.RunFrame()
			if f%every != 0 {
				continue
			}
			rc := m.RecentView()
			if rc.N != uint64(len(r.all)) {
				t.Fatalf("every %d, frame %d: ring counted %d instructions, the recorder saw %d", every, f, rc.N, len(r.all))
			}
			for k := uint64(0); k < min(rc.N, RecentSize); k++ {
				i := rc.N - 1 - k
				got, want := rc.Ring[i%RecentSize], r.all[i]
				if got != want {
					t.Fatalf("every %d, frame %d, instruction %d: ring has %x, recorder %x", every, f, i, got, want)
				}
				if pc := want.PC(); pc >= bankedRAM && pc < romStart && want.Bank() < 3 {
					banked[want.Bank()]++
				}
			}
		}
	}
	if banked[1] == 0 || banked[2] == 0 {
		t.Errorf("instructions seen in RAM banks 1 and 2: %d and %d: the test does not cover a bank switch", banked[1], banked[2])
	}
}

// Off, the ring stays empty; a jump into the I/O page is caught.
func TestRecentRingOffAndIOPage(t *testing.T) {
	m := newTestMachine(t, Config{})
	// $0200: jmp $9F60, an empty expansion slot: it reads $9F (open bus), which runs as
	// BBS1 and on through the I/O page.
	for i, v := range []byte{0x4C, 0x60, 0x9F} {
		m.Poke(0x0200+uint16(i), v)
	}
	m.SetCPU(CPUState{PC: 0x0200, S: 0xFF, P: flagI})
	m.RunUntil(m.Cycle() + 100)
	if n := m.RecentView().N; n != 0 {
		t.Fatalf("ring off, yet %d instructions in it", n)
	}
	m.KeepRecent(true)
	m.SetCPU(CPUState{PC: 0x0200, S: 0xFF, P: flagI})
	m.RunUntil(m.Cycle() + 100)
	rc := m.RecentView()
	if rc.N == 0 || rc.Ring[0].PC() != 0x0200 || rc.IOPC != 0x9F60 {
		t.Fatalf("ring: %d instructions, first at $%04X, I/O PC $%04X; want the JMP at $0200 first and $9F60", rc.N, rc.Ring[0].PC(), rc.IOPC)
	}
	m.ClearRecent()
	if rc := m.RecentView(); rc.N != 0 || rc.IOPC != 0 {
		t.Fatal("ClearRecent left instructions or the I/O PC")
	}
}
