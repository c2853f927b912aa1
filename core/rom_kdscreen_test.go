package core_test

import (
	"encoding/hex"
	"fmt"
	"testing"

	"x16scope/core"
)

// rom/testdata/kdscreen.s: screen_mode (every text mode), SCREEN, CHROUT of every byte
// (control codes included) in 80x60 and 40x30 and of random bytes in the other modes,
// PLOT in and out of the screen, screen_set_charset (which glyphs it writes, not their
// pixels); each mode's text screen compared cell by cell.
var kdScreen = kdProg{
	prg: "kdscreen.prg", golden: "kdscreen.golden", env: "KDSCREEN_GOLDEN", test: "TestKdScreenOfficial",
	out: 0x2000, ncase: 2*(1+256+8) + 10*(1+48+8) + 12 + 1 + 16, frames: 1200, minSeen: 12,
	ops:   []string{"screen_mode", "CHROUT", "PLOT", "screen_set_charset", "screen_mode(other)"},
	extra: kdScreenCells,
}

// kdScreenCells: each mode's text screen as kdscreen.s copied it to RAM banks 10-33, a line
// a row: the screen code and colour of every cell.
func kdScreenCells(m *core.Machine) []string {
	var out []string
	for k := range 12 {
		bank := uint8(10 + 2*k)
		cols, rows := int(m.PeekBanked(bank, 0xBFFE)), int(m.PeekBanked(bank, 0xBFFF))
		out = append(out, fmt.Sprintf("screen%d %dx%d", k, cols, rows))
		for r := range min(rows, 64) {
			b := make([]byte, min(2*cols, 256))
			for i := range b {
				b[i] = m.PeekBanked(bank+uint8(r/32), uint16(0xA000+(r%32)*256+i))
			}
			out = append(out, fmt.Sprintf("screen%d row%02d %s", k, r, hex.EncodeToString(b)))
		}
	}
	return out
}

func TestKdScreenBuiltin(t *testing.T)  { kdScreen.checkBuiltin(t) }
func TestKdScreenOfficial(t *testing.T) { kdScreen.checkOfficial(t) }
