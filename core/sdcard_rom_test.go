package core_test

import (
	"bytes"
	"os"
	"testing"

	"x16scope/core"
	"x16scope/sdcard"
	"x16scope/sdcard/sdtest"
)

// bootImage makes a 64 MB FAT32 card image with sdboot.prg as AUTOBOOT.X16 and
// INPUT.BIN, with the usual tools.
func bootImage(t *testing.T) string {
	t.Helper()
	if why := sdtest.Tools(); why != "" {
		t.Skip(why)
	}
	prg, err := os.ReadFile("testdata/sdboot.prg")
	if err != nil {
		t.Fatal(err)
	}
	path, err := sdtest.MakeFAT32(t.TempDir(), "card.img", 64, map[string][]byte{
		"AUTOBOOT.X16": prg,
		"INPUT.BIN":    []byte("ABCDxyz"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSDCardBootOfficial powers on the official ROM with a card made with sfdisk,
// mkfs.vfat and mcopy: CMDR-DOS finds the card, loads AUTOBOOT.X16 and runs it, and the
// program's LOAD and SAVE go through CMDR-DOS to the card. The image given is never
// written: the machine writes its own blocks.
func TestSDCardBootOfficial(t *testing.T) {
	rom := officialROM(t)
	path := bootImage(t)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	orig := bytes.Clone(raw)
	img, err := sdcard.FromBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.New(core.Config{ROM: rom, SDCard: img})
	if err != nil {
		t.Fatal(err)
	}
	frame := -1
	for i := range 300 {
		m.RunFrame()
		if m.Peek(0x0408) == 0xA5 {
			frame = i + 1
			break
		}
	}
	if frame < 0 {
		t.Fatalf("AUTOBOOT.X16 did not finish in 300 frames ($0400 = $%02X: $42 when it ran)", m.Peek(0x0400))
	}
	t.Logf("AUTOBOOT.X16 done in frame %d (%.2f s from power-on)", frame, float64(frame)/60)
	for _, c := range []struct {
		addr uint16
		want uint8
		what string
	}{
		{0x0400, 0x42, "ran"},
		{0x0401, 0, "LOAD INPUT.BIN error"},
		{0x0402, 0, "SAVE/LOAD OUTPUT.BIN error"},
		{0x0403, 0, "bytes that differ after the round trip"},
		{0x0404, 'C', "INPUT.BIN byte 2"},
		{0x0407, 'y', "INPUT.BIN byte 5"},
	} {
		if got := m.Peek(c.addr); got != c.want {
			t.Errorf("%s ($%04X) = $%02X, want $%02X", c.what, c.addr, got, c.want)
		}
	}
	if !bytes.Equal(raw, orig) {
		t.Fatal("the image given was written to")
	}
	if len(img.Changed()) == 0 {
		t.Fatal("SAVE changed no block of the card")
	}
	// The saved file, read back by mtools from the machine's image.
	out, err := img.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	saved := path + ".after"
	if err := os.WriteFile(saved, out, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := sdtest.ReadFile(saved, "OUTPUT.BIN")
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0x00, 0x50}
	for i := range 256 {
		want = append(want, uint8(i*3+1))
	}
	if !bytes.Equal(got, want) {
		t.Errorf("OUTPUT.BIN on the card: % X..., want % X...", got[:min(8, len(got))], want[:8])
	}
}

// TestSDCardEmptySlotOfficial: with no card the official ROM boots to READY as before
// (its DOS finds no card: MISO floats high, no answer).
func TestSDCardEmptySlotOfficial(t *testing.T) {
	rom := officialROM(t)
	m, err := core.New(core.Config{ROM: rom})
	if err != nil {
		t.Fatal(err)
	}
	for range 120 {
		m.RunFrame()
	}
	if !showsReady(m) {
		t.Fatal("no READY. on the screen with the slot empty")
	}
}

func showsReady(m *core.Machine) bool {
	for row := range 60 {
		if screenText(m, row) == "READY." {
			return true
		}
	}
	return false
}

// TestSDCardNotFATOfficial: a card with no file system the ROM can use (all zeros, no
// partition table) boots to READY: no crash, the machine carries on.
func TestSDCardNotFATOfficial(t *testing.T) {
	rom := officialROM(t)
	img, _ := sdcard.New(8 << 20)
	m, err := core.New(core.Config{ROM: rom, SDCard: img})
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		m.RunFrame()
	}
	if !showsReady(m) {
		t.Error("no READY. on the screen with an unformatted card")
	}
	if len(img.Changed()) != 0 {
		t.Errorf("the ROM wrote %d blocks to an unformatted card", len(img.Changed()))
	}
}
