package core_test

import (
	"testing"

	"x16scope/core"
)

// TestBuiltinKeyboardCalls runs rom/testdata/keyboard.s and types what it asks for through
// the SMC (the same path --type and --keys use).
func TestBuiltinKeyboardCalls(t *testing.T) {
	m := startBuiltin(t, nil, "keyboard.prg")
	runToExit(t, m, "keyboard.prg", 300, keyboardStep(t, m))
	checkKeyboard(t, m)
}

// keyboardStep types what rom/testdata/keyboard.s asks for in $0410.
func keyboardStep(t *testing.T, m *core.Machine) func(int) {
	done := map[uint8]bool{}
	return func(int) {
		state := m.Peek(0x0410)
		if done[state] {
			return
		}
		done[state] = true
		var err error
		switch state {
		case 1:
			err = m.TypeText("hello 12\n")
		case 2:
			m.KeyDown(mustKey(t, "LSHIFT"))
		case 3:
			m.KeyUp(mustKey(t, "LSHIFT"))
		case 4:
			err = m.TypeText("!")
		case 5:
			err = m.PressKey("STOP")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// checkKeyboard checks the results of rom/testdata/keyboard.s (both ROMs).
func checkKeyboard(t *testing.T, m *core.Machine) {
	t.Helper()
	want := map[uint16]uint8{
		0x0400: 'X', 0x0401: 2, 0x0402: 'X', 0x0403: 'Y', 0x0404: 0, 0x0405: 0,
		0x0406: 'K', 0x0407: 10, // 11 put into a 10-character buffer: the last is dropped
		0x0408: 9, 0x0409: 1, 0x040A: '!',
	}
	for a, w := range want {
		if v := m.Peek(a); v != w {
			t.Errorf("$%04X = $%02X, want $%02X", a, v, w)
		}
	}
	line := "HELLO 12\r" // unshifted letters are upper case in the PETSCII set
	for i := 0; i < len(line); i++ {
		if v := m.Peek(uint16(0x0420 + i)); v != line[i] {
			t.Errorf("CHRIN character %d = $%02X, want $%02X", i, v, line[i])
		}
	}
	if m.Peek(0x040B)&0x02 == 0 {
		t.Errorf("STOP after the STOP key: P = $%02X, want Z set", m.Peek(0x040B))
	}
	// the typed line was echoed on the screen below the typed SYS command
	found := false
	for row := 0; row < 60; row++ {
		if screenText(m, row) == "HELLO 12" {
			found = true
		}
	}
	if !found {
		t.Error("the line CHRIN read is not on the screen")
	}
}

func mustKey(t *testing.T, name string) uint8 {
	t.Helper()
	c, ok := core.KeyCode(name)
	if !ok {
		t.Fatalf("no key %q", name)
	}
	return c
}
