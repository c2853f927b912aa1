package core

// The stores of a pass of an idle loop (idle.go). A pass may write memory, as long as every
// byte it writes holds at the end of the pass the value it held before: then the pass left
// the machine exactly as it found it, and the next pass, from the same state, is the same
// pass again. The official KERNAL's GETIN called from BASIC's bank is such a pass: the
// jsrfar trampoline stores its target in RAM, rewrites return addresses on the stack and
// switches the ROM and RAM banks through $01 and $00, and puts everything back on the way
// out. Before each instruction of the pass the detector works out from the instruction and
// the registers which bytes it is about to write, and notes their values (idleLog); the
// instruction is not executed by the check when it would write a device register or the
// ROM window. TestStoreTargetsMatchCPU checks the addresses against the CPU's own writes,
// for every storing opcode.

// idleLogSize is how many stores one pass may make (the official KERNAL's GETIN from BASIC
// makes about 30, pushes included).
const idleLogSize = 96

// idleStore is one byte a pass wrote and its value before the write.
type idleStore struct {
	addr   uint16
	bank   uint8 // the RAM bank, for $A000-$BFFF
	banked bool
	old    uint8
}

// idleLog is the stores of the pass being checked.
type idleLog struct {
	n      int
	stores [idleLogSize]idleStore
}

// storeTargets sets dst to the addresses the instruction op at pc writes when the CPU
// executes it now, and returns how many (0-2); -1 when it cannot say (BRK, which the
// check never executes, or a storing opcode in a mode it does not know).
func (m *Machine) storeTargets(op uint8, pc uint16, dst *[2]uint16) int {
	b, c := &m.bus, &m.cpu
	switch op {
	case 0x08, 0x48, 0x5A, 0xDA: // PHP, PHA, PHY, PHX
		dst[0] = stackPage | uint16(c.S)
		return 1
	case 0x20: // JSR: the return address, high byte first
		dst[0], dst[1] = stackPage|uint16(c.S), stackPage|uint16(c.S-1)
		return 2
	case 0x00: // BRK
		return -1
	}
	v := b.peek(pc + 1)
	abs := uint16(b.peek(pc+2))<<8 | uint16(v)
	// ptr reads a pointer from page zero, whose high byte wraps inside the page.
	ptr := func(z uint8) uint16 { return uint16(b.ram[uint8(z+1)])<<8 | uint16(b.ram[z]) }
	switch opcodes[op].Mode {
	case ModeZeroPage:
		dst[0] = uint16(v)
	case ModeZeroPageX:
		dst[0] = uint16(v + c.X)
	case ModeZeroPageY:
		dst[0] = uint16(v + c.Y)
	case ModeAbsolute:
		dst[0] = abs
	case ModeAbsoluteX:
		dst[0] = abs + uint16(c.X)
	case ModeAbsoluteY:
		dst[0] = abs + uint16(c.Y)
	case ModeIndirectX:
		dst[0] = ptr(v + c.X)
	case ModeIndirectY:
		dst[0] = ptr(v) + uint16(c.Y)
	case ModeZPIndirect:
		dst[0] = ptr(v)
	default:
		return -1
	}
	return 1
}

// note logs the bytes the instruction op at pc is about to write, with their values now. It
// returns false when the instruction must not run in a pass: it writes the I/O page (a
// device: a side effect, or a value that may differ next time) or the ROM window, or the
// log is full.
func (l *idleLog) note(m *Machine, op uint8, pc uint16) bool {
	var dst [2]uint16
	k := m.storeTargets(op, pc, &dst)
	if k < 0 || l.n+k > idleLogSize {
		return false
	}
	b := &m.bus
	for _, a := range dst[:k] {
		s := idleStore{addr: a}
		switch {
		case a < ioStart:
			s.old = b.ram[a]
		case a >= bankedRAM && a < romStart:
			s.bank, s.banked = b.ramBank, true
			s.old = b.peekBanked(s.bank, a)
		default:
			return false
		}
		l.stores[l.n] = s
		l.n++
	}
	return true
}

// holds tells whether every byte the pass wrote holds again the value it held before the
// pass's first write to it.
func (l *idleLog) holds(b *Bus) bool {
	for i := range l.n {
		s := &l.stores[i]
		first := true
		for j := range i {
			if p := &l.stores[j]; p.addr == s.addr && p.banked == s.banked && p.bank == s.bank {
				first = false
				break
			}
		}
		if !first {
			continue // its value before the pass is the earlier store's old
		}
		now := b.ram[s.addr]
		if s.banked {
			now = b.peekBanked(s.bank, s.addr)
		}
		if now != s.old {
			return false
		}
	}
	return true
}
