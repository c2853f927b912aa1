package session

// The machine's inputs as every front end gives them: the page's keyboard, mouse and
// gamepads, the DAP server and CLI's typed text. Each is applied at the current cycle and
// logged (inputlog.go), so a seek replays it; in the past it forks the timeline first.

// KeyDown and KeyUp send one key code's press or release.
func (s *Session) KeyDown(code uint8) { s.logInput(inputEvent{kind: inKeyDown, a: int(code)}) }
func (s *Session) KeyUp(code uint8)   { s.logInput(inputEvent{kind: inKeyUp, a: int(code)}) }

// TypeText types text through the keyboard (core.Machine.TypeText).
func (s *Session) TypeText(text string) error {
	return s.logInput(inputEvent{kind: inText, text: text})
}

// MouseMove reports a mouse movement and the buttons held (bit 0 left, 1 right, 2 middle).
func (s *Session) MouseMove(dx, dy int, buttons uint8) {
	s.logInput(inputEvent{kind: inMouse, a: dx, b: dy, c: int(buttons)})
}

// SetJoystick sets the SNES buttons controller n (1-4) holds, and connects it.
func (s *Session) SetJoystick(n int, pressed uint16) {
	s.logInput(inputEvent{kind: inPad, a: n, b: int(pressed)})
}

// UnplugJoystick disconnects controller n (1-4).
func (s *Session) UnplugJoystick(n int) { s.logInput(inputEvent{kind: inUnplug, a: n}) }
