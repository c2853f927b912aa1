package core_test

import (
	"fmt"
	"hash/crc32"
	"testing"

	"x16scope/core"
)

// rom/testdata/gfb.s: the FB_* calls in seeded random cases on a bitmap of noise.
const gfbGolden = "../rom/testdata/gfb.golden"

var gfbNames = []string{
	"FB_init", "FB_get_info", "FB_set_palette", "FB_cursor_position", "FB_cursor_next_line",
	"FB_get_pixel", "FB_get_pixels", "FB_set_pixel", "FB_set_pixels", "FB_set_8_pixels",
	"FB_set_8_pixels_opaque", "FB_fill_pixels", "FB_filter_pixels", "FB_move_pixels",
}

// gfbLine: the arguments, the documented results (FB_get_info's A, r0, r1; FB_get_pixel's
// A; FB_get_pixels' buffer), the cursor (VERA port 0's address, step included: every call
// but FB_init, FB_get_info, FB_set_palette and FB_get_pixel leaves it where the next
// pixel goes) and the palette.
func gfbLine(m *core.Machine, c *gdCase) string {
	op := int(c.rec[0])
	if op >= len(gfbNames) {
		return fmt.Sprintf("bad-op %02x", op)
	}
	s := fmt.Sprintf("%s %s:", gfbNames[op], c.args())
	switch op {
	case 1:
		s += fmt.Sprintf(" A=%02x r0=%04x r1=%04x", c.a(), c.r(0), c.r(1))
	case 5:
		s += fmt.Sprintf(" A=%02x", c.a())
	case 6:
		b := make([]byte, 512)
		for i := range b {
			b[i] = m.Peek(uint16(0x6800 + i))
		}
		s += fmt.Sprintf(" buf=%08x", crc32.ChecksumIEEE(b))
	}
	if op >= 3 && op != 5 {
		s += " cursor=" + c.addr0()
	}
	return s + fmt.Sprintf(" pal=%08x", crcVRAM(m, 0x1FA00, 512))
}

func gfbBuiltin(t *testing.T) []gdCase {
	m := startBuiltin(t, nil, "gfb.prg")
	return gdRun(t, m, "gfb.prg", 2000, nil, gfbLine)
}

// TestGfbBuiltin wants the official ROM's results (gfb.golden) case by case; every call
// was made.
func TestGfbBuiltin(t *testing.T) {
	got := gfbBuiltin(t)
	seen := map[int]int{}
	for _, c := range got {
		seen[int(c.rec[0])]++
	}
	for k, name := range gfbNames {
		if seen[k] == 0 {
			t.Errorf("%s never called: change the seed", name)
		}
	}
	gdCompare(t, got, readResultGolden(t, gfbGolden), nil)
}

// TestGfbOfficial runs gfb.prg on both ROMs; GFB_GOLDEN=write records the official's lines.
func TestGfbOfficial(t *testing.T) {
	m := newOfficialStarted(t, "gfb.prg")
	o := gdRun(t, m, "gfb.prg", 2000, nil, gfbLine)
	writeResultGolden(t, "GFB_GOLDEN", gfbGolden, "gfb.s", "TestGfbOfficial", gdLines(o))
	b := gfbBuiltin(t)
	gdCompare(t, b, gdLines(o), o)
	gdUndocumented(t, b, o, gfbNames)
}
