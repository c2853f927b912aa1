package perf

import (
	"strings"
	"testing"
)

// A label file as ld65 -Ln writes it (sorted, with linker symbols and cheap locals).
const sampleSym = `al 000000 .__BSS_SIZE__
al 000818 .__BSS_LOAD__
al 00080B .basic_end
al 00080D .start
al 00080F .@loop
al 000812 .sub
al 000813 .foo
al 000813 .inner
al 000815 .data
al 009F23 .vera_data0
al 02A000 .banked_init
al 02A040 .banked_loop
al 00C000 .rom_entry
al 00FFF0 .rom_tail
`

func TestZonesFromSymbols(t *testing.T) {
	syms, err := ParseSym([]byte(sampleSym))
	if err != nil {
		t.Fatal(err)
	}
	if len(syms) != 14 || syms[3] != (Symbol{Name: "start", Addr: 0x080D, Bank: AnyBank}) ||
		syms[10] != (Symbol{Name: "banked_init", Addr: 0xA000, Bank: 2}) {
		t.Fatalf("parsed %+v", syms)
	}
	got := ZonesFromSymbols(syms)
	want := []Zone{
		{Name: "basic_end", Start: 0x080B, End: 0x080C, Bank: AnyBank, Routine: true},
		{Name: "start", Start: 0x080D, End: 0x0811, Bank: AnyBank, Routine: true}, // @loop is inside start
		{Name: "sub", Start: 0x0812, End: 0x0812, Bank: AnyBank, Routine: true},
		{Name: "foo", Start: 0x0813, End: 0x0814, Bank: AnyBank, Routine: true}, // foo and inner share $0813: the first names it
		{Name: "data", Start: 0x0815, End: 0x9EFF, Bank: AnyBank, Routine: true},
		{Name: "rom_entry", Start: 0xC000, End: 0xFFEF, Bank: AnyBank, Routine: true},
		{Name: "rom_tail", Start: 0xFFF0, End: 0xFFFF, Bank: AnyBank, Routine: true},
		{Name: "banked_init", Start: 0xA000, End: 0xA03F, Bank: 2, Routine: true},
		{Name: "banked_loop", Start: 0xA040, End: 0xBFFF, Bank: 2, Routine: true},
	}
	if len(got) != len(want) {
		t.Fatalf("%d zones %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("zone %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestParseSymFormats(t *testing.T) {
	syms, err := ParseSym([]byte("; comment\r\n\r\nal C:080d .lower\r\n# other\nal 80D start2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(syms) != 2 || syms[0] != (Symbol{"lower", 0x080D, AnyBank}) || syms[1] != (Symbol{"start2", 0x080D, AnyBank}) {
		t.Errorf("parsed %+v", syms)
	}
}

func TestParseSymErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"al 00080D .a\nbreak 0810\n", `line 2: unknown command "break"`},
		{"al 00080D\n", `line 1: want "al ADDRESS .label", got 2 fields`},
		{"al 0008G0 .x\n", `line 1: address "0008G0": want up to 6 hex digits`},
		{"al 1000000 .x\n", `line 1: address "1000000"`},
		{"al 0800 .\n", "line 1: empty label"},
		{"al C: .x\n", `address "C:"`},
	}
	for _, tc := range tests {
		_, err := ParseSym([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParseSym(f *testing.F) {
	f.Add([]byte(sampleSym))
	f.Add([]byte("al C:080d .x\r\n; c\n"))
	f.Add([]byte("al FFFFFF .top\nal 000000 .zero\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		syms, err := ParseSym(data)
		if err != nil {
			if !strings.Contains(err.Error(), "line ") && !strings.Contains(err.Error(), "symbol file") {
				t.Errorf("error does not name the line: %v", err)
			}
			return
		}
		zs := ZonesFromSymbols(syms)
		for i := range zs {
			z := &zs[i]
			if err := z.check(i); err != nil {
				t.Fatalf("invalid zone from symbols: %v", err)
			}
			if areaEnd(z.Start) == 0 || z.End > areaEnd(z.Start) {
				t.Fatalf("zone %+v leaves its memory area", *z)
			}
		}
		// Zones of one bank never overlap: each routine ends before the next begins.
		for i := 1; i < len(zs); i++ {
			if zs[i].Bank == zs[i-1].Bank && zs[i].Start <= zs[i-1].End {
				t.Fatalf("zones overlap: %+v and %+v", zs[i-1], zs[i])
			}
		}
	})
}
