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
