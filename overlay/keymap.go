package overlay

import "x16scope/core"

// Browser keys to the X16's key codes. A PS/2 keyboard talks to the SMC, and the SMC hands
// the KERNAL IBM key-position numbers (1-127, bit 7 set on release) over I2C
// (X16-HARDWARE.md 5.3); core.Machine.KeyDown/KeyUp queue those numbers in the SMC model.
// Keys are named by KeyboardEvent.code, which names the physical key whatever the user's
// layout, so the X16 applies its own keymap as on hardware. The numbers are the IBM PC/AT
// key positions (the official emulator's keyboard.c uses the same), a US 104-key layout
// plus the ISO key left of Z.
var keyNumbers = map[string]uint8{
	"Backquote": 1, "Digit1": 2, "Digit2": 3, "Digit3": 4, "Digit4": 5, "Digit5": 6,
	"Digit6": 7, "Digit7": 8, "Digit8": 9, "Digit9": 10, "Digit0": 11, "Minus": 12,
	"Equal": 13, "Backspace": 15,

	"Tab": 16, "KeyQ": 17, "KeyW": 18, "KeyE": 19, "KeyR": 20, "KeyT": 21, "KeyY": 22,
	"KeyU": 23, "KeyI": 24, "KeyO": 25, "KeyP": 26, "BracketLeft": 27, "BracketRight": 28,
	"Backslash": 29,

	"CapsLock": 30, "KeyA": 31, "KeyS": 32, "KeyD": 33, "KeyF": 34, "KeyG": 35, "KeyH": 36,
	"KeyJ": 37, "KeyK": 38, "KeyL": 39, "Semicolon": 40, "Quote": 41, "Enter": 43,

	"ShiftLeft": 44, "IntlBackslash": 45, "KeyZ": 46, "KeyX": 47, "KeyC": 48, "KeyV": 49,
	"KeyB": 50, "KeyN": 51, "KeyM": 52, "Comma": 53, "Period": 54, "Slash": 55,
	"ShiftRight": 57,

	"ControlLeft": 58, "MetaLeft": 59, "AltLeft": 60, "Space": 61, "AltRight": 62,
	"MetaRight": 63, "ControlRight": 64, "ContextMenu": 65,

	"Insert": 75, "Delete": 76, "ArrowLeft": 79, "Home": 80, "End": 81, "ArrowUp": 83,
	"ArrowDown": 84, "PageUp": 85, "PageDown": 86, "ArrowRight": 89,

	"NumLock": 90, "Numpad7": 91, "Numpad4": 92, "Numpad1": 93, "NumpadDivide": 95,
	"Numpad8": 96, "Numpad5": 97, "Numpad2": 98, "Numpad0": 99, "NumpadMultiply": 100,
	"Numpad9": 101, "Numpad6": 102, "Numpad3": 103, "NumpadDecimal": 104,
	"NumpadSubtract": 105, "NumpadAdd": 106, "NumpadEnter": 108,

	"Escape": 110, "F1": 112, "F2": 113, "F3": 114, "F4": 115, "F5": 116, "F6": 117,
	"F7": 118, "F8": 119, "F9": 120, "F10": 121, "F11": 122, "F12": 123,
	"PrintScreen": 124, "ScrollLock": 125, "Pause": 126,
}

// KeyNumber is the X16 key code for a KeyboardEvent.code; ok is false for keys the X16
// keyboard does not have.
func KeyNumber(code string) (n uint8, ok bool) {
	n, ok = keyNumbers[code]
	return n, ok
}

// standardToSNES maps the W3C "standard" gamepad layout's button indices to SNES buttons
// by position: bottom face button = B, right = A, left = Y, top = X (the SNES pad's layout).
var standardToSNES = [16]uint16{
	0: core.SNESB, 1: core.SNESA, 2: core.SNESY, 3: core.SNESX, 4: core.SNESL, 5: core.SNESR,
	8: core.SNESSelect, 9: core.SNESStart, 12: core.SNESUp, 13: core.SNESDown, 14: core.SNESLeft,
	15: core.SNESRight,
}

// SNESFromStandard turns pressed standard-layout buttons (bit i = button i) into SNES
// buttons (core.SNES* bits).
func SNESFromStandard(pressed uint32) uint16 {
	var out uint16
	for i, b := range standardToSNES {
		if pressed&(1<<i) != 0 {
			out |= b
		}
	}
	return out
}

// BrowserShortcut tells whether a key press belongs to the browser rather than the X16
// while the screen has focus (issue 6: no browser shortcuts stolen). The X16 uses Ctrl and
// Alt (PETSCII control codes, colours), so those alone stay with it; the browser keeps
// everything pressed with Meta (Cmd/Win) or with Ctrl+Shift, Alt with an arrow key
// (back/forward), Ctrl+Tab, and F5 (reload), F11 (full screen) and F12 (developer tools).
func BrowserShortcut(code string, ctrl, shift, alt, meta bool) bool {
	switch {
	case meta, ctrl && shift:
		return true
	case alt && (code == "ArrowLeft" || code == "ArrowRight"):
		return true
	case ctrl && code == "Tab":
		return true
	}
	return code == "F5" || code == "F11" || code == "F12"
}
