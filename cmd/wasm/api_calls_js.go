//go:build js && wasm

package main

import (
	"syscall/js"

	"x16scope/cmd/wasm/jsapi"
)

// The call profile (overlay/calls_api.go), as objects:
//
//	timeline(frame?)  frame's timeline: perf.TimelineJSON (frame, startCycle, cycles,
//	                  startLine, slices [{routine, name, address, start, end, depth, lane,
//	                  inclusive, before, after}], waits [[start, end]], routines); default
//	                  the newest finished frame. The frame is run again from its keyframe
//	                  (tens of ms); a frame not finished or outside the window is an Error.
//	routines(frame?)  the routines of frame, or of the whole window for 0 or none, most
//	                  inclusive cycles first: [{name, address, calls, inclusive, exclusive,
//	                  maxFrame, maxFrameAt, callers, callees}]
func init() {
	addAPI("timeline(frame?)", func(g *game, a *jsapi.Args) (any, error) {
		return parsed(g.ui.TimelineJSON(frameArg(a, 0, 0)))
	})
	addAPI("routines(frame?)", func(g *game, a *jsapi.Args) (any, error) {
		return parsed(g.ui.RoutinesJSON(frameArg(a, 0, 0)))
	})
}

// parsed is JSON text as a JavaScript value: app.js passes functions it does not wrap
// through as they are, so an object comes out of the call itself.
func parsed(text string, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return js.Global().Get("JSON").Call("parse", text), nil
}
