package overlay

import (
	"fmt"

	"x16scope/core"
)

// recentSize is how many executed instructions the session keeps for the "last
// instructions" view of a crashed or stopped program: the machine's ring (core.Recent).
const recentSize = core.RecentSize

// Instr is one executed instruction as the recorder saw it.
type Instr struct {
	PC   uint16
	Bank uint8
	Op   uint8
	Next uint16 // PC after the instruction
}

// recorder holds the last recentSize instructions, copied from the machine's ring after each
// run (pull), or fed directly (Instrs, for tests). Anything derived (BRK counts) is worked
// out only when someone looks.
type recorder struct {
	ring [recentSize]core.InstrEvent // the newest is ring[(n-1) % recentSize]
	n    uint64                      // instructions recorded since the last reset
	// ioPC is the first instruction fetched from the I/O page ($9F00-$9FFF), 0 for none:
	// a jump into device registers, caught as it happens.
	ioPC uint16
}

// pull copies the machine's ring.
func (r *recorder) pull(m *core.Machine) {
	rc := m.Recent()
	r.ring, r.n, r.ioPC = rc.Ring, rc.N, rc.IOPC
}

// Instrs records a batch of instructions.
func (r *recorder) Instrs(batch []core.InstrEvent) {
	if r.ioPC == 0 {
		for _, e := range batch {
			if e.PC()-0x9F00 < 0x100 {
				r.ioPC = e.PC()
				break
			}
		}
	}
	skip := max(len(batch)-recentSize, 0)
	for i, e := range batch[skip:] {
		r.ring[(r.n+uint64(skip+i))&(recentSize-1)] = e
	}
	r.n += uint64(len(batch))
}

// clear forgets every recorded instruction (a new program or a reset).
func (r *recorder) clear() { *r = recorder{} }

// at is the k-th most recent instruction (0 the newest).
func (r *recorder) at(k int) Instr {
	e := r.ring[(r.n-1-uint64(k))&(recentSize-1)]
	return Instr{PC: e.PC(), Op: e.Op(), Bank: e.Bank(), Next: e.Next()}
}

// last returns up to n of the most recent instructions, oldest first.
func (r *recorder) last(n int) []Instr {
	n = int(min(uint64(n), r.n, recentSize))
	out := make([]Instr, n)
	for k := 0; k < n; k++ {
		out[n-1-k] = r.at(k)
	}
	return out
}

// brks counts BRKs among the held instructions.
func (r *recorder) brks() int {
	c := 0
	for k := 0; k < int(min(r.n, recentSize)); k++ {
		if r.ring[k].Op() == opBRK {
			c++
		}
	}
	return c
}

// Opcodes the stop detector looks at.
const (
	opBRK    = 0x00
	opJMPAbs = 0x4C
	opBRA    = 0x80
	flagI    = 0x04
)

// brkLoopThreshold: when at least this many of the last recentSize instructions are BRK,
// the program is running through zeroed memory or a vector that points back at a BRK.
const brkLoopThreshold = recentSize / 2

// StopReason explains why a program no longer runs, or is "" while it does.
type StopReason string

// diagnose looks at the machine after a run chunk and tells whether the program has
// stopped for good (X16-HARDWARE.md 6 for STP; the rest are the ways a program dies that
// would otherwise leave a silent, frozen screen).
func diagnose(ev core.Event, m *core.Machine, r *recorder) StopReason {
	cpu := m.CPU()
	switch {
	case ev&core.EventStop != 0 || cpu.Stopped:
		return StopReason(fmt.Sprintf("the CPU executed STP at $%04X and is halted until reset", lastPC(r, cpu.PC)))
	case ev&core.EventExit != 0:
		return "the program returned (to READY, or PC reached $FFFF: the emulator's exit convention)"
	case r.brks() >= brkLoopThreshold:
		return StopReason(fmt.Sprintf("BRK loop: %d of the last %d instructions were BRK (running through empty memory?)", r.brks(), recentSize))
	case r.ioPC != 0:
		return StopReason(fmt.Sprintf("jump into nowhere: the CPU executed the I/O page at $%04X", r.ioPC))
	case cpu.PC >= 0xC000 && m.PeekROM(m.ROMBank(), cpu.PC) == 0xFF && m.PeekROM(m.ROMBank(), cpu.PC+1) == 0xFF &&
		m.PeekROM(m.ROMBank(), cpu.PC+2) == 0xFF:
		// $FF $FF $FF is erased ROM (BBS7 into more $FF): no ROM code looks like that.
		return StopReason(fmt.Sprintf("jump into nowhere: the CPU is executing empty ROM space at $%04X (ROM bank %d)", cpu.PC, m.ROMBank()))
	}
	if r.n > 0 {
		l := r.at(0)
		if l.Next == l.PC && (l.Op == opJMPAbs || l.Op == opBRA) && cpu.P&flagI != 0 && !cpu.Waiting {
			return StopReason(fmt.Sprintf("stopped: a jump to itself at $%04X with interrupts masked can never exit", l.PC))
		}
	}
	return ""
}

func lastPC(r *recorder, fallback uint16) uint16 {
	if r.n == 0 {
		return fallback
	}
	return r.at(0).PC
}
