//go:build js && wasm

package main

import (
	"math"
	"syscall/js"
	"x16scope/session"

	"github.com/hajimehoshi/ebiten/v2"

	"x16scope/core"
	"x16scope/overlay"
	"x16scope/vera"
)

// game adapts the session to ebiten: Update advances the machine for one displayed frame
// and refreshes the overlay; Draw puts the last completed VERA frame, when it changed, on
// the page's screen canvas (screen_js.go), which shows it at a whole-number scale where
// the page's screen slot is.
type game struct {
	s  *session.Session
	ui *overlay.UI
	// screen shows the picture on the page (screen_js.go); without a screen slot on the
	// page it is nil and the picture is drawn on ebiten's canvas (img, op).
	screen *screenCanvas
	img    *ebiten.Image
	op     ebiten.DrawImageOptions

	shown uint64 // machine frame number last uploaded
	// What the screen shows, to skip redrawing a picture that has not changed (the screen
	// is not cleared every frame, main_js.go): the machine, VERA's FrameSerial, the size.
	drawnFor    *core.Machine
	drawnSerial uint64
	drawnW      int
	drawnH      int
	stats       hostStats
	perfNow     js.Value
	warp        warpControl
	idle        idleWarp
	warpTPS     bool    // ebiten ticks once per displayed frame (in warp)
	lastDrawMs  float64 // host ms of the last Draw
}

// hostStats are host-side timings in milliseconds, for the measurements in the report and
// the JS API's hostStats().
type hostStats struct {
	Ticks       int     // displayed frames (Update calls)
	EmuMs       float64 // time in Session.Advance
	EmuFrames   int     // machine frames emulated
	OverlayMs   float64 // time in UI.Update (overlay drawing)
	DrawMs      float64 // time in Draw (frame upload and screen draw)
	Draws       int
	FirstFrame  float64 // performance.now() when the first emulated frame was drawn, 0 before
	MaxTickMs   float64 // longest Update since the last hostStats() call
	LastTickMs  float64
	WarpTicks   int
	WarpEmuMs   float64
	WarpFrames  int
	WarpOverlay float64
	// WarpIdleMs and WarpIdleFrames are the part of WarpEmuMs and WarpFrames run in the
	// browser's idle time between displayed frames (idleWarp).
	WarpIdleMs     float64
	WarpIdleFrames int
	// WarpLateTicks counts warp's displayed frames that came a refresh late.
	WarpLateTicks int
	// WarpBudgetMs and WarpReserveMs are warp's emulation budget per displayed frame and
	// the part of the frame it leaves to the browser, now (warpControl).
	WarpBudgetMs, WarpReserveMs float64
	// OverlaySteps is the overlay time by step (UI.StepMs), summed since the page opened.
	OverlaySteps map[string]float64
	GC           gcStats // the Go heap, read when hostStats() is called
	// Keyframes and KeyframeMs are the keyframes time travel has taken since the page
	// opened and the host ms they cost (part of EmuMs), read when hostStats() is called.
	Keyframes  int
	KeyframeMs float64
}

// gcStats is the Go runtime's garbage collection so far: under wasm a collection stops
// everything, so allocations per displayed frame cost frame time.
type gcStats struct {
	Count   uint32
	PauseMs float64
	Mallocs uint64
	HeapMB  float64
	// SysMB is what the Go runtime holds from the host: about the wasm instance's memory,
	// which never shrinks.
	SysMB float64
}

func newGame(s *session.Session, ui *overlay.UI) *game {
	g := &game{
		s:       s,
		ui:      ui,
		screen:  newScreenCanvas(),
		perfNow: js.Global().Get("performance"),
	}
	g.initIdleWarp()
	g.warp = newWarpControl(g.idle.ric.Type() == js.TypeFunction)
	s.SetClock(g.now) // the keyframes' cost, for hostStats (KeyframeMs)
	return g
}

func (g *game) now() float64 { return g.perfNow.Call("now").Float() }

func (g *game) Update() error {
	t0 := g.now()
	g.ui.PollInput()
	if w := g.s.Warp(); w != g.warpTPS {
		// In warp one update per displayed frame: ebiten's catch-up (several updates in
		// one frame after a late one) would run the warp budget several times over and
		// make the next frame later still. At normal speed the ticks keep real time.
		g.warpTPS = w
		if w {
			ebiten.SetTPS(ebiten.SyncWithFPS)
		} else {
			ebiten.SetTPS(ebiten.DefaultTPS)
		}
	}
	// Lateness is judged from the starts of ticks, which follow the display's refresh;
	// the starts of Draw move with how long each tick emulated.
	if g.s.Warp() {
		g.warp.displayed(t0)
	} else {
		g.warp.lastTick = 0
	}
	g.s.SetWarpBudget(g.warp.budget)
	idle, idleMs := g.takeIdle() // shown now, with this tick's frames
	tick := g.s.Advance(g.warp.clock(g.now, t0))
	t1 := g.now()
	tick.Cycles += idle.Cycles
	tick.VSyncs += idle.VSyncs
	g.ui.Update(tick)
	t2 := g.now()
	g.requestIdle()
	st := &g.stats
	st.Ticks++
	st.EmuMs += t1 - t0 + idleMs
	st.EmuFrames += tick.VSyncs
	st.OverlayMs += t2 - t1
	st.LastTickMs = t2 - t0
	st.MaxTickMs = math.Max(st.MaxTickMs, t2-t0)
	if g.s.Warp() {
		g.warp.presented(t2 - t1 + g.lastDrawMs)
		st.WarpTicks++
		st.WarpEmuMs += t1 - t0 + idleMs
		st.WarpFrames += tick.VSyncs
		st.WarpIdleMs += idleMs
		st.WarpIdleFrames += idle.VSyncs
		st.WarpOverlay += t2 - t1
		st.WarpBudgetMs, st.WarpReserveMs = g.warp.budget, g.warp.reserveMs
		st.WarpLateTicks = g.warp.late
	}
	return nil
}

func (g *game) Draw(screen *ebiten.Image) {
	t0 := g.now()
	defer func() {
		g.lastDrawMs = g.now() - t0
		g.stats.DrawMs += g.lastDrawMs
		g.stats.Draws++
	}()
	m := g.s.Machine()
	f := m.Frame()
	if g.screen == nil {
		g.drawWithEbiten(screen, m, f)
		return
	}
	g.screen.fit()
	serial := m.VERA().FrameSerial()
	if g.shown != 0 && f != 0 && m == g.drawnFor && serial == g.drawnSerial {
		// The same picture, already on the screen: putting it again would only cost the
		// page an upload.
		g.shown = f
		return
	}
	if pix := overlay.FrameRGBAView(m); pix != nil {
		g.screen.show(pix)
		g.firstFrame(f)
	}
	g.shown = f
	g.drawnFor, g.drawnSerial = m, serial
}

// firstFrame records when the first emulated frame reached the screen.
func (g *game) firstFrame(f uint64) {
	if f > 0 && g.stats.FirstFrame == 0 {
		g.stats.FirstFrame = g.now()
		js.Global().Set("x16scopeFirstFrameMs", g.stats.FirstFrame)
	}
}

// drawWithEbiten draws the picture on ebiten's screen, for a page without a screen slot
// (an embedding page): one WritePixels per new picture, drawn at a whole-number scale.
func (g *game) drawWithEbiten(screen *ebiten.Image, m *core.Machine, f uint64) {
	sw, sh := screen.Bounds().Dx(), screen.Bounds().Dy()
	serial := m.VERA().FrameSerial()
	if g.shown != 0 && f != 0 && m == g.drawnFor && serial == g.drawnSerial && sw == g.drawnW && sh == g.drawnH {
		g.shown = f
		return
	}
	if g.img == nil {
		g.img = ebiten.NewImage(vera.ScreenWidth, vera.ScreenHeight)
	}
	if f != g.shown || g.shown == 0 {
		if pix := overlay.FrameRGBAView(m); pix != nil {
			g.img.WritePixels(pix)
			g.firstFrame(f)
		}
		g.shown = f
	}
	g.drawnFor, g.drawnSerial, g.drawnW, g.drawnH = m, serial, sw, sh
	scale := max(1, min(sw/vera.ScreenWidth, sh/vera.ScreenHeight))
	g.op.GeoM.Reset()
	g.op.GeoM.Scale(float64(scale), float64(scale))
	g.op.GeoM.Translate(float64((sw-scale*vera.ScreenWidth)/2), float64((sh-scale*vera.ScreenHeight)/2))
	g.op.Filter = ebiten.FilterNearest
	screen.Clear()
	screen.DrawImage(g.img, &g.op)
}

// Layout makes the offscreen exactly the canvas's device pixels, so the whole-number scale
// above is a whole number of real pixels.
func (g *game) Layout(w, h int) (int, int) {
	dpr := ebiten.Monitor().DeviceScaleFactor()
	return int(float64(w) * dpr), int(float64(h) * dpr)
}
