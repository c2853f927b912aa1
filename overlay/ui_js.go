//go:build js && wasm

package overlay

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"x16scope/core"
	"x16scope/perf"
)

// Chart geometry (canvas pixels; CSS stretches them to the panel's width).
const (
	barsW, barsH = 600, 150
	heatCols     = perf.HeatFrames // one column per frame the profiler keeps lines for
	linesPerRow  = 3               // 525 lines in 175 rows, each row the busiest of its 3 lines
	splitW       = 200             // 0-800 clocks
	statsEvery   = 30              // displayed frames between 60-second statistics refreshes
	inspectEvery = 6               // displayed frames between inspector refreshes while running
)

// zoomLevels are the frame counts the bar chart can show (wheel over the chart cycles them).
var zoomLevels = [...]int{120, 300, 600, 1800, perf.HistoryFrames}

// UI is the page's overlay: the bar chart, heatmap and per-line split, the inspector, the
// zone editor, the status line and the crash panel. It reads the profiler once per displayed
// frame and copies each chart to its canvas with one js.CopyBytesToJS.
type UI struct {
	s *Session

	status, crash, crashReason, crashRegs, crashTrace, inspect, legend, pauseBtn js.Value
	slot, splitNote, warpBox                                                     js.Value

	bars   *BarChart
	heat   *HeatMap
	split  *LineSplit
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
	dirty        bool // redraw charts and inspector at the next update
	inspectStale bool // a frame arrived since the inspector was last written
	legendHTML   string
	splitText    string
	lastStop     StopReason
	lastPaused   bool
	lastWarp     bool

	heatRows  [][]uint16
	heatNums  []uint32
	splitRows [][4]uint16

	input inputState
	zones zoneEditor
}

// canvasImage is a canvas with a persistent ImageData the chart is copied into.
type canvasImage struct {
	ctx, img, data, el js.Value
}

func newCanvasImage(id string, w, h int) (canvasImage, error) {
	el := byID(id)
	if el.IsNull() || el.Get("tagName").String() != "CANVAS" {
		return canvasImage{}, fmt.Errorf("page has no canvas #%s", id)
	}
	el.Set("width", w)
	el.Set("height", h)
	ctx := el.Call("getContext", "2d")
	img := ctx.Call("createImageData", w, h)
	return canvasImage{ctx: ctx, img: img, data: img.Get("data"), el: el}, nil
}

// put copies pix (RGBA, the canvas's size) to the canvas in one bulk copy.
func (c *canvasImage) put(pix []byte) {
	js.CopyBytesToJS(c.data, pix)
	c.ctx.Call("putImageData", c.img, 0, 0)
}

// NewUI binds the overlay to the page (web/index.html).
func NewUI(s *Session) (*UI, error) {
	u := &UI{s: s, zoom: 1, dirty: true}
	for id, dst := range map[string]*js.Value{
		"status": &u.status, "crash": &u.crash, "crash-reason": &u.crashReason, "crash-regs": &u.crashRegs,
		"crash-trace": &u.crashTrace, "inspect": &u.inspect, "bars-legend": &u.legend, "btn-pause": &u.pauseBtn,
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
	u.split = NewLineSplit(splitW, linesPerRow)
	if u.cBars, err = newCanvasImage("bars", barsW, barsH); err != nil {
		return nil, err
	}
	if u.cHeat, err = newCanvasImage("heat", heatCols, u.heat.H); err != nil {
		return nil, err
	}
	if u.cSplit, err = newCanvasImage("split", splitW, u.split.H); err != nil {
		return nil, err
	}
	u.heatRows = make([][]uint16, 0, heatCols)
	u.heatNums = make([]uint32, 0, heatCols)
	u.splitRows = make([][4]uint16, perf.LinesPerFrame)

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
	if newest != u.lastFrame || u.dirty {
		u.lastFrame = newest
		u.drawCharts(p)
	}
	// The inspector follows at most every inspectEvery displayed frames while running, at
	// once when paused or when something was clicked or loaded.
	if u.dirty || (u.inspectStale && (u.s.Paused() || u.ticks%inspectEvery == 0)) {
		if u.dirty || u.s.Paused() || u.ticks-u.statsAt >= statsEvery {
			u.stats = p.Stats(0)
			u.statsAt = u.ticks
		}
		setHTML(u.inspect, InspectHTML(p, u.selected, &u.stats))
		u.inspectStale = false
	}
	u.dirty = false
	if u.ticks%10 == 0 || u.s.Paused() != u.lastPaused || u.s.Stopped() != u.lastStop || u.s.Warp() != u.lastWarp {
		u.updateStatus()
	}
}

func (u *UI) drawCharts(p *perf.Profiler) {
	bars := u.src.Bars(p, u.zoneGen, zoomLevels[u.zoom])
	b := p.Budget()
	// One frame's cycles (or the budget, if larger) fills 90% of the height; the budget line
	// sits at the budget per frame (the whole budget for sub-frame targets).
	line := b.Cycles
	if b.Frames >= 1 {
		line = uint32(float64(b.Cycles) / b.Frames)
	}
	axis := max(uint32(core.CyclesPerFrame), line) * 10 / 9
	u.bars.Render(bars, SeriesColors(), axis, line, u.selected)
	u.cBars.put(u.bars.Pix)

	u.heatRows, u.heatNums = u.heatRows[:0], u.heatNums[:0]
	n := p.FrameCount()
	for k := max(0, n-heatCols); k < n; k++ {
		if h := p.HeatAt(k); h != nil {
			u.heatRows = append(u.heatRows, h[:])
			u.heatNums = append(u.heatNums, p.FrameAt(k).Frame)
		}
	}
	u.heat.Render(u.heatRows, u.heatNums, u.selected)
	u.cHeat.put(u.heat.Pix)

	for y, l := range p.NewestLines() {
		u.splitRows[y] = [4]uint16{l.Layer0, l.Layer1, l.Sprite, l.CPUPort}
	}
	u.split.Render(u.splitRows)
	u.cSplit.put(u.split.Pix)
	// The profiler keeps the per-client split for the newest frame only.
	note := fmt.Sprintf("frame %d, the newest", u.lastFrame)
	if u.selected != 0 && u.selected != u.lastFrame {
		note = fmt.Sprintf("frame %d, the newest: only the newest frame's split is kept", u.lastFrame)
	}
	if note != u.splitText {
		u.splitText = note
		setText(u.splitNote, note)
	}

	var lg strings.Builder
	for _, it := range u.src.Legend() {
		fmt.Fprintf(&lg, "<i style=\"background:#%06x\"></i>%s", it.Color>>8, htmlEscape(it.Name))
	}
	fmt.Fprintf(&lg, " · <b style=\"color:#ffd23b\">—</b> budget %s cycles/frame · last %d frames (wheel to zoom)", num(uint64(line)), zoomLevels[u.zoom])
	if l := lg.String(); l != u.legendHTML {
		u.legendHTML = l
		setHTML(u.legend, l)
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
	setText(u.status, fmt.Sprintf("%s · %s · %s · frame %d · speed %d%% · PC $%04X · target %.4g fps",
		state, prog, rom, m.Frame(), s.Speed(), c.PC, s.TargetFps()))
	if s.Paused() {
		setText(u.pauseBtn, "Resume")
	} else {
		setText(u.pauseBtn, "Pause")
	}
	u.warpBox.Set("checked", s.Warp())
	setHidden(u.crash, s.Stopped() == "")
	if s.Stopped() == "" {
		return
	}
	setText(u.crashReason, string(s.Stopped()))
	setText(u.crashRegs, fmt.Sprintf("PC $%04X  A $%02X  X $%02X  Y $%02X  S $%02X  P $%02X (%s)  RAM bank %d  ROM bank %d  cycle %d",
		c.PC, c.A, c.X, c.Y, c.S, c.P, flagString(c.P), m.RAMBank(), m.ROMBank(), m.Cycle()))
	var tr strings.Builder
	for _, in := range s.Recent(32) {
		text, _ := core.Disassemble(in.PC, m.Peek)
		fmt.Fprintf(&tr, "$%04X  %-16s -> $%04X\n", in.PC, text, in.Next)
	}
	setText(u.crashTrace, tr.String())
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
