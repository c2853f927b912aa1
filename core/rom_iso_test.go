package core_test

import (
	"fmt"
	"testing"

	"x16scope/core"
)

// isoKeyNumbers are the IBM key numbers typed by isoKeyCodes: the main block and the
// editing and function keys (no modifiers, Caps Lock or Num Lock themselves).
var isoKeyNumbers = func() (keys []uint8) {
	for _, r := range [][2]uint8{{1, 13}, {15, 29}, {31, 41}, {43, 43}, {46, 55}, {61, 61},
		{75, 76}, {79, 81}, {83, 86}, {89, 89}, {110, 110}, {112, 119}} {
		for k := r[0]; k <= r[1]; k++ {
			keys = append(keys, k)
		}
	}
	return
}()

// isoModifiers are the modifier keys held for isoKeyCodes: none, left Shift, left Alt,
// AltGr (right Alt), Shift + Alt. (Ctrl is in core/rom_keys_test.go's table.)
var isoModifiers = [][]uint8{{}, {44}, {60}, {62}, {44, 60}}

// isoKeyGaps are keys left out of the comparison: none since the built-in keymap has the
// official layout (core/rom_keys_test.go compares every key and modifier in both modes).
var isoKeyGaps = map[uint8]bool{}

// isoKeyCodes runs rom/testdata/isokeys.prg on m (started): every key of isoKeyNumbers
// with every modifier, each pressed alone and followed by a plain X (which the official
// layout's dead keys need before the next key counts), and returns what GETIN gave for
// each key itself.
func isoKeyCodes(t *testing.T, m *core.Machine) map[string][]byte {
	t.Helper()
	for i := 0; m.Peek(0x0403) != 1; i++ {
		if i == 600 {
			t.Fatal("isokeys.prg did not start")
		}
		m.RunFrame()
	}
	count := func() int { return int(m.Peek(0x0400)) | int(m.Peek(0x0401))<<8 }
	press := func(mods []uint8, k uint8) {
		for _, mod := range mods {
			m.KeyDown(mod)
		}
		m.KeyDown(k)
		m.KeyUp(k)
		for _, mod := range mods {
			m.KeyUp(mod)
		}
		for range 4 {
			m.RunFrame()
		}
	}
	got := map[string][]byte{}
	for _, mods := range isoModifiers {
		for _, k := range isoKeyNumbers {
			before := count()
			press(mods, k)
			var codes []byte
			for i := before; i < count(); i++ {
				codes = append(codes, m.Peek(uint16(0x4000+i)))
			}
			got[fmt.Sprintf("modifiers %v + key %d", mods, k)] = codes
			press(nil, 47)
		}
	}
	m.Poke(0x0402, 1)
	for range 10 {
		m.RunFrame()
	}
	return got
}

// TestBuiltinISOKeys: a few of the ISO keyboard's codes on the built-in ROM: letters and
// the US keys PETSCII lacks, and the Alt layer (the official US layout's Latin-1 signs).
func TestBuiltinISOKeys(t *testing.T) {
	got := isoKeyCodes(t, startBuiltin(t, nil, "isokeys.prg"))
	for key, want := range map[string][]byte{
		"modifiers [] + key 31":     {'a'},
		"modifiers [44] + key 31":   {'A'},
		"modifiers [44] + key 12":   {'_'},
		"modifiers [] + key 1":      {'`'},
		"modifiers [60] + key 4":    {0xA3}, // Alt 3: pound
		"modifiers [62] + key 32":   {0xDF}, // AltGr s: sharp s
		"modifiers [44 60] + key 3": {0xA4}, // Shift Alt 2: euro
		"modifiers [60] + key 50":   nil,    // Alt b: nothing
		"modifiers [60] + key 83":   {0x91}, // Alt up: up
	} {
		if fmt.Sprint(got[key]) != fmt.Sprint(want) {
			t.Errorf("%s: GETIN gave % X, want % X", key, got[key], want)
		}
	}
}

// TestOfficialISOKeys: every key with every modifier of isoModifiers gives the same codes
// in ISO mode on the official ROM and the built-in one (but for isoKeyGaps).
func TestOfficialISOKeys(t *testing.T) {
	o := isoKeyCodes(t, newOfficialStarted(t, "isokeys.prg"))
	b := isoKeyCodes(t, startBuiltin(t, nil, "isokeys.prg"))
	bad := 0
	for _, mods := range isoModifiers {
		for _, k := range isoKeyNumbers {
			key := fmt.Sprintf("modifiers %v + key %d", mods, k)
			if !isoKeyGaps[k] && fmt.Sprint(o[key]) != fmt.Sprint(b[key]) {
				if bad++; bad <= 20 {
					t.Errorf("%s: official % X, built-in % X", key, o[key], b[key])
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d key codes differ", bad)
	}
}

// isoCursorRun runs rom/testdata/isocursor.prg (started) and returns, for each of its
// phases (1 ISO mode, 2 ISO with iso_cursor_char '*', 3 PETSCII), the screen codes seen at
// the cursor (row 0, column 1) over 60 frames, as a 256-entry set.
func isoCursorRun(t *testing.T, m *core.Machine) (seen [4][256]bool) {
	t.Helper()
	for i := 0; i < 900; i++ {
		if m.Peek(0x04FF) == 0xA5 {
			return seen
		}
		if p := m.Peek(0x0400); p >= 1 && p <= 3 && m.Peek(0x0401) != p {
			for range 60 {
				m.RunFrame()
				c, _ := cell(m, 0, 1)
				seen[p][c] = true
			}
			m.Poke(0x0401, p)
		}
		m.RunFrame()
	}
	t.Fatalf("isocursor.prg did not finish: phase %d", m.Peek(0x0400))
	return seen
}

func codes(set [256]bool) (c []byte) {
	for i, ok := range set {
		if ok {
			c = append(c, byte(i))
		}
	}
	return c
}

// TestBuiltinISOCursor: the cursor over an empty cell blinks between the space and $9F in
// ISO mode, the character iso_cursor_char set, and the reversed space ($A0) in PETSCII mode.
func TestBuiltinISOCursor(t *testing.T) {
	m := startBuiltin(t, nil, "isocursor.prg")
	seen := isoCursorRun(t, m)
	for p, want := range map[int][]byte{1: {0x20, 0x9F}, 2: {0x20, '*'}, 3: {0x20, 0xA0}} {
		if got := codes(seen[p]); string(got) != string(want) {
			t.Errorf("phase %d: the cursor cell showed % X, want % X", p, got, want)
		}
	}
}

// TestOfficialISOCursor: the same cursor cells on the official ROM.
func TestOfficialISOCursor(t *testing.T) {
	mo := newOfficialStarted(t, "isocursor.prg")
	so := isoCursorRun(t, mo)
	sb := isoCursorRun(t, startBuiltin(t, nil, "isocursor.prg"))
	for p := 1; p <= 3; p++ {
		if o, b := codes(so[p]), codes(sb[p]); string(o) != string(b) {
			t.Errorf("phase %d: the cursor cell showed % X on the official ROM, % X on the built-in", p, o, b)
		}
	}
}
