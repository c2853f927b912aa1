//go:build js && wasm

package overlay

import (
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// callsDOM is the call profile panel's DOM (web/index.html, embed.html): the timeline and
// beam canvases, the hover tip, the note, the routine table and the export buttons. It
// applies what calls.go decides and hands it the pointer's canvas coordinates; a page
// without the panel (#calls-panel) has none.
type callsDOM struct {
	u        *UI
	panel    *dom.BasicHTMLElement
	timeline canvasImage
	beam     canvasImage
	beamEl   *dom.BasicHTMLElement
	tip      *dom.BasicHTMLElement
	wrap     *dom.BasicHTMLElement
	note     *dom.BasicHTMLElement
	table    *dom.BasicHTMLElement
	msg      *dom.BasicHTMLElement

	drag           bool    // a button is down on the timeline
	moved          bool    // it moved far enough to be a drag, not a click
	downX, lastX   float64 // client x where it went down and at the last move
	downCX, downCY float64 // the canvas pixel it went down on
	tipText        string
	tipShown       bool
}

// bindCalls binds the panel when the page has it and shows it.
func bindCalls(u *UI, show Shown) {
	if !show.Calls {
		return
	}
	c := &callsDOM{u: u, panel: byID("calls-panel"), tip: byID("timeline-tip"), note: byID("calls-note"),
		table: byID("calls-table"), msg: byID("calls-msg"), beamEl: byID("beam")}
	if c.panel == nil || c.tip == nil || c.note == nil || c.table == nil || c.msg == nil || c.beamEl == nil {
		return
	}
	var err error
	w, h := TimelineSize()
	if c.timeline, err = newCanvasImage("timeline", w, h); err != nil {
		return
	}
	bw, bh := BeamSize()
	if c.beam, err = newCanvasImage("beam", bw, bh); err != nil {
		return
	}
	c.wrap = wrap(c.timeline.el.Get("parentElement"))
	// A <details> panel computes only while open; any other element is always open (the
	// embed's timeline strip).
	open := true
	if c.panel.TagName() == "DETAILS" {
		open = c.panel.Get("open").Bool()
		on(c.panel.Value, "toggle", false, func(*dom.BasicEvent) { u.SetCallsOpen(c.panel.Get("open").Bool()) })
	}
	u.BindCalls(c.surface(), open)
	c.listen()
}

func (c *callsDOM) surface() CallsSurface {
	return CallsSurface{
		PutTimeline: func(pix []byte, w, h int, labels []AxisLabel) {
			c.timeline.putRows(pix, 0, h)
			ctx := c.timeline.ctx
			ctx.Set("font", "13px ui-monospace, monospace")
			ctx.Set("textBaseline", "top")
			for _, l := range labels {
				ctx.Set("fillStyle", l.Color)
				ctx.Call("fillText", l.Text, l.X, 1)
			}
		},
		PutBeam:      func(pix []byte) { c.beam.putRows(pix, 0, beamH) },
		SetBeamShown: func(on bool) { setHidden(c.beamEl, !on) },
		SetNote:      func(s string) { c.note.SetTextContent(s) },
		SetTable:     func(s string) { c.table.SetInnerHTML(s) },
	}
}

// canvasXY is the pointer's position in the timeline canvas's pixels.
func (c *callsDOM) canvasXY(ev *dom.BasicEvent) (x, y float64) {
	left, top, w, h := rect(c.timeline.el.BasicHTMLElement)
	if w <= 0 || h <= 0 {
		return -1, -1
	}
	return (ev.Get("clientX").Float() - left) / w * float64(c.timeline.w), (ev.Get("clientY").Float() - top) / h * float64(c.timeline.h)
}

func (c *callsDOM) listen() {
	u, cv := c.u, c.timeline.el.Value
	on(cv, "wheel", false, func(ev *dom.BasicEvent) {
		ev.PreventDefault()
		x, _ := c.canvasXY(ev)
		u.CallsWheel(x, wheelEvent(ev).DeltaY())
		c.hover(ev)
	})
	on(cv, "mousedown", false, func(ev *dom.BasicEvent) {
		if mouseEvent(ev).Button() != 0 {
			return
		}
		ev.PreventDefault() // no text selection while dragging
		c.drag, c.moved = true, false
		c.downX = ev.Get("clientX").Float()
		c.lastX = c.downX
		c.downCX, c.downCY = c.canvasXY(ev)
	})
	on(js.Global(), "mousemove", false, func(ev *dom.BasicEvent) {
		if !c.drag {
			return
		}
		x := ev.Get("clientX").Float()
		if !c.moved && (x-c.downX > 3 || c.downX-x > 3) {
			c.moved = true
		}
		if c.moved {
			_, _, w, _ := rect(c.timeline.el.BasicHTMLElement)
			if w > 0 {
				u.CallsPan((x - c.lastX) / w * float64(c.timeline.w))
			}
			c.lastX = x
		}
	})
	on(js.Global(), "mouseup", false, func(ev *dom.BasicEvent) {
		if !c.drag {
			return
		}
		c.drag = false
		if !c.moved {
			u.CallsClick(c.downCX, c.downCY)
		}
	})
	on(cv, "mousemove", false, c.hover)
	on(cv, "mouseleave", false, func(*dom.BasicEvent) { c.showTip("", 0, 0) })
	on(c.table.Value, "click", false, func(ev *dom.BasicEvent) {
		t := ev.Get("target")
		if el := t.Call("closest", "[data-sort]"); !el.IsNull() {
			u.CallsSort(el.Call("getAttribute", "data-sort").String())
		} else if el := t.Call("closest", "[data-scope]"); !el.IsNull() {
			u.CallsScope(el.Call("getAttribute", "data-scope").String() == "window")
		} else if el := t.Call("closest", "[data-key]"); !el.IsNull() {
			if k, ok := ParseRoutineKey(el.Call("getAttribute", "data-key").String()); ok {
				u.SelectRoutine(k, true)
			}
		}
	})
	c.button("btn-trace", "application/json", u.TraceFile)
	c.button("btn-pprof", "application/octet-stream", u.PprofFile)
}

// hover shows the tip for the pointer, near it inside the timeline's box.
func (c *callsDOM) hover(ev *dom.BasicEvent) {
	if c.drag && c.moved {
		c.showTip("", 0, 0)
		return
	}
	x, y := c.canvasXY(ev)
	left, top, w, _ := rect(c.wrap)
	px, py := ev.Get("clientX").Float()-left+14, ev.Get("clientY").Float()-top+14
	if px > w-280 {
		px = max(px-300, 0)
	}
	c.showTip(c.u.CallsHover(x, y), px, py)
}

func (c *callsDOM) showTip(text string, x, y float64) {
	if text != c.tipText {
		c.tipText = text
		c.tip.SetTextContent(text)
	}
	if shown := text != ""; shown != c.tipShown {
		c.tipShown = shown
		setHidden(c.tip, !shown)
	}
	if text != "" {
		st := c.tip.Get("style")
		st.Set("left", strconv.FormatFloat(x, 'f', 0, 64)+"px")
		st.Set("top", strconv.FormatFloat(y, 'f', 0, 64)+"px")
	}
}

// button makes the export button id save what export returns, or say why not.
func (c *callsDOM) button(id, mime string, export func(last uint32) (string, []byte, error)) {
	b := byID(id)
	if b == nil {
		return
	}
	on(b.Value, "click", false, func(*dom.BasicEvent) {
		name, data, err := export(0)
		if err != nil {
			c.msg.SetTextContent(err.Error())
			return
		}
		c.msg.SetTextContent("saved " + name)
		download(name, mime, data)
	})
}

// download saves data as a file named name, through a Blob URL and a link's download.
func download(name, mime string, data []byte) {
	u8 := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	blob := js.Global().Get("Blob").New([]any{u8}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	a := create("a", "href", url.String(), "download", name)
	body := wrap(jsDocument.Get("body"))
	appendTo(body, a)
	a.Call("click")
	a.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 10000)
}
