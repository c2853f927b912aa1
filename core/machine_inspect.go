package core

import "x16scope/vera"

// Inspection: reads of memory, banks, registers and the video chip that have no side effect
// on the machine, for debugger views (overlay, DAP server), the profiler's symbolisation and
// tests. VERA returns the chip itself: its Peek* methods and FrameView are the reads to use.
// PC, SP and BankAt, the profiler's reads on its hot path, are in watch.go.

// CPU returns a copy of the CPU registers.
func (m *Machine) CPU() CPUState { return m.cpu.State() }

// Peek reads the CPU address space as the CPU would see it now, without side effects.
func (m *Machine) Peek(addr uint16) uint8 { return m.bus.peek(addr) }

// PeekBanked reads a banked RAM byte ($A000-$BFFF) of any bank without side effects.
func (m *Machine) PeekBanked(bank uint8, addr uint16) uint8 {
	return m.bus.peekBanked(bank, bankedRAM|addr&0x1FFF)
}

// PeekROM reads a ROM byte ($C000-$FFFF) of any bank without side effects.
func (m *Machine) PeekROM(bank uint8, addr uint16) uint8 {
	return m.bus.peekROM(bank, romStart|addr&0x3FFF)
}

// RAMBank and ROMBank are the current bank latches.
func (m *Machine) RAMBank() uint8 { return m.bus.ramBank }
func (m *Machine) ROMBank() uint8 { return m.bus.romBank }

// RAMBanks is the number of populated 8 KB RAM banks.
func (m *Machine) RAMBanks() int { return m.bus.nbanks }

// VERA gives access to the video chip, for rendering output and its Peek paths.
func (m *Machine) VERA() *vera.VERA { return m.vera }

// YMDroppedWrites is how many data writes the YM2151 ignored because it was busy.
func (m *Machine) YMDroppedWrites() uint64 { return m.bus.ym.dropped }
