package core_test

import (
	"bytes"
	"errors"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// TestBASKeys: BASIC text becomes the bytes the official emulator's -bas types.
func TestBASKeys(t *testing.T) {
	cases := []struct{ in, want string }{
		{"10 PRINT\"HI\"\n20 END\n", "10 PRINT\"HI\"\r20 END\r"},
		{"\\X93\\X41", "\x93\x41"},
		{"\\XZZ", "\\XZZ"},
		{"€Š¤→", "\xa4\xa6??"},
		{"AB\x00CD", "AB"},
		{"caf\xe9", "caf\xe9"}, // not UTF-8: the byte as it is
	}
	for _, c := range cases {
		if got := core.BASKeys([]byte(c.in)); !bytes.Equal(got, []byte(c.want)) {
			t.Errorf("BASKeys(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzBASKeys(f *testing.F) {
	f.Add([]byte("10 PRINT\n\\X41\x00"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if out := core.BASKeys(in); len(out) > len(in) {
			t.Fatalf("%d bytes of text typed as %d", len(in), len(out))
		}
	})
}

// TestStartBAS: on the official ROM the text is typed into BASIC and RUN; the built-in ROM,
// which has no BASIC, refuses it with ErrBASNeedsBASIC.
func TestStartBAS(t *testing.T) {
	b, err := core.New(core.Config{ROM: rom.Image()})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.StartBAS([]byte("10 END\n")); !errors.Is(err, core.ErrBASNeedsBASIC) {
		t.Errorf("built-in ROM: %v, want ErrBASNeedsBASIC", err)
	}
	m := newOfficial(t)
	if err := m.StartBAS([]byte("10 POKE 1024,42\n20 POKE 1279,165\n")); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 600 && m.Peek(0x04FF) != 0xA5; i++ {
		m.RunFrame()
	}
	if m.Peek(0x0400) != 42 || m.Peek(0x04FF) != 0xA5 {
		t.Errorf("the BASIC program did not run: $0400=%d $04FF=$%02X", m.Peek(0x0400), m.Peek(0x04FF))
	}
}
