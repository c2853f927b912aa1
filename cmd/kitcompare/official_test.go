package main

import (
	"bytes"
	stdpng "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestKitAgainstOfficial runs kitcompare as compare-kit.sh does on a kit of one program
// (core/testdata/startframe.prg in a folder with an AUTOBOOT.X16 that loads it) with the
// official emulator built from X16EMU_SRC, and requires its row: the official emulator and
// x16scope on the official ROM show the same frame 60.
func TestKitAgainstOfficial(t *testing.T) {
	if os.Getenv("X16EMU_SRC") == "" || os.Getenv("X16_ROM") == "" {
		t.Skip("X16EMU_SRC and X16_ROM are not both set: this test builds and runs the official emulator (X16Community/x16-emulator) with the official ROM")
	}
	out, err := exec.Command("bash", "../../scripts/official-shot.sh").Output()
	if err != nil {
		t.Fatalf("scripts/official-shot.sh: %v", err)
	}
	emu := strings.TrimSpace(string(out))
	prg, err := os.ReadFile("../../core/testdata/startframe.prg")
	if err != nil {
		t.Fatal(err)
	}
	kit := t.TempDir()
	writeFiles(t, kit, map[string][]byte{
		"DEMOS/RED/AUTOBOOT.X16": basicLine(append([]byte{0x93 /* LOAD */, '"'}, "RED.PRG"...)...),
		"DEMOS/RED/RED.PRG":      prg,
	})
	md := filepath.Join(t.TempDir(), "table.md")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-kit", kit, "-emu", emu, "-rom", os.Getenv("X16_ROM"), "-out", t.TempDir(),
		"-md", md, "-frame", "60"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	table, _ := os.ReadFile(md)
	row := ""
	for _, l := range strings.Split(string(table), "\n") {
		if strings.HasPrefix(l, "| `DEMOS/RED`") {
			row = l
		}
	}
	// The program starts in frame 31 in both emulators, and the built-in ROM's start is
	// found (its frame 4).
	if !strings.HasPrefix(row, "| `DEMOS/RED` | machine code | 31 / 31 / ") || !strings.Contains(row, "| identical |") {
		t.Errorf("row %q\n%s", row, stdout.String())
	}
}

// TestOneProgramAgainstOfficial: -prg (scripts/compare-official.sh) on the same program,
// its pictures kept whatever they show.
func TestOneProgramAgainstOfficial(t *testing.T) {
	if os.Getenv("X16EMU_SRC") == "" || os.Getenv("X16_ROM") == "" {
		t.Skip("X16EMU_SRC and X16_ROM are not both set: this test builds and runs the official emulator (X16Community/x16-emulator) with the official ROM")
	}
	out, err := exec.Command("bash", "../../scripts/official-shot.sh").Output()
	if err != nil {
		t.Fatalf("scripts/official-shot.sh: %v", err)
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"-prg", "../../core/testdata/startframe.prg", "-emu", strings.TrimSpace(string(out)),
		"-rom", os.Getenv("X16_ROM"), "-out", dir, "-frame", "60"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "x16scope official ROM (started in frame 31): identical") {
		t.Errorf("report:\n%s", stdout.String())
	}
	for _, f := range []string{"official.png", "x16scope-official.png", "x16scope-builtin.png", "side.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// -reuse-official takes an earlier run's frame only when it is of the same -frame.
func TestEarlierOfficialRun(t *testing.T) {
	work := t.TempDir()
	var png bytes.Buffer
	if err := stdpng.Encode(&png, picture(7)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(work, "official.png"), png.Bytes(), 0o644)
	os.WriteFile(filepath.Join(work, "official.log"), []byte("x16shot: start frame 31\n"), 0o644)
	os.WriteFile(filepath.Join(work, "official.frame"), []byte("600"), 0o644)
	if _, ok := readEarlierOfficial(work, 500); ok {
		t.Error("a run of frame 600 is taken for frame 500")
	}
	e, ok := readEarlierOfficial(work, 600)
	if !ok {
		t.Fatal("the run of frame 600 is not found")
	}
	again := t.TempDir()
	r, err := e.restore(again, 600)
	if err != nil {
		t.Fatal(err)
	}
	if r.Start != 31 || r.Picture.Pix[0] != 7 {
		t.Errorf("restored start %d, first pixel %d; want 31 and 7", r.Start, r.Picture.Pix[0])
	}
	if _, ok := readEarlierOfficial(again, 600); !ok {
		t.Error("the restored run is not kept for the next rerun")
	}
}
