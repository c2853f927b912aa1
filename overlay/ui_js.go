//go:build js && wasm

package overlay

import (
	"fmt"
	"syscall/js"
	"unsafe"
	"x16scope/session"

	"honnef.co/go/js/dom/v2"
)

// page is the Surface of the full page (web/index.html) or an embed: it applies the UI's
// decisions (ui.go) to the DOM and feeds it the page's events. It decides nothing itself.
type page struct {
	ui     *UI
	parts  [PartCount]*dom.BasicHTMLElement
	charts [chartCount]canvasImage
	slot   *dom.BasicHTMLElement
	perf   js.Value
	zones  zoneEditor
	input  inputListeners
}

// canvasImage is a canvas and how a chart's pixels get onto it.
//
// When the page provides window.x16scopePutPixels (web/app.js), the canvas is given the
// chart's own Go buffer: Go's wasm pointers are offsets into the instance's memory and its
// garbage collector does not move objects, so putImageData reads the pixels where Go drew
// them, with no copy. Otherwise they are copied into a JS ImageData with one
// js.CopyBytesToJS.
type canvasImage struct {
	el        *dom.HTMLCanvasElement
	ctx       *dom.CanvasRenderingContext2D
	putPixels js.Value
	w, h      int
	img       *dom.ImageData // the copy target when there is no putPixels
	data      js.Value
}

func newCanvasImage(id string, w, h int) (canvasImage, error) {
	el := byID(id)
	if el == nil || el.TagName() != "CANVAS" {
		return canvasImage{}, fmt.Errorf("page has no canvas #%s", id)
	}
	cv := &dom.HTMLCanvasElement{BasicHTMLElement: el}
	cv.SetWidth(w)
	cv.SetHeight(h)
	// The charts are opaque: an opaque canvas needs no alpha blending when composited.
	ctx := &dom.CanvasRenderingContext2D{Value: el.Call("getContext", "2d", map[string]any{"alpha": false})}
	c := canvasImage{el: cv, ctx: ctx, w: w, h: h, putPixels: js.Global().Get("x16scopePutPixels")}
	if c.putPixels.Type() != js.TypeFunction {
		c.img = ctx.CreateImageData(w, h)
		c.data = c.img.Data()
	}
	return c, nil
}

// putRows shows rows y0 up to y1 of pix (RGBA, the canvas's size).
func (c *canvasImage) putRows(pix []byte, y0, y1 int) {
	if c.putPixels.Type() == js.TypeFunction {
		// pix stays referenced (it is a chart's buffer), so the pointer stays valid.
		c.putPixels.Invoke(c.ctx.Value, uintptr(unsafe.Pointer(&pix[0])), len(pix), c.w, c.h, y0, y1-y0)
		return
	}
	js.CopyBytesToJS(c.data, pix)
	c.ctx.PutImageDataDirty(c.img, 0, 0, 0, y0, c.w, y1-y0)
}

// readShown reads window.x16scopeShow ({bars, heat, inspector, calls}); without it, all.
func readShown() Shown {
	v := js.Global().Get("x16scopeShow")
	if v.Type() != js.TypeObject {
		return ShowAll
	}
	return Shown{Bars: v.Get("bars").Truthy(), Heat: v.Get("heat").Truthy(), Inspector: v.Get("inspector").Truthy(),
		Calls: v.Get("calls").Truthy()}
}

// BindPage binds the overlay of s to the page (web/index.html): its charts, texts, zone
// editor and input listeners.
func BindPage(s *session.Session) (*UI, error) {
	pg := &page{}
	for p, id := range PartIDs {
		if pg.parts[p] = byID(id); pg.parts[p] == nil {
			return nil, fmt.Errorf("page has no #%s", id)
		}
	}
	if pg.slot = byID("screen-slot"); pg.slot == nil {
		return nil, fmt.Errorf("page has no #screen-slot")
	}
	pg.zones.bind()
	u := NewUI(s, pg.surface(), readShown()) // fills the zone table through ShowZones
	pg.ui, pg.zones.u = u, u
	for c, id := range ChartIDs {
		w, h := u.ChartSize(Chart(c))
		var err error
		if pg.charts[c], err = newCanvasImage(id, w, h); err != nil {
			return nil, err
		}
	}
	for _, c := range []Chart{ChartBars, ChartHeat} {
		el := pg.charts[c].el.BasicHTMLElement
		on(el.Value, "click", false, func(ev *dom.BasicEvent) {
			left, _, w, _ := rect(el)
			if w > 0 {
				u.Pick(c, (ev.Get("clientX").Float()-left)/w)
			}
		})
	}
	on(pg.charts[ChartBars].el.Value, "wheel", false, func(ev *dom.BasicEvent) {
		ev.PreventDefault()
		u.Wheel(wheelEvent(ev).DeltaY())
	})
	bindCalls(u, u.show)
	pg.input.bind(pg)
	return u, nil
}

// surface is the UI's view of the page.
func (pg *page) surface() Surface {
	return Surface{
		PutRows:    func(c Chart, pix []byte, y0, y1 int) { pg.charts[c].putRows(pix, y0, y1) },
		SetText:    func(p Part, s string) { pg.parts[p].SetTextContent(s) },
		SetHTML:    func(p Part, s string) { pg.parts[p].SetInnerHTML(s) },
		SetShown:   func(p Part, shown bool) { setHidden(pg.parts[p], !shown) },
		SetChecked: func(p Part, on bool) { asInput(pg.parts[p]).SetChecked(on) },
		ShowZones:  pg.zones.show,
		Now: func() float64 {
			if pg.perf.IsUndefined() {
				pg.perf = js.Global().Get("performance")
			}
			return pg.perf.Call("now").Float()
		},
	}
}

// screenRect is where the X16 picture goes, in CSS pixels of the viewport.
func (pg *page) screenRect() (x, y, w, h float64) { return rect(pg.slot) }
