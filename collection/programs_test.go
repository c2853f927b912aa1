package collection

import (
	"reflect"
	"testing"

	"x16scope/core"
)

// basicLine builds a one-line tokenized BASIC program at $0801 from the line's bytes.
func basicLine(text ...byte) []byte {
	next := 0x0801 + 4 + len(text) + 1
	prg := []byte{0x01, 0x08, byte(next), byte(next >> 8), 10, 0}
	prg = append(prg, text...)
	return append(prg, 0, 0, 0)
}

var (
	sys   = basicLine(append([]byte{0x9E}, "2061"...)...)
	basic = basicLine(append([]byte{0x99, '"'}, "HI"...)...) // PRINT "HI
)

func load(name string) []byte { return basicLine(append([]byte{tokenLOAD, '"'}, name...)...) }

func memFS(t *testing.T, files map[string][]byte) *core.MemFS {
	t.Helper()
	fsys, err := core.NewMemFS(files)
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

func TestFind(t *testing.T) {
	fsys := memFS(t, map[string][]byte{
		"SHELL.PRG":                  sys,
		"README.TXT":                 []byte("text"),
		"GAMES/PONG.PRG":             sys,
		"GAMES/BRIXX/AUTOBOOT.X16":   load("BRIXX.PRG"), // a plain LOAD: the program is BRIXX.PRG
		"GAMES/BRIXX/BRIXX.PRG":      sys,
		"GAMES/BRIXX/LEVELS.BIN":     {1, 2, 3},
		"GAMES/BRIXX/README.TXT":     []byte("\r\n\n# Brixx\t- bricks \xe2\x80\x94 v1\r\nmore\n"),
		"GAMES/QUOTED/AUTOBOOT.X16":  load("Q.PRG\",8,1"), // closing quote and device
		"GAMES/QUOTED/q.prg":         sys,                 // names match without case, as in the DOS
		"GAMES/QUOTED/readme":        []byte("Quoted"),
		"GAMES/MENU/AUTOBOOT.X16":    basic, // does more than a LOAD: it is the program
		"GAMES/MENU/A.PRG":           sys,
		"GAMES/MENU/README.PRG":      sys,              // a program, not text
		"GAMES/MENU/SUB/B.PRG":       sys,              // below an AUTOBOOT folder: still a program
		"GAMES/MISSING/AUTOBOOT.X16": load("GONE.PRG"), // loads a file that is not there
		"TEXT/ZORK1/ZORK1":           sys,              // no extension, a SYS line: a program
		"TEXT/ZORK1/[ZCODE]":         {0, 1, 2, 3},
		"BASIC/HELLO.PRG":            basic,
		"BASIC/SOURCE/BUILD.PRG":     sys, // build inputs are skipped
		"DOCS/NOTES.BAS":             []byte("10 PRINT\n"),
		"SYSTEM/TOOLS/FLASH.PRG":     {0x00, 0x10, 0xEA, 0x60}, // machine code at $1000
		"EMPTY.PRG":                  {},                       // listed: its name says PRG
	})
	type row struct {
		Name, Dir, File, Kind, Title string
		Autoboot, HasAutoboot        bool
	}
	var rows []row
	for _, p := range Find(fsys) {
		rows = append(rows, row{p.Name, p.Dir, p.File, p.Kind, p.Title, p.Autoboot, p.HasAutoboot})
	}
	want := []row{
		{"BASIC/HELLO.PRG", "BASIC", "HELLO.PRG", BASIC, "", false, false},
		{"EMPTY.PRG", ".", "EMPTY.PRG", MachineCode, "", false, false},
		{"GAMES/BRIXX", "GAMES/BRIXX", "BRIXX.PRG", MachineCode, "Brixx - bricks  v1", false, true},
		{"GAMES/MENU", "GAMES/MENU", "AUTOBOOT.X16", BASIC, "", true, true},
		{"GAMES/MENU/SUB/B.PRG", "GAMES/MENU/SUB", "B.PRG", MachineCode, "", false, false},
		{"GAMES/MISSING", "GAMES/MISSING", "AUTOBOOT.X16", BASIC, "", true, true},
		{"GAMES/PONG.PRG", "GAMES", "PONG.PRG", MachineCode, "", false, false},
		{"GAMES/QUOTED", "GAMES/QUOTED", "q.prg", MachineCode, "Quoted", false, true},
		{"SHELL.PRG", ".", "SHELL.PRG", MachineCode, "", false, false},
		{"SYSTEM/TOOLS/FLASH.PRG", "SYSTEM/TOOLS", "FLASH.PRG", MachineCode, "", false, false},
		{"TEXT/ZORK1/ZORK1", "TEXT/ZORK1", "ZORK1", MachineCode, "", false, false},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("programs:\n got %v\nwant %v", rows, want)
	}
}

func TestAutobootLoads(t *testing.T) {
	for _, tc := range []struct {
		line []byte
		name string
		ok   bool
	}{
		{append([]byte{tokenLOAD, '"'}, "GAME.PRG"...), "GAME.PRG", true},
		{append([]byte{' ', tokenLOAD, ' ', '"'}, "GAME.PRG\",8,1"...), "GAME.PRG", true},
		{append([]byte{tokenLOAD, '"'}, "/APPS/X.PRG"...), "", false}, // another folder
		{append([]byte{tokenLOAD, '"'}, "*"...), "", false},
		{[]byte{tokenLOAD, '"', '"'}, "", false},
		{append([]byte{0x99, '"'}, "GAME.PRG"...), "", false}, // PRINT, not LOAD
	} {
		name, ok := AutobootLoads(basicLine(tc.line...))
		if name != tc.name || ok != tc.ok {
			t.Errorf("%q: got %q, %v; want %q, %v", tc.line, name, ok, tc.name, tc.ok)
		}
	}
	for _, bad := range [][]byte{nil, {1}, {1, 8}, {1, 8, 0, 0}} {
		if _, ok := AutobootLoads(bad); ok {
			t.Errorf("%x loads something", bad)
		}
	}
}

func TestLookupAndAt(t *testing.T) {
	fsys := memFS(t, map[string][]byte{
		"GAMES/BRIXX/AUTOBOOT.X16": load("BRIXX.PRG"),
		"GAMES/BRIXX/BRIXX.PRG":    sys,
		"GAMES/BRIXX/EDITOR.PRG":   sys,
		"TOP.PRG":                  sys,
	})
	progs := Find(fsys)
	for _, name := range []string{"GAMES/BRIXX/BRIXX.PRG", "/games/brixx/brixx.prg", "GAMES/BRIXX", "GAMES\\BRIXX\\AUTOBOOT.X16"} {
		p, ok := Lookup(progs, name)
		if !ok || p.Name != "GAMES/BRIXX" || p.Path() != "GAMES/BRIXX/BRIXX.PRG" {
			t.Errorf("Lookup(%q) = %+v, %v", name, p, ok)
		}
	}
	if p, ok := At(fsys, progs, "games/brixx/editor.prg"); !ok || p.Dir != "GAMES/BRIXX" || p.File != "EDITOR.PRG" || !p.HasAutoboot || p.Autoboot {
		t.Errorf("At(editor) = %+v, %v", p, ok)
	}
	if p, ok := At(fsys, progs, "TOP.PRG"); !ok || p.Dir != "." || p.Path() != "TOP.PRG" {
		t.Errorf("At(TOP.PRG) = %+v, %v", p, ok)
	}
	for _, bad := range []string{"", "/", "GAMES", "NOPE.PRG", "../TOP.PRG", "GAMES/NOPE/X.PRG"} {
		if p, ok := At(fsys, progs, bad); ok {
			t.Errorf("At(%q) = %+v, want none", bad, p)
		}
	}
}
