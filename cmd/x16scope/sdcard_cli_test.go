package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"x16scope/sdcard/sdtest"
)

// cardImage makes a FAT32 card image with core/testdata/sdboot.prg as AUTOBOOT.X16 (it
// LOADs INPUT.BIN and SAVEs OUTPUT.BIN through the official ROM's DOS).
func cardImage(t *testing.T) string {
	t.Helper()
	if why := sdtest.Tools(); why != "" {
		t.Skip(why)
	}
	prg, err := os.ReadFile("../../core/testdata/sdboot.prg")
	if err != nil {
		t.Fatal(err)
	}
	path, err := sdtest.MakeFAT32(t.TempDir(), "card.img", 64, map[string][]byte{"AUTOBOOT.X16": prg, "INPUT.BIN": []byte("ABCDxyz")})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func needROM(t *testing.T) string {
	rom := os.Getenv("X16_ROM")
	if rom == "" {
		t.Skip("X16_ROM is not set: this test needs the official ROM (rom.bin built from X16Community/x16-rom)")
	}
	return rom
}

// run --sdcard FILE with no program boots the official ROM from the card; the file is
// unchanged unless --sdcard-write writes the program's changes back.
func TestRunSDCardBoot(t *testing.T) {
	rom := needROM(t)
	img := cardImage(t)
	before, _ := os.ReadFile(img)
	code, out, errs := runCLI("run", "--sdcard", img, "--rom", rom, "--frames", "90")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wantLines(t, out, "program: none (boots from the SD card)", "sdcard: "+img+" (64 MB)", "blocks changed, not written back")
	after, _ := os.ReadFile(img)
	if !bytes.Equal(before, after) {
		t.Fatal("the image file changed without --sdcard-write")
	}
	if _, err := sdtest.ReadFile(img, "OUTPUT.BIN"); err == nil {
		t.Fatal("OUTPUT.BIN is on the file without --sdcard-write")
	}
	code, out, errs = runCLI("run", "--sdcard", img, "--sdcard-write", "--rom", rom, "--frames", "90")
	if code != 0 {
		t.Fatalf("--sdcard-write: exit %d: %s", code, errs)
	}
	wantLines(t, out, "blocks written back to "+img)
	got, err := sdtest.ReadFile(img, "OUTPUT.BIN")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 258 || got[0] != 0x00 || got[1] != 0x50 || got[2] != 1 || got[257] != (255*3+1)%256 {
		t.Errorf("OUTPUT.BIN as saved by the program: %d bytes % X...", len(got), got[:min(6, len(got))])
	}
	// profile boots it the same way.
	code, out, errs = runCLI("profile", "--sdcard", img, "--rom", rom, "--frames", "60")
	if code != 0 {
		t.Fatalf("profile: exit %d: %s", code, errs)
	}
	wantLines(t, out, "program: none (boots from the SD card)")
}

// run --sdcard FILE with no program on the built-in ROM: its host DOS serves the card's
// FAT32 volume and runs the machine-code AUTOBOOT.X16, whose SAVE reaches the file only
// with --sdcard-write (read back with mtools).
func TestRunSDCardBuiltinROM(t *testing.T) {
	img := cardImage(t)
	before, _ := os.ReadFile(img)
	code, out, errs := runCLI("run", "--sdcard", img, "--frames", "90")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wantLines(t, out, "program: none (boots from the SD card)", "blocks changed, not written back")
	if after, _ := os.ReadFile(img); !bytes.Equal(before, after) {
		t.Fatal("the image file changed without --sdcard-write")
	}
	code, out, errs = runCLI("run", "--sdcard", img, "--sdcard-write", "--frames", "90")
	if code != 0 {
		t.Fatalf("--sdcard-write: exit %d: %s", code, errs)
	}
	wantLines(t, out, "blocks written back to "+img)
	got, err := sdtest.ReadFile(img, "OUTPUT.BIN")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 258 || got[0] != 0x00 || got[1] != 0x50 || got[2] != 1 || got[257] != (255*3+1)%256 {
		t.Errorf("OUTPUT.BIN as saved by the program: %d bytes % X...", len(got), got[:min(6, len(got))])
	}
	// A BASIC AUTOBOOT.X16 needs the official ROM's BASIC.
	basic := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x99, 0x22, 0x48, 0x49, 0x22, 0x00, 0x00, 0x00}
	bimg, err := sdtest.MakeFAT32(t.TempDir(), "basic.img", 40, map[string][]byte{"AUTOBOOT.X16": basic})
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI("run", "--sdcard", bimg, "--frames", "10")
	if code == 0 || !strings.Contains(errs, "AUTOBOOT.X16: this is a tokenized BASIC program") {
		t.Errorf("a BASIC AUTOBOOT.X16 on the built-in ROM: exit %d, %q", code, errs)
	}
}

// An .img inside a .gz or a .zip is read as the card (and cannot be written back).
func TestRunSDCardPacked(t *testing.T) {
	rom := needROM(t)
	img := cardImage(t)
	raw, _ := os.ReadFile(img)
	dir := t.TempDir()
	gz := filepath.Join(dir, "card.img.gz")
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(raw)
	zw.Close()
	os.WriteFile(gz, b.Bytes(), 0o644)
	zp := filepath.Join(dir, "card.zip")
	b.Reset()
	w := zip.NewWriter(&b)
	f, _ := w.Create("IMAGES/card.img")
	f.Write(raw)
	w.Create("README.TXT")
	w.Close()
	os.WriteFile(zp, b.Bytes(), 0o644)
	for _, p := range []string{gz, zp} {
		code, out, errs := runCLI("run", "--sdcard", p, "--rom", rom, "--frames", "90")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", p, code, errs)
		}
		wantLines(t, out, "blocks changed, not written back")
		code, _, errs = runCLI("run", "--sdcard", p, "--sdcard-write", "--rom", rom)
		if code == 0 || !strings.Contains(errs, "the .img itself") {
			t.Errorf("%s --sdcard-write: exit %d, %q", p, code, errs)
		}
	}
}

// Bad images and combinations get a clear message.
func TestRunSDCardErrors(t *testing.T) {
	dir := t.TempDir()
	odd := filepath.Join(dir, "odd.img")
	os.WriteFile(odd, make([]byte, 1000), 0o644)
	empty := filepath.Join(dir, "empty.img")
	os.WriteFile(empty, nil, 0o644)
	nozip := filepath.Join(dir, "none.zip")
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	w.Create("README.TXT")
	w.Close()
	os.WriteFile(nozip, b.Bytes(), 0o644)
	badgz := filepath.Join(dir, "bad.gz")
	os.WriteFile(badgz, []byte("not gzip"), 0o644)
	good := filepath.Join(dir, "good.img")
	os.WriteFile(good, make([]byte, 1<<20), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--sdcard", odd}, "1000 bytes is not a whole number of 512-byte blocks"},
		{[]string{"run", "--sdcard", empty}, "the image is empty"},
		{[]string{"run", "--sdcard", nozip}, "holds 0 .img files"},
		{[]string{"run", "--sdcard", badgz}, "not a gzip file"},
		{[]string{"run", "--sdcard", filepath.Join(dir, "missing.img")}, "no such file"},
		{[]string{"run", "--sdcard", good}, "the built-in ROM's DOS cannot read the card: not FAT32"},
		{[]string{"run", "--sdcard-write", "testdata/hello.prg"}, "need --sdcard FILE"},
	} {
		code, _, errs := runCLI(c.args...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
	// A program runs with the card in the slot on the built-in ROM.
	code, out, errs := runCLI("run", "--sdcard", good, "testdata/hello.prg", "--frames", "60")
	if code != 0 {
		t.Fatalf("a program with a card: exit %d: %s", code, errs)
	}
	wantLines(t, out, "sdcard: "+good+" (1 MB)")
}
