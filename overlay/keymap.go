package overlay

// Browser keys to PS/2 scan code set 2, the codes a PS/2 keyboard sends to the X16's SMC
// (X16-HARDWARE.md 5.3). Keys are named by KeyboardEvent.code, which names the physical
// key whatever the user's layout, so the X16 applies its own keymap as on hardware.

// ps2Key is a key's make code; extended keys are preceded by $E0.
type ps2Key struct {
	code     uint8
	extended bool
}

// ps2Set2 is the default layout: a US 104-key keyboard plus the ISO key left of Z.
var ps2Set2 = map[string]ps2Key{
	"Escape": {0x76, false}, "F1": {0x05, false}, "F2": {0x06, false}, "F3": {0x04, false},
	"F4": {0x0C, false}, "F5": {0x03, false}, "F6": {0x0B, false}, "F7": {0x83, false},
	"F8": {0x0A, false}, "F9": {0x01, false}, "F10": {0x09, false}, "F11": {0x78, false},
	"F12": {0x07, false}, "ScrollLock": {0x7E, false},

	"Backquote": {0x0E, false}, "Digit1": {0x16, false}, "Digit2": {0x1E, false},
	"Digit3": {0x26, false}, "Digit4": {0x25, false}, "Digit5": {0x2E, false},
	"Digit6": {0x36, false}, "Digit7": {0x3D, false}, "Digit8": {0x3E, false},
	"Digit9": {0x46, false}, "Digit0": {0x45, false}, "Minus": {0x4E, false},
	"Equal": {0x55, false}, "Backspace": {0x66, false},

	"Tab": {0x0D, false}, "KeyQ": {0x15, false}, "KeyW": {0x1D, false}, "KeyE": {0x24, false},
	"KeyR": {0x2D, false}, "KeyT": {0x2C, false}, "KeyY": {0x35, false}, "KeyU": {0x3C, false},
	"KeyI": {0x43, false}, "KeyO": {0x44, false}, "KeyP": {0x4D, false},
	"BracketLeft": {0x54, false}, "BracketRight": {0x5B, false}, "Backslash": {0x5D, false},

	"CapsLock": {0x58, false}, "KeyA": {0x1C, false}, "KeyS": {0x1B, false},
	"KeyD": {0x23, false}, "KeyF": {0x2B, false}, "KeyG": {0x34, false}, "KeyH": {0x33, false},
	"KeyJ": {0x3B, false}, "KeyK": {0x42, false}, "KeyL": {0x4B, false},
	"Semicolon": {0x4C, false}, "Quote": {0x52, false}, "Enter": {0x5A, false},

	"ShiftLeft": {0x12, false}, "IntlBackslash": {0x61, false}, "KeyZ": {0x1A, false},
	"KeyX": {0x22, false}, "KeyC": {0x21, false}, "KeyV": {0x2A, false}, "KeyB": {0x32, false},
	"KeyN": {0x31, false}, "KeyM": {0x3A, false}, "Comma": {0x41, false},
	"Period": {0x49, false}, "Slash": {0x4A, false}, "ShiftRight": {0x59, false},

	"ControlLeft": {0x14, false}, "MetaLeft": {0x1F, true}, "AltLeft": {0x11, false},
	"Space": {0x29, false}, "AltRight": {0x11, true}, "MetaRight": {0x27, true},
	"ContextMenu": {0x2F, true}, "ControlRight": {0x14, true},

	"Insert": {0x70, true}, "Home": {0x6C, true}, "PageUp": {0x7D, true},
	"Delete": {0x71, true}, "End": {0x69, true}, "PageDown": {0x7A, true},
	"ArrowUp": {0x75, true}, "ArrowLeft": {0x6B, true}, "ArrowDown": {0x72, true},
	"ArrowRight": {0x74, true},

	"NumLock": {0x77, false}, "NumpadDivide": {0x4A, true}, "NumpadMultiply": {0x7C, false},
	"NumpadSubtract": {0x7B, false}, "NumpadAdd": {0x79, false}, "NumpadEnter": {0x5A, true},
	"NumpadDecimal": {0x71, false}, "Numpad0": {0x70, false}, "Numpad1": {0x69, false},
	"Numpad2": {0x72, false}, "Numpad3": {0x7A, false}, "Numpad4": {0x6B, false},
	"Numpad5": {0x73, false}, "Numpad6": {0x74, false}, "Numpad7": {0x6C, false},
	"Numpad8": {0x75, false}, "Numpad9": {0x7D, false},
}

// PS2Sequence is the byte sequence a key sends: make ([$E0] code) on press, break
// ([$E0] $F0 code) on release. ok is false for keys the X16 keyboard does not have.
func PS2Sequence(code string, down bool) (seq [3]byte, n int, ok bool) {
	k, ok := ps2Set2[code]
	if !ok {
		return seq, 0, false
	}
	if k.extended {
		seq[n] = 0xE0
		n++
	}
	if !down {
		seq[n] = 0xF0
		n++
	}
	seq[n] = k.code
	n++
	return seq, n, true
}

// SNES controller buttons in the order the controller shifts them out (X16-HARDWARE.md
// 5.2: the KERNAL's joystick_scan reads 12 bits per pad: B Y Select Start Up Down Left
// Right A X L R).
const (
	SNESB = 1 << iota
	SNESY
	SNESSelect
	SNESStart
	SNESUp
	SNESDown
	SNESLeft
	SNESRight
	SNESA
	SNESX
	SNESL
	SNESR
)

// standardToSNES maps the W3C "standard" gamepad layout's button indices to SNES buttons
// by position: bottom face button = B, right = A, left = Y, top = X (the SNES pad's layout).
var standardToSNES = [16]uint16{
	0: SNESB, 1: SNESA, 2: SNESY, 3: SNESX, 4: SNESL, 5: SNESR,
	8: SNESSelect, 9: SNESStart, 12: SNESUp, 13: SNESDown, 14: SNESLeft, 15: SNESRight,
}

// SNESFromStandard turns pressed standard-layout buttons (bit i = button i) into SNES
// buttons (a set bit is a pressed button).
func SNESFromStandard(pressed uint32) uint16 {
	var out uint16
	for i, b := range standardToSNES {
		if pressed&(1<<i) != 0 {
			out |= b
		}
	}
	return out
}
