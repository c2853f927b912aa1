package core_test

import (
	"testing"

	"x16scope/core"
)

// screen80State is what screen_mode $80 sets up, read after rom/testdata/scrmode80.s: the
// 320x240 bitmap, the text screen's first two rows (screen codes and colours), and VERA's display
// and layer registers (DCSEL 0).
type screen80State struct {
	bitmap []byte
	text   []byte
	regs   map[string]uint8
}

func readScreen80(m *core.Machine) screen80State {
	s := screen80State{bitmap: bitmap(m), regs: map[string]uint8{}}
	for row := 0; row < 2; row++ { // the program's HELLO (then the official BASIC's READY.)
		for col := 0; col < 40; col++ {
			c, k := cell(m, row, col)
			s.text = append(s.text, c, k)
		}
	}
	for name, a := range map[string]uint16{
		"DC_VIDEO": 0x9F29, "DC_HSCALE": 0x9F2A, "DC_VSCALE": 0x9F2B, "DC_BORDER": 0x9F2C,
		"L0_CONFIG": 0x9F2D, "L0_MAPBASE": 0x9F2E, "L0_TILEBASE": 0x9F2F,
		"L0_HSCROLL_H": 0x9F31, "L1_CONFIG": 0x9F34, "L1_MAPBASE": 0x9F35, "L1_TILEBASE": 0x9F36,
	} {
		s.regs[name] = m.Peek(a)
	}
	return s
}

// TestBuiltinScreenMode80 checks the built-in ROM's screen_mode $80 on its own: after the
// program's own colours and window, a text mode and $80 again, the bitmap is white but for
// the rectangle drawn in the default colours (fill 10 framed in 0) at (280,200), 40x40,
// in the bottom right corner.
func TestBuiltinScreenMode80(t *testing.T) {
	m := startBuiltin(t, nil, "scrmode80.prg")
	runToExit(t, m, "scrmode80.prg", 100, nil)
	b := bitmap(m)
	for y := 0; y < 240; y++ {
		for x := 0; x < 320; x++ {
			want := byte(1)
			switch {
			case x >= 280 && y >= 200 && (x == 280 || x == 319 || y == 200 || y == 239):
				want = 0 // the frame
			case x > 280 && y > 200:
				want = 10
			}
			if got := px(b, x, y); got != want {
				t.Fatalf("pixel (%d,%d) = %d, want %d (screen_mode $80 resets the window and colours and clears to white)", x, y, got, want)
			}
		}
	}
}

// TestOfficialScreenMode80 compares the bitmap, the text screen and VERA's registers after
// scrmode80.prg on the official ROM and the built-in one.
func TestOfficialScreenMode80(t *testing.T) {
	mo := runOfficial(t, nil, "scrmode80.prg", 300, nil, nil)
	mb := startBuiltin(t, nil, "scrmode80.prg")
	runToExit(t, mb, "scrmode80.prg", 100, nil)
	so, sb := readScreen80(mo), readScreen80(mb)
	bad := 0
	for i := range so.bitmap {
		if so.bitmap[i] != sb.bitmap[i] {
			if bad < 5 {
				t.Errorf("bitmap (%d,%d): official %d, built-in %d", i%320, i/320, so.bitmap[i], sb.bitmap[i])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d bitmap pixels differ", bad)
	}
	bad = 0
	for i := 0; i < len(so.text); i += 2 {
		if so.text[i] != sb.text[i] || so.text[i+1] != sb.text[i+1] {
			if bad < 5 {
				t.Errorf("text row %d col %d: official $%02X/$%02X, built-in $%02X/$%02X",
					i/80, i%80/2, so.text[i], so.text[i+1], sb.text[i], sb.text[i+1])
			}
			bad++
		}
	}
	for name, v := range so.regs {
		if sb.regs[name] != v {
			t.Errorf("%s: official $%02X, built-in $%02X", name, v, sb.regs[name])
		}
	}
}
