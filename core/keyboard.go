package core

import (
	"fmt"
	"sort"
	"strings"
)

// Keyboard input reaches the guest as the real one does: key codes (IBM key numbers, bit 7
// set for a release) queued in the SMC, which the KERNAL reads over I2C once per frame
// (X16-HARDWARE.md 5.3). Both ROMs read them the same way, so --type and --keys work with
// either. Codes beyond the SMC's 16-entry buffer wait in an unbounded host queue.

// keyCodes names the keys (IBM key numbers, as the official emulator's keyboard.c uses).
var keyCodes = map[string]uint8{
	"`": 1, "1": 2, "2": 3, "3": 4, "4": 5, "5": 6, "6": 7, "7": 8, "8": 9, "9": 10, "0": 11,
	"-": 12, "=": 13, "BACKSPACE": 15, "TAB": 16,
	"Q": 17, "W": 18, "E": 19, "R": 20, "T": 21, "Y": 22, "U": 23, "I": 24, "O": 25, "P": 26,
	"[": 27, "]": 28, "\\": 29, "CAPSLOCK": 30,
	"A": 31, "S": 32, "D": 33, "F": 34, "G": 35, "H": 36, "J": 37, "K": 38, "L": 39,
	";": 40, "'": 41, "RETURN": 43, "ENTER": 43, "LSHIFT": 44, "SHIFT": 44,
	"Z": 46, "X": 47, "C": 48, "V": 49, "B": 50, "N": 51, "M": 52, ",": 53, ".": 54, "/": 55,
	"RSHIFT": 57, "LCTRL": 58, "CTRL": 58, "LALT": 60, "ALT": 60, "SPACE": 61, "RALT": 62,
	"RCTRL": 64, "INSERT": 75, "DELETE": 76, "LEFT": 79, "HOME": 80, "END": 81, "UP": 83,
	"DOWN": 84, "PAGEUP": 85, "PAGEDOWN": 86, "RIGHT": 89, "ESC": 110,
	"STOP": 126, "PAUSE": 126, "BREAK": 126, // Pause/Break is the X16's RUN/STOP key
	"F1": 112, "F2": 113, "F3": 114, "F4": 115, "F5": 116, "F6": 117, "F7": 118, "F8": 119,
	"F9": 120, "F10": 121, "F11": 122, "F12": 123,
}

// shiftedASCII are the characters typed with shift on a US keyboard, and their key.
var shiftedASCII = map[byte]string{
	'!': "1", '@': "2", '#': "3", '$': "4", '%': "5", '^': "6", '&': "7", '*': "8", '(': "9",
	')': "0", '_': "-", '+': "=", ':': ";", '"': "'", '<': ",", '>': ".", '?': "/",
}

// KeyNames lists the key names --keys accepts.
func KeyNames() []string {
	names := make([]string, 0, len(keyCodes))
	for n := range keyCodes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// KeyCode returns the key code of a key name (case-insensitive).
func KeyCode(name string) (uint8, bool) {
	c, ok := keyCodes[strings.ToUpper(name)]
	return c, ok
}

// keyStrokes turns text into key presses: letters are typed unshifted (capitals in the
// X16's PETSCII upper-case mode, which is what BASIC and the built-in ROM expect), shifted
// symbols with SHIFT, "\n" or "\r" as RETURN.
func keyStrokes(text string) ([]uint8, error) {
	var codes []uint8
	press := func(c uint8) { codes = append(codes, c, c|0x80) }
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '\n' || ch == '\r':
			press(keyCodes["RETURN"])
		case ch == ' ':
			press(keyCodes["SPACE"])
		case ch >= 'a' && ch <= 'z':
			press(keyCodes[string(ch-32)])
		default:
			if k, ok := keyCodes[string(ch)]; ok {
				press(k)
			} else if k, ok := shiftedASCII[ch]; ok {
				shift := keyCodes["LSHIFT"]
				codes = append(codes, shift)
				press(keyCodes[k])
				codes = append(codes, shift|0x80)
			} else {
				return nil, fmt.Errorf("cannot type %q (byte %d of the text)", ch, i)
			}
		}
	}
	return codes, nil
}

// queueKey adds a key code for the SMC; past its buffer the code waits in the host queue.
func (s *smcDevice) queueKey(code uint8) {
	if len(s.pending) > 0 || !s.keys.push(code) {
		s.pending = append(s.pending, code)
	}
}

// refill moves waiting codes into the SMC buffer (after the KERNAL took one).
func (s *smcDevice) refill() {
	for len(s.pending) > 0 && s.keys.push(s.pending[0]) {
		s.pending = s.pending[1:]
	}
}
