package overlay

// inputs is what the keyboard, mouse and gamepads have told the X16 (the page's listeners
// in input_js.go call the UI's methods below with each event's fields).
type inputs struct {
	keys    int       // key events delivered (status, tests)
	held    [128]bool // keys down, by key code
	mouseDX int
	mouseDY int
	buttons int
	moved   bool
	pads    padPorts      // what the SNES ports were given
	readPad GamepadReader // the host's gamepads (nil: none)
}

// GamepadReader reads the host's gamepads: present[i] tells whether a standard-mapping pad
// is at index i, buttons[i] its pressed buttons (bit b = standard button b); ok is false
// while no pad was ever connected (then the ports are left alone).
type GamepadReader func() (present [4]bool, buttons [4]uint32, ok bool)

// SetGamepads sets where PollInput reads the gamepads.
func (u *UI) SetGamepads(r GamepadReader) { u.input.readPad = r }

// Key sends a key press or release (a KeyboardEvent.code) to the SMC as the X16's key
// code, and tells whether the code is one the X16 has. A held key repeats as repeated
// presses, as a PS/2 keyboard's typematic repeat does.
func (u *UI) Key(code string, down bool) bool {
	n, ok := KeyNumber(code)
	if !ok {
		return false
	}
	in, m := &u.input, u.s
	if down {
		m.KeyDown(n)
	} else {
		m.KeyUp(n)
	}
	in.held[n] = down
	in.keys++
	return true
}

// ReleaseKeys sends a release for every key still down (the screen lost focus: no key
// may stick).
func (u *UI) ReleaseKeys() {
	m := u.s
	for n, down := range u.input.held {
		if down {
			m.KeyUp(uint8(n))
			u.input.held[n] = false
		}
	}
}

// MouseButtons records the DOM buttons held (bit 0 left, 1 right, 2 middle); moved says
// the machine is to be told at the next poll.
func (u *UI) MouseButtons(buttons int, moved bool) {
	u.input.buttons = buttons
	u.input.moved = moved
}

// MouseMove adds a locked pointer's movement.
func (u *UI) MouseMove(dx, dy, buttons int) {
	u.input.mouseDX += dx
	u.input.mouseDY += dy
	u.input.buttons = buttons
	u.input.moved = true
}

// PollInput hands the machine the mouse movement since the last displayed frame and the
// gamepads as SNES controllers 1-4.
func (u *UI) PollInput() {
	in, m := &u.input, u.s
	if in.moved {
		// DOM buttons: bit 0 left, 1 right, 2 middle, as the SMC's packet wants them.
		m.MouseMove(in.mouseDX, in.mouseDY, uint8(in.buttons&7))
		in.mouseDX, in.mouseDY, in.moved = 0, 0, false
	}
	if in.readPad == nil {
		return
	}
	if present, buttons, ok := in.readPad(); ok {
		in.pads.update(m, m.Generation(), present, buttons)
	}
}
