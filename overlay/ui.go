package overlay

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"x16scope/session"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/perf"
)

// This file decides everything the overlay shows: what changed since the last displayed
// frame, which chart rows to copy to the page, and the text of every figure. It is plain
// Go and tested natively; the page side (ui_js.go) only applies the decisions to the DOM
// through a Surface.

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

// Chart names one of the overlay's canvases.
type Chart int

const (
	ChartBars  Chart = iota // frame bars
	ChartHeat               // scanline heatmap
	ChartSplit              // per-line split
	chartCount
)

// ChartIDs are the page's canvas ids (web/index.html), by Chart.
var ChartIDs = [chartCount]string{"bars", "heat", "split"}

// Part names one element of the page whose text, markup or state the overlay sets.
type Part int

const (
	PartStatus       Part = iota // status line (text)
	PartPause                    // pause button's label (text)
	PartWarp                     // warp checkbox (checked)
	PartCrash                    // crash panel (shown)
	PartCrashReason              // (text)
	PartCrashRegs                // (text)
	PartCrashTrace               // (text)
	PartLegend                   // bar legend (HTML)
	PartInspectFrame             // inspector: the frame's figures (HTML)
	PartInspectStats             // inspector: the 60-second statistics (HTML)
	PartSplitNote                // which frame the split shows (text)
	PartCrashNote                // crash panel: what still runs (text)
	PartNotice                   // notice bar (shown): the machine's notices (LOAD/OPEN errors ...)
	PartNoticeText               // (text)
	PartTravel                   // travel bar under the bars (shown): where the machine is in time
	PartTravelText               // (text)
	PartGoto                     // its "Go to this frame" button (shown)
	PartCount
)

// PartIDs are the page's element ids (web/index.html), by Part.
var PartIDs = [PartCount]string{"status", "btn-pause", "chk-warp", "crash", "crash-reason", "crash-regs",
	"crash-trace", "bars-legend", "inspect-frame", "inspect-stats", "split-note", "crash-note",
	"notice", "notice-text", "travel", "travel-text", "btn-goto"}

// Surface applies the overlay's decisions to the page. The UI calls each function only
// for a change: when what it shows differs from what it last showed.
//
// It is a struct of functions, not an interface, on purpose: the page's side holds
// dom/v2 values, and in the wasm binary (which links reflect's MethodByName through
// text/template) a type converted to an interface makes the linker keep every exported
// method of the types in its fields, which for dom/v2 means all of its ~100 wrapper types.
type Surface struct {
	// PutRows shows rows y0 up to y1 of a chart's pixels (RGBA, the chart's size).
	PutRows    func(c Chart, pix []byte, y0, y1 int)
	SetText    func(p Part, s string)
	SetHTML    func(p Part, s string)
	SetShown   func(p Part, shown bool)
	SetChecked func(p Part, on bool)
	// ShowZones rebuilds the zone editor's table from these rows.
	ShowZones func(rows []ZoneRow)
	// Now is the host clock in milliseconds (for the per-step timing).
	Now func() float64
}

// Shown is which parts of the overlay the page displays. The full page shows them all. A
// page that shows fewer (an embed with overlay=bars, or none) says so in window.x16scopeShow
// before the wasm starts, and the overlay does not spend frame time drawing what nobody
// sees: with two embeds on one page every millisecond counts twice.
type Shown struct {
	Bars      bool // the bar chart and its legend
	Heat      bool // the scanline heatmap and the per-line split
	Inspector bool // the frame inspector and the 60-second statistics
	Calls     bool // the call profile panel: timeline, beam view, routine table (calls.go)
}

// ShowAll is what the full page shows.
var ShowAll = Shown{Bars: true, Heat: true, Inspector: true, Calls: true}

// UI is the page's overlay: the bar chart, heatmap and per-line split, the inspector, the
// zone editor, the status line and the crash panel. It reads the profiler once per displayed
// frame and hands each chart's changed rows to the Surface.
type UI struct {
	s    *session.Session
	out  Surface
	show Shown

	bars  *BarChart
	heat  *HeatMap
	split *SplitView
	src   BarSource

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
	splitProf    *perf.Profiler // the profiler the split's frame is read from (splitPick)
	legendKey    legendKey      // what the legend was last written for
	splitPick    SplitPick      // the split's frame, chosen once per displayed frame
	noteKey      SplitPick      // what the split note was last built for
	lastStop     session.StopReason
	lastPaused   bool
	lastWarp     bool
	lastPast     bool
	shown        [PartCount]string // what each part was last set to (text, markup or "1"/"0")
	set          [PartCount]bool   // whether it was set at all

	// Time travel (travel.go): the selection follows the machine's frame while follow is set.
	follow    bool
	wasPast   bool      // the machine was in the past at the last update
	lastCur   uint32    // its frame in progress then
	travelGen uint64    // the session's generation then
	travelKey travelKey // what the travel bar was last written for

	heatRows [][]uint16
	heatNums []uint32

	notices []string // the newest machine notices shown (at most noticeKeep)

	calls *callsPanel // the call profile panel (calls.go), nil when the page has none

	input  inputs
	timer  stepTimer
	shownZ bool // the zone table was built
}

// legendKey is everything the bar legend depends on: it is rebuilt only when one changes.
type legendKey struct {
	prof       *perf.Profiler
	gen, zones int
	line       uint32
	zoom       int
}

// NewUI makes the overlay for s, showing what show says on out. The zone editor is filled
// at once.
func NewUI(s *session.Session, out Surface, show Shown) *UI {
	u := &UI{s: s, out: out, show: show, zoom: 1, dirty: true}
	u.bars = NewBarChart(barsW, barsH)
	u.heat = NewHeatMap(heatCols, linesPerRow)
	u.split = NewSplitView(splitW, linesPerRow)
	u.heatRows = make([][]uint16, 0, heatCols)
	u.heatNums = make([]uint32, 0, heatCols)
	u.timer.now = out.Now
	u.refreshZones()
	return u
}

// ChartSize is a chart's canvas size in pixels.
func (u *UI) ChartSize(c Chart) (w, h int) {
	switch c {
	case ChartBars:
		return barsW, barsH
	case ChartHeat:
		return heatCols, u.heat.H
	}
	return splitW, u.split.Chart.H
}

// Session is the session the overlay shows.
func (u *UI) Session() *session.Session { return u.s }

// Selected is the frame the charts and the inspector show (0: the newest).
func (u *UI) Selected() uint32 { return u.selected }

// set writes part p when v differs from what it shows (always on the first write).
func (u *UI) setPart(p Part, v string, apply func(Part, string)) {
	if u.set[p] && u.shown[p] == v {
		return
	}
	u.set[p], u.shown[p] = true, v
	apply(p, v)
}

func (u *UI) setText(p Part, s string) { u.setPart(p, s, u.out.SetText) }
func (u *UI) setHTML(p Part, s string) { u.setPart(p, s, u.out.SetHTML) }

func (u *UI) setFlag(p Part, on bool, apply func(Part, bool)) {
	v := "0"
	if on {
		v = "1"
	}
	u.setPart(p, v, func(p Part, _ string) { apply(p, on) })
}

// Pick selects the frame at x, a fraction (0 to 1) of a chart's width, and pauses on it.
// A click where no frame is drawn does nothing.
func (u *UI) Pick(c Chart, x float64) {
	var at func(int) uint32
	w := barsW
	switch c {
	case ChartBars:
		at = u.bars.FrameAt
	case ChartHeat:
		at, w = u.heat.FrameAt, heatCols
	default:
		return
	}
	if f := at(int(x * float64(w))); f != 0 {
		u.selected = f
		u.follow = false // the user's choice, until the machine moves in time again
		u.s.Pause()
		u.dirty = true
	}
}

// Wheel zooms the bar chart out (deltaY > 0: more frames) or in.
func (u *UI) Wheel(deltaY float64) {
	if deltaY > 0 {
		u.zoom = min(u.zoom+1, len(zoomLevels)-1)
	} else {
		u.zoom = max(u.zoom-1, 0)
	}
	u.dirty = true
}

// Load applies dropped or fetched files (see session.Session.Load) and refreshes the overlay.
func (u *UI) Load(files []session.File) error {
	return u.LoadWith(func() error { return u.s.Load(files) })
}

// LoadWith runs a load of the session's other than Load (a web link, new machine settings)
// and brings the overlay up to date with what it built, as Load does.
func (u *UI) LoadWith(load func() error) error {
	before := u.s.Profiler()
	err := load()
	if err == nil {
		u.zoneGen++
		if u.s.Profiler() != before {
			u.selected = 0
		}
		u.refreshZones()
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

// Capture encodes a capture of frame f (0: the selected frame, or the newest when none
// is). Any completed frame of the window can be captured.
func (u *UI) Capture(f uint32) ([]byte, error) {
	if f == 0 {
		f = u.selected
	}
	return u.s.Capture(f, time.Now())
}

// OpenCapture opens a capture paused on its frame, selected in the charts.
func (u *UI) OpenCapture(data []byte) (capture.Meta, error) {
	meta, err := u.s.OpenCapture(data)
	if err != nil {
		return meta, err
	}
	u.zoneGen++
	u.selected = meta.ProfFrame
	u.refreshZones()
	u.dirty = true
	if note := meta.VersionNote(session.Version()); note != "" {
		u.prof, u.notices = u.s.Profiler(), u.notices[:0] // what Update does for a new profiler
		u.notify(note)
	}
	return meta, nil
}

// Update refreshes the overlay after a displayed frame's emulation.
func (u *UI) Update(t session.Tick) {
	u.ticks++
	p := u.s.Profiler()
	if p != u.prof {
		// A load or reset installed a new profiler: its frame numbers start again at 1, so
		// nothing drawn for the old one may be kept.
		u.prof = p
		u.dirty = true
		u.notices = u.notices[:0] // nor the old machine's notices
	}
	u.updateNotices()
	u.trackTime()
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
	//
	// In the past the machine replayed from a keyframe up to the frame on the screen, so its
	// own profiler has the lines of the frames it ran: a frame far back, whose lines the
	// head no longer keeps, still gets its split.
	sp := p
	if u.selected != 0 && u.s.InPast() {
		if rp := u.s.RunningProfiler(); rp != p {
			if k := rp.FrameIndex(u.selected); k >= 0 && rp.LinesAt(k) != nil {
				sp = rp
			}
		}
	}
	pick := PickSplit(sp, u.selected, u.s.Paused() || u.s.Ended())
	splitMoved := pick.State != u.splitPick.State || pick.k != u.splitPick.k || sp != u.splitProf
	u.splitPick, u.splitProf = pick, sp
	u.timer.start()
	if newest != u.lastFrame || u.dirty {
		u.lastFrame = newest
		if u.dirty {
			u.bars.Invalidate()
			u.heat.Invalidate()
		}
		u.drawCharts(p)
	} else if splitMoved && u.show.Heat {
		u.drawSplit() // pausing or resuming with nothing new: only the split may change
	}
	// The inspector follows at most every textEvery displayed frames while running, at
	// once when paused or when something was clicked or loaded.
	if u.show.Inspector && (u.dirty || (u.inspectStale && (u.s.Paused() || u.ticks%textEvery == 0))) {
		if u.dirty || u.s.Paused() || u.ticks-u.statsAt >= statsEvery || u.stats.Frames.Count == 0 {
			u.stats = p.Stats(0)
			u.statsAt = u.ticks
			u.timer.lap(stepStats)
		}
		fh := FrameHTML(p, u.selected)
		sh := u.shown[PartInspectStats]
		if u.statsAt == u.ticks {
			sh = StatsHTML(&u.stats)
		}
		u.timer.lap(stepInspect)
		// Each part is written only when it changed: the window's statistics change only
		// when recomputed, and a paused frame's figures not at all.
		u.setHTML(PartInspectFrame, fh)
		u.setHTML(PartInspectStats, sh)
		u.inspectStale = false
		u.timer.lap(stepInspectDOM)
	}
	u.dirty = false
	u.updateCalls()
	u.updateSplitNote()
	u.updateTravel()
	if u.ticks%textEvery == 0 || !u.set[PartStatus] || u.s.Paused() != u.lastPaused || u.s.Stopped() != u.lastStop ||
		u.s.Warp() != u.lastWarp || u.s.InPast() != u.lastPast {
		u.updateStatus()
		u.timer.lap(stepStatus)
	}
}

func (u *UI) drawCharts(p *perf.Profiler) {
	if u.show.Bars {
		u.drawBars(p)
	}
	if u.show.Heat {
		u.drawHeat(p)
		u.drawSplit()
	}
}

// budgetLine is the budget line's height in cycles (the whole budget for sub-frame
// targets) and the chart's axis: one frame's cycles, or the line if larger, fill 90%.
func budgetLine(b perf.Budget) (line, axis uint32) {
	line = b.Cycles
	if b.Frames >= 1 {
		line = uint32(float64(b.Cycles) / b.Frames)
	}
	return line, max(uint32(core.CyclesPerFrame), line) * 10 / 9
}

// drawBars draws the bar chart and its legend.
func (u *UI) drawBars(p *perf.Profiler) {
	bars := u.src.Bars(p, u.zoneGen, zoomLevels[u.zoom])
	line, axis := budgetLine(p.Budget())
	u.timer.lap(stepBarsSource)
	drawn := u.bars.Render(bars, SeriesColors(), axis, line, u.selected)
	u.timer.lap(stepBarsDraw)
	if drawn > 0 {
		u.out.PutRows(ChartBars, u.bars.Pix, 0, barsH)
	}
	u.timer.lap(stepBarsPut)

	// The legend changes only with the zones seen, the budget line and the zoom.
	if k := (legendKey{p, u.zoneGen, u.src.nextZon, line, u.zoom}); k != u.legendKey {
		u.legendKey = k
		u.setHTML(PartLegend, LegendHTML(u.src.Legend(), line, zoomLevels[u.zoom]))
	}
	u.timer.lap(stepText)
}

// LegendHTML is the bar legend: a swatch per series, the budget line and the zoom.
func LegendHTML(items []LegendItem, line uint32, frames int) string {
	var lg strings.Builder
	for _, it := range items {
		fmt.Fprintf(&lg, "<i style=\"background:#%06x\"></i>%s", it.Color>>8, htmlEscape(it.Name))
	}
	fmt.Fprintf(&lg, " · <b style=\"color:#ffd23b\">—</b> budget %s cycles/frame · last %d frames (wheel to zoom)", num(uint64(line)), frames)
	return lg.String()
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
		u.out.PutRows(ChartHeat, u.heat.Pix, 0, u.heat.H)
	}
	u.timer.lap(stepHeatPut)
}

// drawSplit brings the per-line split to u.splitPick's frame, drawing the rows that change.
func (u *UI) drawSplit() {
	y0, y1 := u.split.Draw(u.splitProf, u.splitPick)
	u.timer.lap(stepSplitDraw)
	if y1 > y0 {
		u.out.PutRows(ChartSplit, u.split.Chart.Pix, y0, y1)
	}
	u.timer.lap(stepSplitPut)
}

// updateSplitNote says which frame the per-line split shows (SplitPick.Note). Running
// with nothing selected it says just "the newest frame" (a number changing 60 times a
// second is unreadable, and writing it would cost a DOM update per displayed frame), so the
// text is built and written only when what it names changes.
func (u *UI) updateSplitNote() {
	k := u.splitPick.noteKey()
	if k == u.noteKey && u.set[PartSplitNote] {
		return
	}
	u.noteKey = k
	u.setText(PartSplitNote, u.splitPick.Note())
}

// StatusLine is the status line's text.
func StatusLine(s *session.Session) string {
	m := s.Machine()
	state := "running"
	switch {
	case s.Ended():
		state = "ended"
	case s.Stopped() != "" && s.Returned():
		state = "returned to READY"
	case s.Stopped() != "" && s.Paused():
		state = "CPU stopped (paused)"
	case s.Stopped() != "":
		state = "CPU stopped (video and sound run on)"
	case s.SeekingOverrun():
		state = "running to the next overrun"
	case s.InPast() && s.Paused():
		state = "paused, back in time"
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
	switch {
	case s.HasROM() && m.OfficialROM():
		rom = "official ROM"
	case s.HasROM():
		rom = "user ROM"
	}
	return fmt.Sprintf("%s · %s · %s · frame %d · speed %d%% · PC $%04X · target %.4g fps",
		state, prog, rom, m.Frame(), s.Speed(), m.CPU().PC, s.TargetFps())
}

// CrashNote says what the machine does after the stop: an ended program runs no more; a
// stuck CPU stops only itself, as on the hardware.
func CrashNote(s *session.Session) string {
	if s.Ended() {
		return "The program ended; the machine runs no more. Load a program or reset."
	}
	if s.Returned() {
		return "The machine runs on at the READY prompt (type SYS to start it again). Registers and last instructions as it returned:"
	}
	return "Only the CPU is stuck: VERA keeps scanning out, the sound plays and the timers count until you reset or load another program. Registers and last instructions as the stop was found:"
}

// CrashTrace is the crash panel's trace: the last 32 instructions, disassembled.
func CrashTrace(s *session.Session) string {
	m := s.Machine()
	var tr strings.Builder
	for _, in := range s.Recent(32) {
		text, _ := core.Disassemble(in.PC, m.Peek)
		fmt.Fprintf(&tr, "$%04X  %-16s -> $%04X\n", in.PC, text, in.Next)
	}
	return tr.String()
}

// updateStatus writes the status line, the pause button's label and the crash panel.
func (u *UI) updateStatus() {
	s := u.s
	u.lastPaused, u.lastStop, u.lastWarp, u.lastPast = s.Paused(), s.Stopped(), s.Warp(), s.InPast()
	u.setText(PartStatus, StatusLine(s))
	pause := "Pause"
	if s.Paused() {
		pause = "Resume"
	}
	u.setText(PartPause, pause)
	u.setFlag(PartWarp, s.Warp(), u.out.SetChecked)
	stopped := s.Stopped() != ""
	u.setFlag(PartCrash, stopped, u.out.SetShown)
	if !stopped {
		return
	}
	u.setText(PartCrashReason, string(s.Stopped()))
	u.setText(PartCrashNote, CrashNote(s))
	u.setText(PartCrashRegs, s.StopRegs())
	u.setText(PartCrashTrace, CrashTrace(s))
}

// noticeKeep is how many of the machine's newest notices the notice bar lists.
const noticeKeep = 3

// updateNotices drains the machine's notices (core.Machine.DrainNotices: a LOAD or OPEN
// that failed, a host file that could not be used, a reset by the program) into the
// page's notice bar, the newest last. With none waiting, the usual case, it costs a call
// and allocates nothing. The bar's text and visibility are written for every new notice,
// not through the change cache: the page's × button hides it and its load summary writes
// it behind the overlay's back.
func (u *UI) updateNotices() {
	m := u.s.Machine()
	if m == nil {
		return
	}
	if n := m.DrainNotices(); len(n) > 0 {
		u.notify(n...)
	}
}

// notify adds notices to the page's notice bar, the newest last.
func (u *UI) notify(n ...string) {
	added := false
	for _, msg := range n {
		if k := len(u.notices); k > 0 && u.notices[k-1] == msg {
			continue // the same notice again (a program retrying): listed once, not re-shown
		}
		if len(u.notices) == noticeKeep {
			copy(u.notices, u.notices[1:])
			u.notices = u.notices[:noticeKeep-1]
		}
		u.notices = append(u.notices, msg)
		added = true
	}
	if !added {
		return
	}
	text := strings.Join(u.notices, "; ")
	u.out.SetText(PartNoticeText, text)
	u.out.SetShown(PartNotice, true)
	u.shown[PartNoticeText], u.set[PartNoticeText] = text, true
	u.shown[PartNotice], u.set[PartNotice] = "1", true
}

// StatusJSON is the JS API's status(): what the page and the tests need to know.
func (u *UI) StatusJSON() string {
	s := u.s
	m := s.Machine()
	c := m.CPU()
	first, last := s.Window()
	st := map[string]any{
		"frame": m.Frame(), "cycle": m.Cycle(), "paused": s.Paused(), "warp": s.Warp(), "speed": s.Speed(),
		"stopped": string(s.Stopped()), "ended": s.Ended(), "program": s.Program(), "rom": s.HasROM(), "pc": c.PC,
		"selected": u.selected, "targetFps": s.TargetFps(), "seekingOverrun": s.SeekingOverrun(),
		"profiledFrames": s.Profiler().FrameCount(), "keyEvents": u.input.keys, "keysPending": s.KeysPending(),
		// Time travel: the frame the machine is in (profiler numbers, from power-on), the
		// frames Seek can reach, whether it is behind the newest point and by how many
		// frames, and what the timeline keeps to get there.
		"currentFrame": s.CurrentFrame(), "window": [2]uint32{first, last}, "inPast": s.InPast(),
		"framesAhead": s.FramesAhead(), "timelineBytes": s.TimelineBytes(), "keyframes": s.Keyframes(),
		"version": session.Version(), // the build's, for bug reports
		// the running machine's clock start (setRTC): "stopped" or the date and time set
		"rtc": session.FormatRTC(m.RTCStart()),
		// the running machine's banked RAM (KB) and keyboard layout (setMachine)
		"ramKB": m.RAMBanks() * 8, "keymap": core.KeymapNames[m.Keymap()],
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

// FramesCSV is the JS API's framesCSV(): the per-frame records of the running profiler.
func (u *UI) FramesCSV() string { return FramesCSV(u.s.Profiler()) }
