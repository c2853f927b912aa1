package core_test

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
	"time"

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
	frame, started := -1, -1
	for i := range 300 {
		m.RunFrame()
		if started < 0 && m.Peek(0x0400) == 0x42 {
			started = i + 1
		}
		if m.Peek(0x0408) == 0xA5 {
			frame = i + 1
			break
		}
	}
	if frame < 0 {
		t.Fatalf("AUTOBOOT.X16 did not finish in 300 frames ($0400 = $%02X: $42 when it ran)", m.Peek(0x0400))
	}
	t.Logf("AUTOBOOT.X16 running by the end of frame %d, done (LOAD, SAVE, LOAD) in frame %d (%.2f s from power-on)", started, frame, float64(frame)/60)
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

// TestSDCardAgainstX16emu boots the same card image on the official emulator (-sdcard)
// and on x16scope, both with the official ROM: CMDR-DOS loads AUTOBOOT.X16 (sdbootoff.s),
// which LOADs and SAVEs through it and switches the machine off. The two images after are
// identical byte for byte: every block the DOS wrote (directory entry, FAT, data) the same.
func TestSDCardAgainstX16emu(t *testing.T) {
	rom := officialROM(t)
	emu := os.Getenv("X16EMU")
	if emu == "" {
		t.Skip("X16EMU is not set: this test runs the official emulator (built from X16Community/x16-emulator)")
	}
	if why := sdtest.Tools(); why != "" {
		t.Skip(why)
	}
	prg, err := os.ReadFile("testdata/sdbootoff.prg")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path, err := sdtest.MakeFAT32(dir, "card.img", 64, map[string][]byte{"AUTOBOOT.X16": prg, "INPUT.BIN": []byte("ABCDxyz")})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(emu, "-rom", os.Getenv("X16_ROM"), "-sdcard", path, "-sound", "none", "-warp")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy")
	done := make(chan error, 1)
	go func() { _, err := cmd.CombinedOutput(); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", emu, err)
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the official emulator did not switch off within 60 s")
	}
	official, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(official, raw) {
		t.Fatal("the official emulator wrote nothing to the card")
	}

	img, err := sdcard.FromBytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	m, err := core.New(core.Config{ROM: rom, SDCard: img})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 600 && m.RunFrame()&core.EventStop == 0; i++ {
	}
	if m.Peek(0x0408) != 0xA5 {
		t.Fatal("AUTOBOOT.X16 did not finish on x16scope")
	}
	ours, err := img.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ours, official) {
		n := 0
		for i := 0; i < len(ours); i += sdcard.BlockSize {
			if !bytes.Equal(ours[i:i+sdcard.BlockSize], official[i:i+sdcard.BlockSize]) {
				n++
				if n <= 5 {
					t.Errorf("block %d differs", i/sdcard.BlockSize)
				}
			}
		}
		t.Fatalf("%d blocks differ from the official emulator's image", n)
	}
}

// TestSDCardPulledOfficial pulls the card while the official ROM's DOS is at work on it
// at power-on: the slot goes empty (MISO floats high), nothing more is read from it, and
// the machine runs on. (What the ROM then does is its own: this build's KERNAL, finding no
// card, goes on to the IEC serial bus for device 8 and waits in tkatn1 for a clock line
// no device drives.)
func TestSDCardPulledOfficial(t *testing.T) {
	rom := officialROM(t)
	raw, err := os.ReadFile(bootImage(t))
	if err != nil {
		t.Fatal(err)
	}
	img, _ := sdcard.FromBytes(raw)
	m, err := core.New(core.Config{ROM: rom, SDCard: img})
	if err != nil {
		t.Fatal(err)
	}
	pulledAt := uint64(0)
	for range 120 {
		m.RunFrame()
		if m.Card() != nil && m.Card().Selected() { // the DOS is talking to the card
			m.InsertCard(nil, false)
			pulledAt = m.Frame()
			break
		}
	}
	if pulledAt == 0 {
		t.Fatal("the card was never selected")
	}
	before := m.Cycle()
	for range 120 {
		m.RunFrame()
	}
	if m.Card() != nil || m.Peek(0x0400) == 0x42 {
		t.Fatal("AUTOBOOT.X16 ran from a card pulled before it was read")
	}
	if m.Cycle()-before < 119*core.CyclesPerFrame {
		t.Errorf("the machine did not run on: %d cycles in 120 frames", m.Cycle()-before)
	}
}
