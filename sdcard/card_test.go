package sdcard

import (
	"bytes"
	"testing"
)

// host drives a card as an SPI host does, a byte at a time.
type host struct {
	t *testing.T
	c *Card
}

func (h host) xfer(b uint8) uint8 { return h.c.Transfer(b) }

// send sends a command with a correct CRC and returns the first answer byte with bit 7
// clear within 10 bytes (as a host waits for R1), or $FF.
func (h host) send(idx uint8, arg uint32) uint8 {
	h.t.Helper()
	cmd := []byte{0x40 | idx, uint8(arg >> 24), uint8(arg >> 16), uint8(arg >> 8), uint8(arg)}
	cmd = append(cmd, crc7(cmd))
	for _, b := range cmd {
		h.xfer(b)
	}
	for range 10 {
		if r := h.xfer(0xFF); r&0x80 == 0 {
			return r
		}
	}
	return 0xFF
}

func (h host) read(n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = h.xfer(0xFF)
	}
	return out
}

// token waits for a data token (anything but $FF) within 16 bytes.
func (h host) token() uint8 {
	for range 16 {
		if b := h.xfer(0xFF); b != 0xFF {
			return b
		}
	}
	return 0xFF
}

func (h host) init() {
	h.t.Helper()
	if r := h.send(0, 0); r != 0x01 {
		h.t.Fatalf("CMD0: R1 $%02X, want $01", r)
	}
	if r := h.send(8, 0x1AA); r != 0x01 {
		h.t.Fatalf("CMD8: R1 $%02X", r)
	}
	h.read(4)
	for i := 0; ; i++ {
		h.send(55, 0)
		r := h.send(41, 1<<30)
		if r == 0 {
			break
		}
		if r != 0x01 || i > 10 {
			h.t.Fatalf("ACMD41: R1 $%02X after %d polls", r, i)
		}
	}
}

// newHost is a selected card of blocks blocks, block n holding pattern(n), as loaded.
func newHost(t *testing.T, blocks int, ro bool) (host, *Image) {
	var src []byte
	for n := range uint32(blocks) {
		src = append(src, pattern(n)...)
	}
	img, err := FromBytes(src)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCard(img, ro)
	c.Select(true)
	return host{t, c}, img
}

func pattern(n uint32) []byte {
	b := make([]byte, BlockSize)
	for i := range b {
		b[i] = uint8(int(n)*7 + i)
	}
	return b
}

func TestCardInit(t *testing.T) {
	h, _ := newHost(t, 64, false)
	// In SD mode the card hears only CMD0; other commands get the $1F $FF cards were seen
	// answering, and CMD0 with a wrong CRC is not heard at all.
	if r := h.send(13, 0); r != 0x1F {
		t.Errorf("CMD13 before CMD0: $%02X, want $1F", r)
	}
	for _, b := range []byte{0x40, 0, 0, 0, 0, 0x01} {
		h.xfer(b)
	}
	if b := h.read(8); !bytes.Equal(b, bytes.Repeat([]byte{0xFF}, 8)) {
		t.Errorf("CMD0 with a bad CRC answered % X", b)
	}
	if r := h.send(0, 0); r != 0x01 {
		t.Fatalf("CMD0: $%02X", r)
	}
	if r := h.send(17, 0); r != 0x05 {
		t.Errorf("CMD17 while idle: $%02X, want $05 (idle, illegal command)", r)
	}
	if r := h.send(8, 0x1AA); r != 0x01 {
		t.Fatalf("CMD8: $%02X", r)
	}
	if b := h.read(4); !bytes.Equal(b, []byte{0, 0, 1, 0xAA}) {
		t.Errorf("R7 % X, want 00 00 01 AA (voltage and check pattern echoed)", b)
	}
	// CMD8's CRC is always checked.
	for _, b := range []byte{0x48, 0, 0, 1, 0xAA, 0x01} {
		h.xfer(b)
	}
	if r := h.token(); r != 0x09 {
		t.Errorf("CMD8 with a bad CRC: $%02X, want $09 (idle, CRC error)", r)
	}
	if r := h.send(58, 0); r != 0x01 {
		t.Fatalf("CMD58: $%02X", r)
	}
	if b := h.read(4); b[0] != 0x00 {
		t.Errorf("OCR before ready: % X, want bit 31 clear", b)
	}
	// ACMD41 without HCS: an SDHC card never gets ready.
	h.send(55, 0)
	h.send(41, 0)
	h.send(55, 0)
	if r := h.send(41, 0); r != 0x01 {
		t.Errorf("ACMD41 without HCS: $%02X, want $01 (still idle)", r)
	}
	polls := 0
	for {
		h.send(55, 0)
		polls++
		if h.send(41, 1<<30) == 0 {
			break
		}
		if polls > 5 {
			t.Fatal("ACMD41 never finished")
		}
	}
	if r := h.send(58, 0); r != 0 {
		t.Fatalf("CMD58: $%02X", r)
	}
	if b := h.read(4); !bytes.Equal(b, []byte{0xC0, 0xFF, 0x80, 0x00}) {
		t.Errorf("OCR % X, want C0 FF 80 00 (ready, block addressing, 2.7-3.6 V)", b)
	}
	if r := h.send(13, 0); r != 0 {
		t.Errorf("CMD13: $%02X", r)
	} else if b := h.xfer(0xFF); b != 0 {
		t.Errorf("R2's second byte $%02X, want 0", b)
	}
	if r := h.send(16, 512); r != 0 {
		t.Errorf("CMD16 512: $%02X", r)
	}
	if r := h.send(16, 1024); r != 0x40 {
		t.Errorf("CMD16 1024: $%02X, want $40 (parameter error)", r)
	}
	if r := h.send(5, 0); r != 0x04 {
		t.Errorf("CMD5: $%02X, want $04 (illegal command)", r)
	}
	h.send(55, 0)
	if r := h.send(51, 0); r != 0x04 {
		t.Errorf("ACMD51: $%02X, want $04 (illegal command)", r)
	}
}

func TestCardReadSingle(t *testing.T) {
	h, _ := newHost(t, 64, false)
	h.init()
	if r := h.send(17, 5); r != 0 {
		t.Fatalf("CMD17: $%02X", r)
	}
	if tok := h.token(); tok != 0xFE {
		t.Fatalf("token $%02X, want $FE", tok)
	}
	data := h.read(BlockSize)
	if !bytes.Equal(data, pattern(5)) {
		t.Fatal("block 5 read wrong")
	}
	crc := h.read(2)
	if got := uint16(crc[0])<<8 | uint16(crc[1]); got != crc16(data) {
		t.Errorf("CRC16 $%04X, want $%04X", got, crc16(data))
	}
	if b := h.read(4); !bytes.Equal(b, []byte{0xFF, 0xFF, 0xFF, 0xFF}) {
		t.Errorf("after the block: % X, want the line idle", b)
	}
	// Out of range: the command is refused with a parameter error, and CMD13 reports it once.
	if r := h.send(17, 64); r != 0x40 {
		t.Errorf("CMD17 past the end: $%02X, want $40", r)
	}
	if h.send(13, 0) != 0 || h.xfer(0xFF) != 0x80 {
		t.Error("CMD13 after the out-of-range read: want $00 $80")
	}
	if h.send(13, 0) != 0 || h.xfer(0xFF) != 0x00 {
		t.Error("CMD13 again: want $00 $00 (read clears it)")
	}
}

func TestCardReadMultiple(t *testing.T) {
	h, _ := newHost(t, 8, false)
	h.init()
	if r := h.send(18, 5); r != 0 {
		t.Fatalf("CMD18: $%02X", r)
	}
	for n := uint32(5); n < 8; n++ {
		if tok := h.token(); tok != 0xFE {
			t.Fatalf("block %d: token $%02X", n, tok)
		}
		if !bytes.Equal(h.read(BlockSize), pattern(n)) {
			t.Fatalf("block %d read wrong", n)
		}
		h.read(2)
	}
	if tok := h.token(); tok != 0x08 {
		t.Fatalf("past the last block: token $%02X, want $08 (out of range)", tok)
	}
	// CMD12 in the middle of a block: the data stops, R1 comes after a stuff byte, then busy.
	h.send(18, 0)
	h.token()
	h.read(100)
	if r := h.send(12, 0); r != 0 {
		t.Fatalf("CMD12: $%02X", r)
	}
	busy := 0
	for h.xfer(0xFF) == 0 {
		busy++
	}
	if b := h.read(4); !bytes.Equal(b, []byte{0xFF, 0xFF, 0xFF, 0xFF}) {
		t.Errorf("after CMD12: % X, want the line idle", b)
	}
	if busy == 0 {
		t.Error("CMD12 (R1b) showed no busy")
	}
}

func writeBlock(h host, tok uint8, data []byte, crc uint16) uint8 {
	h.xfer(0xFF)
	h.xfer(tok)
	for _, b := range data {
		h.xfer(b)
	}
	h.xfer(uint8(crc >> 8))
	h.xfer(uint8(crc))
	return h.xfer(0xFF) & 0x1F
}

func waitBusy(t *testing.T, h host) int {
	n := 0
	for h.xfer(0xFF) != 0xFF {
		n++
		if n > 1000 {
			t.Fatal("busy never ended")
		}
	}
	return n
}

func TestCardWrite(t *testing.T) {
	h, img := newHost(t, 64, false)
	h.init()
	data := bytes.Repeat([]byte{0xA5, 0x5A}, BlockSize/2)
	if r := h.send(24, 9); r != 0 {
		t.Fatalf("CMD24: $%02X", r)
	}
	if resp := writeBlock(h, 0xFE, data, 0); resp != 0x05 {
		t.Fatalf("data response $%02X, want $05", resp)
	}
	if n := waitBusy(t, h); n != programBusy {
		t.Errorf("busy for %d bytes, want %d", n, programBusy)
	}
	got := make([]byte, BlockSize)
	img.ReadAt(got, 9*BlockSize)
	if !bytes.Equal(got, data) {
		t.Fatal("block 9 not written")
	}
	if ch := img.Changed(); len(ch) != 1 || ch[0] != 9 {
		t.Errorf("changed blocks %v, want [9]", ch)
	}
	// With CRCs on, a block with a wrong CRC is refused.
	if r := h.send(59, 1); r != 0 {
		t.Fatalf("CMD59: $%02X", r)
	}
	h.send(24, 10)
	if resp := writeBlock(h, 0xFE, data, crc16(data)^1); resp != 0x0B {
		t.Errorf("bad CRC: data response $%02X, want $0B", resp)
	}
	waitBusy(t, h)
	h.send(24, 10)
	if resp := writeBlock(h, 0xFE, data, crc16(data)); resp != 0x05 {
		t.Errorf("good CRC: data response $%02X, want $05", resp)
	}
	waitBusy(t, h)
	if r := h.send(24, 64); r != 0x40 {
		t.Errorf("CMD24 past the end: $%02X, want $40", r)
	}
	// Busy goes on while the card is deselected (the official ROM deselects right after the
	// CRC) and shows when it is selected again.
	h.send(59, 0)
	h.send(24, 11)
	writeBlock(h, 0xFE, data, 0)
	h.c.Select(false)
	h.c.Select(true)
	if b := h.xfer(0xFF); b != 0 {
		t.Errorf("reselected during busy: $%02X, want $00", b)
	}
}

func TestCardWriteMultiple(t *testing.T) {
	h, img := newHost(t, 64, false)
	h.init()
	if r := h.send(25, 20); r != 0 {
		t.Fatalf("CMD25: $%02X", r)
	}
	for i := range 3 {
		data := bytes.Repeat([]byte{uint8(i + 1)}, BlockSize)
		if resp := writeBlock(h, 0xFC, data, 0); resp != 0x05 {
			t.Fatalf("block %d: data response $%02X", i, resp)
		}
		waitBusy(t, h)
	}
	h.xfer(0xFD) // stop tran
	h.xfer(0xFF)
	if waitBusy(t, h) == 0 {
		t.Error("no busy after the stop token")
	}
	for i := range 3 {
		got := make([]byte, BlockSize)
		img.ReadAt(got, int64(20+i)*BlockSize)
		if !bytes.Equal(got, bytes.Repeat([]byte{uint8(i + 1)}, BlockSize)) {
			t.Errorf("block %d not written", 20+i)
		}
	}
	if r := h.send(13, 0); r != 0 {
		t.Errorf("CMD13 after CMD25: $%02X", r)
	}
}

func TestCardReadOnly(t *testing.T) {
	h, img := newHost(t, 64, true)
	h.init()
	if r := h.send(24, 3); r != 0 {
		t.Fatalf("CMD24: $%02X", r)
	}
	if resp := writeBlock(h, 0xFE, make([]byte, BlockSize), 0); resp != 0x0D {
		t.Errorf("data response $%02X, want $0D (write error)", resp)
	}
	waitBusy(t, h)
	if h.send(13, 0) != 0 || h.xfer(0xFF) != wpViolate {
		t.Error("CMD13: want $00 $20 (write-protect violation)")
	}
	if len(img.Changed()) != 0 {
		t.Error("a read-only card was written")
	}
	h.send(9, 0)
	h.token()
	csd := h.read(16)
	if csd[14]&0x10 == 0 {
		t.Error("CSD TMP_WRITE_PROTECT not set")
	}
}

func TestCardRegisters(t *testing.T) {
	h, _ := newHost(t, 4096, false) // 2 MB: C_SIZE 3
	h.init()
	if r := h.send(9, 0); r != 0 {
		t.Fatalf("CMD9: $%02X", r)
	}
	if tok := h.token(); tok != 0xFE {
		t.Fatalf("CSD token $%02X", tok)
	}
	csd := h.read(16)
	crc := h.read(2)
	if csd[0]>>6 != 1 {
		t.Errorf("CSD_STRUCTURE %d, want 1 (version 2.0)", csd[0]>>6)
	}
	if size := int(csd[7]&0x3F)<<16 | int(csd[8])<<8 | int(csd[9]); size != 3 {
		t.Errorf("C_SIZE %d, want 3 ((2 MB / 512 KB) - 1)", size)
	}
	if csd[15] != crc7(csd[:15]) {
		t.Errorf("CSD CRC7 $%02X, want $%02X", csd[15], crc7(csd[:15]))
	}
	if uint16(crc[0])<<8|uint16(crc[1]) != crc16(csd) {
		t.Error("CSD block CRC16 wrong")
	}
	h.send(10, 0)
	h.token()
	cid := h.read(16)
	if string(cid[3:8]) != "X16SC" || cid[15] != crc7(cid[:15]) {
		t.Errorf("CID % X", cid)
	}
}

func TestCardChipSelect(t *testing.T) {
	h, _ := newHost(t, 64, false)
	h.init()
	// Deselected: MISO floats, and nothing sent reaches the card.
	h.c.Select(false)
	for _, b := range []byte{0x40 | 17, 0, 0, 0, 1, 0x01, 0xFF, 0xFF} {
		if r := h.xfer(b); r != 0xFF {
			t.Fatalf("deselected card answered $%02X", r)
		}
	}
	h.c.Select(true)
	if b := h.read(4); !bytes.Equal(b, []byte{0xFF, 0xFF, 0xFF, 0xFF}) {
		t.Errorf("a command sent deselected was heard: % X", b)
	}
	// A command cut by chip select going high is dropped.
	h.xfer(0x40 | 17)
	h.xfer(0)
	h.c.Select(false)
	h.c.Select(true)
	if r := h.send(13, 0); r != 0 {
		t.Errorf("CMD13 after a cut command: $%02X", r)
	}
	// A read cut by chip select: the rest of the block is not sent.
	h.send(17, 1)
	h.read(10)
	h.c.Select(false)
	h.c.Select(true)
	if b := h.read(4); !bytes.Equal(b, []byte{0xFF, 0xFF, 0xFF, 0xFF}) {
		t.Errorf("after a cut read: % X", b)
	}
}

func TestCRC(t *testing.T) {
	// The well-known CRCs of the spec's examples: CMD0 $95, CMD8 $1AA $87; CRC16 of 512
	// bytes of $FF is $7FA1 (SD spec 4.5).
	if c := crc7([]byte{0x40, 0, 0, 0, 0}); c != 0x95 {
		t.Errorf("CMD0 CRC $%02X, want $95", c)
	}
	if c := crc7([]byte{0x48, 0, 0, 1, 0xAA}); c != 0x87 {
		t.Errorf("CMD8 CRC $%02X, want $87", c)
	}
	if c := crc16(bytes.Repeat([]byte{0xFF}, 512)); c != 0x7FA1 {
		t.Errorf("CRC16 $%04X, want $7FA1", c)
	}
}

func TestCardState(t *testing.T) {
	h, img := newHost(t, 64, false)
	h.init()
	h.send(18, 2)
	h.token()
	h.read(100)
	st := h.c.AppendState(nil)
	want := h.read(600)
	c2 := NewCard(img, false)
	if err := c2.LoadState(st); err != nil {
		t.Fatal(err)
	}
	h2 := host{t, c2}
	if got := h2.read(600); !bytes.Equal(got, want) {
		t.Error("a restored card sends something else")
	}
	if err := c2.LoadState(st[:10]); err == nil {
		t.Error("a truncated state loaded")
	}
}
