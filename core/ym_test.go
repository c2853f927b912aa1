package core

import "testing"

func TestYMTimeConversions(t *testing.T) {
	for _, j := range []uint64{0, 1, 2, 55930, 1 << 40, 3579545*7 + 11} {
		c := ymCycleOf(j)
		if ymSamplesAt(c) < j || c > 0 && ymSamplesAt(c-1) >= j {
			t.Errorf("sample %d: cycle %d makes %d samples, one before %d", j, c, ymSamplesAt(c), ymSamplesAt(c-1))
		}
	}
}

// The busy flag is set by a data write for 64 YM clocks: 64 * 8e6 / 3579545 = 143.03 CPU
// cycles (data sheet). Address writes do not set it, and a data write while busy is
// ignored.
func TestYMBusyFlag(t *testing.T) {
	m := newTestMachine(t, Config{})
	b := &m.bus
	b.cycle = 100000
	b.write(0x9F40, 0x20) // address: never busy
	if s := b.read(0x9F41); s&0x80 != 0 {
		t.Fatalf("busy after an address write: $%02X", s)
	}
	b.write(0x9F41, 0xC7)
	w := b.cycle - 1 - slowIOWait // the data write's cycle
	for _, c := range []struct {
		at   uint64
		busy bool
	}{{w + 1, true}, {w + 100, true}, {w + 143, true}, {w + 144, false}, {w + 1000, false}} {
		if got := b.ym.peek(c.at)&0x80 != 0; got != c.busy {
			t.Errorf("%d cycles after the write: busy %v, want %v", c.at-w, got, c.busy)
		}
	}
	// A write while busy is dropped.
	b.cycle = w + 50
	b.write(0x9F40, 0x28)
	b.write(0x9F41, 0x4A)
	if b.ym.chip.Regs[0x28] != 0 || m.YMDroppedWrites() != 1 {
		t.Errorf("write while busy: register $%02X, dropped %d", b.ym.chip.Regs[0x28], m.YMDroppedWrites())
	}
	b.cycle = w + 200
	b.write(0x9F41, 0x4A)
	if b.ym.chip.Regs[0x28] != 0x4A {
		t.Error("write after busy ended did not land")
	}
}

// Timer A overflows after 64 * (1024 - NA) YM clocks and timer B after 1024 * (256 - NB)
// (data sheet: 18.3 ms for NA = 0, 73.2 ms for NB = 0 at 3.579545 MHz). The IRQ line rises
// at that time after the load, less the part of the YM sample (64 clocks, 143 CPU cycles)
// that had already passed when the load came: the timer steps at sample boundaries.
func TestYMTimerIRQTiming(t *testing.T) {
	cases := []struct {
		name   string
		regs   [][2]uint8
		clocks uint64
	}{
		{"A NA=0", [][2]uint8{{0x10, 0}, {0x11, 0}, {0x14, 0x05}}, 64 * 1024},
		{"A NA=1000", [][2]uint8{{0x10, 250}, {0x11, 0}, {0x14, 0x05}}, 64 * 24},
		{"B NB=0", [][2]uint8{{0x12, 0}, {0x14, 0x0A}}, 1024 * 256},
		{"B NB=250", [][2]uint8{{0x12, 250}, {0x14, 0x0A}}, 1024 * 6},
	}
	for _, c := range cases {
		m := newTestMachine(t, Config{})
		b := &m.bus
		b.cycle = 12345
		var load uint64
		for _, r := range c.regs {
			b.cycle += 300 // past the busy time
			b.write(0x9F40, r[0])
			load = b.cycle
			b.write(0x9F41, r[1])
		}
		period := c.clocks * CPUHz / 3579545 // in CPU cycles
		at := b.ym.next
		if at+144 < load+period || at > load+period+1 {
			t.Errorf("%s: IRQ at %d cycles after the load, want %d (less up to one sample)", c.name, at-load, period)
		}
		b.cycle = at - 1
		m.service()
		if m.cpu.irq {
			t.Errorf("%s: IRQ a cycle early", c.name)
		}
		b.cycle = at
		m.service()
		if !m.cpu.irq || b.read(0x9F41)&3 == 0 {
			t.Errorf("%s: no IRQ at %d", c.name, at)
		}
		// Acknowledge: the reset-flag bits drop the line.
		b.write(0x9F40, 0x14)
		b.cycle += 200
		b.write(0x9F41, c.regs[len(c.regs)-1][1]|0x30)
		m.service()
		if m.cpu.irq {
			t.Errorf("%s: IRQ still up after the flag reset", c.name)
		}
	}
}

// A YM state saved and restored into another machine makes the same samples.
func TestYMStateRoundTrip(t *testing.T) {
	a := startedMachine(t, loadTestPRG(t, "ymmusic.prg"))
	a.SetSound(true)
	for range 40 {
		a.RunFrame()
	}
	a.SoundView()
	st := a.ymState()
	b := newTestMachine(t, Config{})
	b.bus.cycle = a.bus.cycle
	b.setYMState(st)
	b.bus.ym.render = true
	a.bus.ym.syncTo(a.bus.cycle + 50000)
	b.bus.ym.syncTo(b.bus.cycle + 50000)
	loud := false
	for _, v := range a.bus.ym.buf {
		loud = loud || v > 1000
	}
	if !loud || hashInts(a.bus.ym.buf) != hashInts(b.bus.ym.buf) {
		t.Errorf("restored YM makes different samples (%d, %d)", len(a.bus.ym.buf), len(b.bus.ym.buf))
	}
}

func hashInts(v []int32) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range v {
		h = (h ^ uint64(uint32(x))) * 1099511628211
	}
	return h
}
