package session

import (
	"bytes"
	"errors"
	"os"
	"testing"
	"time"

	"x16scope/core"
	"x16scope/fatfs"
	"x16scope/sdcard"
	"x16scope/sdcard/sdtest"
)

// fatCard makes a FAT32 card image with the usual tools holding files, as the bytes a page
// drop gives.
func fatCard(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	if why := sdtest.Tools(); why != "" {
		t.Skip(why)
	}
	path, err := sdtest.MakeFAT32(t.TempDir(), "card.img", 40, files)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func readCardFile(t *testing.T, img *sdcard.Image, name string) ([]byte, error) {
	t.Helper()
	f, err := fatfs.Open(img, nil, img.Size())
	if err != nil {
		t.Fatal(err)
	}
	return f.ReadFile(name)
}

// The built-in ROM boots a card's machine-code AUTOBOOT.X16 and serves the card as device 8:
// sdboot.prg LOADs INPUT.BIN and SAVEs OUTPUT.BIN, which is then in the running machine's
// image (its changed blocks) and not in the one put in; going back in time takes it away.
func TestBuiltinROMBootsCard(t *testing.T) {
	prg, err := os.ReadFile("../core/testdata/sdboot.prg")
	if err != nil {
		t.Fatal(err)
	}
	data := fatCard(t, map[string][]byte{"AUTOBOOT.X16": prg, "INPUT.BIN": []byte("ABCDxyz")})
	s, err := NewSessionWith(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.LoadCard("card.img", data, false); err != nil {
		t.Fatal(err)
	}
	done := uint32(0)
	for range 120 {
		s.RunFrame()
		if s.Machine().Peek(0x0408) == 0xA5 {
			done = s.CurrentFrame()
			break
		}
	}
	m := s.Machine()
	if done == 0 || m.Peek(0x0400) != 0x42 {
		t.Fatalf("AUTOBOOT.X16 did not run to its end (PC=$%04X, $0400=$%02X)", m.CPU().PC, m.Peek(0x0400))
	}
	if m.Peek(0x0401) != 0 || m.Peek(0x0402) != 0 || m.Peek(0x0403) != 0 {
		t.Fatalf("LOAD $%02X, SAVE/LOAD $%02X, differing bytes %d", m.Peek(0x0401), m.Peek(0x0402), m.Peek(0x0403))
	}
	if got := []byte{m.Peek(0x0404), m.Peek(0x0405), m.Peek(0x0406), m.Peek(0x0407)}; string(got) != "CDxy" { // LOAD skips the two-byte header, as the KERNAL does
		t.Errorf("INPUT.BIN read as %q", got)
	}
	img := s.CardImage()
	if len(img.Changed()) == 0 {
		t.Fatal("the SAVE changed no block of the card")
	}
	out, err := readCardFile(t, img, "OUTPUT.BIN")
	if err != nil {
		t.Fatalf("OUTPUT.BIN on the card: %v", err)
	}
	if len(out) != 258 || out[0] != 0x00 || out[1] != 0x50 || out[2] != 1 || out[257] != (255*3+1)%256 {
		t.Errorf("OUTPUT.BIN: %d bytes % X...", len(out), out[:min(6, len(out))])
	}
	// What a download gives: the whole image, which mtools-made tools read too.
	full, err := img.Bytes()
	if err != nil || len(full) != len(data) || bytes.Equal(full, data) {
		t.Fatalf("the changed image's bytes: %d (err %v), want %d and different", len(full), err, len(data))
	}
	first, _ := s.Window()
	if err := s.Seek(first); err != nil {
		t.Fatal(err)
	}
	if _, err := readCardFile(t, s.CardImage(), "OUTPUT.BIN"); err == nil {
		t.Error("back before the SAVE, OUTPUT.BIN is on the card")
	}
	// Running on from the past: the rebuilt machine's DOS serves its own image.
	s.Resume()
	for range 120 {
		s.RunFrame()
		if s.Machine().Peek(0x0408) == 0xA5 {
			break
		}
	}
	if _, err := readCardFile(t, s.CardImage(), "OUTPUT.BIN"); err != nil || s.Machine().Peek(0x0402) != 0 {
		t.Errorf("running on from the past: OUTPUT.BIN %v, SAVE $%02X", err, s.Machine().Peek(0x0402))
	}
	// A reset boots it again.
	s.Reset()
	if s.Machine().Peek(0x0408) == 0xA5 {
		t.Fatal("the reset machine kept the old memory")
	}
	for range 120 {
		s.RunFrame()
	}
	if s.Machine().Peek(0x0408) != 0xA5 {
		t.Error("after a reset the card's AUTOBOOT.X16 did not run again")
	}
}

// A BASIC AUTOBOOT.X16 needs the official ROM; a card with no FAT32 volume cannot be served;
// a write-protected card refuses the SAVE. The card is in the slot all the same.
func TestBuiltinROMCardErrors(t *testing.T) {
	basic := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x99, 0x22, 0x48, 0x49, 0x22, 0x00, 0x00, 0x00} // 10 PRINT"HI"
	s, _ := NewSessionWith(Options{})
	err := s.LoadCard("card.img", fatCard(t, map[string][]byte{"AUTOBOOT.X16": basic}), false)
	if !errors.Is(err, ErrCardBoot) || !errors.Is(err, core.ErrNeedsBASIC) {
		t.Errorf("a BASIC AUTOBOOT.X16: %v", err)
	}
	if s.CardImage() == nil {
		t.Error("the card is not in the slot")
	}
	err = s.LoadCard("blank.img", make([]byte, 1<<20), false)
	if !errors.Is(err, ErrCardBoot) || s.CardImage() == nil {
		t.Errorf("a blank card: %v", err)
	}
	prg, _ := os.ReadFile("../core/testdata/sdboot.prg")
	if err := s.LoadCard("ro.img", fatCard(t, map[string][]byte{"AUTOBOOT.X16": prg, "INPUT.BIN": []byte("ABCD")}), true); err != nil {
		t.Fatal(err)
	}
	for range 120 {
		s.RunFrame()
	}
	m := s.Machine()
	if m.Peek(0x0408) != 0xA5 || m.Peek(0x0401) != 0 || m.Peek(0x0402) == 0 {
		t.Errorf("a locked card: end $%02X, LOAD $%02X, SAVE $%02X (want it to fail)", m.Peek(0x0408), m.Peek(0x0401), m.Peek(0x0402))
	}
	if len(s.CardImage().Changed()) != 0 {
		t.Error("a locked card was written")
	}
}

// A capture of a frame in which the built-in ROM's DOS served the card carries the blocks
// it read (the partition table, the boot sector, the FAT, the directory, the file): opened
// in a session with no card, the frame runs again and ends as it did. The frame checked is
// the one whose capture carries the most (the one where the DOS opened the volume).
func TestBuiltinROMCardCapture(t *testing.T) {
	prg, err := os.ReadFile("../core/testdata/sdboot.prg")
	if err != nil {
		t.Fatal(err)
	}
	data := fatCard(t, map[string][]byte{"AUTOBOOT.X16": prg, "INPUT.BIN": []byte("ABCDxyz")})
	s, _ := NewSessionWith(Options{})
	if err := s.LoadCard("card.img", data, false); err != nil {
		t.Fatal(err)
	}
	ends := map[uint32][]byte{} // $0400-$0408 at the end of each frame
	for range 120 {
		f := s.CurrentFrame()
		s.RunFrame()
		m := s.Machine()
		ends[f] = []byte{m.Peek(0x0400), m.Peek(0x0401), m.Peek(0x0402), m.Peek(0x0403), m.Peek(0x0404), m.Peek(0x0408)}
		if m.Peek(0x0408) == 0xA5 {
			break
		}
	}
	if s.Machine().Peek(0x0408) != 0xA5 {
		t.Fatal("AUTOBOOT.X16 did not finish")
	}
	s.RunFrame()
	var best []byte
	var frame uint32
	for f := range ends {
		if c, err := s.Capture(f, time.Unix(0, 0)); err == nil && len(c) > len(best) {
			best, frame = c, f
		}
	}
	if len(best) < 8*1024 {
		t.Fatalf("no capture carries the card's FAT32 structures (the largest: %d bytes)", len(best))
	}
	o, _ := NewSessionWith(Options{})
	if _, err := o.OpenCapture(best); err != nil {
		t.Fatal(err)
	}
	m := o.Machine()
	got := []byte{m.Peek(0x0400), m.Peek(0x0401), m.Peek(0x0402), m.Peek(0x0403), m.Peek(0x0404), m.Peek(0x0408)}
	if !bytes.Equal(got, ends[frame]) {
		t.Fatalf("frame %d replayed: % X, as run: % X", frame, got, ends[frame])
	}
}

// Blocks written past the DOS (a program's own sector writes: here another volume over the
// same image) are seen: the served volume reads its tables again.
func TestCardFSSeesOtherWrites(t *testing.T) {
	img, err := sdcard.FromBytes(fatCard(t, map[string][]byte{"A.BIN": []byte("a")}))
	if err != nil {
		t.Fatal(err)
	}
	c := newCardFS(img, false)
	if _, err := c.ReadFile("A.BIN"); err != nil {
		t.Fatal(err)
	}
	if err := c.WriteFile("B.BIN", []byte("b")); err != nil {
		t.Fatal(err)
	}
	other, err := fatfs.Open(img, img, img.Size())
	if err != nil {
		t.Fatal(err)
	}
	if err := other.WriteFile("C.BIN", []byte("c")); err != nil {
		t.Fatal(err)
	}
	if got, err := c.ReadFile("C.BIN"); err != nil || string(got) != "c" {
		t.Errorf("a file written past the served volume: %q, %v", got, err)
	}
	if got, err := c.ReadFile("B.BIN"); err != nil || string(got) != "b" {
		t.Errorf("the volume's own file: %q, %v", got, err)
	}
}
