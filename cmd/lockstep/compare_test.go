package main

import (
	"bytes"
	"strings"
	"testing"
)

func compareBytes(t *testing.T, off, x16 []byte, o Options) Result {
	t.Helper()
	ro, err := NewTraceReader(bytes.NewReader(off))
	if err != nil {
		t.Fatal(err)
	}
	rx, err := NewTraceReader(bytes.NewReader(x16))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compare(ro, rx, o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var all = Options{Cycles: true, Banks: true, VERA: true, Context: 5}

func TestCompareSame(t *testing.T) {
	a := synth(t, 50, nil)
	res := compareBytes(t, a, a, all)
	if res.Divergence != nil || res.Instrs != 50 {
		t.Fatalf("identical traces: %d instructions, divergence %+v", res.Instrs, res.Divergence)
	}
}

// One field planted wrong in record k of the x16scope trace (k counts instructions and
// writes) is found there, named, with the instructions before it.
func TestCompareFindsEachField(t *testing.T) {
	off := synth(t, 40, nil)
	cases := []struct {
		name  string
		k     int // record index (every fourth instruction is followed by a write)
		instr uint64
		edit  func(r *Record)
		want  string
	}{
		{"PC", 12, 10, func(r *Record) { r.PC++ }, "PC $0814 vs $0815"},
		{"A", 12, 10, func(r *Record) { r.A ^= 0x40 }, "A $0A vs $4A"},
		{"X", 12, 10, func(r *Record) { r.X = 9 }, "X $01 vs $09"},
		{"Y", 12, 10, func(r *Record) { r.Y = 9 }, "Y $02 vs $09"},
		{"S", 12, 10, func(r *Record) { r.S = 0xF0 }, "S $FD vs $F0"},
		{"P", 12, 10, func(r *Record) { r.P |= 0x01 }, "P $04 vs $05"},
		{"bank", 12, 10, func(r *Record) { r.ROMBank = 0 }, "banks RAM 0 ROM 4 vs RAM 0 ROM 0"},
		{"cycle", 12, 10, func(r *Record) { r.Cycle += 2 }, "cycle +30 vs +32 (x16scope +2)"},
		{"write value", 14, 12, func(r *Record) { r.Value = 0x77 }, "VERA write $9F23=$0B (official) vs $9F23=$77 (x16scope)"},
		{"write kind", 14, 12, func(r *Record) { *r = Record{Kind: kindInstr, PC: 0x0818} }, "the official emulator writes $0B to $9F23 here, x16scope does not"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x16 := synth(t, 40, func(i int, r *Record) {
				if i == c.k {
					c.edit(r)
				}
			})
			res := compareBytes(t, off, x16, all)
			d := res.Divergence
			if d == nil {
				t.Fatal("no divergence found")
			}
			if got := strings.Join(d.What, "; "); got != c.want || d.Instr != c.instr {
				t.Errorf("found at instruction %d: %q, want %d: %q", d.Instr, got, c.instr, c.want)
			}
			if n := len(d.HistOff); n < 5 || n > 7 {
				t.Errorf("%d records of context, want the 5 instructions (and their writes)", n)
			}
			var out bytes.Buffer
			res.Report(&out)
			if !strings.Contains(out.String(), "LDA #$0A") {
				t.Errorf("the report does not disassemble the context:\n%s", out.String())
			}
		})
	}
}

// What the options turn off is not a difference; the bits the 65C02 lacks never are.
func TestCompareOptions(t *testing.T) {
	off := synth(t, 20, nil)
	x16 := synth(t, 20, func(i int, r *Record) {
		switch r.Kind {
		case kindInstr:
			r.Cycle += 7 // another clock origin: no difference
			r.ROMBank = 9
			r.P |= 0x30 // B and bit 5
			if i >= 10 {
				r.Cycle++
			}
		case kindWrite:
			r.Value++
		}
	})
	if res := compareBytes(t, off, x16, Options{}); res.Divergence != nil {
		t.Errorf("with cycles, banks and writes off: %v", res.Divergence.What)
	}
	res := compareBytes(t, off, x16, Options{Cycles: true, Drift: true})
	if res.Divergence != nil || len(res.Drifts) != 1 || res.Drifts[0].By != 1 || res.Drifts[0].Off.PC != 0x0810 {
		t.Errorf("drift: divergence %v, drifts %+v", res.Divergence, res.Drifts)
	}
}

// An allowed read may leave the registers different until they agree again; a flow
// difference after it still stops the comparison.
func TestCompareAllowRead(t *testing.T) {
	read := func(i int, r *Record) {
		if r.Kind == kindInstr && i == 6 { // instruction 5: LDA $9F01
			r.Bytes = [3]uint8{0xAD, 0x01, 0x9F}
		}
	}
	off := synth(t, 20, read)
	x16 := synth(t, 20, func(i int, r *Record) {
		read(i, r)
		if i == 7 || i == 8 {
			r.A = 0xFF // after the read, for two instructions
		}
		if i == 12 {
			r.PC = 0x1234
		}
	})
	o := Options{AllowRead: map[uint16]bool{0x9F01: true}}
	res := compareBytes(t, off, x16, o)
	if res.Allowed != 1 || res.Divergence == nil || res.Divergence.Instr != 10 {
		t.Fatalf("allowed %d, divergence %+v", res.Allowed, res.Divergence)
	}
	if res := compareBytes(t, off, x16, Options{}); res.Divergence == nil || res.Divergence.Instr != 6 {
		t.Errorf("without -allow-read the register difference is not found first: %+v", res.Divergence)
	}
}

// At power-on only I and D are defined.
func TestComparePowerOnFlags(t *testing.T) {
	off := synth(t, 3, nil)
	x16 := synth(t, 3, func(i int, r *Record) {
		if i == 0 {
			r.P |= 0xC3
		}
	})
	if res := compareBytes(t, off, x16, Options{PowerOn: true}); res.Divergence != nil {
		t.Errorf("power-on N V Z C counted: %v", res.Divergence.What)
	}
	if res := compareBytes(t, off, x16, Options{}); res.Divergence == nil {
		t.Error("the planted P difference was not found")
	}
}
