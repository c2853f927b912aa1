package session

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"x16scope/sdcard"
)

// cardSession is a session on the built-in ROM with a card whose block n holds (n*7+i) & $FF, and
// sdsector.prg (core/testdata: it initialises the card, reads blocks 1-4 and writes block 2
// in its first frame) started.
func cardSession(t *testing.T) (*Session, *sdcard.Image) {
	t.Helper()
	src := make([]byte, 64*sdcard.BlockSize)
	for i := range src {
		src[i] = uint8(i/sdcard.BlockSize*7 + i)
	}
	img, err := sdcard.FromBytes(src)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSessionWith(Options{})
	if err != nil {
		t.Fatal(err)
	}
	// no FAT32 on it: the built-in ROM says it cannot boot it, and the card is in all the same
	if err := s.InsertCard(img, false); !errors.Is(err, ErrCardBoot) {
		t.Fatalf("a card with no FAT32 volume on the built-in ROM: %v, want ErrCardBoot", err)
	}
	prg, err := os.ReadFile("../core/testdata/sdsector.prg")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.LoadPRG("sdsector.prg", prg); err != nil {
		t.Fatal(err)
	}
	return s, img
}

func block2(t *testing.T, s *Session) []byte {
	t.Helper()
	img := s.CardImage()
	if img == nil {
		t.Fatal("no card in the slot")
	}
	b := make([]byte, sdcard.BlockSize)
	if _, err := img.ReadAt(b, 2*sdcard.BlockSize); err != nil {
		t.Fatal(err)
	}
	return b
}

// Going back in time gives the card back as it was: a block written after the keyframe is
// as before it, and running on writes it again; the image put in is never written.
func TestCardTimeTravel(t *testing.T) {
	s, img := cardSession(t)
	orig := block2(t, s)
	for range 30 {
		s.RunFrame()
	}
	if s.Machine().Peek(0x04FF) != 0xA5 {
		t.Fatal("sdsector.prg did not finish")
	}
	written := block2(t, s)
	if bytes.Equal(written, orig) {
		t.Fatal("the program did not change block 2")
	}
	if got := make([]byte, sdcard.BlockSize); true {
		img.ReadAt(got, 2*sdcard.BlockSize)
		if !bytes.Equal(got, orig) {
			t.Fatal("the image put in was written")
		}
	}
	first, _ := s.Window()
	if err := s.Seek(first); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(block2(t, s), orig) {
		t.Fatal("after going back before the write, block 2 is still the written one")
	}
	if err := s.Seek(20); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(block2(t, s), written) {
		t.Fatal("after going forward past the write, block 2 is not the written one")
	}
	if err := s.Seek(first); err != nil {
		t.Fatal(err)
	}
	s.Resume()
	for range 5 {
		s.RunFrame()
	}
	if !bytes.Equal(block2(t, s), written) || s.Machine().Peek(0x040B) != 0 {
		t.Fatal("running on from the past did not write block 2 again as before")
	}
}

// A capture carries the card's blocks its frame reads: opened where no card is (another
// page), the frame runs again and reads the same bytes.
func TestCardCapture(t *testing.T) {
	s, _ := cardSession(t)
	var ran uint32 // the frame in which the program finished
	for range 30 {
		f := s.CurrentFrame()
		s.RunFrame()
		if s.Machine().Peek(0x04FF) == 0xA5 {
			ran = f
			break
		}
	}
	if ran == 0 {
		t.Fatal("sdsector.prg did not finish")
	}
	for range 3 {
		s.RunFrame()
	}
	data, err := s.Capture(ran, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	o, err := NewSessionWith(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	m := o.Machine()
	if m.Peek(0x04FF) != 0xA5 {
		t.Fatalf("the captured frame did not run the program to its end (PC=$%04X)", m.CPU().PC)
	}
	if m.Peek(0x0406) != 0 || m.Peek(0x040B) != 0 || m.Peek(0x0408) != 0x05 {
		t.Errorf("the replayed program read other bytes: mismatches %d, %d, data response $%02X",
			m.Peek(0x0406), m.Peek(0x040B), m.Peek(0x0408))
	}
}

// A file that is no card image changes nothing: the running machine goes on.
func TestLoadCardBad(t *testing.T) {
	s, _ := cardSession(t)
	for range 10 {
		s.RunFrame()
	}
	m := s.Machine()
	for _, c := range []struct{ name, want string }{
		{"odd.img", "not a whole number of 512-byte blocks"},
		{"empty.img", "empty"},
		{"bad.gz", "not a gzip file"},
		{"bad.zip", "not a zip file"},
	} {
		data := make([]byte, 700)
		if c.name == "empty.img" {
			data = nil
		}
		err := s.LoadCard(c.name, data, false)
		if err == nil || !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a bad-file error with %q", c.name, err, c.want)
		}
		if s.Machine() != m {
			t.Fatalf("%s: the machine was replaced", c.name)
		}
	}
	before := m.Cycle()
	s.RunFrame()
	if m.Cycle() <= before || s.CardImage() == nil {
		t.Error("the machine did not run on with its card")
	}
	// A good one (in a gzip) replaces the card and restarts.
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(make([]byte, 8*sdcard.BlockSize))
	zw.Close()
	if err := s.LoadCard("card.img.gz", b.Bytes(), true); err != nil {
		t.Fatal(err)
	}
	if img := s.CardImage(); img == nil || img.Size() != 8*sdcard.BlockSize || !s.Machine().Card().ReadOnly() {
		t.Error("the gzipped card is not in the slot, write-protected")
	}
}
