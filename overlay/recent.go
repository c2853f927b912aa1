package overlay

import (
	"fmt"

	"x16scope/core"
	"x16scope/perf"
)

// recentSize is how many executed instructions the session keeps for the "last
// instructions" view of a crashed or stopped program. A power of two, so the ring index is
// a mask.
const recentSize = 64

// Instr is one executed instruction as the recorder saw it.
type Instr struct {
	PC   uint16
	Bank uint8
	Op   uint8
	Next uint16 // PC after the instruction
}

// recorder keeps the last recentSize instructions. It is the session's core.Tracer: it
// records, then hands the event on to the profiler (perf), so the profiler stays the only
// owner of the numbers. Per instruction it costs one packed store and a counter; anything
// derived (BRK counts, the next PC) is worked out only when someone looks.
type recorder struct {
	prof *perf.Profiler     // receives every event after the recorder (set by install)
	ring [recentSize]uint32 // pc | op<<16 | bank<<24
	n    uint64             // instructions recorded since the last reset
	// ioPC is the first instruction fetched from the I/O page ($9F00-$9FFF), 0 for none:
	// a jump into device registers, caught as it happens (one compare per instruction).
	ioPC uint16
}

// Instrs records a batch of instructions and hands it on (core.Tracer).
func (r *recorder) Instrs(batch []core.InstrEvent) {
	for _, e := range batch {
		r.note(e.PC(), e.Bank(), e.Op())
	}
	r.prof.Instrs(batch)
}

// Instr records one instruction and hands it on.
func (r *recorder) Instr(pc uint16, bank uint8, op uint8, cycles uint32, next uint16) {
	r.note(pc, bank, op)
	r.prof.Instr(pc, bank, op, cycles, next)
}

// note keeps one instruction in the ring.
func (r *recorder) note(pc uint16, bank uint8, op uint8) {
	r.ring[r.n&(recentSize-1)] = uint32(pc) | uint32(op)<<16 | uint32(bank)<<24
	r.n++
	if pc-0x9F00 < 0x100 && r.ioPC == 0 {
		r.ioPC = pc
	}
}

// The other events go straight to the profiler (direct calls on the concrete type).
func (r *recorder) Interrupt(kind core.Interrupt, cycles uint32) { r.prof.Interrupt(kind, cycles) }
func (r *recorder) Wait(cycles uint32)                           { r.prof.Wait(cycles) }
func (r *recorder) Marker(v uint8)                               { r.prof.Marker(v) }
func (r *recorder) VSync(cycle uint64)                           { r.prof.VSync(cycle) }
func (r *recorder) Reset()                                       { r.prof.Reset() }

// clear forgets every recorded instruction (a new program or a reset).
func (r *recorder) clear() { *r = recorder{prof: r.prof} }

// at is the k-th most recent instruction (0 the newest); next is the PC after it.
func (r *recorder) at(k int, pcNow uint16) Instr {
	v := r.ring[(r.n-1-uint64(k))&(recentSize-1)]
	in := Instr{PC: uint16(v), Op: uint8(v >> 16), Bank: uint8(v >> 24), Next: pcNow}
	if k > 0 {
		in.Next = uint16(r.ring[(r.n-uint64(k))&(recentSize-1)])
	}
	return in
}

// last returns up to n of the most recent instructions, oldest first; pcNow is the PC
// after the newest.
func (r *recorder) last(n int, pcNow uint16) []Instr {
	n = int(min(uint64(n), r.n, recentSize))
	out := make([]Instr, n)
	for k := 0; k < n; k++ {
		out[n-1-k] = r.at(k, pcNow)
	}
	return out
}

// brks counts BRKs among the held instructions.
func (r *recorder) brks() int {
	c := 0
	for k := 0; k < int(min(r.n, recentSize)); k++ {
		if uint8(r.ring[k]>>16) == opBRK {
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
		l := r.at(0, cpu.PC)
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
	return r.at(0, fallback).PC
}
