package overlay

// Gamepads as SNES controllers (issue 6, item 2: "gamepads to SNES controllers"). The
// browser lists its gamepads by index; a pad with the W3C "standard" mapping at index i
// is the X16's SNES controller i+1 (X16-HARDWARE.md 5.2: four ports on VIA#1). The
// machine is told only what changed, and everything again when a load or reset replaced
// it (a new machine starts with every port empty).

// joystickSink takes SNES controller states (the session, which logs them as inputs). It is called only when a
// pad changes, never per bus cycle, so an interface costs nothing here.
type joystickSink interface {
	SetJoystick(n int, pressed uint16)
	UnplugJoystick(n int)
}

// padPorts is what the four SNES ports were last given.
type padPorts struct {
	gen     uint64    // the machine given the states below (session.Session.Generation)
	given   [4]bool   // port told it has a controller
	pressed [4]uint16 // SNES buttons it was told are held
}

// update gives m the pads' state: present[i] tells whether a standard-mapping pad is at
// index i, buttons[i] its pressed buttons (bit b = standard button b). A pad that is
// present with nothing pressed still connects its port: that is how the KERNAL's
// joystick_get tells a controller from an empty port (it answers Y = $00, not $FF). A pad
// that goes away unplugs its port.
func (pp *padPorts) update(m joystickSink, gen uint64, present [4]bool, buttons [4]uint32) {
	if gen != pp.gen {
		*pp = padPorts{gen: gen}
	}
	for i := range present {
		var snes uint16
		switch {
		case present[i]:
			snes = SNESFromStandard(buttons[i])
			if pp.given[i] && snes == pp.pressed[i] {
				continue
			}
		case pp.given[i]:
			m.UnplugJoystick(i + 1)
			pp.given[i], pp.pressed[i] = false, 0
			continue
		default:
			continue
		}
		m.SetJoystick(i+1, snes)
		pp.given[i], pp.pressed[i] = true, snes
	}
}
