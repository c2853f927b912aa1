package core_test

import (
	"testing"

	"x16scope/core"
)

// TestBuiltinJoystickCalls runs rom/testdata/joystick.s with SNES controller 1 holding A and
// UP, controller 2 connected with nothing pressed, ports 3 and 4 empty, and the LEFT cursor
// key (keyboard joystick 0) held.
func TestBuiltinJoystickCalls(t *testing.T) {
	m := startBuiltin(t, nil, "joystick.prg")
	joystickSetup(t, m)
	runToExit(t, m, "joystick.prg", 30, joystickStep(m))
	checkJoystick(t, m)
}

func joystickSetup(t *testing.T, m *core.Machine) {
	m.SetJoystick(1, core.SNESA|core.SNESUp)
	m.SetJoystick(2, 0)
	m.KeyDown(mustKey(t, "LEFT"))
}

func joystickStep(m *core.Machine) func(int) {
	return func(int) {
		if m.Peek(0x0420) == 1 && m.Peek(0x0421) == 0 {
			m.SetJoystick(1, core.SNESB)
			m.Poke(0x0421, 1)
		}
	}
}

// checkJoystick checks the results of rom/testdata/joystick.s (both ROMs).
func checkJoystick(t *testing.T, m *core.Machine) {
	t.Helper()
	// A = B Y SEL START UP DOWN LEFT RIGHT, X = A X L R 1 1 1 1, 0 = pressed (7.1)
	want := []struct{ a, x, y uint8 }{
		{0xFD, 0xFF, 0x00}, // keyboard: LEFT
		{0xF7, 0x7F, 0x00}, // 1: UP, A
		{0xFF, 0xFF, 0x00}, // 2: present, idle
		{0xFF, 0xFF, 0xFF}, // 3: absent
		{0xFF, 0xFF, 0xFF}, // 4: absent
		{0xFF, 0xFF, 0xFF}, // 5: no such joystick
	}
	for n, w := range want {
		if r := result(m, uint16(0x0400+4*n)); r.a != w.a || r.x != w.x || r.y != w.y {
			t.Errorf("joystick_get(%d) = A $%02X X $%02X Y $%02X, want $%02X $%02X $%02X", n, r.a, r.x, r.y, w.a, w.x, w.y)
		}
	}
	if before, after := m.Peek(0x0422), m.Peek(0x0423); before != 0xF7 || after != 0x7F {
		t.Errorf("controller 1 before/after joystick_scan with interrupts off: $%02X $%02X, want $F7 $7F", before, after)
	}
}

// TestBuiltinMouseCalls runs rom/testdata/mouse.s: two moves through the SMC's PS/2 mouse
// packets, the second one clamped at the left edge.
func TestBuiltinMouseCalls(t *testing.T) {
	m := startBuiltin(t, nil, "mouse.prg")
	runToExit(t, m, "mouse.prg", 60, mouseStep(m))
	checkMouse(t, m)
}

func mouseStep(m *core.Machine) func(int) {
	moved := 0
	return func(int) {
		switch s := int(m.Peek(0x0410)); {
		case s == 1 && moved == 0:
			m.MouseMove(-250, 20, 1) // left 250, down 20, left button
			moved = 1
		case s == 2 && moved == 1:
			m.MouseMove(-100, -5, 0) // left 100 (past the edge), up 5, released
			moved = 2
		}
	}
}

// checkMouse checks the results of rom/testdata/mouse.s (both ROMs).
func checkMouse(t *testing.T, m *core.Machine) {
	t.Helper()
	// mouse_config(80 columns, 60 rows) puts the pointer in the middle of 640x480: the
	// last pixel is (639, 479), so (319, 239)
	word := func(a uint16) int { return int(m.Peek(a)) | int(m.Peek(a+1))<<8 }
	if x, y, b := word(0x0400), word(0x0402), m.Peek(0x0404); x != 69 || y != 259 || b != 1 {
		t.Errorf("after the first move: x=%d y=%d buttons=%d, want 69 259 1", x, y, b)
	}
	if x, y, b := word(0x0408), word(0x040A), m.Peek(0x040C); x != 0 || y != 254 || b != 0 {
		t.Errorf("after the second move: x=%d y=%d buttons=%d, want 0 254 0", x, y, b)
	}
	if w := m.Peek(0x0405); w != 0 {
		t.Errorf("wheel = %d, want 0", w)
	}
}

// TestBuiltinI2CAndClockCalls runs rom/testdata/i2c.s.
func TestBuiltinI2CAndClockCalls(t *testing.T) {
	checkI2C(t, runBuiltin(t, nil, "i2c.prg"))
}

// checkI2C checks the results of rom/testdata/i2c.s (both ROMs).
func checkI2C(t *testing.T, m *core.Machine) {
	t.Helper()
	if r := result(m, 0x0400); r.carry() || r.a != 47 || r.x != 0x42 || r.y != 0x30 {
		t.Errorf("i2c_read_byte SMC $30: %+v, want C=0 A=47 (firmware 47) X=$42 Y=$30", r)
	}
	if r := result(m, 0x0404); r.carry() || r.x != 0x6F || r.y != 0x25 {
		t.Errorf("i2c_write_byte RTC $25: %+v, want C=0 and X/Y kept", r)
	}
	if r := result(m, 0x0408); r.carry() || r.a != 0x5A {
		t.Errorf("i2c_read_byte RTC $25: %+v, want C=0 A=$5A", r)
	}
	if r := result(m, 0x040C); !r.carry() {
		t.Errorf("i2c_read_byte from an absent device: %+v, want C=1", r)
	}
	if r := result(m, 0x0410); !r.carry() {
		t.Errorf("i2c_write_byte to an absent device: %+v, want C=1", r)
	}
	// The RTC powers on as the MCP7940N does (and x16emu without -rtc): 2000-01-01
	// 00:00:00, weekday 1, the oscillator stopped, so it reads the same however long the
	// program took; writing the year and the minutes leaves it stopped.
	date := func(a uint16) [8]uint8 {
		var d [8]uint8
		for i := range d {
			d[i] = m.Peek(a + uint16(i))
		}
		return d
	}
	// r0L year-1900, r0H month, r1L day, r1H hours, r2L minutes, r2H seconds, r3L jiffies, r3H weekday
	if d, want := date(0x0420), [8]uint8{100, 1, 1, 0, 0, 0, 0, 1}; d != want {
		t.Errorf("clock_get_date_time at power-on = %v, want %v", d, want)
	}
	if d, want := date(0x0430), [8]uint8{131, 1, 1, 0, 45, 0, 0, 1}; d != want {
		t.Errorf("after writing year $31 and minutes $45: %v, want %v", d, want)
	}
	if r := result(m, 0x0440); r.a != 0x56 || r.x != 0x34 || r.y != 0x12 {
		t.Errorf("RDTIM after SETTIM $123456: %+v", r)
	}
	if r := result(m, 0x0444); r.a != 0x5B || r.x != 0x34 || r.y != 0x12 {
		t.Errorf("RDTIM five VSYNCs later: %+v, want $12345B", r)
	}
}
