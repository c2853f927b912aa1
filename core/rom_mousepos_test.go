package core_test

import (
	"testing"

	"x16scope/core"
)

// rom/testdata/mousepos.s: extapi mouse_set_position on screens that count the mouse in
// double steps (40 columns or fewer, 30 rows or fewer) takes mouse_get's coordinates,
// as the official KERNAL does, and moves the pointer sprite there.

func TestBuiltinMouseSetPosition(t *testing.T) {
	checkMousePos(t, runBuiltin(t, nil, "mousepos.prg"))
}

func TestOfficialMouseSetPosition(t *testing.T) {
	o := runOfficial(t, nil, "mousepos.prg", 600, nil, nil)
	checkMousePos(t, o)
	b := runBuiltin(t, nil, "mousepos.prg")
	compareRAM(t, b, o, [][2]uint16{{0x0400, 0x0420}})
}

func checkMousePos(t *testing.T, m *core.Machine) {
	t.Helper()
	word := func(a uint16) int { return int(m.Peek(a)) | int(m.Peek(a+1))<<8 }
	for _, c := range []struct {
		what         string
		addr         uint16
		x, y, sx, sy int
	}{
		{"40x30, set (100, 50)", 0x0400, 100, 50, 100, 50},
		{"40x30, set (1000, 1000)", 0x0408, 319, 239, 319, 239},
		{"80x30, set (300, 100)", 0x0410, 300, 100, 300, 100},
		{"40x60, offset (-1, -2), set (300, 100)", 0x0418, 300, 100, 299, 98},
	} {
		x, y, sx, sy := word(c.addr), word(c.addr+2), word(c.addr+4), word(c.addr+6)
		if x != c.x || y != c.y {
			t.Errorf("%s: mouse_get = (%d, %d), want (%d, %d)", c.what, x, y, c.x, c.y)
		}
		if sx != c.sx || sy != c.sy {
			t.Errorf("%s: pointer sprite at (%d, %d), want (%d, %d)", c.what, sx, sy, c.sx, c.sy)
		}
	}
}

// TestOfficialMousePointerImage: mouse_config's default pointer is the official KERNAL's
// arrow, pixel for pixel (sprite 0's 16x16 8 bpp image at VRAM $13000).
func TestOfficialMousePointerImage(t *testing.T) {
	o := runOfficial(t, nil, "mousepos.prg", 600, nil, nil)
	b := runBuiltin(t, nil, "mousepos.prg")
	for i := uint32(0); i < 256; i++ {
		if po, pb := o.VERA().PeekVRAM(0x13000+i), b.VERA().PeekVRAM(0x13000+i); po != pb {
			t.Fatalf("pointer pixel (%d,%d): official %d, built-in %d", i%16, i/16, po, pb)
		}
	}
}

// TestBuiltinMousePointerImage pins the arrow's rows 8-15 (the official arrow is ten rows
// to the bar, then the tail), so the image is checked without the official ROM too.
func TestBuiltinMousePointerImage(t *testing.T) {
	b := runBuiltin(t, nil, "mousepos.prg")
	want := []string{
		"1GGGGGGGG1......",
		"1GGGGG11111.....",
		"1GG1GG1.........",
		"1G1.1GG1........",
		"11..1GG1........",
		"1....1GG1.......",
		".....1GG1.......",
		"......111.......",
	}
	for r, row := range want {
		for c, ch := range row {
			p := b.VERA().PeekVRAM(0x13000 + uint32((r+8)*16+c))
			w := map[rune]uint8{'1': 1, 'G': 16, '.': 0}[ch]
			if p != w {
				t.Errorf("pointer pixel (%d,%d) = %d, want %d", c, r+8, p, w)
			}
		}
	}
}
