package main

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// synth writes a synthetic trace: n instructions at PCs from $0800, 3 cycles apart, with a
// VERA write after every fourth; edit, when not nil, changes record i before it is written.
func synth(t *testing.T, n int, edit func(i int, r *Record)) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewTraceWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for i := 0; i < n; i++ {
		r := Record{Kind: kindInstr, Cycle: uint64(100 + 3*i), PC: 0x0800 + uint16(2*i), Bytes: [3]uint8{0xA9, uint8(i), 0},
			A: uint8(i), X: 1, Y: 2, S: 0xFD, P: 0x24, ROMBank: 4}
		r.Line, r.Col = beam(r.Cycle)
		if edit != nil {
			edit(k, &r)
		}
		k++
		if err := w.Write(&r); err != nil {
			t.Fatal(err)
		}
		if i%4 == 3 {
			v := Record{Kind: kindWrite, Cycle: r.Cycle, Addr: 0x9F23, Value: uint8(i)}
			if edit != nil {
				edit(k, &v)
			}
			k++
			if err := w.Write(&v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestTraceRoundTrip(t *testing.T) {
	data := synth(t, 9, nil)
	r, err := NewTraceReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var got []Record
	for {
		var rec Record
		err := r.Next(&rec)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec)
	}
	if len(got) != 11 {
		t.Fatalf("read %d records, want 9 instructions and 2 writes", len(got))
	}
	in := got[3]
	if in.Kind != kindInstr || in.PC != 0x0806 || in.A != 3 || in.Cycle != 109 || in.ROMBank != 4 || in.Bytes != [3]uint8{0xA9, 3, 0} {
		t.Errorf("instruction 3 read back as %+v", in)
	}
	if w := got[4]; w.Kind != kindWrite || w.Addr != 0x9F23 || w.Value != 3 || w.Cycle != 109 {
		t.Errorf("the write read back as %+v", w)
	}
}

// Bad input never crashes the reader: a wrong header, a truncated record and an unknown
// kind are errors.
func TestTraceBadInput(t *testing.T) {
	if _, err := NewTraceReader(strings.NewReader("X16")); !errors.Is(err, ErrNotTrace) {
		t.Errorf("short header: %v", err)
	}
	if _, err := NewTraceReader(strings.NewReader("NOTATRACE")); !errors.Is(err, ErrNotTrace) {
		t.Errorf("bad header: %v", err)
	}
	data := synth(t, 2, nil)
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"truncated", data[:len(data)-3]},
		{"unknown kind", append(append([]byte{}, data...), 'Q', 1, 2)},
	} {
		r, err := NewTraceReader(bytes.NewReader(c.data))
		if err != nil {
			t.Fatal(err)
		}
		var rec Record
		for err == nil {
			err = r.Next(&rec)
		}
		if err == io.EOF {
			t.Errorf("%s: read to a clean end", c.name)
		}
	}
}
