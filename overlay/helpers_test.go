package overlay

import (
	"os"
	"testing"

	"x16scope/session"
)

// stubPRG is a PRG at $0801 with the BASIC line "10 SYS2061" followed by code at $080D
// (X16-HARDWARE.md 7.4).
func stubPRG(code ...byte) []byte {
	p := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0x00, 0x00, 0x00}
	return append(p, code...)
}

func smokePRG(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../tests/browser/testdata/smoke.prg")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newSession(t *testing.T) *session.Session {
	t.Helper()
	s, err := session.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// noClock is an elapsed-time function for ticks that must not depend on it.
func noClock() float64 { return 0 }
