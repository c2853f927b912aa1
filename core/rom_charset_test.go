package core_test

import (
	"bytes"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// bank6 is the built-in ROM's character-set bank.
func bank6() []byte { return rom.Image()[6*16384:][:16384] }

// wantCharset is the 2 KB that screen_set_charset n puts at VRAM $1F000, composed from
// bank 6 as the X16 KERNAL documents its sets: PETSCII sets are 128 glyphs then their
// reverse; the national sets are ISO (or thin ISO) $00-$9F under their own $A0-$FF;
// katakana also takes the yen for '\', its first glyph for '~' and a blank $A0.
func wantCharset(b6 []byte, n int) []byte {
	at := func(addr, size int) []byte { return b6[addr-0xC000:][:size] }
	out := make([]byte, 2048)
	switch n {
	case 1, 6, 7:
		copy(out, at(map[int]int{1: 0xC800, 6: 0xD800, 7: 0xE000}[n], 2048))
	case 2, 3, 4, 5:
		copy(out, at([]int{0xC000, 0xC400, 0xD000, 0xD400}[n-2], 1024))
		for i := 0; i < 1024; i++ {
			out[1024+i] = ^out[i]
		}
	case 8, 9, 10, 11, 12:
		lo := []int{0xC800, 0xD800, 0xC800, 0xD800, 0xD800}[n-8]
		hi := []int{0xE800, 0xEB00, 0xEE00, 0xF100, 0xF400}[n-8]
		copy(out, at(lo, 0x500))
		copy(out[0x500:], at(hi, 0x300))
		if n == 12 {
			copy(out[0x7E*8:], at(0xF400, 8))
			copy(out[0x5C*8:], at(0xD800+0xA5*8, 8))
			copy(out[0xA0*8:], make([]byte, 8))
		}
	}
	return out
}

func banked(m *core.Machine, bank uint8, addr uint16, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = m.PeekBanked(bank, addr+uint16(i))
	}
	return out
}

// firstDiff describes where two glyph tables differ (glyph and row).
func firstDiff(got, want []byte) (int, int) {
	for i := range want {
		if got[i] != want[i] {
			return i / 8, i % 8
		}
	}
	return -1, -1
}

// TestBuiltinCharsetBank runs rom/testdata/charset.s: a program maps ROM bank 6 itself and
// copies the fonts out (as the VERA FX test programs do), then sets every character set with
// screen_set_charset and switches CHROUT to ISO mode and back.
func TestBuiltinCharsetBank(t *testing.T) {
	checkCharsetProgram(t, runBuiltin(t, nil, "charset.prg"), bank6(), true)
}

// TestOfficialCharsetBank runs the same program on the official ROM, against its own bank 6:
// the composition wantCharset describes is the official KERNAL's.
func TestOfficialCharsetBank(t *testing.T) {
	img := officialROM(t)
	m := runOfficial(t, nil, "charset.prg", 300, nil, nil)
	checkCharsetProgram(t, m, img[6*16384:][:16384], false)
}

// checkCharsetProgram checks what rom/testdata/charset.s left behind, against the bank 6 of
// the ROM it ran on. The carry of a successful screen_set_charset is only the built-in
// ROM's promise (carry says whether the set exists).
func checkCharsetProgram(t *testing.T, m *core.Machine, b6 []byte, builtin bool) {

	// the program's own copy of bank 6 (RAM banks 10-11) and its FX-style font upload
	if got := append(banked(m, 10, 0xA000, 8192), banked(m, 11, 0xA000, 8192)...); !bytes.Equal(got, b6) {
		g, r := firstDiff(got, b6)
		t.Errorf("bank 6 as a program reads it differs from the image at glyph %d row %d", g, r)
	}
	if got := banked(m, 12, 0xA000, 2048); !bytes.Equal(got, b6[:2048]) {
		g, r := firstDiff(got, b6[:2048])
		t.Errorf("VRAM after copying $C000-$C7FF of bank 6 differs at glyph %d row %d", g, r)
	}

	// screen_set_charset 1-12
	for n := 1; n <= 12; n++ {
		bank, addr := uint8(1+(n-1)/4), uint16(0xA000+(n-1)%4*0x800)
		if p := m.Peek(0x0400 + uint16(n)); builtin && p&1 != 0 {
			t.Errorf("screen_set_charset %d: C=1, want 0", n)
		}
		want := wantCharset(b6, n)
		if got := banked(m, bank, addr, 2048); !bytes.Equal(got, want) {
			g, r := firstDiff(got, want)
			t.Errorf("VRAM after screen_set_charset %d differs at glyph $%02X row %d", n, g, r)
		}
	}
	if p := m.Peek(0x040D); p&1 == 0 {
		t.Error("screen_set_charset 13: C=0, want 1 (no such set)")
	}
	if got := banked(m, 4, 0xA000, 2048); !bytes.Equal(got, wantCharset(b6, 12)) {
		t.Error("screen_set_charset 13 changed VRAM")
	}
	if p := m.Peek(0x0400); builtin && p&1 != 0 {
		t.Error("screen_set_charset 0 with a bank-6 pointer: C=1")
	}
	if got := banked(m, 4, 0xA800, 2048); !bytes.Equal(got, b6[0x800:0x1000]) {
		g, r := firstDiff(got, b6[0x800:0x1000])
		t.Errorf("screen_set_charset 0 from $C800 (bank 6) differs at glyph $%02X row %d", g, r)
	}
	// a custom set in banked RAM comes from RAM bank 6, not from the bank mapped (7)
	for i, a := range []uint16{0x0491, 0x0492, 0x0493} {
		if got := m.Peek(a); got != 0x5A {
			t.Errorf("custom set from $A000: VRAM byte %d = $%02X, want $5A (RAM bank 6)", i, got)
		}
	}
	if got := m.Peek(0x040E); got != 7 {
		t.Errorf("custom set from $A000: RAM bank %d mapped after the call, want 7", got)
	}
	// independent of the composition above: where the letters are
	pet := func(set, code int) []byte { return b6[set*1024+code*8:][:8] }
	if got := banked(m, 1, 0xA800+0x81*8, 8); got[0] != ^pet(0, 1)[0] || got[3] != ^pet(0, 1)[3] {
		t.Errorf("set 2 $81 = % X, want the reverse of 'A'", got)
	}
	if got := banked(m, 1, 0xB000+0x01*8, 8); !bytes.Equal(got, pet(1, 1)) {
		t.Errorf("set 3 $01 = % X, want the lower-case 'a' % X", got, pet(1, 1))
	}

	// ISO mode: $0F uploads the ISO set and prints ISO codes as they are. The last set was
	// 12, which has bit 2 set: the official editor then takes the thin sets, ISO (6) here
	// and PETSCII upper/graphics (4) at $8F.
	if got := banked(m, 4, 0xB000, 2048); !bytes.Equal(got, wantCharset(b6, 6)) {
		t.Error("after CHROUT $0F (following set 12) the VRAM set is not the thin ISO set")
	}
	if got := m.Peek(0x0490); got != 0x9F {
		t.Errorf("ISO cursor after $0F = $%02X, want $9F", got)
	}
	// A, e acute, '\', '~', (reverse on: ignored) B, (lower case: ignored) y diaeresis, euro
	wantISO := []uint8{0x41, 0xE9, 0x5C, 0x7E, 0x42, 0xFF, 0xA4, ' '}
	for i, w := range wantISO {
		if got := m.Peek(0x0480 + uint16(i)); got != w {
			t.Errorf("ISO mode: column %d holds screen code $%02X, want $%02X", i, got, w)
		}
	}
	// $8F: PETSCII (thin) upper/graphics again, and PETSCII encoding (reverse 'A' = $81, $E9 = $69)
	if got := banked(m, 4, 0xB800, 2048); !bytes.Equal(got, wantCharset(b6, 4)) {
		t.Error("after CHROUT $8F (in thin ISO) the VRAM set is not the thin PETSCII upper/graphics")
	}
	for i, w := range []uint8{0x81, 0x69, ' '} {
		if got := m.Peek(0x0488 + uint16(i)); got != w {
			t.Errorf("PETSCII after $8F: column %d = $%02X, want $%02X", i, got, w)
		}
	}
	// $0E keeps a thin set thin (4 -> 5), and from set 2 gives 3
	if got := banked(m, 5, 0xA000, 2048); !bytes.Equal(got, wantCharset(b6, 5)) {
		t.Error("CHROUT $0E after the thin upper/graphics set: VRAM is not set 5")
	}
	if got := banked(m, 5, 0xA800, 2048); !bytes.Equal(got, wantCharset(b6, 3)) {
		t.Error("CHROUT $0E after set 2: VRAM is not set 3")
	}
}

// TestBuiltinBootCharset: the boot upload from bank 6 gives PETSCII upper/graphics.
func TestBuiltinBootCharset(t *testing.T) {
	m := bootBuiltin(t)
	want := wantCharset(bank6(), 2)
	for i, w := range want {
		if got := m.VERA().PeekVRAM(uint32(0x1F000 + i)); got != w {
			t.Fatalf("boot charset byte %d = $%02X, want $%02X", i, got, w)
		}
	}
}
