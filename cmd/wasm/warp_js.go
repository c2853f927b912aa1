//go:build js && wasm

package main

// warpControl sizes warp's emulation per displayed frame: the display's frame (1/60 s)
// minus what presenting it costs, so warp runs as fast as the host allows and presents
// once per display refresh. Presenting is measured: the overlay's update and the picture's
// upload (recent averages), plus a reserve for the browser's own work (style, layout,
// compositing), which the page cannot time. The reserve grows when displayed frames come
// late (a refresh was missed) and shrinks slowly while they come on time.
// Within a tick no slice of a machine frame (Session.Advance runs warp in quarter frames)
// is started that would end past the budget, at the recent cost of one slice. Where the
// browser has idle callbacks, the tick's budget is capped at warpTickWithIdle and warp
// goes on in the idle time after the frame is painted (idleWarp), up to the browser's own
// deadline for the next frame: the reserve then only matters without them.
type warpControl struct {
	budget    float64 // host ms warp may spend emulating per displayed frame
	presentMs float64 // recent host ms per displayed frame outside emulation (overlay, picture)
	reserveMs float64 // ms left to the browser
	lastTick  float64 // performance.now() at the previous warp tick's start, 0 = none
	sliceMs   float64 // recent host ms per slice of a machine frame in warp
	late      int     // ticks that came late (a refresh was missed), for hostStats
	// idle: the browser gives warp its idle time between frames too (idleWarp), so the
	// tick itself runs at most warpTickWithIdle and the idle callback, which knows when
	// the next frame is due, spends the rest.
	idle bool
}

const (
	displayFrameMs = 1000.0 / 60
	warpMinBudget  = 4.0  // ms: under a slow page warp still runs a good share of the time
	warpMaxBudget  = 15.0 // ms
	reserveMin     = 1.0  // ms for the browser's own work per frame
	reserveMax     = 6.0
	reserveGrow    = 0.5  // ms added after a late tick
	reserveShrink  = 0.01 // ms taken off after a tick on time
	// lateFrameMs: ticks this far apart missed a 60 Hz refresh (the next one comes at
	// twice the period; closer ones are the timer's jitter, which headless browsers have
	// by a few ms, and must not shrink the budget).
	lateFrameMs = displayFrameMs * 1.5
	// warpTickWithIdle: measured in headless Chromium (bitmap320-fx, busy80), a 6 ms tick
	// and the idle time after it ran as many frames as a 12 ms tick and the idle time,
	// with no late frame in 240 against 4-6.
	warpTickWithIdle = 6.0
)

func newWarpControl(idle bool) warpControl {
	w := warpControl{presentMs: 2, reserveMs: 3, idle: idle}
	w.update()
	return w
}

func (w *warpControl) update() {
	w.budget = min(max(displayFrameMs-w.presentMs-w.reserveMs, warpMinBudget), warpMaxBudget)
	if w.idle {
		w.budget = min(w.budget, warpTickWithIdle)
	}
}

// presented records the host time one displayed frame spent outside emulation (the
// overlay's update plus the picture's upload).
func (w *warpControl) presented(ms float64) {
	w.presentMs += (ms - w.presentMs) / 8
	w.update()
}

// displayed is called once per displayed frame in warp, at the start of its tick (ms).
func (w *warpControl) displayed(now float64) {
	if w.lastTick != 0 {
		// A missed refresh loses a whole tick of warp (about 8 machine frames), a ms of
		// reserve a sixteenth of one: grow fast and shrink slowly, so that about one tick
		// in fifty is late (the balance of +0.5 and 50 x -0.01). Measured in headless
		// Chromium on busy80: a fixed reserve of 1, 2 and 3 ms ran 141, 159 and 174 of
		// 180 ticks, and warp 7.5x, 8.4x and 9.0x.
		if now-w.lastTick > lateFrameMs {
			w.late++
			w.reserveMs = min(w.reserveMs+reserveGrow, reserveMax)
		} else {
			w.reserveMs = max(w.reserveMs-reserveShrink, reserveMin)
		}
		w.update()
	}
	w.lastTick = now
}

// clock is the elapsed-time function for Session.Advance in a tick that began at t0: it
// reports the time the tick will have taken once one more slice has run, so warp stops
// before a slice that would overrun the budget. It learns the cost of a slice from the
// calls themselves (the session calls it after each slice).
func (w *warpControl) clock(now func() float64, t0 float64) func() float64 {
	last := 0.0
	return func() float64 {
		t := now() - t0
		if d := t - last; d > 0 {
			w.sliceMs += (d - w.sliceMs) / 4
		}
		last = t
		return t + w.sliceMs
	}
}
