//go:build js && wasm

package overlay

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// inputListeners capture the keyboard, mouse and gamepads for the X16 and hand each event's
// fields to the UI (input.go). Keys arrive as KeyboardEvent.code on ebiten's canvas, which
// has keyboard focus after a click on the screen; ebiten already calls preventDefault on
// them there, so while the screen has focus browser shortcuts do not take keys away from
// the X16, and nothing is intercepted once focus is elsewhere on the page.
type inputListeners struct {
	canvas *dom.BasicHTMLElement
	padsOn bool // a gamepad was connected at some point
	locked bool
}

// bind attaches the listeners to ebiten's canvas (it exists once ebiten's package init ran).
func (in *inputListeners) bind(pg *page) {
	u := pg.ui
	in.canvas = wrap(jsDocument.Call("querySelector", "body > canvas"))
	if in.canvas == nil {
		return
	}
	c := in.canvas.Value
	// Browser shortcuts are taken out before ebiten's canvas listener can cancel them: a
	// window listener in the capture phase runs first.
	on(js.Global(), "keydown", true, func(ev *dom.BasicEvent) {
		k := keyEvent(ev)
		if ev.Get("target").Equal(c) && BrowserShortcut(k.Code(), k.CtrlKey(), k.ShiftKey(), k.AltKey(), k.MetaKey()) {
			ev.StopImmediatePropagation()
		}
	})
	key := func(down bool) func(*dom.BasicEvent) {
		return func(ev *dom.BasicEvent) {
			ev.PreventDefault()
			u.Key(keyEvent(ev).Code(), down)
		}
	}
	on(c, "keydown", false, key(true))
	on(c, "keyup", false, key(false))
	// Keys still held when the screen loses focus are released, so none sticks.
	on(c, "blur", false, func(*dom.BasicEvent) { u.ReleaseKeys() })
	on(c, "mousedown", false, func(ev *dom.BasicEvent) {
		if !in.locked && in.insideScreen(pg, ev) {
			// Pointer capture on click; Esc releases it (the browser's rule).
			in.canvas.Call("requestPointerLock")
		}
		u.MouseButtons(mouseEvent(ev).Buttons(), in.locked)
	})
	on(c, "mouseup", false, func(ev *dom.BasicEvent) { u.MouseButtons(mouseEvent(ev).Buttons(), true) })
	on(c, "mousemove", false, func(ev *dom.BasicEvent) {
		if !in.locked {
			// pointerlockchange can arrive after the first moves of a new lock: ask the
			// document rather than lose them.
			if !jsDocument.Get("pointerLockElement").Equal(c) {
				return
			}
			in.locked = true
		}
		m := mouseEvent(ev)
		u.MouseMove(m.MovementX(), m.MovementY(), m.Buttons())
	})
	on(jsDocument, "pointerlockchange", false, func(*dom.BasicEvent) {
		in.locked = jsDocument.Get("pointerLockElement").Equal(c)
	})
	on(js.Global(), "gamepadconnected", false, func(*dom.BasicEvent) { in.padsOn = true })
	u.SetGamepads(func() ([4]bool, [4]uint32, bool) {
		if !in.padsOn {
			return [4]bool{}, [4]uint32{}, false
		}
		p, b := gamepads()
		return p, b, true
	})
}

// insideScreen tells whether a mouse event happened over the X16 picture.
func (in *inputListeners) insideScreen(pg *page, ev *dom.BasicEvent) bool {
	x, y, w, h := pg.screenRect()
	cx, cy := ev.Get("clientX").Float(), ev.Get("clientY").Float()
	return cx >= x && cx < x+w && cy >= y && cy < y+h
}

// gamepads reads the connected pads (standard mapping only).
func gamepads() (present [4]bool, buttons [4]uint32) {
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
	return present, buttons
}
