package core

import (
	"errors"
	"unicode/utf8"
)

// ErrBASNeedsBASIC is returned by StartBAS on a machine whose ROM has no BASIC (the
// built-in ROM, or none): a program in BASIC text needs the official ROM.
var ErrBASNeedsBASIC = errors.New("this is a BASIC program as text and the built-in ROM has no BASIC interpreter: load the official ROM (drop its rom.bin, or x16scope run --rom FILE)")

// basTextLimit is the official emulator's paste buffer (64 KB less its final NUL): a
// longer program is cut there, as -bas cuts it.
const basTextLimit = 65535 - len("\rRUN\r")

// StartBAS types a BASIC program given as text into the official BASIC and runs it, the
// way the official emulator's `-bas FILE -run` does (what its manifest's start_bas does):
// when BASIC first asks for a line, the text goes into the KERNAL's keyboard buffer as
// ISO-8859-15 (line feeds become RETURN, "\XHH" is the byte $HH, characters with no
// ISO-8859-15 code are "?", a NUL ends the text), followed by RETURN, RUN, RETURN.
// Bytes that are not UTF-8 are taken as ISO-8859-15 already (a file saved in that
// encoding), where the official emulator stops typing.
func (m *Machine) StartBAS(text []byte) error {
	if !m.sys.official {
		return ErrBASNeedsBASIC
	}
	if len(text) > basTextLimit {
		text = text[:basTextLimit]
	}
	m.armPaste(string(BASKeys(text))+"\rRUN\r", nil)
	return nil
}

// BASKeys converts BASIC program text to the bytes StartBAS types.
func BASKeys(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for len(text) > 0 {
		if len(text) >= 4 && text[0] == '\\' && text[1] == 'X' && isHex(text[2]) && isHex(text[3]) {
			out = append(out, hexVal(text[2])<<4|hexVal(text[3]))
			text = text[4:]
			continue
		}
		r, n := utf8.DecodeRune(text)
		c := isoFromUnicode(r)
		if r == utf8.RuneError && n <= 1 {
			c, n = text[0], 1
		}
		text = text[n:]
		if c == 0 {
			break
		}
		out = append(out, c)
	}
	return out
}

// isoFromUnicode is a character's ISO-8859-15 code, as the official emulator maps pasted
// text: a line feed is RETURN, the eight characters ISO-8859-15 moved are at their new
// places, those it dropped and all beyond Latin-1 are "?".
func isoFromUnicode(r rune) byte {
	switch r {
	case '\n':
		return '\r'
	case 0x20AC: // €
		return 0xA4
	case 0x160: // Š
		return 0xA6
	case 0x161: // š
		return 0xA8
	case 0x17D: // Ž
		return 0xB4
	case 0x17E: // ž
		return 0xB8
	case 0x152: // Œ
		return 0xBC
	case 0x153: // œ
		return 0xBD
	case 0x178: // Ÿ
		return 0xBE
	case 0xA4, 0xA6, 0xA8, 0xB4, 0xB8, 0xBC, 0xBD, 0xBE:
		return '?'
	}
	if r < 0 || r >= 256 {
		return '?'
	}
	return byte(r)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
