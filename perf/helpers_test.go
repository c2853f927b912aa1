package perf

import (
	"testing"

	"x16scope/core"
)

// Opcodes used by the synthetic traces (sizes and cycles from the W65C02S data sheet).
const (
	iNOP   = 0xEA // 1 byte, 2 cycles
	iLDAab = 0xAD // 3 bytes, 4 cycles
	iLDAzp = 0xA5 // 2 bytes, 3 cycles
	iANDim = 0x29 // 2 bytes, 2 cycles
	iBEQ   = 0xF0 // 2 bytes, 2 cycles (+1 taken)
	iBNE   = 0xD0
	iSTAab = 0x8D // 3 bytes, 4 cycles, writes
	iSTAzp = 0x85 // 2 bytes, 3 cycles, writes
	iJSR   = 0x20 // 3 bytes, 6 cycles, pushes
	iRTS   = 0x60 // 1 byte, 6 cycles
	iJMP   = 0x4C // 3 bytes, 3 cycles
	iBRA   = 0x80 // 2 bytes, 3 cycles
	iBBR0  = 0x0F // 3 bytes
	iWAI   = 0xCB // 1 byte, 3 cycles
	iBRK   = 0x00 // 2 bytes, 7 cycles
	iRTI   = 0x40 // 1 byte, 6 cycles
)

// feeder drives a profiler with a synthetic trace, the way core.Machine does: instructions,
// interrupts and WAI cycles advance a cycle counter, and VSync is reported after the event
// that reaches each VSYNC (cycle 122,880 + k x 134,400).
type feeder struct {
	t      testing.TB
	p      *Profiler
	cycle  uint64
	nextVS uint64
}

const firstVSync = 480 * 256

func newFeeder(t testing.TB) *feeder {
	t.Helper()
	m, err := core.New(core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	p := New(m)
	p.every = true // the feeder reports every instruction itself
	p.Acquire(OwnerCLI)
	return &feeder{t: t, p: p, nextVS: firstVSync}
}

func (f *feeder) advance(c uint32) {
	f.cycle += uint64(c)
	for f.cycle >= f.nextVS {
		f.p.VSync(f.cycle)
		f.nextVS += FrameCycles
	}
}

func (f *feeder) instr(pc uint16, op uint8, cycles uint32, next uint16) {
	f.stack(op)
	f.p.Instr(pc, 0, op, cycles, next)
	f.advance(cycles)
}

func (f *feeder) instrBank(pc uint16, bank uint8, op uint8, cycles uint32, next uint16) {
	f.stack(op)
	f.p.Instr(pc, bank, op, cycles, next)
	f.advance(cycles)
}

// stack moves the machine's stack pointer as op would before the profiler hears of it: the
// profiler matches an interrupt's RTI by the stack pointer (irqstack.go).
func (f *feeder) stack(op uint8) {
	switch op {
	case iBRK:
		f.moveSP(-3)
	case iRTI:
		f.moveSP(3)
	}
}

func (f *feeder) moveSP(d int) {
	s := f.p.m.CPU()
	s.S += uint8(d)
	f.p.m.SetCPU(s)
}

func (f *feeder) irq(cycles uint32) { f.interrupt(core.IRQ, cycles) }

// interrupt reports an interrupt entry after pushing its frame, as the machine does.
func (f *feeder) interrupt(kind core.Interrupt, cycles uint32) {
	f.moveSP(-3)
	f.p.Interrupt(kind, cycles)
	f.advance(cycles)
}

func (f *feeder) wait(cycles uint32) {
	f.p.Wait(cycles)
	f.advance(cycles)
}

// work runs n cycles of plain work at $2000, as instructions of up to 8 cycles (the
// classifier only sees the counts), so a VSYNC lands at most 7 cycles after it is due.
func (f *feeder) work(n uint32) {
	for n > 0 {
		c := min(n, 8)
		f.instr(0x2000, iNOP, c, 0x2001)
		n -= c
	}
}

// idleToVSync halts in WAI until the next VSYNC, as the machine does (one Wait call up to
// the device event).
func (f *feeder) idleToVSync() {
	f.instr(0x0A00, iWAI, 3, 0x0A01)
	if f.cycle < f.nextVS {
		f.wait(uint32(f.nextVS - f.cycle))
	}
}

// Poll loop at $0810: lda $9F27 (4) / and #1 (2) / beq $0810 (3 taken, 2 not): 9 cycles a pass.
const (
	pollHead = 0x0810
	pollPass = 9
)

func (f *feeder) pollOnce(exit bool) {
	f.instr(pollHead, iLDAab, 4, pollHead+3)
	f.instr(pollHead+3, iANDim, 2, pollHead+5)
	if exit {
		f.instr(pollHead+5, iBEQ, 2, pollHead+7)
	} else {
		f.instr(pollHead+5, iBEQ, 3, pollHead)
	}
}

// pollUntilVSync spins in the poll loop until the VSYNC has been seen, then falls out.
func (f *feeder) pollUntilVSync() {
	vs := f.nextVS
	for f.nextVS == vs {
		f.pollOnce(false)
	}
	f.pollOnce(true)
}

// frames returns the recorded frames, oldest first.
func (f *feeder) frames() []FrameRecord {
	h := &f.p.hist
	var out []FrameRecord
	for k := h.nFrames - min(h.nFrames, HistoryFrames); k < h.nFrames; k++ {
		out = append(out, h.frames[slot(k)])
	}
	return out
}

// periods returns the recorded periods, oldest first.
func (f *feeder) periods() []PeriodRecord {
	h := &f.p.hist
	var out []PeriodRecord
	for k := h.nPeriods - min(h.nPeriods, PeriodHistory); k < h.nPeriods; k++ {
		out = append(out, h.periods[k%PeriodHistory])
	}
	return out
}

// acc is the frame in progress's cycles in bucket b.
func (f *feeder) acc(b int) uint32 { return f.p.acc[b] }

// startProfiled starts prg on the test ROM with a profiler attached (the command line's
// hold on it).
func startProfiled(t testing.TB, prg []byte) (*core.Machine, *Profiler) {
	t.Helper()
	m, err := core.New(core.Config{ROM: testROM()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	p := New(m)
	p.Acquire(OwnerCLI)
	return m, p
}
