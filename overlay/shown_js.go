//go:build js && wasm

package overlay

import "syscall/js"

// shownParts is which parts of the overlay the page displays. The full page shows them
// all. A page that shows fewer (an embed with overlay=bars, or none) says so in
// window.x16scopeShow before the wasm starts, and the overlay does not spend frame time
// drawing what nobody sees: with two embeds on one page every millisecond counts twice.
type shownParts struct {
	bars      bool // the bar chart and its legend
	heat      bool // the scanline heatmap and the per-line split
	inspector bool // the frame inspector and the 60-second statistics
}

// readShownParts reads window.x16scopeShow ({bars, heat, inspector}); without it, all.
func readShownParts() shownParts {
	v := js.Global().Get("x16scopeShow")
	if v.Type() != js.TypeObject {
		return shownParts{bars: true, heat: true, inspector: true}
	}
	return shownParts{bars: v.Get("bars").Truthy(), heat: v.Get("heat").Truthy(), inspector: v.Get("inspector").Truthy()}
}
