package sdcard

import (
	"bytes"
	"testing"
)

// FuzzLoad: any bytes as an image (in place or streamed) load or fail with an error.
func FuzzLoad(f *testing.F) {
	f.Add(make([]byte, 1024))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		img, err := FromBytes(b)
		if err == nil {
			if out, err := img.Bytes(); err != nil || !bytes.Equal(out, b) {
				t.Fatal("Bytes differs from the source")
			}
		}
		if s, err := LoadReader(bytes.NewReader(b)); err == nil {
			if out, _ := s.Bytes(); !bytes.Equal(out, b) {
				t.Fatal("a streamed image differs from the source")
			}
		}
		// and as encoded blocks or a card state
		small, _ := New(8 * BlockSize)
		small.LoadBlocks(b)
		NewCard(small, false).LoadState(b)
	})
}

// FuzzCard: random bytes and chip-select changes never panic the card, and a card's
// saved state restores to one that answers the same.
func FuzzCard(f *testing.F) {
	f.Add([]byte{0x40, 0, 0, 0, 0, 0x95, 0xFF, 0xFF, 0x51, 0, 0, 0, 1, 1, 0xFF})
	f.Add(bytes.Repeat([]byte{0x59, 0, 0, 0, 1, 0xFF, 0xFE}, 80))
	f.Fuzz(func(t *testing.T, in []byte) {
		src := make([]byte, 8*BlockSize)
		for i := range src {
			src[i] = uint8(i)
		}
		img, _ := FromBytes(src)
		c := NewCard(img, len(in) > 0 && in[0]&1 != 0)
		c.Select(true)
		// A prefix that brings the card up, so the fuzzer reaches the data commands.
		h := host{t, c}
		for _, b := range []byte{0x40, 0, 0, 0, 0, 0x95, 0xFF, 0xFF, 0x77, 0, 0, 0, 0, 0x65, 0xFF, 0xFF, 0x69, 0x40, 0, 0, 0, 0x77, 0xFF, 0xFF, 0x77, 0, 0, 0, 0, 0x65, 0xFF, 0xFF, 0x69, 0x40, 0, 0, 0, 0x77, 0xFF, 0xFF} {
			h.xfer(b)
		}
		for i, b := range in {
			if b == 0x3C && i+1 < len(in) { // "<": toggle chip select
				c.Select(in[i+1]&1 == 0)
				continue
			}
			c.Transfer(b)
		}
		st := c.AppendState(nil)
		c2 := NewCard(img, c.ReadOnly())
		if err := c2.LoadState(st); err != nil {
			t.Fatalf("own state: %v", err)
		}
		c3 := *c
		for range 600 {
			if c2.Transfer(0xFF) != c3.Transfer(0xFF) {
				t.Fatal("restored card answers differently")
			}
		}
	})
}
