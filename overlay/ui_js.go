//go:build js && wasm

package overlay

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"
	"unsafe"

	"x16scope/core"
	"x16scope/perf"
)

// Chart geometry (canvas pixels; CSS stretches them to the panel's width).
const (
	barsW, barsH = 600, 150
	heatCols     = perf.HeatFrames // one column per frame the profiler keeps lines for
	linesPerRow  = 3               // 525 lines in 175 rows, each row the busiest of its 3 lines
	splitW       = 200             // 0-800 clocks
	// Text refreshes while running (displayed frames between them). Text changing faster
	// than about 5 times a second cannot be read, and every DOM write costs a style and
	// layout pass; the inspector and the status line refresh on the same displayed frame,
	// so the browser updates the page's text once for both.
	textEvery  = 12  // inspector (the newest frame's figures) and status line
	statsEvery = 120 // 60-second statistics (perf.Stats walks all 3,600 frames: about 3 ms in wasm)
)

// zoomLevels are the frame counts the bar chart can show (wheel over the chart cycles them).
var zoomLevels = [...]int{120, 300, 600, 1800, perf.HistoryFrames}

// UI is the page's overlay: the bar chart, heatmap and per-line split, the inspector, the
// zone editor, the status line and the crash panel. It reads the profiler once per displayed
// frame and copies each chart to its canvas with one js.CopyBytesToJS.
type UI struct {
	s *Session

	status, crash, crashReason, crashRegs, crashTrace, legend, pauseBtn js.Value
	inspectFrame, inspectStats                                          js.Value
	slot, splitNote, warpBox                                            js.Value

	bars   *BarChart
	heat   *HeatMap
	split  *SplitView
	src    BarSource
	cBars  canvasImage
	cHeat  canvasImage
	cSplit canvasImage

	zoom         int    // index into zoomLevels
	selected     uint32 // frame the user clicked (0: follow the newest)
	zoneGen      int    // bumped when the zone list changes (bar series are reassigned)
	ticks        int
	stats        perf.Stats
	statsAt      int
	lastFrame    uint32
	dirty        bool           // redraw charts and inspector at the next update
	inspectStale bool           // a frame arrived since the inspector was last written
	prof         *perf.Profiler // the profiler the charts show (a reset or load replaces it)
	legendKey    legendKey      // what the legend was last written for
	splitPick    SplitPick      // the split's frame, chosen once per displayed frame
	splitText    string
	frameHTML    string // the inspector's parts as last written
	statsHTML    string
	noteKey      SplitPick // what the split note was last written for
	text         textCache
	lastStop     StopReason
	lastPaused   bool
	lastWarp     bool

	heatRows [][]uint16
	heatNums []uint32

	input inputState
	zones zoneEditor
	timer stepTimer
	show  shownParts // what the page displays: only that is drawn
}

// legendKey is everything the bar legend depends on: it is rebuilt only when one changes.
type legendKey struct {
	prof       *perf.Profiler
	gen, zones int
	line       uint32
	zoom       int
}

// textCache holds what the status elements were last set to: the DOM is written only when
// a text changes (each write costs a style and layout pass in the browser).
type textCache struct {
	status, pause, crashReason, crashRegs, crashTrace string
	warp, crashShown, set                             bool
}

// canvasImage is a canvas and how a chart's pixels get onto it.
//
// When the page provides window.x16scopePutPixels (web/app.js), the canvas is given the
// chart's own Go buffer: Go's wasm pointers are offsets into the instance's memory and its
// garbage collector does not move objects, so putImageData reads the pixels where Go drew
// them, with no copy. Otherwise they are copied into a JS ImageData with one
// js.CopyBytesToJS.
type canvasImage struct {
	ctx, el, putPixels js.Value
	w, h               int
	img, data          js.Value // the copy target when there is no putPixels
}

func newCanvasImage(id string, w, h int) (canvasImage, error) {
	el := byID(id)
	if el.IsNull() || el.Get("tagName").String() != "CANVAS" {
		return canvasImage{}, fmt.Errorf("page has no canvas #%s", id)
	}
	el.Set("width", w)
	el.Set("height", h)
	// The charts are opaque: an opaque canvas needs no alpha blending when composited.
	ctx := el.Call("getContext", "2d", map[string]any{"alpha": false})
	c := canvasImage{ctx: ctx, el: el, w: w, h: h, putPixels: js.Global().Get("x16scopePutPixels")}
	if c.putPixels.Type() != js.TypeFunction {
		c.img = ctx.Call("createImageData", w, h)
		c.data = c.img.Get("data")
	}
	return c, nil
}

// put shows pix (RGBA, the canvas's size).
func (c *canvasImage) put(pix []byte) { c.putRows(pix, 0, c.h) }

// putRows shows rows y0 up to y1 of pix (RGBA, the canvas's size).
func (c *canvasImage) putRows(pix []byte, y0, y1 int) {
	if c.putPixels.Type() == js.TypeFunction {
		// pix stays referenced (it is a chart's buffer), so the pointer stays valid.
		c.putPixels.Invoke(c.ctx, uintptr(unsafe.Pointer(&pix[0])), len(pix), c.w, c.h, y0, y1-y0)
		return
	}
	js.CopyBytesToJS(c.data, pix)
	c.ctx.Call("putImageData", c.img, 0, 0, 0, y0, c.w, y1-y0)
}

// NewUI binds the overlay to the page (web/index.html).
func NewUI(s *Session) (*UI, error) {
	u := &UI{s: s, zoom: 1, dirty: true, show: readShownParts()}
	for id, dst := range map[string]*js.Value{
		"status": &u.status, "crash": &u.crash, "crash-reason": &u.crashReason, "crash-regs": &u.crashRegs,
		"crash-trace": &u.crashTrace, "inspect-frame": &u.inspectFrame, "inspect-stats": &u.inspectStats, "bars-legend": &u.legend, "btn-pause": &u.pauseBtn,
		"screen-slot": &u.slot, "split-note": &u.splitNote, "chk-warp": &u.warpBox,
	} {
		el := byID(id)
		if el.IsNull() {
			return nil, fmt.Errorf("page has no #%s", id)
		}
		*dst = el
	}
	var err error
	u.bars = NewBarChart(barsW, barsH)
	u.heat = NewHeatMap(heatCols, linesPerRow)
	u.split = NewSplitView(splitW, linesPerRow)
	if u.cBars, err = newCanvasImage("bars", barsW, barsH); err != nil {
		return nil, err
	}
	if u.cHeat, err = newCanvasImage("heat", heatCols, u.heat.H); err != nil {
		return nil, err
	}
	if u.cSplit, err = newCanvasImage("split", splitW, u.split.Chart.H); err != nil {
		return nil, err
	}
	u.heatRows = make([][]uint16, 0, heatCols)
	u.heatNums = make([]uint32, 0, heatCols)

	on(u.cBars.el, "click", func(ev js.Value) { u.pick(ev, u.cBars.el, barsW, u.bars.FrameAt) })
	on(u.cHeat.el, "click", func(ev js.Value) { u.pick(ev, u.cHeat.el, heatCols, u.heat.FrameAt) })
	on(u.cBars.el, "wheel", func(ev js.Value) {
		ev.Call("preventDefault")
		if ev.Get("deltaY").Float() > 0 {
			u.zoom = min(u.zoom+1, len(zoomLevels)-1)
		} else {
			u.zoom = max(u.zoom-1, 0)
		}
		u.dirty = true
	})
	u.input.bind(u)
	u.zones.bind(u)
	return u, nil
}

// pick selects the frame under a click on a chart and pauses on it.
func (u *UI) pick(ev js.Value, el js.Value, width int, at func(int) uint32) {
	left, _, w, _ := rect(el)
	if w <= 0 {
		return
	}
	x := int((ev.Get("clientX").Float() - left) * float64(width) / w)
	if f := at(x); f != 0 {
		u.selected = f
		u.s.Pause()
		u.dirty = true
	}
}

// ScreenRect is where the X16 picture goes, in CSS pixels of the viewport.
func (u *UI) ScreenRect() (x, y, w, h float64) {
	return rect(u.slot)
}

// Load applies dropped or fetched files (see Session.Load) and refreshes the overlay.
func (u *UI) Load(files []File) error {
	before := u.s.Profiler()
	err := u.s.Load(files)
	if err == nil {
		u.zoneGen++
		if u.s.Profiler() != before {
			u.selected = 0
		}
		u.zones.refresh()
		u.dirty = true
	}
	return err
}

// SetTargetFps changes the budget.
func (u *UI) SetTargetFps(fps float64) error {
	err := u.s.SetTargetFps(fps)
	u.dirty = true
	return err
}

// RunToOverrun runs until the next overrun and selects it.
func (u *UI) RunToOverrun() {
	u.selected = 0
	u.s.RunToOverrun()
}

// Update refreshes the overlay after a displayed frame's emulation.
func (u *UI) Update(t Tick) {
	u.ticks++
	p := u.s.Profiler()
	if p != u.prof {
		// A load or reset installed a new profiler: its frame numbers start again at 1, so
		// nothing drawn for the old one may be kept.
		u.prof = p
		u.dirty = true
	}
	if f := u.s.OverrunFrame(); f != 0 && u.s.Paused() && u.selected == 0 {
		u.selected = f
		u.dirty = true
	}
	if !u.s.Paused() && u.selected != 0 {
		u.selected = 0 // resuming follows the newest frame again
		u.dirty = true
	}
	newest := uint32(0)
	if n := p.FrameCount(); n > 0 {
		newest = p.FrameAt(n - 1).Frame
	}
	if newest != u.lastFrame {
		u.inspectStale = true
	}
	// The split shows the selected frame while its lines are kept, else the newest (or,
	// for a selection too old, nothing): chosen once here for the chart and its note.
	pick := PickSplit(p, u.selected, u.s.Paused() || u.s.Stopped() != "")
	splitMoved := pick.State != u.splitPick.State || pick.k != u.splitPick.k
	u.splitPick = pick
	u.timer.start()
	if newest != u.lastFrame || u.dirty {
		u.lastFrame = newest
		if u.dirty {
			u.bars.Invalidate()
			u.heat.Invalidate()
		}
		u.drawCharts(p)
	} else if splitMoved && u.show.heat {
		u.drawSplit(p) // pausing or resuming with nothing new: only the split may change
	}
	// The inspector follows at most every textEvery displayed frames while running, at
	// once when paused or when something was clicked or loaded.
	if u.show.inspector && (u.dirty || (u.inspectStale && (u.s.Paused() || u.ticks%textEvery == 0))) {
		if u.dirty || u.s.Paused() || u.ticks-u.statsAt >= statsEvery || u.stats.Frames.Count == 0 {
			u.stats = p.Stats(0)
			u.statsAt = u.ticks
			u.timer.lap(stepStats)
		}
		fh := FrameHTML(p, u.selected)
		sh := u.statsHTML
		if u.statsAt == u.ticks {
			sh = StatsHTML(&u.stats)
		}
		u.timer.lap(stepInspect)
		// Each part is written only when it changed: the window's statistics change only
		// when recomputed, and a paused frame's figures not at all.
		if fh != u.frameHTML {
			u.frameHTML = fh
			setHTML(u.inspectFrame, fh)
		}
		if sh != u.statsHTML {
			u.statsHTML = sh
			setHTML(u.inspectStats, sh)
		}
		u.inspectStale = false
		u.timer.lap(stepInspectDOM)
	}
	u.dirty = false
	u.updateSplitNote()
	if u.ticks%textEvery == 0 || !u.text.set || u.s.Paused() != u.lastPaused || u.s.Stopped() != u.lastStop || u.s.Warp() != u.lastWarp {
		u.updateStatus()
		u.timer.lap(stepStatus)
	}
}

func (u *UI) drawCharts(p *perf.Profiler) {
	if u.show.bars {
		u.drawBars(p)
	}
	if u.show.heat {
		u.drawHeat(p)
		u.drawSplit(p)
	}
}

// drawBars draws the bar chart and its legend.
func (u *UI) drawBars(p *perf.Profiler) {
	bars := u.src.Bars(p, u.zoneGen, zoomLevels[u.zoom])
	b := p.Budget()
	// One frame's cycles (or the budget, if larger) fills 90% of the height; the budget line
	// sits at the budget per frame (the whole budget for sub-frame targets).
	line := b.Cycles
	if b.Frames >= 1 {
		line = uint32(float64(b.Cycles) / b.Frames)
	}
	axis := max(uint32(core.CyclesPerFrame), line) * 10 / 9
	u.timer.lap(stepBarsSource)
	drawn := u.bars.Render(bars, SeriesColors(), axis, line, u.selected)
	u.timer.lap(stepBarsDraw)
	if drawn > 0 {
		u.cBars.put(u.bars.Pix)
	}
	u.timer.lap(stepBarsPut)

	// The legend changes only with the zones seen, the budget line and the zoom.
	if k := (legendKey{p, u.zoneGen, u.src.nextZon, line, u.zoom}); k != u.legendKey {
		u.legendKey = k
		var lg strings.Builder
		for _, it := range u.src.Legend() {
			fmt.Fprintf(&lg, "<i style=\"background:#%06x\"></i>%s", it.Color>>8, htmlEscape(it.Name))
		}
		fmt.Fprintf(&lg, " · <b style=\"color:#ffd23b\">—</b> budget %s cycles/frame · last %d frames (wheel to zoom)", num(uint64(line)), zoomLevels[u.zoom])
		setHTML(u.legend, lg.String())
	}
	u.timer.lap(stepText)
}

// drawHeat draws the scanline heatmap.
func (u *UI) drawHeat(p *perf.Profiler) {
	u.heatRows, u.heatNums = u.heatRows[:0], u.heatNums[:0]
	n := p.FrameCount()
	for k := max(0, n-heatCols); k < n; k++ {
		if h := p.HeatAt(k); h != nil {
			u.heatRows = append(u.heatRows, h[:])
			u.heatNums = append(u.heatNums, p.FrameAt(k).Frame)
		}
	}
	drawn := u.heat.Render(u.heatRows, u.heatNums, u.selected)
	u.timer.lap(stepHeatDraw)
	if drawn > 0 {
		u.cHeat.put(u.heat.Pix)
	}
	u.timer.lap(stepHeatPut)
}

// drawSplit brings the per-line split to u.splitPick's frame, drawing the rows that change.
func (u *UI) drawSplit(p *perf.Profiler) {
	y0, y1 := u.split.Draw(p, u.splitPick)
	u.timer.lap(stepSplitDraw)
	if y1 > y0 {
		u.cSplit.putRows(u.split.Chart.Pix, y0, y1)
	}
	u.timer.lap(stepSplitPut)
}

// updateSplitNote says which frame the per-line split shows (SplitPick.Note). Running
// with nothing selected it says just "the newest frame" (a number changing 60 times a
// second is unreadable, and writing it would cost a DOM update per displayed frame), so the
// text is built and written only when what it names changes.
func (u *UI) updateSplitNote() {
	k := u.splitPick.noteKey()
	if k == u.noteKey && u.splitText != "" {
		return
	}
	u.noteKey = k
	if note := u.splitPick.Note(); note != u.splitText {
		u.splitText = note
		setText(u.splitNote, note)
	}
}

// updateStatus writes the status line, the pause button's label and the crash panel.
func (u *UI) updateStatus() {
	s := u.s
	m := s.Machine()
	u.lastPaused, u.lastStop, u.lastWarp = s.Paused(), s.Stopped(), s.Warp()
	state := "running"
	switch {
	case s.Stopped() != "":
		state = "stopped"
	case s.SeekingOverrun():
		state = "running to the next overrun"
	case s.Paused():
		state = "paused"
	case s.Warp():
		state = "warp"
	}
	prog := s.Program()
	if prog == "" {
		prog = "no program (drop a .prg)"
	}
	rom := "built-in ROM"
	if s.HasROM() {
		rom = "user ROM"
	}
	c := m.CPU()
	t := &u.text
	first := !t.set
	t.set = true
	if st := fmt.Sprintf("%s · %s · %s · frame %d · speed %d%% · PC $%04X · target %.4g fps",
		state, prog, rom, m.Frame(), s.Speed(), c.PC, s.TargetFps()); st != t.status {
		t.status = st
		setText(u.status, st)
	}
	pause := "Pause"
	if s.Paused() {
		pause = "Resume"
	}
	if pause != t.pause || first {
		t.pause = pause
		setText(u.pauseBtn, pause)
	}
	if s.Warp() != t.warp || first {
		t.warp = s.Warp()
		u.warpBox.Set("checked", t.warp)
	}
	stopped := s.Stopped() != ""
	if stopped != t.crashShown || first {
		t.crashShown = stopped
		setHidden(u.crash, !stopped)
	}
	if !stopped {
		return
	}
	if r := string(s.Stopped()); r != t.crashReason {
		t.crashReason = r
		setText(u.crashReason, r)
	}
	if r := fmt.Sprintf("PC $%04X  A $%02X  X $%02X  Y $%02X  S $%02X  P $%02X (%s)  RAM bank %d  ROM bank %d  cycle %d",
		c.PC, c.A, c.X, c.Y, c.S, c.P, flagString(c.P), m.RAMBank(), m.ROMBank(), m.Cycle()); r != t.crashRegs {
		t.crashRegs = r
		setText(u.crashRegs, r)
	}
	var tr strings.Builder
	for _, in := range s.Recent(32) {
		text, _ := core.Disassemble(in.PC, m.Peek)
		fmt.Fprintf(&tr, "$%04X  %-16s -> $%04X\n", in.PC, text, in.Next)
	}
	if r := tr.String(); r != t.crashTrace {
		t.crashTrace = r
		setText(u.crashTrace, r)
	}
}

// flagString shows P as NV-BDIZC letters, upper case when set.
func flagString(p uint8) string {
	const names = "NV-BDIZC"
	b := []byte(names)
	for i := 0; i < 8; i++ {
		if p&(0x80>>i) == 0 && names[i] != '-' {
			b[i] = names[i] + ('a' - 'A')
		}
	}
	return string(b)
}

// StatusJSON is the JS API's status(): what the page and the tests need to know.
func (u *UI) StatusJSON() string {
	s := u.s
	m := s.Machine()
	c := m.CPU()
	st := map[string]any{
		"frame": m.Frame(), "cycle": m.Cycle(), "paused": s.Paused(), "warp": s.Warp(), "speed": s.Speed(),
		"stopped": string(s.Stopped()), "program": s.Program(), "rom": s.HasROM(), "pc": c.PC,
		"selected": u.selected, "targetFps": s.TargetFps(), "seekingOverrun": s.SeekingOverrun(),
		"profiledFrames": s.Profiler().FrameCount(), "keyEvents": u.input.keys, "keysPending": s.KeysPending(),
	}
	b, _ := json.Marshal(st)
	return string(b)
}

// PerfStatsJSON is the JS API's perfStats(): the same object as `x16scope profile --json`
// (perf.Stats over the whole 60 s window).
func (u *UI) PerfStatsJSON() string {
	b, err := json.Marshal(u.s.Profiler().Stats(0))
	if err != nil {
		return "{}"
	}
	return string(b)
}

// PollInput feeds gamepads to the machine (keyboard and mouse arrive as events).
func (u *UI) PollInput() { u.input.poll() }

// FramesCSV is the JS API's framesCSV(): the per-frame records of the running profiler.
func (u *UI) FramesCSV() string { return FramesCSV(u.s.Profiler()) }
