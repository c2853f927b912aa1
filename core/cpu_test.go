package core

import (
	"testing"

	"x16scope/vera"
)

// newFlatCPU builds a CPU on a flat 64 KB bus that records every access (the CPU
// conformance setup: no devices, no banking, every cycle visible).
func newFlatCPU() (*CPU, *Bus) {
	b := &Bus{flat: true, special: true, lowLimit: 0, recording: true}
	return &CPU{b: b}, b
}

// newFlatMachine builds a Machine whose bus is the flat recording RAM, so interrupt and
// WAI handling can be checked cycle by cycle through the machine's own run loop.
func newFlatMachine() *Machine {
	m := &Machine{vera: vera.New()}
	m.bus = Bus{flat: true, special: true, lowLimit: 0, recording: true, vera: m.vera}
	m.cpu.b = &m.bus
	return m
}

// load copies bytes into flat RAM.
func load(b *Bus, addr uint16, bytes ...uint8) {
	for i, v := range bytes {
		b.ram[addr+uint16(i)] = v
	}
}

func r(a uint16, v uint8) BusAccess { return BusAccess{a, v, false} }
func w(a uint16, v uint8) BusAccess { return BusAccess{a, v, true} }

func expectTrace(t *testing.T, b *Bus, want ...BusAccess) {
	t.Helper()
	if err := compareCycles(b, want); err != nil {
		t.Error(err)
	}
}

func TestBRK(t *testing.T) {
	c, b := newFlatCPU()
	load(b, 0x1000, 0x00, 0x42) // BRK #$42
	load(b, 0xFFFE, 0x34, 0x12) // IRQ/BRK vector $1234
	c.SetState(CPUState{PC: 0x1000, S: 0xFD, P: flagU | flagD | flagC})
	if op := c.Step(); op != 0x00 {
		t.Fatalf("Step returned $%02X", op)
	}
	// PC+2 = $1002 pushed high byte first; P pushed with B and bit 5 set.
	expectTrace(t, b,
		r(0x1000, 0x00), r(0x1001, 0x42),
		w(0x01FD, 0x10), w(0x01FC, 0x02), w(0x01FB, flagU|flagB|flagD|flagC),
		r(0xFFFE, 0x34), r(0xFFFF, 0x12))
	if c.PC != 0x1234 || c.S != 0xFA {
		t.Errorf("PC=$%04X S=$%02X, want $1234 $FA", c.PC, c.S)
	}
	if c.P&flagI == 0 || c.P&flagD != 0 || c.P&flagC == 0 {
		t.Errorf("P=$%02X: want I set, D cleared, C kept", c.P)
	}
}

func TestInterruptEntry(t *testing.T) {
	for _, tc := range []struct {
		name   string
		vector uint16
	}{{"IRQ", vectorIRQ}, {"NMI", vectorNMI}} {
		t.Run(tc.name, func(t *testing.T) {
			c, b := newFlatCPU()
			load(b, 0x2000, 0xEA)
			load(b, tc.vector, 0x00, 0x90) // handler at $9000
			c.SetState(CPUState{PC: 0x2000, S: 0x80, P: flagU | flagD | flagN})
			c.Interrupt(tc.vector)
			// Two dummy reads of PC, then PCH, PCL and P with B clear, then the vector.
			expectTrace(t, b,
				r(0x2000, 0xEA), r(0x2000, 0xEA),
				w(0x0180, 0x20), w(0x017F, 0x00), w(0x017E, flagU|flagD|flagN),
				r(tc.vector, 0x00), r(tc.vector+1, 0x90))
			if c.PC != 0x9000 || c.S != 0x7D {
				t.Errorf("PC=$%04X S=$%02X, want $9000 $7D", c.PC, c.S)
			}
			if c.P&flagI == 0 || c.P&flagD != 0 {
				t.Errorf("P=$%02X: want I set and D cleared", c.P)
			}
		})
	}
}

// An RTI after an IRQ entry returns to the interrupted instruction with the old P.
func TestInterruptRTI(t *testing.T) {
	c, b := newFlatCPU()
	load(b, 0x3000, 0xE8)       // INX
	load(b, 0x9000, 0x40)       // RTI
	load(b, 0xFFFE, 0x00, 0x90) // handler
	c.SetState(CPUState{PC: 0x3000, S: 0xFF, P: flagU | flagC})
	c.Interrupt(vectorIRQ)
	b.trace = b.trace[:0]
	b.cycle = 0
	c.Step()
	if c.PC != 0x3000 || c.S != 0xFF || c.flags()&^flagB != flagU|flagC {
		t.Errorf("after RTI: PC=$%04X S=$%02X P=$%02X", c.PC, c.S, c.flags())
	}
	if b.cycle != 6 {
		t.Errorf("RTI took %d cycles, want 6", b.cycle)
	}
}

func TestWAIAndSTPHalt(t *testing.T) {
	for _, tc := range []struct {
		op   uint8
		halt uint8
	}{{0xCB, haltWait}, {0xDB, haltStop}} {
		c, b := newFlatCPU()
		load(b, 0x0400, tc.op, 0xEA)
		c.SetState(CPUState{PC: 0x0400, S: 0xFF, P: flagU})
		c.Step()
		if c.halt != tc.halt {
			t.Errorf("$%02X: halt=%d, want %d", tc.op, c.halt, tc.halt)
		}
		// One byte, three cycles (W65C02S data sheet), no writes.
		expectTrace(t, b, r(0x0400, tc.op), r(0x0401, 0xEA), r(0x0401, 0xEA))
		if c.PC != 0x0401 {
			t.Errorf("$%02X: PC=$%04X, want $0401", tc.op, c.PC)
		}
	}
}

// WAI with I=1: an IRQ wakes the CPU, which resumes after the WAI without entering the
// handler (W65C02S data sheet; X16-HARDWARE.md section 6).
func TestWAIMaskedIRQResumes(t *testing.T) {
	m := newFlatMachine()
	b := &m.bus
	load(b, 0x0400, 0xCB, 0xE8) // WAI; INX
	m.SetCPU(CPUState{PC: 0x0400, S: 0xFF, P: flagU | flagI})
	m.cpu.Step()
	if !m.CPU().Waiting {
		t.Fatal("WAI did not halt")
	}
	b.trace = b.trace[:0]
	m.cpu.irq = true
	if m.interrupt() {
		t.Fatal("masked IRQ entered the handler")
	}
	if m.CPU().Waiting || len(b.trace) != 0 {
		t.Fatalf("waiting=%v, %d bus cycles: want awake and no cycles", m.CPU().Waiting, len(b.trace))
	}
	m.cpu.Step()
	if s := m.CPU(); s.X != 1 || s.PC != 0x0402 {
		t.Errorf("after wake: X=%d PC=$%04X, want INX executed (X=1, PC=$0402)", s.X, s.PC)
	}
}

// WAI with I=0: the IRQ is taken, and the pushed return address is the instruction after
// the WAI.
func TestWAIUnmaskedIRQEnters(t *testing.T) {
	m := newFlatMachine()
	b := &m.bus
	load(b, 0x0400, 0xCB, 0xE8)
	load(b, 0xFFFE, 0x00, 0x80)
	m.SetCPU(CPUState{PC: 0x0400, S: 0xFF, P: flagU})
	m.cpu.Step()
	m.cpu.irq = true
	if !m.interrupt() {
		t.Fatal("IRQ not taken")
	}
	if s := m.CPU(); s.PC != 0x8000 || s.Waiting || b.ram[0x01FF] != 0x04 || b.ram[0x01FE] != 0x01 {
		t.Errorf("PC=$%04X waiting=%v pushed $%02X%02X, want $8000, awake, $0401",
			s.PC, s.Waiting, b.ram[0x01FF], b.ram[0x01FE])
	}
}

// NMI through the machine's run loop: Machine.NMI, then RunUntil runs the 7-cycle entry.
func TestMachineNMI(t *testing.T) {
	m := newFlatMachine()
	b := &m.bus
	load(b, 0x0400, 0xEA)
	load(b, 0xFFFA, 0x00, 0x70)
	load(b, 0x7000, 0xEA)
	m.SetCPU(CPUState{PC: 0x0400, S: 0xFF, P: flagU | flagI})
	m.NMI()
	start := m.Cycle()
	m.RunUntil(start + 7)
	if s := m.CPU(); s.PC != 0x7000 || m.Cycle()-start != 7 || s.S != 0xFC {
		t.Errorf("PC=$%04X S=$%02X after %d cycles: want NMI handler $7000, S=$FC, 7 cycles",
			s.PC, s.S, m.Cycle()-start)
	}
}

// STP through the machine: RunUntil reports EventStop once, and only the CPU stops: the
// clock runs on to the target (VERA and the VIAs with it), and neither an NMI nor an IRQ
// wakes the CPU (only RESET does).
func TestMachineSTP(t *testing.T) {
	m := newFlatMachine()
	load(&m.bus, 0x0400, 0xDB, 0xEA)
	load(&m.bus, 0x7000, 0xEA) // NMI handler, never reached
	m.bus.ram[0xFFFA], m.bus.ram[0xFFFB] = 0x00, 0x70
	m.SetCPU(CPUState{PC: 0x0400, S: 0xFF, P: flagU | flagI})
	start := m.Cycle()
	if ev := m.RunUntil(start + 1000); ev&EventStop == 0 {
		t.Errorf("events %b, want EventStop", ev)
	}
	if m.Cycle()-start != 1000 || !m.CPU().Stopped || m.CPU().PC != 0x0401 {
		t.Errorf("stopped=%v PC=$%04X after %d cycles, want stopped at $0401 and the clock at 1000",
			m.CPU().Stopped, m.CPU().PC, m.Cycle()-start)
	}
	m.NMI()
	frame := m.Frame()
	if ev := m.RunFrame(); ev&EventStop != 0 || ev&EventVSync == 0 {
		t.Errorf("second run: events %b, want a VSYNC and no second EventStop", ev)
	}
	if s := m.CPU(); !s.Stopped || s.PC != 0x0401 || m.Frame() != frame+1 {
		t.Errorf("after an NMI and a frame: stopped=%v PC=$%04X frame %d, want still stopped at $0401, frame %d",
			s.Stopped, s.PC, m.Frame(), frame+1)
	}
}

// Decimal mode: the result is BCD, N/Z/V are valid (65C02), and ADC/SBC take one more cycle.
func TestDecimalMode(t *testing.T) {
	for _, tc := range []struct {
		name         string
		prog         []uint8
		a, p         uint8
		wantA, wantP uint8
		cycles       uint64
	}{
		// 09 + 01 = 10 (BCD), no carry.
		{"ADC# dec", []uint8{0x69, 0x01}, 0x09, flagU | flagD, 0x10, flagU | flagD, 3},
		{"ADC# bin", []uint8{0x69, 0x01}, 0x09, flagU, 0x0A, flagU, 2},
		// 99 + 01 = 00 carry 1; the 65C02 sets Z from the BCD result.
		{"ADC# wrap", []uint8{0x69, 0x01}, 0x99, flagU | flagD, 0x00, flagU | flagD | flagZ | flagC, 3},
		// 58 + 46 + 1 = 105 -> 05 carry; V as for the binary sum $58+$46+1 = $9F (signed
		// overflow), which is what the 65C02's unadjusted high-digit sum gives.
		{"ADC# carry in", []uint8{0x69, 0x46}, 0x58, flagU | flagD | flagC, 0x05, flagU | flagD | flagC | flagV, 3},
		// 10 - 01 = 09, no borrow.
		{"SBC# dec", []uint8{0xE9, 0x01}, 0x10, flagU | flagD | flagC, 0x09, flagU | flagD | flagC, 3},
		// 00 - 01 = 99 with borrow; N from the BCD result.
		{"SBC# borrow", []uint8{0xE9, 0x01}, 0x00, flagU | flagD | flagC, 0x99, flagU | flagD | flagN, 3},
		// A low digit above 9: the 65C02 adjusts the whole difference ($81 - 6 = $7B), as real
		// 65C02 hardware does; the NMOS 6502 adjusts the digit alone and gives $8B.
		{"SBC# digit above 9", []uint8{0xE9, 0x0F}, 0x90, flagU | flagD | flagC, 0x7B, flagU | flagD | flagC, 3},
		// ADC zp in decimal: 3 + 1 cycles, the extra one re-reads the operand.
		{"ADC zp dec", []uint8{0x65, 0x80}, 0x25, flagU | flagD, 0x73, flagU | flagD, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, b := newFlatCPU()
			load(b, 0x0600, tc.prog...)
			b.ram[0x80] = 0x48
			c.SetState(CPUState{PC: 0x0600, S: 0xFF, A: tc.a, P: tc.p})
			c.Step()
			if c.A != tc.wantA || c.flags()&^flagB != tc.wantP || b.cycle != tc.cycles {
				t.Errorf("A=$%02X P=$%02X %d cycles, want A=$%02X P=$%02X %d cycles",
					c.A, c.flags()&^flagB, b.cycle, tc.wantA, tc.wantP, tc.cycles)
			}
		})
	}
}

// The RMW double read is visible on the bus: INC abs reads its operand twice, then writes.
func TestRMWDoubleRead(t *testing.T) {
	c, b := newFlatCPU()
	load(b, 0x0700, 0xEE, 0x23, 0x9F) // INC $9F23
	b.ram[0x9F23] = 0x41
	c.SetState(CPUState{PC: 0x0700, S: 0xFF, P: flagU})
	c.Step()
	expectTrace(t, b, r(0x0700, 0xEE), r(0x0701, 0x23), r(0x0702, 0x9F),
		r(0x9F23, 0x41), r(0x9F23, 0x41), w(0x9F23, 0x42))
}

// Step must not allocate: the machine calls it tens of millions of times per second.
func TestCPUStepAllocs(t *testing.T) {
	m := newBenchMachine(t)
	allocs := testing.AllocsPerRun(20, func() {
		for range 10000 {
			m.cpu.Step()
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per 10,000 instructions, want 0", allocs)
	}
}
