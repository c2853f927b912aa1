package core

import (
	"fmt"
	"strings"
)

// Input devices: the keyboard, mouse and SNES pads (through the SMC and VIA#1, as the KERNAL
// reads them) and the NMI button. Callers are the browser page's event handlers (overlay,
// cmd/wasm), the --type/--keys options of cmd/x16scope and tests. The key tables are in
// keyboard.go.

// TypeText types text through the keyboard (see keyStrokes). While StartPRG's start is under
// way (Starting), the text waits for it, so it reaches the program, not the ROM's prompt.
func (m *Machine) TypeText(text string) error {
	codes, err := keyStrokes(text)
	if err != nil {
		return err
	}
	if m.Starting() {
		m.sys.typed += text
		return nil
	}
	for _, c := range codes {
		m.sys.smc.queueKey(c)
	}
	return nil
}

// KeyDown and KeyUp send one key code's press or release.
func (m *Machine) KeyDown(code uint8) { m.sys.smc.queueKey(code & 0x7F) }
func (m *Machine) KeyUp(code uint8)   { m.sys.smc.queueKey(code | 0x80) }

// PressKey presses and releases a named key (KeyNames).
func (m *Machine) PressKey(name string) error {
	c, ok := KeyCode(name)
	if !ok {
		return fmt.Errorf("unknown key %q (known: %s)", name, strings.Join(KeyNames(), " "))
	}
	m.KeyDown(c)
	m.KeyUp(c)
	return nil
}

// KeysPending is the number of key codes the guest has not read yet.
func (m *Machine) KeysPending() int { return m.sys.smc.keys.len() + len(m.sys.smc.pending) }

// MouseMove reports a mouse movement (pixels; y grows downwards) and the buttons held
// (bit 0 left, 1 right, 2 middle). The KERNAL sees it once the program enabled the mouse.
func (m *Machine) MouseMove(dx, dy int, buttons uint8) { m.sys.smc.pushMouse(dx, dy, buttons, 0) }

// SetJoystick sets which SNES buttons (SNES* bits) controller n (1-4) holds, and connects it.
func (m *Machine) SetJoystick(n int, pressed uint16) {
	if n >= 1 && n <= 4 {
		m.sys.snes.connected[n-1] = true
		m.sys.snes.pressed[n-1] = pressed
	}
}

// UnplugJoystick disconnects controller n (1-4): its port reads as empty again.
func (m *Machine) UnplugJoystick(n int) {
	if n >= 1 && n <= 4 {
		m.sys.snes.connected[n-1] = false
		m.sys.snes.pressed[n-1] = 0
	}
}

// NMI raises the non-maskable interrupt (the NMI button).
func (m *Machine) NMI() { m.cpu.nmi, m.bus.next = true, 0 }
