package main

// The lockstep trace format, written by the official emulator with scripts/lockstep-patch.py's
// edit and by x16scope (x16scope.go), read by the comparer (compare.go). Little-endian:
//
//	header  "X16LS" 0x01 0x00 0x00 (8 bytes: name, format version 1, reserved)
//	'I'     cycle u64, line u16, col u16, PC u16, 3 bytes at PC, A, X, Y, S, P, RAM bank,
//	        ROM bank (25 bytes): one instruction, with the state before it executes
//	'W'     cycle u64, address u16, value u8 (12 bytes): a write to a VERA register
//	        ($9F20-$9F3F) by the instruction before it (cycle is that instruction's)
//
// An 'I' record is written for every instruction the CPU executes (not for the cycles it is
// halted in WAI); an interrupt entry is not an instruction: it shows as the PC of the
// handler's first instruction, with the entry's cycles in its cycle. Cycles count CPU clocks
// from power-on; line (0-524) and col (0-799, pixel clocks) are where VERA's beam is at that
// cycle.

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

var traceMagic = [8]byte{'X', '1', '6', 'L', 'S', 1, 0, 0}

const (
	kindInstr = 'I'
	kindWrite = 'W'
	instrSize = 25
	writeSize = 12
)

// Record is one trace record: an instruction (Kind 'I') or a VERA register write ('W').
type Record struct {
	Kind      byte
	Cycle     uint64
	Line, Col uint16 // 'I'
	PC        uint16 // 'I'
	Bytes     [3]uint8
	A, X, Y   uint8
	S, P      uint8
	RAMBank   uint8
	ROMBank   uint8
	Addr      uint16 // 'W'
	Value     uint8  // 'W'
}

// TraceWriter writes a trace.
type TraceWriter struct {
	w   *bufio.Writer
	buf [instrSize]byte
}

// NewTraceWriter writes the header and returns the writer (Flush it at the end).
func NewTraceWriter(w io.Writer) (*TraceWriter, error) {
	t := &TraceWriter{w: bufio.NewWriterSize(w, 1<<16)}
	_, err := t.w.Write(traceMagic[:])
	return t, err
}

// Write appends one record.
func (t *TraceWriter) Write(r *Record) error {
	b := t.buf[:]
	b[0] = r.Kind
	binary.LittleEndian.PutUint64(b[1:], r.Cycle)
	switch r.Kind {
	case kindInstr:
		binary.LittleEndian.PutUint16(b[9:], r.Line)
		binary.LittleEndian.PutUint16(b[11:], r.Col)
		binary.LittleEndian.PutUint16(b[13:], r.PC)
		copy(b[15:18], r.Bytes[:])
		b[18], b[19], b[20], b[21], b[22] = r.A, r.X, r.Y, r.S, r.P
		b[23], b[24] = r.RAMBank, r.ROMBank
		b = b[:instrSize]
	case kindWrite:
		binary.LittleEndian.PutUint16(b[9:], r.Addr)
		b[11] = r.Value
		b = b[:writeSize]
	default:
		return fmt.Errorf("trace record kind %q", r.Kind)
	}
	_, err := t.w.Write(b)
	return err
}

// Flush writes what is buffered.
func (t *TraceWriter) Flush() error { return t.w.Flush() }

// TraceReader reads a trace record by record.
type TraceReader struct {
	r   *bufio.Reader
	n   uint64 // records read
	buf [instrSize]byte
}

// ErrNotTrace is returned for a file that does not start with the trace header.
var ErrNotTrace = errors.New("not a lockstep trace (bad header)")

// NewTraceReader checks the header.
func NewTraceReader(r io.Reader) (*TraceReader, error) {
	t := &TraceReader{r: bufio.NewReaderSize(r, 1<<16)}
	var h [8]byte
	if _, err := io.ReadFull(t.r, h[:]); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, ErrNotTrace
		}
		return nil, err
	}
	if h != traceMagic {
		return nil, ErrNotTrace
	}
	return t, nil
}

// Next reads the next record into r. It returns io.EOF at a clean end, an error naming the
// record for a truncated or unknown one.
func (t *TraceReader) Next(r *Record) error {
	kind, err := t.r.ReadByte()
	if err != nil {
		return err // io.EOF: the trace ended between records
	}
	size := 0
	switch kind {
	case kindInstr:
		size = instrSize
	case kindWrite:
		size = writeSize
	default:
		return fmt.Errorf("trace record %d: unknown kind $%02X", t.n, kind)
	}
	b := t.buf[:size]
	b[0] = kind
	if _, err := io.ReadFull(t.r, b[1:]); err != nil {
		return fmt.Errorf("trace record %d: truncated", t.n)
	}
	t.n++
	*r = Record{Kind: kind, Cycle: binary.LittleEndian.Uint64(b[1:])}
	if kind == kindWrite {
		r.Addr = binary.LittleEndian.Uint16(b[9:])
		r.Value = b[11]
		return nil
	}
	r.Line = binary.LittleEndian.Uint16(b[9:])
	r.Col = binary.LittleEndian.Uint16(b[11:])
	r.PC = binary.LittleEndian.Uint16(b[13:])
	copy(r.Bytes[:], b[15:18])
	r.A, r.X, r.Y, r.S, r.P = b[18], b[19], b[20], b[21], b[22]
	r.RAMBank, r.ROMBank = b[23], b[24]
	return nil
}
