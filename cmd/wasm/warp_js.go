//go:build js && wasm

package main

// warpControl sizes warp's emulation per displayed frame: the display's frame (1/60 s)
// minus what presenting it costs, so warp runs as fast as the host allows and presents
// once per display refresh. Presenting is measured: the overlay's update and the picture's
// upload (recent averages), plus a reserve for the browser's own work (style, layout,
// compositing), which the page cannot time. The reserve grows when displayed frames come
// late (a refresh was missed) and shrinks slowly while they come on time.
// Within a tick no machine frame is started that would end past the budget, at the recent
// cost of one machine frame.
type warpControl struct {
	budget    float64 // host ms warp may spend emulating per displayed frame
	presentMs float64 // recent host ms per displayed frame outside emulation (overlay, picture)
	reserveMs float64 // ms left to the browser
	lastDraw  float64 // performance.now() at the previous displayed frame in warp, 0 = none
	frameMs   float64 // recent host ms per machine frame in warp
}

const (
	displayFrameMs = 1000.0 / 60
	warpMinBudget  = 4.0  // ms: under a slow page warp still runs a good share of the time
	warpMaxBudget  = 15.0 // ms
	reserveMin     = 1.0  // ms for the browser's own work per frame
	reserveMax     = 6.0
	// lateFrameMs: a displayed frame that took this long missed a 60 Hz refresh.
	lateFrameMs = displayFrameMs + 3
)

func newWarpControl() warpControl {
	w := warpControl{presentMs: 2, reserveMs: 2}
	w.update()
	return w
}

func (w *warpControl) update() {
	w.budget = min(max(displayFrameMs-w.presentMs-w.reserveMs, warpMinBudget), warpMaxBudget)
}

// presented records the host time one displayed frame spent outside emulation (the
// overlay's update plus the picture's upload).
func (w *warpControl) presented(ms float64) {
	w.presentMs += (ms - w.presentMs) / 8
	w.update()
}

// displayed is called once per displayed frame in warp, at time now (ms).
func (w *warpControl) displayed(now float64) {
	if w.lastDraw != 0 {
		if now-w.lastDraw > lateFrameMs {
			w.reserveMs = min(w.reserveMs+0.5, reserveMax)
		} else {
			w.reserveMs = max(w.reserveMs-0.05, reserveMin)
		}
		w.update()
	}
	w.lastDraw = now
}

// clock is the elapsed-time function for Session.Advance in a tick that began at t0: it
// reports the time the tick will have taken once one more machine frame has run, so warp
// stops before a frame that would overrun the budget. It learns the cost of a frame from
// the calls themselves (the session calls it after each frame).
func (w *warpControl) clock(now func() float64, t0 float64) func() float64 {
	last := 0.0
	return func() float64 {
		t := now() - t0
		if d := t - last; d > 0 {
			w.frameMs += (d - w.frameMs) / 4
		}
		last = t
		return t + w.frameMs
	}
}
