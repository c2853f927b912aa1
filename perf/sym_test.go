package perf

import (
	"os"
	"strings"
	"testing"

	"x16scope/core"
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
	if len(syms) != 2 || syms[0] != (Symbol{Name: "lower", Addr: 0x080D, Bank: AnyBank}) || syms[1] != (Symbol{Name: "start2", Addr: 0x080D, Bank: AnyBank}) {
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

// TestRoutineZonesFromDebugBuild: testdata/routines.sym is what ld65 -Ln writes for a
// `ca65 -g` build (routines.s says which labels are routine entries). One zone per routine:
// no zone for a macro's .local labels (LOCAL-MACRO_SYMBOL-nnnn), the loop label inside a
// .proc, a cheap local, a label only branched to, or data; the data still ends the routine
// before it.
func TestRoutineZonesFromDebugBuild(t *testing.T) {
	symText, err := os.ReadFile("testdata/routines.sym")
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("testdata/routines.prg")
	if err != nil {
		t.Fatal(err)
	}
	prg, err := core.ParsePRG(file)
	if err != nil {
		t.Fatal(err)
	}
	syms, err := ParseSym(symText)
	if err != nil {
		t.Fatal(err)
	}
	addr := map[string]uint16{}
	for _, s := range syms {
		addr[s.Name] = s.Addr
	}
	if _, ok := addr["LOCAL-MACRO_SYMBOL-0000"]; !ok {
		t.Fatal("the label file has no macro-local label: not from a ca65 -g build?")
	}
	got := ZonesFromSymbols(RoutineLabels(syms, prg.Load, prg.Entry, prg.Data))
	want := []Zone{
		{Name: "basic_end", Start: addr["basic_end"], End: addr["start"] - 1, Bank: AnyBank, Routine: true},
		{Name: "start", Start: addr["start"], End: addr["init"] - 1, Bank: AnyBank, Routine: true}, // main's loop included
		{Name: "init", Start: addr["init"], End: addr["draw"] - 1, Bank: AnyBank, Routine: true},   // its loop label included
		{Name: "draw", Start: addr["draw"], End: addr["update"] - 1, Bank: AnyBank, Routine: true},
		{Name: "update", Start: addr["update"], End: addr["handler"] - 1, Bank: AnyBank, Routine: true},
		{Name: "handler", Start: addr["handler"], End: addr["table"] - 1, Bank: AnyBank, Routine: true}, // the table ends it
	}
	if len(got) != len(want) {
		t.Fatalf("%d zones, want %d:\n%+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("zone %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// By name alone (no program bytes), the macro-local and cheap-local labels still go.
	for _, z := range ZonesFromSymbols(syms) {
		if strings.HasPrefix(z.Name, "LOCAL-") || strings.HasPrefix(z.Name, "@") || strings.HasPrefix(z.Name, "__") {
			t.Errorf("zone %q from a label that is no routine entry", z.Name)
		}
	}
}
