package core

import "fmt"

// Processor status flags.
const (
	flagC uint8 = 1 << 0 // carry
	flagZ uint8 = 1 << 1 // zero
	flagI uint8 = 1 << 2 // IRQ disable
	flagD uint8 = 1 << 3 // decimal
	flagB uint8 = 1 << 4 // break (only ever seen on the stack)
	flagU uint8 = 1 << 5 // unused, always 1 on the stack
	flagV uint8 = 1 << 6 // overflow
	flagN uint8 = 1 << 7 // negative
)

// Vectors (the ROM bank is forced to 0 while they are fetched, see Bus.vectorPull).
const (
	vectorNMI   uint16 = 0xFFFA
	vectorReset uint16 = 0xFFFC
	vectorIRQ   uint16 = 0xFFFE
)

// Halt states of the CPU.
const (
	haltWait uint8 = 1 << 0 // WAI: halted until an interrupt line is asserted
	haltStop uint8 = 1 << 1 // STP: halted until reset
	// haltStopTold: the run loop has reported the STP (EventStop is reported once, then the
	// machine runs on with the CPU halted). Not saved: a restored stopped CPU reports again.
	haltStopTold uint8 = 1 << 2
)

// CPU is a WDC 65C02S. Every cycle of an instruction is one call to the bus, in the order
// the chip makes them, dummy reads included.
type CPU struct {
	A, X, Y, S uint8
	// P holds the flags C, I, D, V (and B and the unused bit); its N and Z bits mean
	// nothing: N and Z live in nz, in the form most instructions leave them, the result
	// byte itself, so setNZ is one store instead of a load, two logic operations and a
	// store (1-2 % on busy code). Z is set when nz's low byte is 0, N when bit 7 or bit 15
	// is set (bit 15 gives PLP and BIT the combinations no single byte has). flags and
	// setFlags convert.
	P  uint8
	nz uint16
	PC uint16

	irq  bool  // IRQ line level, sampled by the machine between instructions
	nmi  bool  // NMI edge latched, cleared when taken
	halt uint8 // haltWait / haltStop

	b *Bus
}

// CPUState is a copy of the CPU's registers and halt state.
type CPUState struct {
	PC            uint16
	A, X, Y, S, P uint8
	Waiting       bool // halted in WAI
	Stopped       bool // halted by STP
}

// State returns a copy of the registers.
func (c *CPU) State() CPUState {
	return CPUState{PC: c.PC, A: c.A, X: c.X, Y: c.Y, S: c.S, P: c.flags(),
		Waiting: c.halt&haltWait != 0, Stopped: c.halt&haltStop != 0}
}

// SetState sets the registers and halt state.
func (c *CPU) SetState(s CPUState) {
	c.PC, c.A, c.X, c.Y, c.S = s.PC, s.A, s.X, s.Y, s.S
	c.setFlags(s.P | flagU | flagB)
	c.halt = 0
	if s.Waiting {
		c.halt |= haltWait
	}
	if s.Stopped {
		c.halt |= haltStop
	}
}

// ResetCycles is how long the reset sequence takes: a machine at power-on has run that many
// cycles and no instruction.
const ResetCycles = 7

// Reset runs the 7-cycle reset sequence: the stack pointer drops by three as for an
// interrupt but nothing is written, I is set, D is cleared, and the PC is fetched from $FFFC.
func (c *CPU) Reset() {
	b := c.b
	c.halt = 0
	c.nmi = false
	b.read(c.PC)
	b.read(c.PC)
	b.read(0x0100 | uint16(c.S))
	b.read(0x0100 | uint16(c.S-1))
	b.read(0x0100 | uint16(c.S-2))
	c.S -= 3
	c.P = (c.P | flagI | flagU | flagB) &^ flagD
	b.vectorPull()
	lo := b.read(vectorReset)
	hi := b.read(vectorReset + 1)
	c.PC = uint16(hi)<<8 | uint16(lo)
}

// cpuFlags are the P bits a debugger edits by name.
var cpuFlags = map[string]uint8{"N": flagN, "V": flagV, "D": flagD, "I": flagI, "Z": flagZ, "C": flagC}

// Set sets one register by name, as debuggers let users edit them: A, X, Y, S and P take a
// byte, PC a word, and a flag (N, V, D, I, Z, C) 0 or 1. A value out of range or an
// unknown name is refused and leaves s as it was.
func (s *CPUState) Set(name string, v int) error {
	bit, isFlag := cpuFlags[name]
	limit := 0xFF
	switch {
	case name == "PC":
		limit = 0xFFFF
	case isFlag:
		limit = 1
	}
	if v < 0 || v > limit {
		if isFlag {
			return fmt.Errorf("%s = %d: want 0 or 1", name, v)
		}
		return fmt.Errorf("%s = %d: want 0-$%X", name, v, limit)
	}
	switch name {
	case "A":
		s.A = uint8(v)
	case "X":
		s.X = uint8(v)
	case "Y":
		s.Y = uint8(v)
	case "S":
		s.S = uint8(v)
	case "P":
		s.P = uint8(v)
	case "PC":
		s.PC = uint16(v)
	default:
		if !isFlag {
			return fmt.Errorf("no register %q (A X Y S P PC, flags N V D I Z C)", name)
		}
		s.P &^= bit
		if v == 1 {
			s.P |= bit
		}
	}
	return nil
}
