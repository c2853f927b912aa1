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

// The kit's programs are collection.Find's (tested there), with their folders on disk.
func TestFindPrograms(t *testing.T) {
	sys := basicLine(append([]byte{0x9E}, "2061"...)...)
	kit := t.TempDir()
	writeFiles(t, kit, map[string][]byte{
		"SHELL.PRG":                sys,
		"GAMES/BRIXX/AUTOBOOT.X16": basicLine(append([]byte{0x93, '"'}, "BRIXX.PRG"...)...),
		"GAMES/BRIXX/BRIXX.PRG":    sys,
		"GAMES/MENU/AUTOBOOT.X16":  basicLine(0x99, '"', 'H'),
	})
	got, err := findPrograms(kit)
	if err != nil {
		t.Fatal(err)
	}
	want := []program{
		{Name: "GAMES/BRIXX", Dir: filepath.Join(kit, "GAMES", "BRIXX"), File: "BRIXX.PRG", Kind: "machine code"},
		{Name: "GAMES/MENU", Dir: filepath.Join(kit, "GAMES", "MENU"), File: "AUTOBOOT.X16", Autoboot: true, Kind: "BASIC"},
		{Name: "SHELL.PRG", Dir: kit, File: "SHELL.PRG", Kind: "machine code"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("programs:\n got %+v\nwant %+v", got, want)
	}
	if _, err := findPrograms(filepath.Join(kit, "nope")); err == nil {
		t.Error("a missing kit folder gives no error")
	}
}
