package session

import (
	"fmt"

	"x16scope/core"
)

// recentSize is how many executed instructions the session keeps for the "last
// instructions" view of a crashed or stopped program: the machine's ring (core.Recent).
const recentSize = core.RecentSize

// Instr is one executed instruction, as the machine's ring holds it.
type Instr struct {
	PC   uint16
	Bank uint8
	Op   uint8
	Next uint16 // PC after the instruction
}

// recentAt is the k-th most recent instruction of the machine's ring (0 the newest).
func recentAt(r *core.Recent, k int) Instr {
	e := r.Ring[(r.N-1-uint64(k))%recentSize]
	return Instr{PC: e.PC(), Op: e.Op(), Bank: e.Bank(), Next: e.Next()}
}

// recentLast returns up to n of the most recent instructions, oldest first.
func recentLast(r *core.Recent, n int) []Instr {
	n = int(min(uint64(n), r.N, recentSize))
	out := make([]Instr, n)
	for k := 0; k < n; k++ {
		out[n-1-k] = recentAt(r, k)
	}
	return out
}

// recentBRKs counts BRKs among the instructions the ring holds.
func recentBRKs(r *core.Recent) int {
	c := 0
	for _, e := range r.Ring[:min(r.N, recentSize)] {
		if e.Op() == opBRK {
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

// StopKind sorts the ways a program stops, for the command line's exit statuses.
type StopKind uint8

const (
	Running     StopKind = iota
	StopReturn           // the program returned (to READY, or PC reached $FFFF)
	StopSTP              // the CPU executed STP
	StopBRKLoop          // it runs through BRKs (zeroed memory, a vector back to a BRK)
	StopHung             // it can never go on: the I/O page or empty ROM executed, or a jump to itself with interrupts masked
	StopUnimpl           // the built-in ROM stopped it on a KERNAL call it does not have
)

// diagnose looks at the machine after a run chunk and tells whether the program has
// stopped for good.
func diagnose(ev core.Event, m *core.Machine, r *core.Recent) StopReason {
	_, why := Diagnose(ev, m, r)
	return why
}

// Diagnose tells whether the program has stopped for good after a run chunk that returned
// ev, how, and why in words (X16-HARDWARE.md 6 for STP; the rest are the ways a program dies
// that would otherwise leave a silent, frozen screen). r is the machine's instruction ring
// (core.Machine.KeepRecent).
func Diagnose(ev core.Event, m *core.Machine, r *core.Recent) (StopKind, StopReason) {
	cpu := m.CPU()
	switch {
	case cpu.Stopped && m.UnimplementedCall() != "":
		// the ROM's STP after the call: the reason is the call, not the STP
		return StopUnimpl, StopReason(m.UnimplementedCall())
	case ev&core.EventStop != 0 || cpu.Stopped:
		return StopSTP, StopReason(fmt.Sprintf("the CPU executed STP at $%04X and is halted until reset", lastPC(r, cpu.PC)))
	case ev&core.EventExit != 0:
		return StopReturn, "the program returned (to READY, or PC reached $FFFF: the emulator's exit convention)"
	case recentBRKs(r) >= brkLoopThreshold:
		return StopBRKLoop, StopReason(fmt.Sprintf("BRK loop: %d of the last %d instructions were BRK (running through empty memory?)", recentBRKs(r), recentSize))
	case r.IOPC != 0:
		return StopHung, StopReason(fmt.Sprintf("jump into nowhere: the CPU executed the I/O page at $%04X", r.IOPC))
	case cpu.PC >= 0xC000 && m.PeekROM(m.ROMBank(), cpu.PC) == 0xFF && m.PeekROM(m.ROMBank(), cpu.PC+1) == 0xFF &&
		m.PeekROM(m.ROMBank(), cpu.PC+2) == 0xFF:
		// $FF $FF $FF is erased ROM (BBS7 into more $FF): no ROM code looks like that.
		return StopHung, StopReason(fmt.Sprintf("jump into nowhere: the CPU is executing empty ROM space at $%04X (ROM bank %d)", cpu.PC, m.ROMBank()))
	}
	if r.N > 0 {
		l := recentAt(r, 0)
		if l.Next == l.PC && (l.Op == opJMPAbs || l.Op == opBRA) && cpu.P&flagI != 0 && !cpu.Waiting {
			return StopHung, StopReason(fmt.Sprintf("stopped: a jump to itself at $%04X with interrupts masked can never exit", l.PC))
		}
	}
	return Running, ""
}

func lastPC(r *core.Recent, fallback uint16) uint16 {
	if r.N == 0 {
		return fallback
	}
	return recentAt(r, 0).PC
}

// CrashRegs is the crash panel's register line.
func CrashRegs(m *core.Machine) string {
	c := m.CPU()
	return fmt.Sprintf("PC $%04X  A $%02X  X $%02X  Y $%02X  S $%02X  P $%02X (%s)  RAM bank %d  ROM bank %d  cycle %d",
		c.PC, c.A, c.X, c.Y, c.S, c.P, FlagString(c.P), m.RAMBank(), m.ROMBank(), m.Cycle())
}

// FlagString shows P as NV-BDIZC letters, upper case when set.
func FlagString(p uint8) string {
	const names = "NV-BDIZC"
	b := []byte(names)
	for i := 0; i < 8; i++ {
		if p&(0x80>>i) == 0 && names[i] != '-' {
			b[i] = names[i] + ('a' - 'A')
		}
	}
	return string(b)
}
