package core_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"testing"

	"x16scope/core"
	"x16scope/savestate"
	"x16scope/sdcard"
)

// patternCard is a card image whose block n holds byte (n*7+i) & $FF at offset i.
func patternCard(t *testing.T, blocks int) *sdcard.Image {
	t.Helper()
	src := make([]byte, blocks*sdcard.BlockSize)
	for i := range src {
		src[i] = uint8(i/sdcard.BlockSize*7 + i)
	}
	img, err := sdcard.FromBytes(src)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestSDSectorProgram runs sdsector.prg, a program that initialises the card and reads and
// writes blocks itself through VERA's SPI registers (no ROM: nothing else touches the
// card), and checks what it saw and what it wrote.
func TestSDSectorProgram(t *testing.T) {
	img := patternCard(t, 64)
	m, err := core.New(core.Config{SDCard: img})
	if err != nil {
		t.Fatal(err)
	}
	prg, err := os.ReadFile("testdata/sdsector.prg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	for range 60 {
		if m.RunFrame()&core.EventExit != 0 {
			break
		}
	}
	if m.Peek(0x04FF) != 0xA5 {
		t.Fatalf("sdsector.prg did not finish: PC=$%04X", m.CPU().PC)
	}
	for _, c := range []struct {
		addr uint16
		want uint8
		what string
	}{
		{0x0400, 0x01, "CMD0 R1"},
		{0x0401, 0x01, "CMD8 R1"},
		{0x0402, 0xAA, "R7 check pattern"},
		{0x0403, 2, "ACMD41 polls"},
		{0x0404, 0xC0, "OCR byte 0"},
		{0x0405, 0x00, "CMD17 R1"},
		{0x0406, 0, "mismatches in block 1"},
		{0x0407, 0x00, "CMD24 R1"},
		{0x0408, 0x05, "data response"},
		{0x040A, 0x00, "CMD18 R1"},
		{0x040B, 0, "mismatches in blocks 2-4"},
		{0x040C, 0x00, "CMD12 R1"},
	} {
		if got := m.Peek(c.addr); got != c.want {
			t.Errorf("%s ($%04X) = $%02X, want $%02X", c.what, c.addr, got, c.want)
		}
	}
	if busy := m.Peek(0x0409); busy == 0 {
		t.Error("the program saw no busy after its write")
	}
	want := make([]byte, sdcard.BlockSize)
	for i := range want {
		want[i] = uint8(i) ^ 0x5A
	}
	got := make([]byte, sdcard.BlockSize)
	img.ReadAt(got, 2*sdcard.BlockSize)
	if !bytes.Equal(got, want) {
		t.Error("block 2 on the card is not what the program wrote")
	}
	if ch := img.Changed(); len(ch) != 1 || ch[0] != 2 {
		t.Errorf("changed blocks %v, want [2]", ch)
	}
	var mem [8]byte
	for i := range mem {
		mem[i] = m.Peek(0x0410 + uint16(i))
	}
	one, three := binary.LittleEndian.Uint32(mem[:4]), binary.LittleEndian.Uint32(mem[4:])
	t.Logf("CMD17 with auto-TX reads: %d cycles a block; CMD18 polled: %d cycles for 3 blocks (%d a block)", one, three, three/3)
	// The auto-TX loop is 14 cycles a byte (lda, sta abs,y, iny, bne): the transfer (16
	// SCK phases at 25 MHz, 5.1 CPU cycles) hides under it. The polled one is 39 (jsr, lda
	// #, sta, bit+bmi, lda, rts, sta (zp),y, iny, bne) and its first BIT, 4 cycles after
	// the STA, still finds the transfer busy: one more BMI+BIT, 46 a byte.
	if one < 512*14 || one > 512*14+600 {
		t.Errorf("CMD17 block: %d cycles, want 512*14 and the command's", one)
	}
	if three < 3*512*46 || three > 3*(512*46+600) {
		t.Errorf("CMD18 3 blocks: %d cycles, want 3*512*46 and the gaps", three)
	}
}

// A save state carries the card's protocol state (SDCD) and, with SaveCardBlocks, its
// written blocks (SDBK): restored without the image at hand, the card answers as it did
// and holds what the program wrote.
func TestSDCardSaveState(t *testing.T) {
	img := patternCard(t, 64)
	m, err := core.New(core.Config{SDCard: img})
	if err != nil {
		t.Fatal(err)
	}
	prg, _ := os.ReadFile("testdata/sdsector.prg")
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	m.RunFrame()
	var f savestate.File
	m.SaveState(&f)
	m.SaveCardBlocks(&f, false)
	r, err := core.Restore(&f, core.RestoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Card() == nil {
		t.Fatal("no card after restore")
	}
	if !bytes.Equal(r.Card().AppendState(nil), m.Card().AppendState(nil)) {
		t.Error("the card's protocol state differs after restore")
	}
	got := make([]byte, sdcard.BlockSize)
	r.Card().Image().ReadAt(got, 2*sdcard.BlockSize)
	want := make([]byte, sdcard.BlockSize)
	img.ReadAt(want, 2*sdcard.BlockSize)
	if !bytes.Equal(got, want) {
		t.Error("the written block is not in the restored card")
	}
	other, _ := sdcard.New(128 * sdcard.BlockSize)
	if _, err := core.Restore(&f, core.RestoreOptions{SDCard: other}); err == nil {
		t.Error("a state restored onto an image of another size")
	}
}
