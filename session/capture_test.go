package session

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"x16scope/capture"
)

func newestRecord(s *Session) string {
	p := s.Profiler()
	n := p.FrameCount()
	return fmt.Sprintf("%+v %v", *p.FrameAt(n - 1), p.FrameBucketsAt(n-1))
}

// TestSessionCaptureOpensElsewhere: the page's Capture of the newest frame, opened in
// another session, shows the same picture and figures, paused; resuming both runs alike.
func TestSessionCaptureOpensElsewhere(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	s.SetTargetFps(30)
	for range 40 {
		s.Advance(noClock)
	}
	s.Pause()
	data, err := s.Capture(0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("capture of the smoke program: %d bytes", len(data))
	o := newSession(t)
	meta, err := o.OpenCapture(data)
	if err != nil {
		t.Fatal(err)
	}
	if meta.Program != "smoke.prg" || meta.TargetFps != 30 || o.TargetFps() != 30 || !o.Paused() {
		t.Fatalf("opened: %+v, target %v, paused %v", meta, o.TargetFps(), o.Paused())
	}
	if !bytes.Equal(o.Machine().VERA().FrameView(), s.Machine().VERA().FrameView()) {
		t.Error("the opened capture shows another picture")
	}
	if a, b := newestRecord(s), newestRecord(o); a != b {
		t.Errorf("captured frame's figures differ:\n got %s\nwant %s", b, a)
	}
	if o.Profiler().FrameAt(o.Profiler().FrameCount()-1).Frame != meta.ProfFrame {
		t.Error("the opened profiler's newest frame is not the captured one")
	}
	// The opened capture can be captured again, and both resume alike.
	if _, err := o.Capture(0, time.Now()); err != nil {
		t.Fatalf("re-capture: %v", err)
	}
	// The original was paused mid-frame (ticks are not frame-aligned); frame steps bring
	// both to the same VSYNCs.
	for range 10 {
		s.StepFrame()
		s.Advance(noClock)
		o.StepFrame()
		o.Advance(noClock)
	}
	if s.Machine().Cycle() != o.Machine().Cycle() || newestRecord(s) != newestRecord(o) {
		t.Fatalf("resumed runs differ: cycle %d vs %d", s.Machine().Cycle(), o.Machine().Cycle())
	}
}

// A selected frame a few frames back can be captured; one older than the kept states
// cannot, with an error that says so.
func TestSessionCaptureSelectedFrame(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for range 60 {
		s.Advance(noClock)
	}
	p := s.Profiler()
	n := p.FrameCount()
	old := p.FrameAt(n - 5).Frame
	data, err := s.Capture(old, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	cp, _ := capture.Decode(data)
	if cp.Meta.ProfFrame != old {
		t.Fatalf("captured frame %d, want %d", cp.Meta.ProfFrame, old)
	}
	o := newSession(t)
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	op := o.RunningProfiler()
	got, want := *op.FrameAt(op.FrameCount() - 1), *p.FrameAt(n - 5)
	if got != want {
		t.Fatalf("selected frame's record:\n got %+v\nwant %+v", got, want)
	}
	// The bars are the capturing page's, the frames after the captured one included.
	if shown := o.Profiler(); shown.FrameCount() != n || *shown.FrameAt(n - 1) != *p.FrameAt(n - 1) {
		t.Fatalf("the opened capture shows %d frames, the page %d", shown.FrameCount(), n)
	}
	if first, _ := s.Window(); first > 1 {
		if _, err := s.Capture(first-1, time.Now()); !errors.Is(err, ErrOutsideWindow) {
			t.Fatalf("capturing a frame before the window: %v", err)
		}
	}
	if _, last := s.Window(); true {
		if _, err := s.Capture(last, time.Now()); err == nil {
			t.Fatal("captured the frame in progress")
		}
	}
}

func TestOpenCaptureBadInputChangesNothing(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		s.Advance(noClock)
	}
	m, cycle := s.Machine(), s.Machine().Cycle()
	good, _ := s.Capture(0, time.Now())
	for _, bad := range [][]byte{nil, []byte("X16SCOPE"), good[:len(good)/2], append([]byte("PK\x03\x04"), good...)} {
		if _, err := s.OpenCapture(bad); !errors.Is(err, ErrBadFile) {
			t.Errorf("bad capture: %v", err)
		}
	}
	if s.Machine() != m || m.Cycle() != cycle || s.Program() != "smoke.prg" {
		t.Fatal("a bad capture changed the running machine")
	}
	s.Advance(noClock)
	if m.Cycle() == cycle {
		t.Fatal("the machine stopped running")
	}
}

// A capture opened on a page without its program keeps the program's name; Reset then
// boots the ROM (the capture has no program file to start again).
func TestOpenCaptureWithoutTheProgram(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		s.Advance(noClock)
	}
	data, err := s.Capture(0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	o := newSession(t)
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	if o.Program() != "smoke.prg" {
		t.Fatalf("program %q", o.Program())
	}
	o.Reset()
	if o.Stopped() != "" || o.Machine().Cycle() > 100 {
		t.Fatalf("reset: stopped %q, cycle %d", o.Stopped(), o.Machine().Cycle())
	}
}
