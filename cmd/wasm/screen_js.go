//go:build js && wasm

package main

import (
	"syscall/js"
	"unsafe"

	"x16scope/vera"
)

// screenCanvas shows VERA's picture: a 640x480 2D canvas inside the page's screen slot,
// scaled up by the browser (nearest neighbour) to the largest whole number of device
// pixels that fits, and transparent to the pointer, so clicks and keys still reach
// ebiten's canvas behind it.
//
// Why not draw the picture with ebiten: a browser that composites in software (no GPU, as
// in CI and on many virtual machines) must read every new WebGL frame back from the GPU
// (glReadPixels and a pipeline flush on the main thread) before it can show it, which
// measured about 25 ms per changed frame. A 2D canvas fed with putImageData has nothing to
// read back there, and on a GPU browser it is one texture upload per change, as a
// WritePixels would be. Ebiten's WebGL canvas then draws nothing after its first frame.
type screenCanvas struct {
	el, ctx, put js.Value
	img, data    js.Value // the copy target when the page has no x16scopePutPixels
	slot         js.Value
	dpr          float64
	slotW, slotH float64 // the slot's CSS size the canvas was fitted to
}

func newScreenCanvas() *screenCanvas {
	doc := js.Global().Get("document")
	slot := doc.Call("getElementById", "screen-slot")
	if slot.IsNull() {
		return nil
	}
	el := doc.Call("createElement", "canvas")
	el.Set("width", vera.ScreenWidth)
	el.Set("height", vera.ScreenHeight)
	el.Set("id", "screen")
	st := el.Get("style")
	st.Set("position", "absolute")
	st.Set("imageRendering", "pixelated")
	st.Set("pointerEvents", "none")
	st.Set("background", "#000")
	slot.Call("prepend", el)
	// Opaque: nothing behind it needs blending in.
	ctx := el.Call("getContext", "2d", map[string]any{"alpha": false})
	c := &screenCanvas{el: el, ctx: ctx, slot: slot, put: js.Global().Get("x16scopePutPixels")}
	if c.put.Type() != js.TypeFunction {
		c.img = ctx.Call("createImageData", vera.ScreenWidth, vera.ScreenHeight)
		c.data = c.img.Get("data")
	}
	return c
}

// show puts a 640x480 RGBA frame on the canvas.
func (c *screenCanvas) show(pix []byte) {
	if c.put.Type() == js.TypeFunction {
		// putImageData reads the frame where Go keeps it (Go's wasm pointers are offsets
		// into the instance's memory): the one copy is the browser's own.
		c.put.Invoke(c.ctx, uintptr(unsafe.Pointer(&pix[0])), len(pix), vera.ScreenWidth, vera.ScreenHeight, 0, vera.ScreenHeight)
		return
	}
	js.CopyBytesToJS(c.data, pix)
	c.ctx.Call("putImageData", c.img, 0, 0)
}

// fit sizes the canvas to the slot: 640x480 times the largest whole number of device
// pixels that fits, centred on whole device pixels. It touches the page only when the
// slot or the device pixel ratio changed.
func (c *screenCanvas) fit() {
	dpr := js.Global().Get("devicePixelRatio").Float()
	w, h := c.slot.Get("clientWidth").Float(), c.slot.Get("clientHeight").Float()
	if w == c.slotW && h == c.slotH && dpr == c.dpr {
		return
	}
	c.slotW, c.slotH, c.dpr = w, h, dpr
	sw, sh := int(w*dpr), int(h*dpr)
	scale := max(1, min(sw/vera.ScreenWidth, sh/vera.ScreenHeight))
	px := func(devicePx int) string { return js.ValueOf(float64(devicePx)/dpr).String() + "px" }
	st := c.el.Get("style")
	st.Set("width", px(scale*vera.ScreenWidth))
	st.Set("height", px(scale*vera.ScreenHeight))
	st.Set("left", px((sw-scale*vera.ScreenWidth)/2))
	st.Set("top", px((sh-scale*vera.ScreenHeight)/2))
}
