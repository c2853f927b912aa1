package core

import "x16scope/ym2151"

// The YM2151 at $9F40 (address, write) and $9F41 (data write, status read); the whole
// $9F40-$9F5F range decodes to it, even addresses the address latch and odd the data
// (X16-HARDWARE.md 1.2). The chip runs on its own 3.579545 MHz clock, one sample per 64
// clocks; it is advanced lazily to the sample a CPU cycle falls in. Time conversions are
// exact: CPU cycle c is YM clock c * 3579545 / 8000000.
const (
	ymNum = ym2151.Clock                   // YM samples ...
	ymDen = CPUHz * ym2151.ClocksPerSample // ... per this many CPU cycles
	// ymBusyCycles8M: the busy flag lasts 64 YM clocks = 64 * 8e6 / 3579545 = 143.03 CPU
	// cycles after a data write; compared as (now - write) * ymNum < this.
	ymBusyNum = ym2151.BusyClocks * CPUHz
)

// ymSamplesAt is the number of YM samples made by CPU cycle c.
func ymSamplesAt(c uint64) uint64 {
	return c/ymDen*ymNum + c%ymDen*ymNum/ymDen
}

// ymCycleOf is the first CPU cycle by which YM sample j is made.
func ymCycleOf(j uint64) uint64 {
	return j/ymNum*ymDen + (j%ymNum*ymDen+ymNum-1)/ymNum
}

// ymDevice is the chip and its bus interface.
type ymDevice struct {
	chip     ym2151.Chip
	addr     uint8
	wrote    bool   // a data write was accepted since reset
	lastData uint64 // its CPU cycle (busy flag timing)
	done     uint64 // samples made or skipped so far
	next     uint64 // CPU cycle of the next timer IRQ (nextEvent), ^0 for none

	render bool    // make samples (someone listens)
	buf    []int32 // made samples, left/right, from sample base on
	base   uint64

	// dropped counts data writes ignored because the chip was busy: the YM2151 does not
	// take a write while busy (the official emulator drops them too).
	dropped uint64

	// stillClock hides the timer flags from status reads, as the official emulator's
	// YM2151 shows them while its clock stands still (it runs only as the host's audio
	// device takes samples): a test hook that reproduces its start frame
	// (TestStartFrameWithStillYMClock, docs/HARDWARE-NOTES.md).
	stillClock bool
}

func (y *ymDevice) reset(now uint64) {
	y.syncTo(now)
	y.chip.Reset()
	y.addr, y.wrote = 0, false
	y.next = ^uint64(0)
}

// syncTo makes (or, with nobody listening, skips) the samples up to CPU cycle now.
func (y *ymDevice) syncTo(now uint64) {
	t := ymSamplesAt(now)
	if t <= y.done {
		return
	}
	n := t - y.done
	if y.render {
		i := len(y.buf)
		need := i + int(2*n)
		if cap(y.buf) < need {
			nb := make([]int32, i, 2*need)
			copy(nb, y.buf)
			y.buf = nb
		}
		y.buf = y.buf[:need]
		y.chip.Generate(y.buf[i:])
	} else {
		y.chip.Skip(n)
	}
	y.done = t
	y.next = y.nextEvent()
}

func (y *ymDevice) busy(now uint64) bool {
	return y.wrote && (now-y.lastData)*ymNum < ymBusyNum
}

func (y *ymDevice) write(a uint16, v uint8, now uint64) {
	if a&1 == 0 {
		y.addr = v
		return
	}
	if y.busy(now) {
		y.dropped++
		return
	}
	y.syncTo(now)
	y.chip.Write(y.addr, v)
	y.wrote, y.lastData = true, now
	y.next = y.nextEvent()
}

// status is the status register: bit 7 busy, bits 1-0 the timer flags.
func (y *ymDevice) status(now uint64) uint8 {
	y.syncTo(now)
	return y.peek(now)
}

func (y *ymDevice) peek(now uint64) uint8 {
	s := y.chip.Status()
	if y.stillClock {
		s &^= 0x03
	}
	if y.busy(now) {
		s |= 0x80
	}
	return s
}

// nextEvent is the CPU cycle at which a timer will raise the IRQ, or ^0.
func (y *ymDevice) nextEvent() uint64 {
	if n, ok := y.chip.NextIRQ(); ok {
		return ymCycleOf(y.done + n)
	}
	return ^uint64(0)
}

// YMState is the YM2151 and its bus interface, for save states: the chip's own state, the
// address latch, the last accepted data write (the busy flag) and the samples made.
type YMState struct {
	Chip     ym2151.State
	Addr     uint8
	Wrote    bool
	LastData uint64
	Samples  uint64
}

// ymState returns a copy of the YM2151's state as of the current cycle.
func (m *Machine) ymState() YMState {
	y := &m.bus.ym
	y.syncTo(m.bus.cycle)
	return YMState{Chip: y.chip.State, Addr: y.addr, Wrote: y.wrote, LastData: y.lastData, Samples: y.done}
}

// setYMState restores a state from ymState (samples not yet collected by SoundView are dropped).
func (m *Machine) setYMState(s YMState) {
	y := &m.bus.ym
	y.chip.State = s.Chip
	y.addr, y.wrote, y.lastData, y.done = s.Addr, s.Wrote, s.LastData, s.Samples
	y.buf, y.base = y.buf[:0], y.done
	y.next = y.nextEvent()
	m.bus.next, m.bus.devNext = 0, 0
}
