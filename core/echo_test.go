package core_test

import (
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// TestEchoMode: with $9FB3 set, what a program prints through CHROUT reaches the host
// console as the official emulator's echo mode does; before it is set, nothing does.
func TestEchoMode(t *testing.T) {
	for _, tc := range []struct {
		mode uint8
		want string
	}{
		{1, "HI\r"}, // raw
		{2, "HI\n"}, // cooked: RETURN becomes a newline
		{0, ""},     // off: nothing is echoed
	} {
		m, err := core.New(core.Config{ROM: rom.Image()})
		if err != nil {
			t.Fatal(err)
		}
		code := []byte{
			0xA9, 'X', 0x20, 0xD2, 0xFF, // lda #'X' / jsr CHROUT: before echo is on
			0xA9, tc.mode, 0x8D, 0xB3, 0x9F, // lda #mode / sta $9FB3
			0xA9, 'H', 0x20, 0xD2, 0xFF,
			0xA9, 'I', 0x20, 0xD2, 0xFF,
			0xA9, 0x0D, 0x20, 0xD2, 0xFF,
			0xA9, 0x00, 0x8D, 0xB3, 0x9F, // echo off again
			0x60,
		}
		prg := append([]byte{0x00, 0x10}, code...) // load and start at $1000
		if _, err := m.StartPRG(prg); err != nil {
			t.Fatal(err)
		}
		for range 5 {
			m.RunFrame()
		}
		out := string(m.DrainConsole())
		if tc.mode == 0 {
			if out != "" {
				t.Errorf("echo off: console %q, want nothing", out)
			}
			continue
		}
		if !strings.HasPrefix(out, tc.want) || strings.Contains(out, "X") {
			t.Errorf("mode %d: console %q, want %q first and no X (printed before echo was on)", tc.mode, out, tc.want)
		}
	}
}
