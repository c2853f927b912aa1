package dbginfo

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

const demo = "../../cmd/x16scope/testdata/dapdemo"

func loadDemo(t testing.TB) (*Info, []byte) {
	t.Helper()
	data, err := os.ReadFile(demo + ".dbg")
	if err != nil {
		t.Fatal(err)
	}
	info, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	prg, err := os.ReadFile(demo + ".prg")
	if err != nil {
		t.Fatal(err)
	}
	return info, prg
}

// TestDemoLines checks addresses against dapdemo.s as assembled (its .sym file agrees:
// again = $0812, work = $0825, loop = $0827).
func TestDemoLines(t *testing.T) {
	info, prg := loadDemo(t)
	file, ok := info.FileID("/home/someone/project/cmd/x16scope/testdata/dapdemo.s")
	if !ok || info.Files[file].Name != "dapdemo.s" {
		t.Fatalf("FileID: %d %v", file, ok)
	}
	if _, ok := info.FileID("/elsewhere/other.s"); ok {
		t.Error("FileID matched another file")
	}
	for _, tc := range []struct{ line, want, used int }{
		{15, 0x0812, 15}, // again: jsr work
		{16, 0x0815, 16}, // inc counter
		{25, 0x0825, 26}, // .proc work: no code, the next line's
		{27, 0x0827, 27}, // loop: txa
	} {
		addr, used, ok := info.CodeAt(file, tc.line)
		if !ok || addr != uint32(tc.want) || used != tc.used {
			t.Errorf("CodeAt line %d: $%04X line %d %v, want $%04X line %d", tc.line, addr, used, ok, tc.want, tc.used)
		}
	}
	if _, _, ok := info.CodeAt(file, 1000); ok {
		t.Error("CodeAt found code after the last line")
	}
	line, lo, hi, ok := info.LineAt(0x0813) // inside the JSR
	if !ok || info.Lines[line].Line != 15 || lo != 0x0812 || hi != 0x0815 {
		t.Errorf("LineAt $0813: line %d [$%04X,$%04X) %v, want line 15 [$0812,$0815)", info.Lines[line].Line, lo, hi, ok)
	}
	if _, _, _, ok := info.LineAt(0xC000); ok {
		t.Error("LineAt found a line in ROM")
	}
	if err := info.CheckProgram("dapdemo.prg", prg); err != nil {
		t.Errorf("CheckProgram on its own build: %v", err)
	}
	if err := info.CheckProgram("dapdemo.prg", prg[:20]); err == nil || !strings.Contains(err.Error(), "another build") {
		t.Errorf("CheckProgram on a short file: %v", err)
	}
	moved := append([]byte{0x01, 0x10}, prg[2:]...)
	if err := info.CheckProgram("dapdemo.prg", moved); err == nil || !strings.Contains(err.Error(), "another build") {
		t.Errorf("CheckProgram on a moved file: %v", err)
	}
	var names []string
	for _, s := range info.Labels() {
		names = append(names, s.Name)
	}
	if got := strings.Join(names, " "); !strings.Contains(got, "again") || !strings.Contains(got, "work") {
		t.Errorf("labels %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty"},
		{"hello\tworld", "not an ld65 debug file"},
		{"version\tmajor=3,minor=0", "only version 2"},
		{"version\tmajor=2,minor=0\nline\tid=0,file=0,line=1", "file 0 does not exist"},
		{"version\tmajor=2,minor=0\nfile\tid=0,name=\"a.s\"\nline\tid=0,file=0,line=1,span=4", "span 4 does not exist"},
		{"version\tmajor=2,minor=0\nspan\tid=0,seg=0,start=0,size=2", "segment 0 does not exist"},
		{"version\tmajor=2,minor=0\nseg\tid=0,name=\"C\",start=0,size=1\nspan\tid=0,seg=0,start=0,size=2", "past the end"},
		{"version\tmajor=2,minor=0\nfile\tid=99999999,name=\"a\"", "out of range"},
		{"version\tmajor=2,minor=0\nfile\tid=0,name=\"a", "unterminated"},
		{"version\tmajor=2,minor=0\nline\tid=x", "not a number"},
		{"version\tmajor=2,minor=0\nline\tid=0,file=0,line=1,span=1+a", "not a list"},
		{"version\tmajor=2,minor=0\nsym\tid=0,name=\"a\",seg=3", "segment 3 does not exist"},
		{"version\tmajor=2,minor=0\ncsym\tid=0,name=\"a\",sym=3", "symbol 3 does not exist"},
		{"version\tmajor=2,minor=0\nscope\tid=0,name=\"a\",span=7", "span 7 does not exist"},
	} {
		_, err := Parse([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}

// FuzzParse: any input gives an Info or an error, and an Info answers every query.
func FuzzParse(f *testing.F) {
	data, err := os.ReadFile(demo + ".dbg")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	if c, err := os.ReadFile("../../cmd/x16scope/testdata/clocals.dbg"); err == nil {
		f.Add(c)
	}
	f.Add([]byte("version\tmajor=2,minor=0\nseg\tid=0,name=\"C\",start=0,size=4\nspan\tid=0,seg=0,start=0,size=2\nfile\tid=0,name=\"a.s\"\nline\tid=0,file=0,line=3,span=0"))
	f.Fuzz(func(t *testing.T, data []byte) {
		info, err := Parse(data)
		if err != nil {
			return
		}
		for a := uint32(0); a < 0x10000; a += 0x111 {
			info.LineAt(a)
			if fn, ok := info.CFunctionAt(a); ok {
				info.CLocals(fn)
			}
		}
		// A few files: a hostile file can declare 2^18 of them, and FileID is linear.
		for i := range min(len(info.Files), 8) {
			info.CodeAt(i, 1)
			info.FileID(info.Files[i].Name)
		}
		info.Labels()
		info.CheckProgram("x.prg", []byte{1, 8, 0, 0})
	})
}

// The C function at an address and its locals, from a cl65 build.
func TestCFunctions(t *testing.T) {
	data, err := os.ReadFile("../../cmd/x16scope/testdata/clocals.dbg")
	if err != nil {
		t.Fatal(err)
	}
	info, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	names := func(fn int) (out []string) {
		for _, l := range info.CLocals(fn) {
			out = append(out, l.Name+":"+l.SC)
		}
		return out
	}
	var sumAt, mainAt uint32
	for _, sym := range info.Syms {
		switch sym.Name {
		case "_sum":
			sumAt = uint32(sym.Val)
		case "_main":
			mainAt = uint32(sym.Val)
		}
	}
	for _, c := range []struct {
		addr uint32
		fn   string
		want string
	}{{sumAt + 4, "_sum", "[n:auto total:auto i:auto]"}, {mainAt + 4, "_main", "[count:auto s:auto]"}} {
		fn, ok := info.CFunctionAt(c.addr)
		if !ok || info.Scopes[fn].Name != c.fn {
			t.Errorf("$%04X: function %v %v, want %s", c.addr, fn, ok, c.fn)
			continue
		}
		if got := fmt.Sprint(names(fn)); got != c.want {
			t.Errorf("%s: locals %s, want %s", c.fn, got, c.want)
		}
	}
	if _, ok := info.CFunctionAt(0x0400); ok {
		t.Error("a C function at $0400, outside the program")
	}
}
