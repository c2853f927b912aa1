package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --as-card: a folder (--fs) or a zip with a program that LOADs a data file and SAVEs one
// runs from a card built of its files, through the official ROM's CMDR-DOS: the SAVE lands
// on the card (the session test TestCardFromFilesOfficialROM checks the bytes it read).
func TestRunAsCard(t *testing.T) {
	rom := needROM(t)
	prg, err := os.ReadFile("../../core/testdata/sdboot.prg")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "GAME"), 0o755)
	os.WriteFile(filepath.Join(dir, "GAME", "GAME.PRG"), prg, 0o644)
	os.WriteFile(filepath.Join(dir, "GAME", "INPUT.BIN"), []byte("ABCDxyz"), 0o644)
	code, out, errs := runCLI("run", "--as-card", "--fs", dir, "--rom", rom, filepath.Join(dir, "GAME", "GAME.PRG"), "--frames", "120")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wantLines(t, out, "sdcard: built from "+dir+" (36 MB)", "blocks changed on the card built")
	if _, err := os.Stat(filepath.Join(dir, "GAME", "OUTPUT.BIN")); err == nil {
		t.Error("the program's SAVE went to the folder, not to the card")
	}
	zp := filepath.Join(t.TempDir(), "game.zip")
	f, _ := os.Create(zp)
	w := zip.NewWriter(f)
	for name, data := range map[string][]byte{"GAME/GAME.PRG": prg, "GAME/INPUT.BIN": []byte("ABCDxyz")} {
		e, _ := w.Create(name)
		e.Write(data)
	}
	w.Close()
	f.Close()
	code, out, errs = runCLI("run", "--as-card", "--rom", rom, zp, "--frames", "120")
	if code != 0 {
		t.Fatalf("zip: exit %d: %s", code, errs)
	}
	wantLines(t, out, "sdcard: built from game.zip (36 MB)", "blocks changed on the card built")
}

func TestRunAsCardErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--as-card", "--fs", ".", "testdata/hello.prg"}, "needs --rom"},
		{[]string{"run", "--as-card", "--sdcard", "x.img", "--rom", "r.bin"}, "excludes --sdcard"},
	} {
		code, _, errs := runCLI(c.args...)
		if code == 0 || !strings.Contains(errs, c.want) && !strings.Contains(errs, "give --rom FILE") {
			t.Errorf("%v: exit %d, %q, want %q", c.args, code, errs, c.want)
		}
	}
}
