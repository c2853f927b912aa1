package core_test

import "testing"

// TestBuiltinScreenCalls runs rom/testdata/screen.s: SCREEN, screen_mode, screen_set_charset,
// CHROUT's control codes, PLOT and PRIMM, checked in registers, RAM and VRAM.
func TestBuiltinScreenCalls(t *testing.T) {
	m := runBuiltin(t, nil, "screen.prg")
	bytes := func(addr uint16, want ...uint8) {
		t.Helper()
		for i, w := range want {
			if got := m.Peek(addr + uint16(i)); got != w {
				t.Errorf("$%04X = %d ($%02X), want %d ($%02X)", addr+uint16(i), got, got, w, w)
			}
		}
	}
	check := func(what string, r regs, carry bool) {
		t.Helper()
		if r.carry() != carry {
			t.Errorf("%s: C=%v, want %v (%+v)", what, r.carry(), carry, r)
		}
	}
	bytes(0x0400, 80, 60) // SCREEN in mode 0
	if r := result(m, 0x0404); r.carry() || r.a != 0 || r.x != 80 || r.y != 60 {
		t.Errorf("screen_mode get: %+v, want C=0 A=0 X=80 Y=60", r)
	}
	check("screen_mode 3", result(m, 0x0408), false)
	bytes(0x040C, 40, 30, 3)
	check("screen_mode $0F", result(m, 0x0410), true)
	bytes(0x0414, 40, 30)
	check("screen_mode $80", result(m, 0x0418), false)
	bytes(0x041C, 0x39, 0x07) // DC_VIDEO: VGA + layers 0 and 1 + 240P (as the official ROM); L0: 8 bpp bitmap

	check("charset 3", result(m, 0x0420), false)
	check("charset 13", result(m, 0x0424), true)
	check("charset 0 (custom)", result(m, 0x0428), false)
	// set 3 in VRAM: the ROM's upper/lower glyphs (bank 6 $C400), then the same reversed
	pet2 := bank6()[0x400:][:1024]
	for i := 0; i < 2048; i++ {
		want := pet2[i%1024]
		if i >= 1024 {
			want ^= 0xFF
		}
		if got := m.Peek(uint16(0x7000 + i)); got != want {
			t.Fatalf("charset 3 byte %d in VRAM = $%02X, want $%02X", i, got, want)
		}
	}
	for i := 0; i < 2048; i++ { // the custom set, byte i = (i & $FF) ^ (i >> 8)
		if got, want := m.Peek(uint16(0x6800+i)), uint8(i)^uint8(i>>8); got != want {
			t.Fatalf("custom charset byte %d in VRAM = $%02X, want $%02X", i, got, want)
		}
	}

	// scrolling: 'S' from row 5 is on row 4, 'Q' typed on row 59 is on row 58
	for _, c := range []struct {
		row, col int
		code     uint8
	}{{4, 0, 0x13}, {5, 0, ' '}, {58, 0, 0x11}, {59, 0, ' '}} {
		if got, _ := cell(m, c.row, c.col); got != c.code {
			t.Errorf("after the scroll, row %d col %d = $%02X, want $%02X", c.row, c.col, got, c.code)
		}
	}
	bytes(0x042C, 59, 0)
	check("PLOT set", result(m, 0x0430), false)
	bytes(0x0434, 2, 7, 3, 0)
	if r := result(m, 0x0438); r.carry() || r.a != 'Z' || r.x != 0x5A || r.y != 0xA5 {
		t.Errorf("CHROUT registers: %+v, want C=0 A='Z' X=$5A Y=$A5", r)
	}
	if r := result(m, 0x043C); r.a != 0x33 || r.x != 0x11 || r.y != 0x22 {
		t.Errorf("PRIMM registers: %+v, want A=$33 X=$11 Y=$22", r)
	}
	bytes(0x0440, 0, 0) // HOME
	// screen codes: A=1, reversed B=$82, Z=$1A, H=8, I=9, '!'=$21; red on blue = $62
	for _, c := range []struct {
		row, col    int
		code, color uint8
	}{
		{2, 5, 0x01, 0x62}, {2, 6, 0x82, 0x62}, {2, 7, ' ', 0x61},
		{3, 0, 0x1A, 0x62}, {3, 1, 0x08, 0x62}, {3, 2, 0x09, 0x62}, {3, 3, 0x21, 0x62},
		{10, 0, 0x19, 0x62}, {11, 1, 0x17, 0x62},
	} {
		code, color := cell(m, c.row, c.col)
		if code != c.code || color != c.color {
			t.Errorf("row %d col %d = $%02X colour $%02X, want $%02X colour $%02X", c.row, c.col, code, color, c.code, c.color)
		}
	}
}
