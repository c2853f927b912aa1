package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// basicLine builds a one-line tokenized BASIC program at $0801 from the line's bytes.
func basicLine(text ...byte) []byte {
	next := 0x0801 + 4 + len(text) + 1
	prg := []byte{0x01, 0x08, byte(next), byte(next >> 8), 10, 0}
	prg = append(prg, text...)
	return append(prg, 0, 0, 0)
}

func writeFiles(t *testing.T, root string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFindPrograms(t *testing.T) {
	sys := basicLine(append([]byte{0x9E}, "2061"...)...)
	basic := basicLine(append([]byte{0x99, '"'}, "HI"...)...) // PRINT "HI
	load := func(name string) []byte { return basicLine(append([]byte{tokenLOAD, '"'}, name...)...) }
	kit := t.TempDir()
	writeFiles(t, kit, map[string][]byte{
		"SHELL.PRG":                  sys,
		"README.TXT":                 []byte("text"),
		"GAMES/PONG.PRG":             sys,
		"GAMES/BRIXX/AUTOBOOT.X16":   load("BRIXX.PRG"), // a plain LOAD: the program is BRIXX.PRG
		"GAMES/BRIXX/BRIXX.PRG":      sys,
		"GAMES/BRIXX/LEVELS.BIN":     {1, 2, 3},
		"GAMES/QUOTED/AUTOBOOT.X16":  load("Q.PRG\",8,1"), // closing quote and device
		"GAMES/QUOTED/q.prg":         sys,                 // names match without case, as in the DOS
		"GAMES/MENU/AUTOBOOT.X16":    basic,               // does more than a LOAD: it is the program
		"GAMES/MENU/A.PRG":           sys,
		"GAMES/MISSING/AUTOBOOT.X16": load("GONE.PRG"), // loads a file that is not there
		"TEXT/ZORK1/ZORK1":           sys,              // no extension, a SYS line: a program
		"TEXT/ZORK1/[ZCODE]":         {0, 1, 2, 3},
		"BASIC/HELLO.PRG":            basic,
		"BASIC/SOURCE/BUILD.PRG":     sys, // build inputs are skipped
		"DOCS/NOTES.BAS":             []byte("10 PRINT\n"),
		"SYSTEM/TOOLS/FLASH.PRG":     {0x00, 0x10, 0xEA, 0x60}, // machine code at $1000
	})
	got, err := findPrograms(kit)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Name, File, Kind string
		Autoboot         bool
	}
	var rows []row
	for _, p := range got {
		rows = append(rows, row{p.Name, p.File, p.Kind, p.Autoboot})
		if p.Dir == "" || !filepath.IsAbs(p.Dir) {
			t.Errorf("%s: folder %q is not absolute", p.Name, p.Dir)
		}
	}
	want := []row{
		{"BASIC/HELLO.PRG", "HELLO.PRG", "BASIC", false},
		{"GAMES/BRIXX", "BRIXX.PRG", "machine code", false},
		{"GAMES/MENU", "AUTOBOOT.X16", "BASIC", true},
		{"GAMES/MISSING", "AUTOBOOT.X16", "BASIC", true},
		{"GAMES/PONG.PRG", "PONG.PRG", "machine code", false},
		{"GAMES/QUOTED", "q.prg", "machine code", false},
		{"SHELL.PRG", "SHELL.PRG", "machine code", false},
		{"SYSTEM/TOOLS/FLASH.PRG", "FLASH.PRG", "machine code", false},
		{"TEXT/ZORK1/ZORK1", "ZORK1", "machine code", false},
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
		name, ok := autobootLoads(basicLine(tc.line...))
		if name != tc.name || ok != tc.ok {
			t.Errorf("%q: got %q, %v; want %q, %v", tc.line, name, ok, tc.name, tc.ok)
		}
	}
	if _, ok := autobootLoads([]byte{1}); ok {
		t.Error("a 1-byte file loads something")
	}
}
