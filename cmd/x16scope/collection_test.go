package main

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cdrootKit is a collection: two folders with an AUTOBOOT.X16 whose program
// (session/testdata/cdroot.prg) loads LOCAL.BIN from its folder and, after CD:/OTHER,
// DATA.BIN from /OTHER, returning with the bytes loaded in X and Y.
func cdrootKit(t *testing.T) map[string][]byte {
	t.Helper()
	prg, err := os.ReadFile("../../session/testdata/cdroot.prg")
	if err != nil {
		t.Fatal(err)
	}
	load := func(name string) []byte { // 10 LOAD"NAME
		line := append([]byte{0x93, '"'}, name...)
		next := 0x0801 + 4 + len(line) + 1
		return append(append([]byte{0x01, 0x08, byte(next), byte(next >> 8), 10, 0}, line...), 0, 0, 0)
	}
	return map[string][]byte{
		"GAMES/A/AUTOBOOT.X16": load("A.PRG"),
		"GAMES/A/A.PRG":        prg,
		"GAMES/A/LOCAL.BIN":    {0x00, 0x70, 0x11},
		"GAMES/A/README.TXT":   []byte("Game A\n"),
		"GAMES/B/AUTOBOOT.X16": load("B.PRG"),
		"GAMES/B/B.PRG":        prg,
		"GAMES/B/LOCAL.BIN":    {0x00, 0x70, 0x33},
		"OTHER/DATA.BIN":       {0x01, 0x70, 0x22},
	}
}

func TestRunStartInCollection(t *testing.T) {
	kit := cdrootKit(t)
	z := makeZip(t, kit)
	dir := t.TempDir()
	for name, data := range kit {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, file := range []string{z, dir} {
		code, out, errs := runCLI("run", file, "--start", "games/a/a.prg", "--frames", "20", "--want-return")
		if code != 0 {
			t.Fatalf("%s: exit %d, stderr %q\n%s", file, code, errs, out)
		}
		wantLines(t, out, "GAMES/A/A.PRG: load $0801", "in its folder /GAMES/A, with the collection's 8 files on device 8",
			"returned: A=$A5 X=$11 Y=$22")
		code, out, errs = runCLI("run", file, "--start", "GAMES/B", "--frames", "20", "--want-return")
		if code != 0 {
			t.Fatalf("%s: exit %d, stderr %q\n%s", file, code, errs, out)
		}
		wantLines(t, out, "returned: A=$A5 X=$33 Y=$22")
		code, out, errs = runCLI("profile", file, "--start", "GAMES/B", "--frames", "20")
		if code != 0 {
			t.Fatalf("profile %s: exit %d, stderr %q\n%s", file, code, errs, out)
		}
	}

	// --list prints the programs; no --start prints them too, as a usage error.
	code, out, errs := runCLI("run", z, "--list")
	if code != 0 || !strings.Contains(out, "2 programs") || !strings.Contains(out, "GAMES/A/A.PRG  Game A") {
		t.Errorf("--list: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs = runCLI("run", z)
	if code != 2 || !strings.Contains(errs, "--start") || !strings.Contains(errs, "GAMES/B/B.PRG") || out != "" {
		t.Errorf("no --start: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = runCLI("run", z, "--start", "GAMES/C")
	if code != 1 || !strings.Contains(errs, "no such program") || !strings.Contains(errs, "GAMES/A") {
		t.Errorf("--start GAMES/C: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI("run", "testdata/hello.prg", "--start", "X")
	if code != 2 || !strings.Contains(errs, "one program") {
		t.Errorf("--start on a PRG: exit %d, stderr %q", code, errs)
	}
}

// With X16KIT (the starter kit's sdcard_root folder): its zip lists its programs and
// GAMES/BRIXX starts from it.
func TestRunStarterKitZip(t *testing.T) {
	kit := os.Getenv("X16KIT")
	if kit == "" {
		t.Skip("X16KIT not set: the starter kit's sdcard_root folder (github.com/cx16forum/sdcard) is needed")
	}
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	err := filepath.WalkDir(kit, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(kit, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := w.CreateHeader(&zip.FileHeader{Name: filepath.ToSlash(rel), Method: zip.Store})
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		return err
	})
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	z := filepath.Join(t.TempDir(), "KIT.zip")
	if err := os.WriteFile(z, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("run", z, "--list")
	if code != 0 || !strings.Contains(out, "195 programs") || !strings.Contains(out, "GAMES/BRIXX/BRIXX.PRG") {
		t.Errorf("--list: exit %d, stderr %q\n%s", code, errs, out[:min(len(out), 400)])
	}
	code, out, errs = runCLI("run", z, "--start", "GAMES/BRIXX/BRIXX.PRG", "--frames", "120")
	if code != 0 || !strings.Contains(out, "outcome: ran 120 frames") {
		t.Errorf("BRIXX: exit %d, stderr %q\n%s", code, errs, out)
	}
}
