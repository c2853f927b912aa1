//go:build js && wasm

package overlay

import "syscall/js"

// A few DOM helpers over syscall/js. The overlay first used honnef.co/go/js/dom/v2; in the
// ebiten binary that wrapper cost 16 MB of wasm (see the issue 6 report: ebiten links
// text/template, whose MethodByName makes the linker keep every exported method of every
// dom/v2 type), which broke the 4 MB gzip budget and the 2 s first-frame budget. These
// helpers cover what the overlay uses.

var (
	jsDocument = js.Global().Get("document")
)

// byID returns the element with the given id, or js.Null().
func byID(id string) js.Value { return jsDocument.Call("getElementById", id) }

// on adds an event listener; the js.Func lives as long as the page.
func on(target js.Value, event string, fn func(ev js.Value)) {
	target.Call("addEventListener", event, js.FuncOf(func(this js.Value, args []js.Value) any {
		fn(args[0])
		return nil
	}))
}

func setText(v js.Value, s string) { v.Set("textContent", s) }
func setHTML(v js.Value, s string) { v.Set("innerHTML", s) }

func setHidden(v js.Value, hidden bool) {
	if hidden {
		v.Call("setAttribute", "hidden", "")
	} else {
		v.Call("removeAttribute", "hidden")
	}
}

// rect is an element's bounding box in CSS pixels of the viewport.
func rect(v js.Value) (x, y, w, h float64) {
	r := v.Call("getBoundingClientRect")
	return r.Get("left").Float(), r.Get("top").Float(), r.Get("width").Float(), r.Get("height").Float()
}
