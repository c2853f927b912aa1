package core

import (
	"errors"
	"io/fs"
	"testing"

	"x16scope/savestate"
)

// A launcher's start folder: device 8 is in it at power-on, goes back to it at a reset (as
// the official emulator's ieee_init goes back to -startin), and a save state keeps it.
func TestStartFolder(t *testing.T) {
	fsys, err := NewMemFS(map[string][]byte{"GAMES/A/A.PRG": {1, 8}, "OTHER/D.BIN": {0}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"NOPE", "GAMES/A/A.PRG", "../GAMES"} {
		if err := m.SetFileSystemIn(fsys, bad); err == nil {
			t.Errorf("start folder %q accepted", bad)
		} else if bad == "NOPE" && !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("start folder NOPE: %v", err)
		}
	}
	if err := m.SetFileSystemIn(fsys, "/GAMES/A"); err != nil {
		t.Fatal(err)
	}
	d := m.sys.dos
	if d.cwd != "GAMES/A" {
		t.Fatalf("cwd at power-on = %q", d.cwd)
	}
	if s := sendCommand(d, []byte("CD:/OTHER")); s != "00, OK,00,00" || d.cwd != "OTHER" {
		t.Fatalf("CD:/OTHER: %s, cwd %q", s, d.cwd)
	}
	var f savestate.File
	m.SaveState(&f)
	d.Reset()
	if d.cwd != "GAMES/A" {
		t.Errorf("cwd after a reset = %q, want the start folder", d.cwd)
	}
	r, err := Restore(&f, RestoreOptions{FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	if rd := r.sys.dos; rd.cwd != "OTHER" || rd.start != "GAMES/A" {
		t.Errorf("restored: cwd %q, start %q", rd.cwd, rd.start)
	}
	r.sys.dos.Reset()
	if r.sys.dos.cwd != "GAMES/A" {
		t.Errorf("restored, then reset: cwd %q", r.sys.dos.cwd)
	}
}
