package core

import (
	"errors"
	"fmt"
)

// PRG is a parsed program file: a 2-byte little-endian load address and the bytes to load
// there (X16-HARDWARE.md 7.4).
type PRG struct {
	Load uint16 // load address
	Data []byte // the bytes after the header
	// Entry is where the program starts: the SYS address of a BASIC stub, else Load.
	Entry uint16
	// SYS is true when the program begins with a BASIC line "SYS nnnn".
	SYS bool
	// BASIC is true for a tokenized BASIC program with no SYS stub: it needs a BASIC
	// interpreter (the official ROM) to run.
	BASIC bool
}

// ErrPRG is wrapped by every PRG parsing error.
var ErrPRG = errors.New("bad PRG file")

const (
	basicStart = 0x0801 // where BASIC programs (and most PRGs) load
	tokenSYS   = 0x9E   // BASIC token for SYS
)

// ParsePRG checks a PRG file and finds its entry point. It refuses files the X16 could not
// load: too short to hold a load address, a load address in the I/O page or ROM, or data
// that would run into the I/O page, into ROM or past the end of the address space.
func ParsePRG(file []byte) (PRG, error) {
	if len(file) < 2 {
		return PRG{}, fmt.Errorf("%w: %d bytes, too short to hold the 2-byte load address", ErrPRG, len(file))
	}
	load := uint16(file[0]) | uint16(file[1])<<8
	data := file[2:]
	if len(data) == 0 {
		return PRG{}, fmt.Errorf("%w: load address $%04X but no data after it", ErrPRG, load)
	}
	end := int(load) + len(data) // one past the last byte
	switch {
	case load >= ioStart && load < bankedRAM:
		return PRG{}, fmt.Errorf("%w: load address $%04X is in the I/O page ($9F00-$9FFF)", ErrPRG, load)
	case load >= romStart:
		return PRG{}, fmt.Errorf("%w: load address $%04X is in ROM ($C000-$FFFF)", ErrPRG, load)
	case end > 0x10000:
		return PRG{}, fmt.Errorf("%w: %d bytes at $%04X run past the end of the 64 KB address space", ErrPRG, len(data), load)
	case load < ioStart && end > ioStart:
		return PRG{}, fmt.Errorf("%w: %d bytes at $%04X run past $9EFF into the I/O page", ErrPRG, len(data), load)
	case load >= bankedRAM && end > romStart:
		return PRG{}, fmt.Errorf("%w: %d bytes at $%04X run past $BFFF into ROM", ErrPRG, len(data), load)
	}
	p := PRG{Load: load, Data: data, Entry: load}
	if load == basicStart {
		if sys, ok := sysAddress(data); ok {
			p.Entry, p.SYS = sys, true
		} else if looksLikeBASIC(data) {
			p.BASIC = true
		}
	}
	return p, nil
}

// sysAddress decodes a first BASIC line of the form "SYS nnnn" (spaces and a parenthesis
// allowed) in a program loaded at $0801.
func sysAddress(data []byte) (uint16, bool) {
	// link (2), line number (2), then the tokenized text up to a 0 byte.
	if len(data) < 6 || (data[0] == 0 && data[1] == 0) {
		return 0, false
	}
	i := 4
	for i < len(data) && data[i] == ' ' {
		i++
	}
	if i >= len(data) || data[i] != tokenSYS {
		return 0, false
	}
	i++
	for i < len(data) && (data[i] == ' ' || data[i] == '(') {
		i++
	}
	n, digits := 0, 0
	for ; i < len(data) && data[i] >= '0' && data[i] <= '9'; i++ {
		n = n*10 + int(data[i]-'0')
		digits++
		if n > 0xFFFF {
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	return uint16(n), true
}

// looksLikeBASIC reports whether data at $0801 is a chain of BASIC lines: each link points
// forward inside the program and the chain ends with a zero link.
func looksLikeBASIC(data []byte) bool {
	off := 0
	for lines := 0; lines < 10000; lines++ {
		if off+1 >= len(data) {
			return false
		}
		link := int(data[off]) | int(data[off+1])<<8
		if link == 0 {
			return lines > 0
		}
		next := link - basicStart
		if next <= off+4 || next > len(data) {
			return false
		}
		if data[next-1] != 0 { // every line ends with a 0 byte
			return false
		}
		off = next
	}
	return false
}

// startDirect starts a loaded program with no ROM involved: the stack holds a return
// address that makes a final RTS land on $FFFF (EventExit, the official emulator's
// convention), interrupts are masked, and the CPU continues at the program's entry point.
func (m *Machine) startDirect(p PRG) {
	m.bus.ram[0x1FF] = 0xFF // RTS pulls $FFFE and adds one
	m.bus.ram[0x1FE] = 0xFE
	m.cpu.SetState(CPUState{PC: p.Entry, S: 0xFD, P: flagI})
	m.pcMoved()
}
