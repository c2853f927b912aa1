package core_test

import (
	"testing"

	"x16scope/core"
)

// rom/testdata/scrmodes.s sets screen_mode's bordered text modes $07-$0B and then the
// unsupported $0C. For each it records 54 bytes at $0500 + 64*i: P/A/X/Y after screen_mode
// C=0, after screen_mode C=1 and after SCREEN, the 7 DCSEL views of $9F29-$9F2C and the
// layer registers $9F2D-$9F3A; for the five modes also the map rows 0, 1 and the last one
// (256 bytes each) after it printed cols+3 letters from HOME and 'Z', 'Y' on the last row,
// at $4000 + $300*i. It starts from mode 0, cleared.
const (
	scrmodesRec   = 0x0500
	scrmodesCells = 0x4000
	recSet        = 0
	recGet        = 4
	recScreen     = 8
	recDC         = 12 // DCSEL d at recDC + 4*d
	recLayer      = 40 // $9F2D + n at recLayer + n
	recLen        = 54
)

// scrmodeWant is what the official KERNAL sets for a mode (measured with scrmodes.prg on
// it; the same as its mode table): text size, DC_VIDEO (bit 3, 240P, for VSCALE 64), the
// scales and the DCSEL 1 window.
type scrmodeWant struct {
	mode, cols, rows, video, hscale, vscale, hstart, hstop, vstart, vstop uint8
}

var scrmodesWant = []scrmodeWant{
	{0x07, 22, 23, 0x29, 64, 64, 0x24, 0x7C, 0x1C, 0xD4},
	{0x08, 64, 50, 0x21, 128, 128, 0x10, 0x90, 0x14, 0xDC},
	{0x09, 64, 25, 0x29, 128, 64, 0x10, 0x90, 0x14, 0xDC},
	{0x0A, 32, 50, 0x21, 64, 128, 0x10, 0x90, 0x14, 0xDC},
	{0x0B, 32, 25, 0x29, 64, 64, 0x10, 0x90, 0x14, 0xDC},
}

func scrmodesRecord(m *core.Machine, i int) []byte {
	b := make([]byte, recLen)
	for j := range b {
		b[j] = m.Peek(uint16(scrmodesRec + 64*i + j))
	}
	return b
}

func scrmodesCellsOf(m *core.Machine, i int) []byte {
	b := make([]byte, 0x300)
	for j := range b {
		b[j] = m.Peek(uint16(scrmodesCells + 0x300*i + j))
	}
	return b
}

// checkScrmodes checks one ROM's records against the pinned values.
func checkScrmodes(t *testing.T, m *core.Machine) {
	t.Helper()
	for i, w := range scrmodesWant {
		r := scrmodesRecord(m, i)
		set, get, scr := regs{r[0], r[1], r[2], r[3]}, regs{r[4], r[5], r[6], r[7]}, regs{r[8], r[9], r[10], r[11]}
		if set.carry() {
			t.Errorf("mode $%02X: screen_mode set returned C=1", w.mode)
		}
		if get.carry() || get.a != w.mode || get.x != w.cols || get.y != w.rows {
			t.Errorf("mode $%02X: screen_mode get %+v, want C=0 A=$%02X X=%d Y=%d", w.mode, get, w.mode, w.cols, w.rows)
		}
		if scr.x != w.cols || scr.y != w.rows {
			t.Errorf("mode $%02X: SCREEN X=%d Y=%d, want %d %d", w.mode, scr.x, scr.y, w.cols, w.rows)
		}
		for n, v := range map[string][2]uint8{
			"DC_VIDEO": {r[recDC], w.video}, "DC_HSCALE": {r[recDC+1], w.hscale},
			"DC_VSCALE": {r[recDC+2], w.vscale}, "DC_BORDER": {r[recDC+3], 0},
			"DC_HSTART": {r[recDC+4], w.hstart}, "DC_HSTOP": {r[recDC+5], w.hstop},
			"DC_VSTART": {r[recDC+6], w.vstart}, "DC_VSTOP": {r[recDC+7], w.vstop},
			"L1_CONFIG": {r[recLayer+7], 0x60}, "L1_MAPBASE": {r[recLayer+8], 0xD8},
		} {
			if v[0] != v[1] {
				t.Errorf("mode $%02X: %s = $%02X, want $%02X", w.mode, n, v[0], v[1])
			}
		}
		// the text: a row of cols letters wraps after cols cells, on map rows 256 bytes apart
		// (the clear covers only the mode's columns: a wider mode's text stays right of them)
		c := scrmodesCellsOf(m, i)
		at := func(row, col int) uint8 { return c[row*256+col*2] }
		letter := func(n int) uint8 { return uint8(n%26 + 1) }
		for col := 0; col < int(w.cols); col++ {
			if got := at(0, col); got != letter(col) {
				t.Errorf("mode $%02X: row 0 col %d = $%02X, want $%02X", w.mode, col, got, letter(col))
			}
		}
		for _, e := range []struct {
			row, col int
			code     uint8
		}{
			{1, 0, letter(int(w.cols))}, {1, 2, letter(int(w.cols) + 2)}, {1, 3, ' '},
			{2, 1, ' '}, {2, int(w.cols) - 2, 0x19}, {2, int(w.cols) - 1, ' '},
		} {
			if got := at(e.row, e.col); got != e.code {
				t.Errorf("mode $%02X: copied row %d col %d = $%02X, want $%02X", w.mode, e.row, e.col, got, e.code)
			}
		}
		if got := at(2, 0); got != 0x1A {
			t.Errorf("mode $%02X: last row (%d) col 0 = $%02X, want 'Z' ($1A)", w.mode, w.rows-1, got)
		}
		if got := c[1]; got != 0x61 {
			t.Errorf("mode $%02X: colour $%02X, want $61", w.mode, got)
		}
	}
	// $0C: C=1, and the mode, the size and VERA stay $0B's
	bad, last := scrmodesRecord(m, 5), scrmodesRecord(m, 4)
	if !(regs{p: bad[recSet]}).carry() {
		t.Errorf("screen_mode $0C returned C=0")
	}
	for j := recGet; j < recLen; j++ {
		if j == recGet || j == recScreen { // P: N and Z are whatever the last load left
			continue
		}
		if bad[j] != last[j] {
			t.Errorf("after screen_mode $0C, record byte %d = $%02X, mode $0B's $%02X", j, bad[j], last[j])
		}
	}
}

// TestBuiltinScreenModesBordered checks modes $07-$0B and the unsupported $0C on the built-in
// ROM against the official KERNAL's values.
func TestBuiltinScreenModesBordered(t *testing.T) {
	checkScrmodes(t, runBuiltin(t, nil, "scrmodes.prg"))
}

// TestOfficialScreenModesBordered runs scrmodes.prg on the official ROM: the pinned values are
// its own, and everything recorded (but the registers screen_mode C=0 leaves, which are not
// part of its interface, and the N/Z flags) is the same as the built-in ROM's, the DCSEL
// 2-6 views and the whole copied map rows included.
func TestOfficialScreenModesBordered(t *testing.T) {
	mo := runOfficial(t, nil, "scrmodes.prg", 600, nil, nil)
	checkScrmodes(t, mo)
	mb := runBuiltin(t, nil, "scrmodes.prg")
	for i := range scrmodesWant {
		ro, rb := scrmodesRecord(mo, i), scrmodesRecord(mb, i)
		for j := recGet; j < recLen; j++ {
			o, b := ro[j], rb[j]
			if j == recGet || j == recScreen {
				o, b = o&1, b&1 // C only
			}
			if o != b {
				t.Errorf("mode $%02X record byte %d: official $%02X, built-in $%02X", scrmodesWant[i].mode, j, ro[j], rb[j])
			}
		}
		co, cb := scrmodesCellsOf(mo, i), scrmodesCellsOf(mb, i)
		bad := 0
		for j := range co {
			if co[j] != cb[j] {
				if bad < 5 {
					t.Errorf("mode $%02X copied map byte $%03X (row %d col %d): official $%02X, built-in $%02X",
						scrmodesWant[i].mode, j, j/256, j%256/2, co[j], cb[j])
				}
				bad++
			}
		}
	}
}
