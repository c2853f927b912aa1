//go:build js && wasm

package overlay

import "syscall/js"

// inputState captures the keyboard, mouse and gamepads for the X16 (issue 6, item 2).
// Keys arrive as KeyboardEvent.code on ebiten's canvas, which has keyboard focus after a
// click on the screen; ebiten already calls preventDefault on them there, so while the
// screen has focus browser shortcuts do not take keys away from the X16, and nothing is
// intercepted once focus is elsewhere on the page.
type inputState struct {
	u       *UI
	canvas  js.Value
	keys    int       // key events delivered (status, tests)
	held    [128]bool // keys down, by key code
	mouseDX int
	mouseDY int
	buttons int
	moved   bool
	pads    padPorts // what the SNES ports were given
	padsOn  bool     // a gamepad was connected at some point
	locked  bool
}

// bind attaches the listeners to ebiten's canvas (it exists once ebiten's package init ran).
func (in *inputState) bind(u *UI) {
	in.u = u
	in.canvas = jsDocument.Call("querySelector", "body > canvas")
	if in.canvas.IsNull() {
		return
	}
	c := in.canvas
	// Browser shortcuts are taken out before ebiten's canvas listener can cancel them: a
	// window listener in the capture phase runs first.
	js.Global().Call("addEventListener", "keydown", js.FuncOf(func(this js.Value, args []js.Value) any {
		ev := args[0]
		if ev.Get("target").Equal(c) && BrowserShortcut(ev.Get("code").String(), ev.Get("ctrlKey").Bool(),
			ev.Get("shiftKey").Bool(), ev.Get("altKey").Bool(), ev.Get("metaKey").Bool()) {
			ev.Call("stopImmediatePropagation")
		}
		return nil
	}), true)
	on(c, "keydown", func(ev js.Value) { in.key(ev, true) })
	on(c, "keyup", func(ev js.Value) { in.key(ev, false) })
	// Keys still held when the screen loses focus are released, so none sticks.
	on(c, "blur", func(js.Value) { in.releaseAll() })
	on(c, "mousedown", func(ev js.Value) {
		if !in.locked && in.insideScreen(ev) {
			// Pointer capture on click (issue 6); Esc releases it (the browser's rule).
			c.Call("requestPointerLock")
		}
		in.buttons = ev.Get("buttons").Int()
		in.moved = in.locked
	})
	on(c, "mouseup", func(ev js.Value) { in.buttons = ev.Get("buttons").Int(); in.moved = true })
	on(c, "mousemove", func(ev js.Value) {
		if !in.locked {
			// pointerlockchange can arrive after the first moves of a new lock: ask the
			// document rather than lose them.
			if !jsDocument.Get("pointerLockElement").Equal(c) {
				return
			}
			in.locked = true
		}
		in.mouseDX += ev.Get("movementX").Int()
		in.mouseDY += ev.Get("movementY").Int()
		in.buttons = ev.Get("buttons").Int()
		in.moved = true
	})
	on(jsDocument, "pointerlockchange", func(js.Value) {
		in.locked = jsDocument.Get("pointerLockElement").Equal(c)
	})
	on(js.Global(), "gamepadconnected", func(js.Value) { in.padsOn = true })
}

// insideScreen tells whether a mouse event happened over the X16 picture.
func (in *inputState) insideScreen(ev js.Value) bool {
	x, y, w, h := in.u.ScreenRect()
	cx, cy := ev.Get("clientX").Float(), ev.Get("clientY").Float()
	return cx >= x && cx < x+w && cy >= y && cy < y+h
}

// key sends a key press or release to the SMC as the X16's key code. A held key repeats as
// repeated presses, as a PS/2 keyboard's typematic repeat does.
func (in *inputState) key(ev js.Value, down bool) {
	ev.Call("preventDefault")
	n, ok := KeyNumber(ev.Get("code").String())
	if !ok {
		return
	}
	m := in.u.s.Machine()
	if down {
		m.KeyDown(n)
		in.held[n] = true
	} else {
		m.KeyUp(n)
		in.held[n] = false
	}
	in.keys++
}

// releaseAll sends a release for every key still down.
func (in *inputState) releaseAll() {
	m := in.u.s.Machine()
	for n, down := range in.held {
		if down {
			m.KeyUp(uint8(n))
			in.held[n] = false
		}
	}
}

// poll hands the machine the mouse movement since the last displayed frame and reads the
// gamepads (standard mapping) as SNES controllers 1-4.
func (in *inputState) poll() {
	m := in.u.s.Machine()
	if in.moved {
		// DOM buttons: bit 0 left, 1 right, 2 middle, as the SMC's packet wants them.
		m.MouseMove(in.mouseDX, in.mouseDY, uint8(in.buttons&7))
		in.mouseDX, in.mouseDY, in.moved = 0, 0, false
	}
	if !in.padsOn {
		return
	}
	var present [4]bool
	var buttons [4]uint32
	pads := js.Global().Get("navigator").Call("getGamepads")
	for i := 0; i < len(present) && i < pads.Length(); i++ {
		p := pads.Index(i)
		if p.IsNull() || p.IsUndefined() || p.Get("mapping").String() != "standard" {
			continue
		}
		present[i] = true
		bs := p.Get("buttons")
		for b := 0; b < bs.Length() && b < 32; b++ {
			if bs.Index(b).Get("pressed").Bool() {
				buttons[i] |= 1 << b
			}
		}
	}
	in.pads.update(m, present, buttons)
}
