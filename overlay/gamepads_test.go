package overlay

import (
	"bytes"
	"os"
	"testing"
	"x16scope/session"

	"x16scope/core"
)

// joyLog records SetJoystick calls, and UnplugJoystick calls as pressed -1.
type joyLog struct{ calls [][2]int }

func (j *joyLog) SetJoystick(n int, pressed uint16) {
	j.calls = append(j.calls, [2]int{n, int(pressed)})
}

func (j *joyLog) UnplugJoystick(n int) { j.calls = append(j.calls, [2]int{n, -1}) }

func (j *joyLog) take() [][2]int {
	c := j.calls
	j.calls = nil
	return c
}

func equalCalls(a, b [][2]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestPadPortsTellTheMachineWhatChanged(t *testing.T) {
	var pp padPorts
	m := &joyLog{}
	none := [4]uint32{}
	// No pad at all: every port stays empty.
	pp.update(m, 1, [4]bool{}, none)
	if c := m.take(); len(c) != 0 {
		t.Fatalf("no pads: calls %v", c)
	}
	// A pad at index 1 with nothing pressed connects controller 2 (the KERNAL must see it).
	pp.update(m, 1, [4]bool{false, true}, none)
	if c := m.take(); !equalCalls(c, [][2]int{{2, 0}}) {
		t.Fatalf("pad connected: calls %v, want controller 2 with nothing pressed", c)
	}
	pp.update(m, 1, [4]bool{false, true}, none)
	if c := m.take(); len(c) != 0 {
		t.Fatalf("nothing changed: calls %v", c)
	}
	// Standard button 1 (right face) is SNES A, 12 (d-pad up) is UP.
	pp.update(m, 1, [4]bool{false, true}, [4]uint32{0, 1<<1 | 1<<12})
	if c := m.take(); !equalCalls(c, [][2]int{{2, core.SNESA | core.SNESUp}}) {
		t.Fatalf("A+UP: calls %v", c)
	}
	// The pad goes away: its port is unplugged, once.
	pp.update(m, 1, [4]bool{}, none)
	pp.update(m, 1, [4]bool{}, none)
	if c := m.take(); !equalCalls(c, [][2]int{{2, -1}}) {
		t.Fatalf("pad gone: calls %v, want one unplug", c)
	}
	// A new machine (load or reset) is told the held state from scratch.
	pp.update(m, 1, [4]bool{true, true}, [4]uint32{1 << 9, 1 << 1})
	m.take()
	m2 := &joyLog{}
	pp.update(m2, 2, [4]bool{true, true}, [4]uint32{1 << 9, 1 << 1})
	if c := m2.take(); !equalCalls(c, [][2]int{{1, core.SNESStart}, {2, core.SNESA}}) {
		t.Fatalf("new machine: calls %v, want both controllers again", c)
	}
	if c := m.take(); len(c) != 0 {
		t.Fatalf("the old machine was called: %v", c)
	}
}

// runTicks advances the session n displayed frames.
func runTicks(s *session.Session, n int) {
	for i := 0; i < n; i++ {
		s.Advance(noClock)
	}
}

// TestBrowserInputPrograms runs the browser tests' input programs natively on the built-in
// ROM, fed the way the page feeds them (padPorts, Machine.MouseMove), so a browser failure
// points at the page, not at the programs. Expected values are by hand from
// X16-HARDWARE.md 7.1 (joystick_get's bytes) and mouse_config's centred pointer.
func TestBrowserInputPrograms(t *testing.T) {
	read := func(s *session.Session, a uint16, n int) []byte {
		out := make([]byte, n)
		for i := range out {
			out[i] = s.Machine().Peek(a + uint16(i))
		}
		return out
	}
	s := newSession(t)
	prg, err := os.ReadFile("../tests/browser/testdata/joypad.prg")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.LoadPRG("joypad.prg", prg); err != nil {
		t.Fatal(err)
	}
	runTicks(s, 10)
	if got := read(s, 0x30, 6); !bytes.Equal(got, []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}) {
		t.Fatalf("no pads: % X, want both ports empty (all $FF)", got)
	}
	var pp padPorts
	pp.update(s, s.Generation(), [4]bool{true}, [4]uint32{})
	runTicks(s, 3)
	if got := read(s, 0x30, 6); !bytes.Equal(got, []byte{0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF}) {
		t.Fatalf("pad 0 connected, idle: % X, want FF FF 00 (present) and port 2 empty", got)
	}
	// Right face (SNES A) and d-pad up: UP is A's bit 3 ($F7), A is X's bit 7 ($7F).
	pp.update(s, s.Generation(), [4]bool{true}, [4]uint32{1<<1 | 1<<12})
	runTicks(s, 3)
	if got := read(s, 0x30, 3); !bytes.Equal(got, []byte{0xF7, 0x7F, 0x00}) {
		t.Fatalf("A+UP: % X, want F7 7F 00", got)
	}
	// Unplugged, the port is empty again.
	pp.update(s, s.Generation(), [4]bool{}, [4]uint32{})
	runTicks(s, 3)
	if got := read(s, 0x30, 3); !bytes.Equal(got, []byte{0xFF, 0xFF, 0xFF}) {
		t.Fatalf("pad unplugged: % X, want FF FF FF (empty port)", got)
	}

	s = newSession(t)
	if prg, err = os.ReadFile("../tests/browser/testdata/mouse.prg"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadPRG("mouse.prg", prg); err != nil {
		t.Fatal(err)
	}
	runTicks(s, 10)
	if got := read(s, 0x30, 5); !bytes.Equal(got, []byte{319 & 0xFF, 319 >> 8, 239, 0, 0}) {
		t.Fatalf("mouse at start: % X, want (319, 239), no buttons", got)
	}
	s.MouseMove(40, -25, 1)
	runTicks(s, 3)
	if got := read(s, 0x30, 5); !bytes.Equal(got, []byte{359 & 0xFF, 359 >> 8, 214, 0, 1}) {
		t.Fatalf("mouse moved (+40, -25), left held: % X, want (359, 214), buttons 1", got)
	}
}
