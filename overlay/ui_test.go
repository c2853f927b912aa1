package overlay

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"x16scope/session"

	"x16scope/perf"
)

// pageRecorder is a Surface that keeps what the page would show and logs every call.
type pageRecorder struct {
	calls   []string
	text    [PartCount]string
	shown   [PartCount]bool
	checked [PartCount]bool
	puts    [chartCount]int
	rows    [chartCount][2]int // last rows put
	zones   []ZoneRow
	clock   float64
}

func (r *pageRecorder) surface() Surface {
	return Surface{
		PutRows: func(c Chart, pix []byte, y0, y1 int) {
			r.calls = append(r.calls, fmt.Sprintf("put %s %d-%d", ChartIDs[c], y0, y1))
			r.puts[c]++
			r.rows[c] = [2]int{y0, y1}
		},
		SetText: func(p Part, s string) { r.calls = append(r.calls, "text "+PartIDs[p]); r.text[p] = s },
		SetHTML: func(p Part, s string) { r.calls = append(r.calls, "html "+PartIDs[p]); r.text[p] = s },
		SetShown: func(p Part, on bool) {
			r.calls = append(r.calls, fmt.Sprintf("shown %s %v", PartIDs[p], on))
			r.shown[p] = on
		},
		SetChecked: func(p Part, on bool) {
			r.calls = append(r.calls, fmt.Sprintf("checked %s %v", PartIDs[p], on))
			r.checked[p] = on
		},
		ShowZones: func(rows []ZoneRow) { r.calls = append(r.calls, "zones"); r.zones = rows },
		Now:       func() float64 { r.clock += 0.25; return r.clock },
	}
}

func (r *pageRecorder) take() []string { c := r.calls; r.calls = nil; return c }

func newTestUI(t *testing.T, show Shown, prg []byte) (*UI, *pageRecorder) {
	t.Helper()
	s := newSession(t)
	if prg != nil {
		if err := s.LoadPRG("test.prg", prg); err != nil {
			t.Fatal(err)
		}
	}
	r := &pageRecorder{}
	return NewUI(s, r.surface(), show), r
}

// run advances the session n displayed frames, updating the overlay after each.
func run(u *UI, n int) {
	for i := 0; i < n; i++ {
		u.Update(u.s.Advance(noClock))
	}
}

func has(calls []string, prefix string) bool {
	for _, c := range calls {
		if strings.HasPrefix(c, prefix) {
			return true
		}
	}
	return false
}

func TestUIFirstUpdateWritesEverythingOnce(t *testing.T) {
	u, r := newTestUI(t, ShowAll, smokePRG(t))
	if got := r.take(); len(got) != 1 || got[0] != "zones" {
		t.Fatalf("NewUI calls %v, want the zone table only", got)
	}
	run(u, 3)
	got := r.take()
	for _, want := range []string{"put bars 0-150", "put heat", "put split", "html bars-legend", "html inspect-frame",
		"html inspect-stats", "text split-note", "text status", "text btn-pause", "checked chk-warp false", "shown crash false"} {
		if !has(got, want) {
			t.Errorf("first updates did not %q; calls %v", want, got)
		}
	}
	if !strings.HasPrefix(r.text[PartStatus], "running · test.prg · built-in ROM · frame ") {
		t.Errorf("status %q", r.text[PartStatus])
	}
	if r.text[PartPause] != "Pause" || !strings.Contains(r.text[PartSplitNote], "newest") {
		t.Errorf("pause %q, split note %q", r.text[PartPause], r.text[PartSplitNote])
	}
	if !strings.Contains(r.text[PartLegend], "last 300 frames (wheel to zoom)") || !strings.Contains(r.text[PartLegend], "budget 134,400 cycles/frame") {
		t.Errorf("legend %q", r.text[PartLegend])
	}
}

// With nothing new (no frame ran, nothing clicked) an update changes nothing on the page.
func TestUIUpdateWithoutChangeWritesNothing(t *testing.T) {
	u, r := newTestUI(t, ShowAll, smokePRG(t))
	run(u, 2)
	for i := 0; i < textEvery; i++ {
		u.Update(session.Tick{}) // the second frame's figures are written at the next refresh
	}
	r.take()
	for i := 0; i < 2*textEvery; i++ {
		u.Update(session.Tick{})
	}
	if got := r.take(); len(got) != 0 {
		t.Fatalf("idle updates wrote %v", got)
	}
}

// Running, the inspector and the status line follow only every textEvery displayed frames.
func TestUITextRefreshesEveryTextEveryFrames(t *testing.T) {
	u, r := newTestUI(t, ShowAll, smokePRG(t))
	for u.ticks == 0 || u.ticks%textEvery != 0 {
		run(u, 1)
	}
	r.take()
	run(u, textEvery-1) // up to the displayed frame before the next refresh
	if got := r.take(); has(got, "html inspect-frame") || has(got, "text status") {
		t.Fatalf("text written between refreshes: %v", got)
	}
	run(u, 1)
	if got := r.take(); !has(got, "html inspect-frame") || !has(got, "text status") {
		t.Fatalf("refresh frame wrote %v", got)
	}
}

func TestUIPauseAndResume(t *testing.T) {
	u, r := newTestUI(t, ShowAll, smokePRG(t))
	run(u, 3)
	r.take()
	u.s.Pause()
	u.Update(session.Tick{})
	got := r.take()
	if r.text[PartPause] != "Resume" || !strings.HasPrefix(r.text[PartStatus], "paused · ") {
		t.Fatalf("paused: button %q, status %q (calls %v)", r.text[PartPause], r.text[PartStatus], got)
	}
	u.s.Resume()
	run(u, 1)
	if r.text[PartPause] != "Pause" || !strings.HasPrefix(r.text[PartStatus], "running · ") {
		t.Fatalf("resumed: button %q, status %q", r.text[PartPause], r.text[PartStatus])
	}
	u.s.SetWarp(true)
	u.Update(session.Tick{})
	if !r.checked[PartWarp] || !strings.HasPrefix(r.text[PartStatus], "warp · ") {
		t.Fatalf("warp: box %v, status %q", r.checked[PartWarp], r.text[PartStatus])
	}
}

func TestUICrashPanel(t *testing.T) {
	u, r := newTestUI(t, ShowAll, stubPRG(0xEA, 0x78, 0xDB)) // NOP; SEI; STP
	for i := 0; i < 200 && u.s.Stopped() == ""; i++ {
		run(u, 1)
	}
	if u.s.Stopped() == "" {
		t.Fatal("program did not stop")
	}
	run(u, 1)
	if !r.shown[PartCrash] {
		t.Fatal("crash panel not shown")
	}
	if !strings.Contains(r.text[PartCrashReason], "STP at $080F") {
		t.Errorf("reason %q", r.text[PartCrashReason])
	}
	regs := r.text[PartCrashRegs]
	if i := strings.Index(regs, "("); !strings.HasPrefix(regs, "PC $08") || i < 0 || regs[i+6] != 'I' { // SEI ran: I set
		t.Errorf("regs %q", r.text[PartCrashRegs])
	}
	tr := r.text[PartCrashTrace]
	if !strings.Contains(tr, "$080D  NOP") || !strings.Contains(tr, "$080F  STP") {
		t.Errorf("trace %q", tr)
	}
	if !strings.HasPrefix(r.text[PartStatus], "CPU stopped (video and sound run on) · ") {
		t.Errorf("status %q", r.text[PartStatus])
	}
	if !strings.Contains(r.text[PartCrashNote], "Only the CPU is stuck") {
		t.Errorf("note %q", r.text[PartCrashNote])
	}
	// The machine runs on; the panel keeps what it showed when the stop was found.
	f := u.s.Machine().Frame()
	regs0, tr0 := regs, tr
	run(u, 30)
	if u.s.Machine().Frame() <= f {
		t.Errorf("frame %d after 30 ticks of a stopped CPU, want past %d", u.s.Machine().Frame(), f)
	}
	if r.text[PartCrashRegs] != regs0 || r.text[PartCrashTrace] != tr0 {
		t.Errorf("the panel changed while the stuck machine ran on: %q / %q", r.text[PartCrashRegs], r.text[PartCrashTrace])
	}
	u.s.Reset()
	run(u, 1)
	if r.shown[PartCrash] {
		t.Error("crash panel still shown after a reset")
	}
}

// A click on the bar chart selects the frame under it and pauses; the wheel zooms.
func TestUIPickAndWheel(t *testing.T) {
	u, r := newTestUI(t, ShowAll, smokePRG(t))
	run(u, 20)
	r.take()
	u.Pick(ChartBars, 0.001) // left edge: no bar there yet (300 frames shown, 20 run)
	if u.Selected() != 0 || u.s.Paused() {
		t.Fatalf("click on an empty place selected %d, paused %v", u.Selected(), u.s.Paused())
	}
	u.Pick(ChartBars, 0.999) // right edge: the newest frame
	if u.Selected() == 0 || !u.s.Paused() {
		t.Fatalf("click on the newest bar: selected %d, paused %v", u.Selected(), u.s.Paused())
	}
	u.Update(session.Tick{})
	got := r.take()
	if !has(got, "put bars") || !has(got, "html inspect-frame") {
		t.Errorf("a pick redraws the chart and the inspector; calls %v", got)
	}
	if want := fmt.Sprintf("frame %d, selected", u.Selected()); r.text[PartSplitNote] != want {
		t.Errorf("split note %q, want %q", r.text[PartSplitNote], want)
	}
	u.Wheel(1)
	u.Wheel(1)
	u.Update(session.Tick{})
	if !strings.Contains(r.text[PartLegend], "last 1800 frames") {
		t.Errorf("zoomed out twice: legend %q", r.text[PartLegend])
	}
	for i := 0; i < 10; i++ {
		u.Wheel(-1)
	}
	u.Update(session.Tick{})
	if !strings.Contains(r.text[PartLegend], "last 120 frames") {
		t.Errorf("zoomed in fully: legend %q", r.text[PartLegend])
	}
	u.s.Resume()
	run(u, 1)
	if u.Selected() != 0 {
		t.Error("resuming keeps the selection")
	}
}

// A page that shows only the bars draws nothing else.
func TestUIDrawsOnlyWhatIsShown(t *testing.T) {
	u, r := newTestUI(t, Shown{Bars: true}, smokePRG(t))
	run(u, 30)
	got := r.take()
	if !has(got, "put bars") || has(got, "put heat") || has(got, "put split") || has(got, "html inspect") {
		t.Fatalf("bars-only page got %v", got)
	}
	u, r = newTestUI(t, Shown{}, smokePRG(t))
	run(u, 30)
	if got := r.take(); has(got, "put") || has(got, "html inspect") || !has(got, "text status") {
		t.Fatalf("page without charts got %v", got)
	}
}

func TestUIStepTiming(t *testing.T) {
	u, _ := newTestUI(t, ShowAll, smokePRG(t))
	run(u, 2)
	if ms := u.StepMs(); ms["barsDraw"] != 0 {
		t.Fatalf("timing while off: %v", ms)
	}
	u.TimeSteps(true)
	run(u, 2)
	ms := u.StepMs()
	if len(ms) != stepCount || ms["barsDraw"] <= 0 || ms["heatPut"] <= 0 {
		t.Fatalf("step times %v", ms)
	}
}

func TestZoneRows(t *testing.T) {
	zs := []perf.Zone{
		{Name: "loop", Start: 0x0801, End: 0x0900, Bank: perf.AnyBank, Idle: true},
		{Name: "kernal", Start: 0xC000, End: 0xFFFF, Bank: 0},
		{Name: "region", Marker: 7, Bank: perf.AnyBank},
	}
	var rows []ZoneRow
	for _, zn := range zs {
		rows = append(rows, ZoneRowOf(zn))
	}
	if rows[0] != (ZoneRow{Name: "loop", Start: "$0801", End: "$0900", Idle: true}) ||
		rows[1].Bank != "0" || rows[2] != (ZoneRow{Marker: true, Name: "region", MarkerNum: "7"}) {
		t.Fatalf("rows %+v", rows)
	}
	back, err := ParseZoneRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	for i := range zs {
		if back[i] != zs[i] {
			t.Errorf("row %d: %+v, want %+v", i, back[i], zs[i])
		}
	}
	if z, _ := ParseZoneRows([]ZoneRow{{Name: " x ", Start: "0x10", End: "300", Bank: " 3 "}}); z[0] != (perf.Zone{Name: "x", Start: 16, End: 300, Bank: 3}) {
		t.Errorf("hex, decimal and trimmed values: %+v", z[0])
	}
	for _, tc := range []struct {
		row  ZoneRow
		want string
	}{
		{ZoneRow{Start: "$zz", End: "$10"}, `row 2: address "zz": want $0000-$FFFF`},
		{ZoneRow{Start: "$10", End: "$10000"}, `row 2: address "10000": want $0000-$FFFF`},
		{ZoneRow{Start: "$10", End: "$20", Bank: "x"}, "row 2: bank must be a number 0-255 or empty for any"},
		{ZoneRow{Marker: true, MarkerNum: ""}, "row 2: marker must be a number 1-111"},
	} {
		_, err := ParseZoneRows([]ZoneRow{rows[0], tc.row})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%+v: error %v, want %q", tc.row, err, tc.want)
		}
	}
	if NewZoneRow(false) != (ZoneRow{Name: "zone", Start: "$0801", End: "$9EFF"}) || NewZoneRow(true) != (ZoneRow{Marker: true, Name: "region", MarkerNum: "1"}) {
		t.Errorf("new rows %+v %+v", NewZoneRow(false), NewZoneRow(true))
	}
}

func TestUIApplyZonesAndLoad(t *testing.T) {
	u, r := newTestUI(t, ShowAll, smokePRG(t))
	run(u, 4) // the program starts in frame 4 (README "Frame numbers")
	r.take()
	if msg := u.ApplyZones([]ZoneRow{{Name: "echo", Start: "$0801", End: "$9EFF"}}); msg != "applied 1 zones" {
		t.Fatalf("apply: %q", msg)
	}
	if z := u.s.Zones(); len(z) != 1 || z[0].Name != "echo" {
		t.Fatalf("zones %+v", z)
	}
	run(u, 1)
	if !strings.Contains(r.text[PartLegend], "echo") {
		t.Errorf("legend after applying zones: %q", r.text[PartLegend])
	}
	if msg := u.ApplyZones([]ZoneRow{{Start: "nope"}}); !strings.HasPrefix(msg, "row 1: address") {
		t.Errorf("bad row: %q", msg)
	}
	if z := u.s.Zones(); len(z) != 1 {
		t.Errorf("a bad table changed the zones: %+v", z)
	}
	zones, _ := json.Marshal([]map[string]any{{"name": "a", "start": 0x0801, "end": 0x0900}, {"name": "b", "start": 0x0901, "end": 0x0A00}})
	r.take()
	if err := u.Load([]session.File{{Name: "z.json", Data: zones}}); err != nil {
		t.Fatal(err)
	}
	if got := r.take(); !has(got, "zones") || len(r.zones) != 3 || r.zones[2].Name != "b" {
		t.Errorf("loading zones: calls %v, table %+v", got, r.zones)
	}
}

func TestUIKeysAndStatusJSON(t *testing.T) {
	u, _ := newTestUI(t, ShowAll, smokePRG(t))
	if u.Key("NoSuchKey", true) {
		t.Error("an unknown code was taken")
	}
	if !u.Key("KeyA", true) || !u.Key("KeyB", true) || !u.Key("KeyB", false) {
		t.Fatal("letter keys not taken")
	}
	n, _ := KeyNumber("KeyA")
	if !u.input.held[n] {
		t.Error("KeyA not held")
	}
	u.ReleaseKeys()
	if u.input.held[n] {
		t.Error("KeyA still held after ReleaseKeys")
	}
	var st map[string]any
	if err := json.Unmarshal([]byte(u.StatusJSON()), &st); err != nil {
		t.Fatal(err)
	}
	if st["keyEvents"] != 3.0 || st["program"] != "test.prg" || st["paused"] != false {
		t.Errorf("status %v", st)
	}
	u.MouseMove(3, -2, 1)
	u.PollInput()
	if u.input.moved || u.input.mouseDX != 0 {
		t.Error("the mouse movement was not handed over")
	}
	calls := 0
	u.SetGamepads(func() ([4]bool, [4]uint32, bool) { calls++; return [4]bool{true}, [4]uint32{1}, true })
	u.PollInput()
	if calls != 1 || !u.input.pads.given[0] {
		t.Errorf("gamepads read %d times, port 1 given %v", calls, u.input.pads.given[0])
	}
}

// TestUIShowsMachineNotices: what the machine has to say about the guest (here a LOAD of a
// file the host does not have) reaches the page's notice bar, drained every update; a
// notice repeated is listed once; with no new notice nothing is written, so the bar the
// user dismissed stays dismissed; a load starts the list again.
func TestUIShowsMachineNotices(t *testing.T) {
	prg, err := os.ReadFile("testdata/loadmissing.prg")
	if err != nil {
		t.Fatal(err)
	}
	u, r := newTestUI(t, ShowAll, prg)
	r.take()
	for i := 0; i < 120 && r.text[PartNoticeText] == ""; i++ {
		run(u, 1)
	}
	got := r.text[PartNoticeText]
	if !r.shown[PartNotice] || !strings.Contains(got, `LOAD "NOPE"`) || !strings.Contains(got, "NOT FOUND") {
		t.Fatalf("notice bar shown %v, text %q: want the failed LOAD's notice", r.shown[PartNotice], got)
	}
	if strings.Count(got, `LOAD "NOPE"`) != 1 {
		t.Errorf("notice text %q: the program's two failed LOADs should be listed once", got)
	}
	r.take()
	r.shown[PartNotice] = false // the user dismisses it (the page's × button)
	run(u, 5)
	for _, c := range r.take() {
		if strings.HasSuffix(c, " notice") || strings.HasSuffix(c, " notice-text") || strings.Contains(c, "notice ") {
			t.Errorf("update wrote %q with no new notice (now %q)", c, r.text[PartNoticeText])
		}
	}
	if r.shown[PartNotice] {
		t.Error("the dismissed notice bar was shown again with no new notice")
	}
	// a notice when there were none: the machine's own, from a program reset by a new load
	if err := u.s.LoadPRG("again.prg", prg); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 120 && !r.shown[PartNotice]; i++ {
		run(u, 1)
	}
	if !r.shown[PartNotice] || r.text[PartNoticeText] != got {
		t.Errorf("after a new load: shown %v, text %q, want the one notice again (%q)", r.shown[PartNotice], r.text[PartNoticeText], got)
	}
}

// TestUIUpdateNoticesAllocatesNothing: draining no notices allocates nothing.
func TestUIUpdateNoticesAllocatesNothing(t *testing.T) {
	u, _ := newTestUI(t, ShowAll, smokePRG(t))
	run(u, 3)
	if a := testing.AllocsPerRun(100, u.updateNotices); a != 0 {
		t.Errorf("updateNotices with no notice allocates %.1f times", a)
	}
}
