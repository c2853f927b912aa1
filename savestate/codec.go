package savestate

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Enc builds a section's payload. Fields are written in a fixed order that the matching
// Dec reads back; a section's version changes whenever that order does.
type Enc struct{ B []byte }

func (e *Enc) U8(v uint8)   { e.B = append(e.B, v) }
func (e *Enc) U16(v uint16) { e.B = binary.LittleEndian.AppendUint16(e.B, v) }
func (e *Enc) U32(v uint32) { e.B = binary.LittleEndian.AppendUint32(e.B, v) }
func (e *Enc) U64(v uint64) { e.B = binary.LittleEndian.AppendUint64(e.B, v) }
func (e *Enc) I64(v int64)  { e.U64(uint64(v)) }
func (e *Enc) Int(v int)    { e.I64(int64(v)) }
func (e *Enc) F64(v float64) {
	e.U64(math.Float64bits(v))
}
func (e *Enc) Bool(v bool) {
	if v {
		e.U8(1)
	} else {
		e.U8(0)
	}
}

// Raw writes bytes whose length the reader knows (fixed-size arrays).
func (e *Enc) Raw(b []byte) { e.B = append(e.B, b...) }

// Bytes writes a length and the bytes; a nil slice and an empty one are told apart.
func (e *Enc) Bytes(b []byte) {
	if b == nil {
		e.U32(math.MaxUint32)
		return
	}
	e.U32(uint32(len(b)))
	e.B = append(e.B, b...)
}

func (e *Enc) String(s string) {
	e.U32(uint32(len(s)))
	e.B = append(e.B, s...)
}

// Dec reads a section's payload. The first problem sticks: later reads return zero
// values, and Err (or Done) reports it, so a decoder reads every field and checks once.
type Dec struct {
	b   []byte
	p   int
	tag string
	err error
}

// NewDec reads a section.
func NewDec(s *Section) *Dec { return &Dec{b: s.Data, tag: s.Tag} }

func (d *Dec) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.b)-d.p {
		d.err = fmt.Errorf("section %q: %w at byte %d (need %d more)", d.tag, ErrTruncated, d.p, n)
		return nil
	}
	s := d.b[d.p : d.p+n]
	d.p += n
	return s
}

func (d *Dec) U8() uint8 {
	if b := d.take(1); b != nil {
		return b[0]
	}
	return 0
}
func (d *Dec) U16() uint16 {
	if b := d.take(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}
func (d *Dec) U32() uint32 {
	if b := d.take(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}
func (d *Dec) U64() uint64 {
	if b := d.take(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}
func (d *Dec) I64() int64      { return int64(d.U64()) }
func (d *Dec) F64() float64    { return math.Float64frombits(d.U64()) }
func (d *Dec) Bool() bool      { return d.U8() != 0 }
func (d *Dec) Raw(into []byte) { copy(into, d.take(len(into))) }

// Int reads an int written by Enc.Int, checking it lies in [lo, hi].
func (d *Dec) Int(lo, hi int) int {
	v := d.I64()
	if d.err == nil && (v < int64(lo) || v > int64(hi)) {
		d.Fail("value %d out of range [%d, %d]", v, lo, hi)
		return lo
	}
	return int(v)
}

// Bytes reads a slice written by Enc.Bytes (a copy), at most max bytes long.
func (d *Dec) Bytes(max int) []byte {
	n := d.U32()
	if d.err != nil || n == math.MaxUint32 {
		return nil
	}
	if int64(n) > int64(max) {
		d.Fail("%d bytes, limit %d", n, max)
		return nil
	}
	b := d.take(int(n))
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

// String reads a string of at most max bytes.
func (d *Dec) String(max int) string {
	n := d.U32()
	if d.err != nil {
		return ""
	}
	if int64(n) > int64(max) {
		d.Fail("string of %d bytes, limit %d", n, max)
		return ""
	}
	return string(d.take(int(n)))
}

// Fail records a problem the caller found in a decoded value (the first one sticks).
func (d *Dec) Fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("section %q: %w: %s", d.tag, ErrCorrupt, fmt.Sprintf(format, args...))
	}
}

// Err is the first problem so far.
func (d *Dec) Err() error { return d.err }

// Done reports the first problem, or trailing bytes nobody read (a corrupt length).
func (d *Dec) Done() error {
	if d.err == nil && d.p != len(d.b) {
		d.err = fmt.Errorf("section %q: %w: %d bytes left over", d.tag, ErrCorrupt, len(d.b)-d.p)
	}
	return d.err
}
