package core

import "fmt"

// The official emulator's echo mode (register $9FB3, X16-HARDWARE.md 1.2): every character
// a program prints through the KERNAL's CHROUT is copied to the host console, so a headless
// run shows what the program printed on screen. The machine sees the call as the PC
// reaching the CHROUT jump-table entry in ROM bank 0, with the character in A.

const chroutEntry = 0xFFD2

// Echo modes written to $9FB3.
const (
	echoOff    = 0
	echoRaw    = 1 // bytes as the program printed them
	echoCooked = 2 // PETSCII made readable: RETURN as a newline, letters as ASCII, other codes as \XHH
	echoISO    = 3 // ISO-8859-1 text (the ISO mode's characters), bytes as printed
)

// setEcho is called when the guest writes $9FB3.
func (s *sysDevices) setEcho(mode uint8) {
	s.echo = mode
	s.rearm()
}

// echo prints one character a program sent to CHROUT.
func (e *emuDevice) echo(c uint8, mode uint8) {
	if mode != echoCooked {
		e.print(string([]byte{c}))
		return
	}
	switch {
	case c == 0x0D:
		e.print("\n")
	case c >= 0x20 && c <= 0x40, c >= 0x5B && c <= 0x5F:
		e.print(string([]byte{c}))
	case c >= 0x41 && c <= 0x5A: // unshifted letters: upper case in the default character set
		e.print(string([]byte{c}))
	case c >= 0xC1 && c <= 0xDA: // shifted letters
		e.print(string([]byte{c - 0x80}))
	default:
		e.print(fmt.Sprintf("\\X%02X", c))
	}
}
