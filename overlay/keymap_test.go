package overlay

import "testing"

func TestPS2Sequence(t *testing.T) {
	// Expected bytes from the PS/2 scan code set 2 table (IBM PS/2 technical reference):
	// a make code, $F0 before the code on release, $E0 first for extended keys.
	for _, tc := range []struct {
		code string
		down bool
		want []byte
	}{
		{"KeyA", true, []byte{0x1C}},
		{"KeyA", false, []byte{0xF0, 0x1C}},
		{"Enter", true, []byte{0x5A}},
		{"NumpadEnter", true, []byte{0xE0, 0x5A}},
		{"ArrowUp", true, []byte{0xE0, 0x75}},
		{"ArrowUp", false, []byte{0xE0, 0xF0, 0x75}},
		{"F7", true, []byte{0x83}},
		{"ShiftLeft", true, []byte{0x12}},
		{"ControlRight", false, []byte{0xE0, 0xF0, 0x14}},
		{"Space", true, []byte{0x29}},
		{"Backspace", true, []byte{0x66}},
		{"Escape", true, []byte{0x76}},
	} {
		seq, n, ok := PS2Sequence(tc.code, tc.down)
		if !ok || string(seq[:n]) != string(tc.want) {
			t.Errorf("PS2Sequence(%q, %v) = % X (ok %v), want % X", tc.code, tc.down, seq[:n], ok, tc.want)
		}
	}
	if _, _, ok := PS2Sequence("LaunchMail", true); ok {
		t.Error("a key the X16 keyboard lacks must not map")
	}
}

func TestPS2CodesAreUnique(t *testing.T) {
	// Two keys with the same code and prefix would be indistinguishable to the X16.
	seen := map[ps2Key]string{}
	for name, k := range ps2Set2 {
		if other, dup := seen[k]; dup {
			t.Errorf("%s and %s both send %v", name, other, k)
		}
		seen[k] = name
	}
}

func TestSNESFromStandard(t *testing.T) {
	// Standard layout: 0 bottom, 1 right, 2 left, 3 top, 9 start, 12 up, 15 right.
	if got := SNESFromStandard(1<<0 | 1<<9 | 1<<12); got != SNESB|SNESStart|SNESUp {
		t.Errorf("bottom+start+up = %012b", got)
	}
	if got := SNESFromStandard(1<<1 | 1<<3 | 1<<15); got != SNESA|SNESX|SNESRight {
		t.Errorf("right+top+dpad right = %012b", got)
	}
	if got := SNESFromStandard(1<<6 | 1<<7 | 1<<16); got != 0 {
		t.Errorf("triggers and the home button have no SNES button, got %012b", got)
	}
	// Bit order: B is bit 0, R bit 11 (the order the pad shifts them out).
	if SNESB != 1 || SNESR != 1<<11 {
		t.Fatal("SNES bit order changed")
	}
}
