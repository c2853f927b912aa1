//go:build js && wasm

// Command wasm is the browser app: an Ebitengine game that runs one session.Session, shows
// VERA's picture crisply scaled, and drives the HTML overlay (package overlay) once per
// displayed frame. web/index.html loads it; web/app.js handles files and URL parameters
// and calls the window.x16scope API registered here.
package main

import (
	"log"
	"syscall/js"
	"x16scope/session"

	"github.com/hajimehoshi/ebiten/v2"

	"x16scope/overlay"
)

func main() {
	tl := js.Global().Get("x16scopeTimeline")
	mark := func(name string) {
		if tl.Truthy() {
			tl.Set(name, js.Global().Get("performance").Call("now"))
		}
	}
	mark("goMain")
	s, err := session.NewSession()
	if err != nil {
		log.Fatal(err)
	}
	ui, err := overlay.BindPage(s)
	if err != nil {
		log.Fatal(err)
	}
	mark("goSession")
	g := newGame(s, ui)
	registerAPI(g)
	// The picture is scaled by whole numbers with nearest filtering (issue 6: "crisply");
	// ebiten's final-screen filter would blur it at fractional device scales.
	ebiten.SetScreenFilterEnabled(false)
	// Draw redraws the screen only when the picture changed (game.Draw), so the screen
	// keeps what it shows between frames.
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetWindowTitle("x16scope")
	js.Global().Get("document").Call("dispatchEvent", js.Global().Get("Event").New("x16scope-ready"))
	// The screen takes keyboard focus when clicked, not on load: until then the page's
	// keys (Tab, shortcuts) work as usual.
	if err := ebiten.RunGameWithOptions(withSound(g), &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		log.Fatal(err)
	}
}
