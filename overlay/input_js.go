//go:build js && wasm

package overlay

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// inputState captures the keyboard, mouse and gamepads for the X16 (issue 6, item 2).
// Keys arrive as KeyboardEvent.code on ebiten's canvas, which has keyboard focus after a
// click on the screen; ebiten already calls preventDefault on them there, so while the
// screen has focus browser shortcuts do not take keys away from the X16, and nothing is
// intercepted once focus is elsewhere on the page.
type inputState struct {
	u       *UI
	canvas  js.Value
	keys    []byte // PS/2 bytes not yet taken by the machine
	keyLog  int    // PS/2 sequences produced (status/tests)
	mouseDX int
	mouseDY int
	buttons int
	pads    [4]uint16 // SNES buttons per controller
	padsOn  bool      // a gamepad was connected at some point
	locked  bool
}

// bind attaches the listeners to ebiten's canvas (it exists once ebiten's package init ran).
func (in *inputState) bind(u *UI) {
	in.u = u
	doc := js.Global().Get("document")
	in.canvas = doc.Call("querySelector", "body > canvas")
	if in.canvas.IsNull() {
		return
	}
	c := dom.WrapElement(in.canvas)
	c.AddEventListener("keydown", false, func(ev dom.Event) { in.key(ev, true) })
	c.AddEventListener("keyup", false, func(ev dom.Event) { in.key(ev, false) })
	c.AddEventListener("mousedown", false, func(ev dom.Event) {
		if !in.locked && in.insideScreen(ev) {
			// Pointer capture on click (issue 6); Esc releases it (the browser's rule).
			in.canvas.Call("requestPointerLock")
		}
		if me, ok := ev.(*dom.MouseEvent); ok {
			in.buttons = me.Buttons()
		}
	})
	c.AddEventListener("mouseup", false, func(ev dom.Event) {
		if me, ok := ev.(*dom.MouseEvent); ok {
			in.buttons = me.Buttons()
		}
	})
	c.AddEventListener("mousemove", false, func(ev dom.Event) {
		if !in.locked {
			return
		}
		if me, ok := ev.(*dom.MouseEvent); ok {
			in.mouseDX += me.MovementX()
			in.mouseDY += me.MovementY()
			in.buttons = me.Buttons()
		}
	})
	dom.GetWindow().Document().AddEventListener("pointerlockchange", false, func(dom.Event) {
		in.locked = doc.Get("pointerLockElement").Equal(in.canvas)
	})
	dom.GetWindow().AddEventListener("gamepadconnected", false, func(dom.Event) { in.padsOn = true })
}

// insideScreen tells whether a mouse event happened over the X16 picture.
func (in *inputState) insideScreen(ev dom.Event) bool {
	me, ok := ev.(*dom.MouseEvent)
	if !ok {
		return false
	}
	x, y, w, h := in.u.ScreenRect()
	cx, cy := float64(me.ClientX()), float64(me.ClientY())
	return cx >= x && cx < x+w && cy >= y && cy < y+h
}

// key turns a key event into PS/2 bytes for the keyboard controller.
func (in *inputState) key(ev dom.Event, down bool) {
	ke, ok := ev.(*dom.KeyboardEvent)
	if !ok {
		return
	}
	ev.PreventDefault()
	if down && ke.Repeat() {
		// PS/2 typematic repeat resends the make code; the browser's repeat does the same job.
	}
	seq, n, ok := PS2Sequence(ke.Code(), down)
	if !ok {
		return
	}
	in.keys = append(in.keys, seq[:n]...)
	in.keyLog++
	if len(in.keys) > 256 {
		in.keys = in.keys[len(in.keys)-256:] // a machine that never reads must not grow memory
	}
}

// poll reads the gamepads (standard mapping) once per displayed frame.
func (in *inputState) poll() {
	if !in.padsOn {
		return
	}
	pads := js.Global().Get("navigator").Call("getGamepads")
	for i := 0; i < len(in.pads); i++ {
		in.pads[i] = 0
		if i >= pads.Length() {
			continue
		}
		p := pads.Index(i)
		if p.IsNull() || p.IsUndefined() || p.Get("mapping").String() != "standard" {
			continue
		}
		bs := p.Get("buttons")
		var pressed uint32
		for b := 0; b < bs.Length() && b < 16; b++ {
			if bs.Index(b).Get("pressed").Bool() {
				pressed |= 1 << b
			}
		}
		in.pads[i] = SNESFromStandard(pressed)
	}
}
