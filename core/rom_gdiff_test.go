package core_test

import (
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"x16scope/core"
)

// The graphics differential tests (rom/testdata/gfb.s, ggraph.s, gcons.s with the harness
// gdiff.inc): each program calls the framebuffer, graphics or console entries in seeded
// random cases and, after each call, records the case at $0400 and waits (FLAG) while the
// test takes the record and the 320x240 8 bpp bitmap (VRAM $00000-$12BFF). The built-in
// ROM's lines must equal the official ROM's, case by case; with X16_ROM set, a differing
// bitmap is reported by its first differing pixel.

const (
	gdRec  = 0x0400
	gdFlag = 0x04FE
)

// gdCase is one call: its record (see gdiff.inc), the bitmap after it and a line of what
// the two ROMs must agree on.
type gdCase struct {
	rec  [64]byte
	bmp  []byte
	line string
}

func (c *gdCase) w(k int) uint16 { return uint16(c.rec[k]) | uint16(c.rec[k+1])<<8 }

// args: A, X, Y and r0-r7 as passed.
func (c *gdCase) args() string {
	var b strings.Builder
	fmt.Fprintf(&b, "A=%02x X=%02x Y=%02x", c.rec[1], c.rec[2], c.rec[3])
	for r := 0; r < 8; r++ {
		fmt.Fprintf(&b, " r%d=%04x", r, c.w(4+2*r))
	}
	return b.String()
}

// Results after the call.
func (c *gdCase) a() uint8       { return c.rec[21] }
func (c *gdCase) x() uint8       { return c.rec[22] }
func (c *gdCase) y() uint8       { return c.rec[23] }
func (c *gdCase) carry() int     { return int(c.rec[20] & 1) }
func (c *gdCase) r(n int) uint16 { return c.w(24 + 2*n) }
func (c *gdCase) addr0() string  { return fmt.Sprintf("%02x%02x%02x", c.rec[59], c.rec[58], c.rec[57]) }

func crcVRAM(m *core.Machine, from, n uint32) uint32 {
	b := make([]byte, n)
	for i := range b {
		b[i] = m.VERA().PeekVRAM(from + uint32(i))
	}
	return crc32.ChecksumIEEE(b)
}

// gdRun runs a started program through its cases: before each frame, input (if not nil)
// may type keys; line formats a case (the machine as the call left it).
func gdRun(t *testing.T, m *core.Machine, prg string, frames int, input func(m *core.Machine, frame int), line func(m *core.Machine, c *gdCase) string) []gdCase {
	t.Helper()
	var cases []gdCase
	for i := 0; i < frames; i++ {
		if m.Peek(0x04FF) == 0xA5 {
			return cases
		}
		if input != nil {
			input(m, i)
		}
		m.RunFrame()
		if m.Peek(gdFlag) == 1 {
			var c gdCase
			for k := range c.rec {
				c.rec[k] = m.Peek(uint16(gdRec + k))
			}
			c.bmp = bitmap(m)
			c.line = fmt.Sprintf("case%d %s bmp=%08x", len(cases), line(m, &c), crc32.ChecksumIEEE(c.bmp))
			cases = append(cases, c)
			m.Poke(gdFlag, 0)
		}
		if u := m.UnimplementedCall(); u != "" {
			t.Fatalf("%s stopped: %s", prg, u)
		}
	}
	t.Fatalf("%s did not finish within %d frames (%d cases): PC=$%02X:%04X", prg, frames, len(cases), m.ROMBank(), m.CPU().PC)
	return nil
}

func gdLines(cases []gdCase) []string {
	var l []string
	for _, c := range cases {
		l = append(l, c.line)
	}
	return l
}

// gdFirstPixel: where two bitmaps first differ.
func gdFirstPixel(b, o []byte) string {
	n := 0
	first := -1
	for i := range b {
		if b[i] != o[i] {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if first < 0 {
		return "bitmaps equal"
	}
	return fmt.Sprintf("%d pixels differ, the first at (%d,%d): built-in %d, official %d", n, first%320, first/320, b[first], o[first])
}

// gdCompare reports the lines that differ (the first 12; a difference carries on to later
// cases through the bitmap) and, given the official bitmaps, where they first differ.
func gdCompare(t *testing.T, got []gdCase, want []string, official []gdCase) {
	t.Helper()
	bad := 0
	for i := range max(len(got), len(want)) {
		g, w := "(none)", "(none)"
		if i < len(got) {
			g = got[i].line
		}
		if i < len(want) {
			w = want[i]
		}
		if g == w {
			continue
		}
		if bad++; bad > 12 {
			continue
		}
		msg := fmt.Sprintf("built-in %s\n official %s", g, w)
		if official != nil && i < len(got) && i < len(official) {
			msg += "\n " + gdFirstPixel(got[i].bmp, official[i].bmp)
		}
		t.Error(msg)
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ from the official ROM's", bad, len(want))
	}
}

// gdUndocumented logs what the calls leave in registers they do not document.
func gdUndocumented(t *testing.T, b, o []gdCase, names []string) {
	t.Helper()
	for i := range min(len(b), len(o)) {
		var d []string
		for k, name := range []string{"P", "A", "X", "Y"} {
			if b[i].rec[20+k] != o[i].rec[20+k] {
				d = append(d, fmt.Sprintf("%s %02x/%02x", name, b[i].rec[20+k], o[i].rec[20+k]))
			}
		}
		for r := 0; r < 16; r++ {
			if b[i].r(r) != o[i].r(r) {
				d = append(d, fmt.Sprintf("r%d %04x/%04x", r, b[i].r(r), o[i].r(r)))
			}
		}
		if len(d) > 0 {
			t.Logf("case%d %s (built-in/official): %s", i, names[min(int(b[i].rec[0]), len(names)-1)], strings.Join(d, " "))
		}
	}
}
