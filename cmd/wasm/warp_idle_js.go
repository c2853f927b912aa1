//go:build js && wasm

package main

import (
	"syscall/js"
	"x16scope/session"
)

// idleWarp runs more of warp in the time the browser leaves idle between displayed frames.
//
// Why: a displayed frame's tick must end early enough for the browser to paint before the
// next refresh, or a whole refresh is lost; warpControl therefore leaves a reserve, and
// in headless Chromium on two cores the main thread then sat idle 3-4 ms of every 16.7
// (a Chrome trace of busy80 in warp: 11.4 ms in the tick, 1.4 ms of the browser's own
// work). The browser knows when it next needs the thread: requestIdleCallback runs after
// the frame is painted and its deadline.timeRemaining() is the time to the next frame.
// Warp spends that time, less idleMarginMs, and the next tick shows the frames it made.
// A browser without requestIdleCallback runs warp in its ticks alone.
type idleWarp struct {
	ric     js.Value // window.requestIdleCallback, or undefined
	cb      js.Func
	pending bool         // a callback is requested and has not run
	tick    session.Tick // frames run since the last displayed frame's tick took them
	ms      float64      // host ms spent running them
}

// idleMarginMs is left of the idle period: the callback's own call and the last slice's
// misjudgement must not push the next frame late.
const idleMarginMs = 0.5

func (g *game) initIdleWarp() {
	g.idle.ric = js.Global().Get("requestIdleCallback")
	g.idle.cb = js.FuncOf(func(_ js.Value, args []js.Value) any {
		g.idle.pending = false
		if len(args) > 0 {
			g.runIdle(args[0])
		}
		return nil
	})
}

// requestIdle asks for one idle callback before the next displayed frame, in warp.
func (g *game) requestIdle() {
	if g.idle.pending || g.idle.ric.Type() != js.TypeFunction || !g.s.Warp() {
		return
	}
	g.idle.pending = true
	g.idle.ric.Invoke(g.idle.cb)
}

// runIdle runs warp for what the idle period has left, if a slice of a frame fits.
func (g *game) runIdle(deadline js.Value) {
	// At most a display frame: a hidden page's idle periods last up to 50 ms.
	left := min(deadline.Call("timeRemaining").Float(), displayFrameMs) - idleMarginMs
	if left < g.warp.sliceMs || !g.s.Warp() {
		return
	}
	t0 := g.now()
	t := g.s.WarpMore(g.warp.clock(g.now, t0), left)
	g.idle.tick.Cycles += t.Cycles
	g.idle.tick.VSyncs += t.VSyncs
	g.idle.ms += g.now() - t0
}

// takeIdle returns what idle warp ran since the last call, and forgets it.
func (g *game) takeIdle() (session.Tick, float64) {
	t, ms := g.idle.tick, g.idle.ms
	g.idle.tick, g.idle.ms = session.Tick{}, 0
	return t, ms
}
