package overlay

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"x16scope/session"
)

// gamePRG is the game-shaped benchmark program: its picture changes every frame (scrolling
// layers, moving sprites), so a wrong frame on the screen shows.
func gamePRG(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../core/testdata/bench/game.prg")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func picture(s *session.Session) []byte {
	return append([]byte(nil), s.Machine().VERA().FrameView()...)
}

// stepRun runs n frames one step at a time, updating the overlay after each, and returns
// the picture on the screen after each frame, by the frame's number.
func stepRun(u *UI, n int) map[uint32][]byte {
	pics := map[uint32][]byte{}
	for range n {
		u.s.StepFrame()
		run(u, 1)
		pics[shownFrame(u.s)] = picture(u.s)
	}
	return pics
}

// pick clicks the bar of frame f, as the page does (a fraction of the chart's width).
func pick(t *testing.T, u *UI, f uint32) {
	t.Helper()
	for x := 0; x < barsW; x++ {
		if u.bars.FrameAt(x) == f {
			u.Pick(ChartBars, (float64(x)+0.5)/barsW)
			if u.Selected() != f {
				t.Fatalf("clicked frame %d's bar, selected %d", f, u.Selected())
			}
			return
		}
	}
	t.Fatalf("frame %d has no bar on the chart", f)
}

// Go to this frame puts the selected frame's picture on the screen, with the machine
// paused after it; the travel bar says where the machine is and what Resume drops.
func TestGoToPutsTheSelectedFrameOnTheScreen(t *testing.T) {
	u, r := newTestUI(t, ShowAll, gamePRG(t))
	pics := stepRun(u, 200)
	head := u.s.CurrentFrame()
	sel := head - 120
	pick(t, u, sel)
	run(u, 1)
	if !r.shown[PartTravel] || !r.shown[PartGoto] || !strings.HasPrefix(r.text[PartTravelText], "Frame "+strconv.Itoa(int(sel))+" selected, 2.0 s (119 frames) before the newest.") {
		t.Fatalf("a selected bar: travel bar shown %v, Go button %v, %q", r.shown[PartTravel], r.shown[PartGoto], r.text[PartTravelText])
	}
	if err := u.GoTo(0); err != nil {
		t.Fatal(err)
	}
	run(u, 1)
	s := u.s
	if !s.InPast() || !s.Paused() || s.CurrentFrame() != sel+1 || u.Selected() != sel {
		t.Fatalf("after Go to: past %v, paused %v, frame in progress %d (want %d), selected %d (want %d)",
			s.InPast(), s.Paused(), s.CurrentFrame(), sel+1, u.Selected(), sel)
	}
	if !bytes.Equal(picture(s), pics[sel]) {
		t.Fatalf("the screen does not show frame %d", sel)
	}
	ahead := s.FramesAhead()
	if ahead != int(head-sel-1) {
		t.Fatalf("%d frames ahead, want %d", ahead, head-sel-1)
	}
	want := "Back in time: frame " + strconv.Itoa(int(sel)) + " is on the screen, 2.0 s (" + strconv.Itoa(ahead) +
		" frames) before the newest. Step frame replays what was recorded; Resume runs on from here and drops the " +
		strconv.Itoa(ahead) + " frames after it (they are recorded again as the program runs)."
	if !r.shown[PartTravel] || r.shown[PartGoto] || r.text[PartTravelText] != want {
		t.Fatalf("travel bar shown %v, Go button %v, text\n%q\nwant\n%q", r.shown[PartTravel], r.shown[PartGoto], r.text[PartTravelText], want)
	}
	if !strings.HasPrefix(r.text[PartStatus], "paused, back in time · ") {
		t.Errorf("status %q", r.text[PartStatus])
	}
	if !strings.Contains(r.text[PartInspectFrame], "<b>frame "+strconv.Itoa(int(sel))+"</b> <span class=note>(selected frame (paused))") {
		t.Errorf("the inspector does not show frame %d: %q", sel, r.text[PartInspectFrame][:min(120, len(r.text[PartInspectFrame]))])
	}
	// The head keeps only the newest frames' lines; the machine that replayed to here has
	// this frame's.
	if u.splitPick.State != SplitSelected || u.splitPick.Frame != sel {
		t.Errorf("split %+v (%q), want frame %d's", u.splitPick, r.text[PartSplitNote], sel)
	}
}

// Step back and Step frame move one frame at a time, the selection and the picture with them;
// stepping replays what was recorded (the bars after stay).
func TestStepBackAndForthFollowsTheMachine(t *testing.T) {
	u, r := newTestUI(t, ShowAll, gamePRG(t))
	pics := stepRun(u, 150)
	s := u.s
	start := s.CurrentFrame()
	bars := s.Profiler().FrameCount()
	for i := 1; i <= 20; i++ {
		if err := u.StepBack(); err != nil {
			t.Fatal(err)
		}
		run(u, 1)
		want := start - 1 - uint32(i)
		if shownFrame(s) != want || u.Selected() != want || !bytes.Equal(picture(s), pics[want]) || s.FramesAhead() != i {
			t.Fatalf("step back %d: frame %d on the screen (picture right: %v), selected %d, %d ahead; want frame %d, %d ahead",
				i, shownFrame(s), bytes.Equal(picture(s), pics[want]), u.Selected(), s.FramesAhead(), want, i)
		}
	}
	if !strings.Contains(r.text[PartTravelText], "drops the 20 frames after it") {
		t.Errorf("travel bar %q", r.text[PartTravelText])
	}
	for i := 19; i >= 0; i-- {
		s.StepFrame()
		run(u, 1)
		want := start - 1 - uint32(i)
		if shownFrame(s) != want || u.Selected() != want || !bytes.Equal(picture(s), pics[want]) || s.FramesAhead() != i {
			t.Fatalf("step frame back to %d: frame %d on the screen, selected %d, %d ahead", want, shownFrame(s), u.Selected(), s.FramesAhead())
		}
		if n := s.Profiler().FrameCount(); n != bars {
			t.Fatalf("replaying: %d bars, want the %d recorded", n, bars)
		}
	}
	if s.InPast() {
		t.Fatal("stepped back to the head, still in the past")
	}
	run(u, 1)
	if r.shown[PartTravel] {
		// At the head, paused, the selected frame is the newest: the bar says so or hides.
		if strings.Contains(r.text[PartTravelText], "Back in time") {
			t.Errorf("at the head the travel bar says %q", r.text[PartTravelText])
		}
	}
	// The window's oldest frame is as far back as Step back goes, with an error naming it.
	first, _ := s.Window()
	if err := u.Seek(first); err != nil {
		t.Fatal(err)
	}
	if err := u.StepBack(); !errors.Is(err, session.ErrOutsideWindow) {
		t.Errorf("step back past the window's start: %v", err)
	}
}

// Resume from the past runs on from there: the bars after the frame are dropped and
// recorded again, and the travel bar goes.
func TestResumeFromThePastDropsTheBarsAfter(t *testing.T) {
	u, r := newTestUI(t, ShowAll, gamePRG(t))
	stepRun(u, 120)
	s := u.s
	before := s.Profiler().FrameCount()
	if err := u.Seek(s.CurrentFrame() - 60); err != nil {
		t.Fatal(err)
	}
	run(u, 1)
	ahead := s.FramesAhead()
	if ahead != 60 || !r.shown[PartTravel] {
		t.Fatalf("%d frames ahead (want 60), travel bar shown %v", ahead, r.shown[PartTravel])
	}
	s.Resume()
	u.Update(session.Tick{})
	if s.InPast() || s.FramesAhead() != 0 || r.shown[PartTravel] || u.Selected() != 0 {
		t.Fatalf("after Resume: past %v, %d ahead, travel bar shown %v, selected %d", s.InPast(), s.FramesAhead(), r.shown[PartTravel], u.Selected())
	}
	if n := s.Profiler().FrameCount(); n != before-ahead {
		t.Fatalf("after Resume %d bars, want %d (the %d after the frame dropped)", n, before-ahead, ahead)
	}
	run(u, 5)
	if n := s.Profiler().FrameCount(); n <= before-ahead {
		t.Fatalf("running on recorded nothing: %d bars", n)
	}
}

// A seek far back (the JS API's) widens the bars until the frame it went to is on the chart.
func TestSeekZoomsOutToTheFrame(t *testing.T) {
	u, r := newTestUI(t, ShowAll, gamePRG(t))
	u.s.SetWarp(true)
	for u.s.CurrentFrame() < 1000 {
		run(u, 1)
	}
	u.s.SetWarp(false)
	u.s.Pause()
	f := u.s.CurrentFrame() - 700
	if err := u.Seek(f); err != nil {
		t.Fatal(err)
	}
	run(u, 1)
	if zoomLevels[u.zoom] != 1800 || !strings.Contains(r.text[PartLegend], "last 1800 frames") {
		t.Fatalf("zoom %d frames, legend %q", zoomLevels[u.zoom], r.text[PartLegend])
	}
	// Zoomed out a column shows the worst of 2 frames: the frame's column is one of them.
	found := false
	for x := 0; x < barsW; x++ {
		found = found || u.bars.FrameAt(x) >= f-2 && u.bars.FrameAt(x) <= f
	}
	if !found || u.Selected() != f-1 {
		t.Fatalf("frame %d (selected %d) is not on the chart", f-1, u.Selected())
	}
}

// A capture of a frame far back opens with the same picture and figures as the page showed
// after going to it, and the opened page says the later bars are the capturing page's.
func TestCaptureOfAPastFrameOpensAsThePageShowedIt(t *testing.T) {
	u, _ := newTestUI(t, ShowAll, gamePRG(t))
	stepRun(u, 200)
	sel := u.s.CurrentFrame() - 150
	pick(t, u, sel)
	if err := u.GoTo(0); err != nil {
		t.Fatal(err)
	}
	run(u, 1)
	data, err := u.Capture(0)
	if err != nil {
		t.Fatal(err)
	}
	pic, ahead := picture(u.s), u.s.FramesAhead()
	frameHTML, stats := FrameHTML(u.s.Profiler(), sel), StatsHTML(&u.stats)

	v, r := newTestUI(t, ShowAll, nil)
	if _, err := v.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	run(v, 1)
	if !bytes.Equal(picture(v.s), pic) || v.Selected() != sel || v.s.CurrentFrame() != sel+1 {
		t.Fatalf("opened: picture right %v, selected %d, frame in progress %d; want %d, %d", bytes.Equal(picture(v.s), pic), v.Selected(), v.s.CurrentFrame(), sel, sel+1)
	}
	if r.text[PartInspectFrame] != frameHTML || r.text[PartInspectStats] != stats {
		t.Errorf("opened: inspector\n%q\n%q\nwant\n%q\n%q", r.text[PartInspectFrame], r.text[PartInspectStats], frameHTML, stats)
	}
	if v.s.FramesAhead() != ahead || !strings.HasPrefix(r.text[PartTravelText], "The capture's frame "+strconv.Itoa(int(sel))+" is on the screen; the "+strconv.Itoa(ahead)+" frames after it") {
		t.Errorf("opened: %d ahead (want %d), travel bar %q", v.s.FramesAhead(), ahead, r.text[PartTravelText])
	}
}

// The travel bar's bookkeeping runs every displayed frame: it allocates nothing, in the past
// or at the head.
func TestTravelBarAllocatesNothing(t *testing.T) {
	u, _ := newTestUI(t, ShowAll, gamePRG(t))
	stepRun(u, 90)
	check := func(where string) {
		if a := testing.AllocsPerRun(100, func() { u.trackTime(); u.updateTravel() }); a != 0 {
			t.Errorf("%s: %.1f allocations per displayed frame", where, a)
		}
	}
	check("paused at the head")
	if err := u.Seek(u.s.CurrentFrame() - 40); err != nil {
		t.Fatal(err)
	}
	run(u, 1)
	check("in the past")
	u.s.Resume()
	run(u, 2)
	check("running")
}
