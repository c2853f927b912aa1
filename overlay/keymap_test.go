package overlay

import (
	"testing"

	"x16scope/core"
)

func TestKeyNumber(t *testing.T) {
	// IBM PC/AT key-position numbers, counted by hand on the standard 101/104-key diagram:
	// the digit row starts at 1 (backquote), the letter rows at Tab 16, Caps 30, LShift 44,
	// the bottom row at LCtrl 58; Esc is 110 and F1-F12 are 112-123.
	for code, want := range map[string]uint8{
		"Backquote": 1, "Digit1": 2, "Digit0": 11, "Backspace": 15, "Tab": 16, "KeyQ": 17,
		"KeyP": 26, "CapsLock": 30, "KeyA": 31, "Enter": 43, "ShiftLeft": 44, "KeyZ": 46,
		"Slash": 55, "ShiftRight": 57, "ControlLeft": 58, "Space": 61, "ArrowLeft": 79,
		"ArrowUp": 83, "ArrowDown": 84, "ArrowRight": 89, "Escape": 110, "F1": 112, "F12": 123,
	} {
		if got, ok := KeyNumber(code); !ok || got != want {
			t.Errorf("KeyNumber(%q) = %d, %v; want %d", code, got, ok, want)
		}
	}
	if _, ok := KeyNumber("LaunchMail"); ok {
		t.Error("a key the X16 keyboard lacks must not map")
	}
}

func TestKeyNumbersAgreeWithCore(t *testing.T) {
	// core names keys for --keys; where both tables name a key they must agree, and every
	// number is a 7-bit key code (bit 7 marks a release).
	for code, ours := range map[string]string{"KeyA": "A", "Enter": "RETURN", "Space": "SPACE",
		"ArrowUp": "UP", "Escape": "ESC", "F5": "F5", "Backspace": "BACKSPACE", "ShiftLeft": "LSHIFT"} {
		n, _ := KeyNumber(code)
		c, ok := core.KeyCode(ours)
		if !ok || c != n {
			t.Errorf("%s: overlay %d, core %s = %d (%v)", code, n, ours, c, ok)
		}
	}
	seen := map[uint8]string{}
	for name, n := range keyNumbers {
		if n == 0 || n > 127 {
			t.Errorf("%s = %d: not a 7-bit key code", name, n)
		}
		if other, dup := seen[n]; dup {
			t.Errorf("%s and %s both send %d", name, other, n)
		}
		seen[n] = name
	}
}

func TestSNESFromStandard(t *testing.T) {
	// Standard layout: 0 bottom, 1 right, 2 left, 3 top, 9 start, 12 up, 15 right.
	if got := SNESFromStandard(1<<0 | 1<<9 | 1<<12); got != core.SNESB|core.SNESStart|core.SNESUp {
		t.Errorf("bottom+start+up = %012b", got)
	}
	if got := SNESFromStandard(1<<1 | 1<<3 | 1<<15); got != core.SNESA|core.SNESX|core.SNESRight {
		t.Errorf("right+top+dpad right = %012b", got)
	}
	if got := SNESFromStandard(1<<6 | 1<<7 | 1<<16); got != 0 {
		t.Errorf("triggers and the home button have no SNES button, got %012b", got)
	}
}

func TestBrowserShortcut(t *testing.T) {
	for _, tc := range []struct {
		code                   string
		ctrl, shift, alt, meta bool
		browser                bool
	}{
		{"KeyR", false, false, false, true, true}, // Cmd+R reload
		{"KeyI", true, true, false, false, true},  // Ctrl+Shift+I dev tools
		{"ArrowLeft", false, false, true, false, true},
		{"Tab", true, false, false, false, true},
		{"F5", false, false, false, false, true},
		{"F12", false, false, false, false, true},
		{"KeyR", true, false, false, false, false}, // Ctrl+R: PETSCII reverse on, the X16's
		{"Digit1", true, false, false, false, false},
		{"KeyA", false, true, false, false, false},
		{"F1", false, false, false, false, false},
		{"Tab", false, false, false, false, false},
		{"ArrowLeft", false, false, false, false, false},
	} {
		if got := BrowserShortcut(tc.code, tc.ctrl, tc.shift, tc.alt, tc.meta); got != tc.browser {
			t.Errorf("%+v: browser shortcut = %v", tc, got)
		}
	}
}
