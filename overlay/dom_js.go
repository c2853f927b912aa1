//go:build js && wasm

package overlay

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// The overlay's DOM goes through honnef.co/go/js/dom/v2's concrete types (*BasicHTMLElement,
// *HTMLInputElement, *HTMLCanvasElement, *CanvasRenderingContext2D, the event types), made
// by the small wrappers below. They never go through dom/v2's interfaces (dom.Element,
// dom.Node, dom.Event) nor its Wrap* functions, GetWindow, Document, AppendChild or
// AddEventListener: ebiten links text/template, whose reflect MethodByName makes the linker
// keep every exported method of every type converted to an interface, and dom/v2's wrappers
// convert about 100 element and event types to interfaces (measured: +16.5 MB raw wasm, +1.16 MB
// gzip, +0.57 MB brotli). Used concretely, the linker keeps only the methods called:
// about +6 KB raw. The bulk pixel copies stay on syscall/js (js.CopyBytesToJS).

var jsDocument = js.Global().Get("document")

// wrap makes v (an element, or null) a dom/v2 element; nil for null.
func wrap(v js.Value) *dom.BasicHTMLElement {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

// byID returns the element with the given id, or nil.
func byID(id string) *dom.BasicHTMLElement { return wrap(jsDocument.Call("getElementById", id)) }

// create makes an element, with attributes given as name, value pairs.
func create(tag string, attrs ...string) *dom.BasicHTMLElement {
	el := wrap(jsDocument.Call("createElement", tag))
	for i := 0; i+1 < len(attrs); i += 2 {
		el.SetAttribute(attrs[i], attrs[i+1])
	}
	return el
}

// appendTo adds children at the end of parent (dom/v2's AppendChild takes a dom.Node: see above).
func appendTo(parent *dom.BasicHTMLElement, children ...*dom.BasicHTMLElement) {
	for _, c := range children {
		parent.Call("appendChild", c.Value)
	}
}

// asInput is el as an <input>.
func asInput(el *dom.BasicHTMLElement) *dom.HTMLInputElement {
	return &dom.HTMLInputElement{BasicHTMLElement: el}
}

// on adds an event listener to target (an element, the document or the window); the
// js.Func lives as long as the page.
func on(target js.Value, typ string, capture bool, fn func(ev *dom.BasicEvent)) {
	target.Call("addEventListener", typ, js.FuncOf(func(_ js.Value, args []js.Value) any {
		fn(&dom.BasicEvent{Value: args[0]})
		return nil
	}), capture)
}

func mouseEvent(ev *dom.BasicEvent) *dom.MouseEvent {
	return &dom.MouseEvent{UIEvent: &dom.UIEvent{BasicEvent: ev}}
}

func wheelEvent(ev *dom.BasicEvent) *dom.WheelEvent {
	return &dom.WheelEvent{MouseEvent: mouseEvent(ev)}
}

func keyEvent(ev *dom.BasicEvent) *dom.KeyboardEvent {
	return &dom.KeyboardEvent{BasicEvent: ev}
}

// target is the element an event happened on.
func target(ev *dom.BasicEvent) *dom.BasicHTMLElement { return wrap(ev.Get("target")) }

func setHidden(el *dom.BasicHTMLElement, hidden bool) {
	if hidden {
		el.SetAttribute("hidden", "")
	} else {
		el.RemoveAttribute("hidden")
	}
}

// rect is an element's bounding box in CSS pixels of the viewport.
func rect(el *dom.BasicHTMLElement) (x, y, w, h float64) {
	r := el.GetBoundingClientRect()
	return r.Left(), r.Top(), r.Width(), r.Height()
}
