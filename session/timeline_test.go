package session

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"testing"
	"time"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/perf"
)

// frameStartState is what a frame start looks like, for comparing a seek against the run
// that got there first: cycle, registers, every machine section, the picture VERA shows
// and the profiler's state and newest record.
type frameStartState struct {
	frame    uint32
	cycle    uint64
	cpu      core.CPUState
	sections map[string][]byte
	picture  []byte
	record   perf.FrameRecord
}

func stateOf(s *Session) frameStartState {
	m, p := s.Machine(), s.RunningProfiler()
	st := frameStartState{frame: p.FrameInProgress(), cycle: m.Cycle(), cpu: m.CPU(), sections: map[string][]byte{},
		picture: append([]byte(nil), m.VERA().FrameView()...)}
	for _, sec := range capture.StateSections(m, p).Sections {
		st.sections[sec.Tag] = append([]byte(nil), sec.Data...)
	}
	if n := p.FrameCount(); n > 0 {
		st.record = *p.FrameAt(n - 1)
	}
	return st
}

func (a frameStartState) diff(b frameStartState) string {
	switch {
	case a.frame != b.frame:
		return fmt.Sprintf("frame %d, want %d", a.frame, b.frame)
	case a.cycle != b.cycle:
		return fmt.Sprintf("cycle %d, want %d", a.cycle, b.cycle)
	case a.cpu != b.cpu:
		return fmt.Sprintf("registers %+v, want %+v", a.cpu, b.cpu)
	case !bytes.Equal(a.picture, b.picture):
		return "the picture differs"
	case a.record != b.record:
		return fmt.Sprintf("newest record %+v, want %+v", a.record, b.record)
	}
	for tag, data := range b.sections {
		if !bytes.Equal(a.sections[tag], data) {
			return fmt.Sprintf("section %q differs (first at byte %d)", tag, firstDiff(a.sections[tag], data))
		}
	}
	if len(a.sections) != len(b.sections) {
		return fmt.Sprintf("%d sections, want %d", len(a.sections), len(b.sections))
	}
	return ""
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// drive runs a session forward for frames frames as a user would, with input in the middle
// of frames (keys, text, the mouse, a pad, a debugger write), and returns the state at
// every frame start, by frame number.
func drive(t *testing.T, s *Session, frames int) map[uint32]frameStartState {
	t.Helper()
	rng := rand.New(rand.NewSource(7))
	starts := map[uint32]frameStartState{}
	for range frames {
		s.Resume()
		if rng.Intn(3) == 0 {
			// A displayed frame at 100 % runs 133,333 cycles: the frame's start was passed
			// and the input lands somewhere inside the next.
			s.Advance(noClock)
			switch rng.Intn(6) {
			case 0:
				s.KeyDown(uint8(0x10 + rng.Intn(20)))
			case 1:
				s.KeyUp(uint8(0x10 + rng.Intn(20)))
			case 2:
				s.TypeText("A")
			case 3:
				s.MouseMove(rng.Intn(9)-4, rng.Intn(9)-4, uint8(rng.Intn(2)))
			case 4:
				s.SetJoystick(1, uint16(rng.Intn(0x1000)))
			case 5:
				s.WriteMemory(SpaceCPU, 0, 0x7000+rng.Intn(16), []byte{uint8(rng.Intn(256))})
			}
		}
		s.StepFrame()
		s.Advance(noClock)
		st := stateOf(s)
		starts[st.frame] = st
	}
	return starts
}

// checkSeeks seeks to every frame start the forward run saw, in random order, and requires
// the state the forward run had; from some of them it steps on, and from one it runs back
// to the head by steps, which must land on the head's state.
func checkSeeks(t *testing.T, s *Session, starts map[uint32]frameStartState) {
	t.Helper()
	head := stateOf(s)
	first, last := s.Window()
	if last != head.frame {
		t.Fatalf("window ends at %d, the machine is in frame %d", last, head.frame)
	}
	var frames []uint32
	for f := range starts {
		if f >= first {
			frames = append(frames, f)
		}
	}
	if len(frames) < 50 {
		t.Fatalf("only %d frames in the window (%d-%d)", len(frames), first, last)
	}
	rand.New(rand.NewSource(1)).Shuffle(len(frames), func(i, j int) { frames[i], frames[j] = frames[j], frames[i] })
	for i, f := range frames {
		if err := s.Seek(f); err != nil {
			t.Fatalf("seek %d: %v", f, err)
		}
		if d := stateOf(s).diff(starts[f]); d != "" {
			t.Fatalf("seek to frame %d: %s", f, d)
		}
		if !s.Paused() {
			t.Fatalf("seek to frame %d left the machine running", f)
		}
		if i%8 == 0 && starts[f+1].cycle != 0 {
			// One frame on: the inputs of frame f are replayed.
			s.StepFrame()
			s.Advance(noClock)
			if d := stateOf(s).diff(starts[f+1]); d != "" {
				t.Fatalf("frame %d, stepped on from a seek to %d: %s", f+1, f, d)
			}
		}
	}
	// Back to the head frame by frame from 40 frames before it.
	if err := s.Seek(last - 40); err != nil {
		t.Fatal(err)
	}
	for i := 0; s.InPast() && i < 45; i++ {
		s.StepFrame()
		s.Advance(noClock)
	}
	// The head was reached at its own cycle, in the middle of a step.
	if s.InPast() || s.Machine().Cycle() < head.cycle {
		t.Fatalf("stepping on from the past did not reach the head (cycle %d, head %d)", s.Machine().Cycle(), head.cycle)
	}
}

func TestSeekLandsOnTheForwardRunsState(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("joypad.prg", readTestFile(t, "../tests/browser/testdata/joypad.prg")); err != nil {
		t.Fatal(err)
	}
	starts := drive(t, s, 200)
	checkSeeks(t, s, starts)
}

// The official KERNAL's start pastes LOAD and RUN over its first frames: keyframes taken
// then must carry the paste.
func TestSeekLandsOnTheForwardRunsStateOfficialROM(t *testing.T) {
	path := os.Getenv("X16_ROM")
	if path == "" {
		t.Skip("X16_ROM not set: the official ROM is needed (build it from X16Community/x16-rom)")
	}
	romImage, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	if err := s.Load([]File{{Name: "rom.bin", Data: romImage}, {Name: "keyecho.prg", Data: readTestFile(t, "../tests/browser/testdata/keyecho.prg")}}); err != nil {
		t.Fatal(err)
	}
	starts := drive(t, s, 200)
	checkSeeks(t, s, starts)
}

// Resuming in the past forks: the frames after the current one are dropped, and what runs
// from there on is live.
func TestResumeInThePastForks(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("keyecho.prg", readTestFile(t, "../tests/browser/testdata/keyecho.prg")); err != nil {
		t.Fatal(err)
	}
	drive(t, s, 120)
	_, last := s.Window()
	if err := s.Seek(last - 60); err != nil {
		t.Fatal(err)
	}
	if !s.InPast() || s.FramesAhead() != 60 || s.Profiler().FrameCount() < 110 {
		t.Fatalf("after a seek: past %v, ahead %d, %d bars", s.InPast(), s.FramesAhead(), s.Profiler().FrameCount())
	}
	s.Resume()
	if s.InPast() || s.Profiler().FrameCount() != int(last-61) {
		t.Fatalf("after resuming: past %v, %d bars, want %d", s.InPast(), s.Profiler().FrameCount(), last-61)
	}
	if _, l := s.Window(); l != last-60 {
		t.Fatalf("window ends at %d after the fork, want %d", l, last-60)
	}
	s.TypeText("Z")
	for range 10 {
		s.Advance(noClock)
	}
	if s.Machine().Peek(0x30) != 'Z' {
		t.Fatalf("the program did not get the key typed after the fork: $30 = $%02X", s.Machine().Peek(0x30))
	}
}

// A capture of a frame 50 s back opens with that frame's picture and figures, and the
// bars of the whole window the capturing page showed.
func TestCaptureOfAnOldFrame(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	s.SetWarp(true)
	for s.Profiler().FrameCount() < perf.HistoryFrames {
		s.Advance(noClock)
	}
	s.SetWarp(false)
	p := s.Profiler()
	n := p.FrameCount()
	old := p.FrameAt(n - 50*60).Frame
	data, err := s.Capture(old, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("capture of frame %d, 50 s back: %d bytes, %d keyframes holding %.1f MB", old, len(data), s.Keyframes(), float64(s.TimelineBytes())/(1<<20))
	o := newSession(t)
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	op := o.RunningProfiler()
	if got, want := *op.FrameAt(op.FrameCount() - 1), *p.FrameAt(n - 50*60); got != want {
		t.Fatalf("captured frame's record:\n got %+v\nwant %+v", got, want)
	}
	if o.Profiler().FrameCount() != n {
		t.Fatalf("the opened capture shows %d bars, the page %d", o.Profiler().FrameCount(), n)
	}
	if err := s.Seek(old + 1); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(o.Machine().VERA().FrameView(), s.Machine().VERA().FrameView()) {
		t.Fatal("the opened capture's picture is not the frame's")
	}
	a, b := o.Profiler().Stats(perf.HistoryFrames), s.Profiler().Stats(perf.HistoryFrames)
	if a.Periods != b.Periods || a.Frames != b.Frames || a.Cycles != b.Cycles {
		t.Fatalf("statistics differ: opened %+v %+v, page %+v %+v", a.Frames, a.Periods, b.Frames, b.Periods)
	}
}

// Between keyframes a displayed frame allocates nothing.
func TestAdvanceAllocatesOnlyForKeyframes(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for range 2 * keyEvery {
		s.StepFrame()
		s.Advance(noClock)
	}
	step := func() {
		s.StepFrame()
		s.Advance(noClock)
	}
	// Keyframes start frames 1, 1+keyEvery, ...: from two frames after one, the steps
	// measured (and the one before them) end before the next.
	for (s.CurrentFrame()-1)%keyEvery != 2 {
		step()
	}
	if a := testing.AllocsPerRun(keyEvery-4, step); a != 0 {
		t.Errorf("%.2f allocations per frame between keyframes, want 0", a)
	}
}

// Going back in time takes back the files the program saved since: each keyframe keeps
// the in-memory host files as they were.
func TestSeekTakesBackSavedFiles(t *testing.T) {
	s := newSession(t)
	prg := readTestFile(t, "testdata/savekey.prg")
	if err := s.Load([]File{{Name: "savekey.prg", Data: prg}, {Name: "NOTES.TXT", Data: []byte("hi")}}); err != nil {
		t.Fatal(err)
	}
	count := func() string {
		data, err := s.fs.ReadFile("COUNT")
		if err != nil {
			return "none"
		}
		return fmt.Sprint(data)
	}
	run := func(frames int) {
		for range frames {
			s.StepFrame()
			s.Advance(noClock)
		}
	}
	run(20)
	s.TypeText("A")
	run(30)
	s.TypeText("B")
	run(30)
	if got := count(); got != "[48 0 2]" {
		t.Fatalf("COUNT after two keys: %s, want [48 0 2] (load address $0030, the count)", got)
	}
	for _, c := range []struct {
		frame uint32
		want  string
	}{{40, "[48 0 1]"}, {10, "none"}, {75, "[48 0 2]"}, {45, "[48 0 1]"}} {
		if err := s.Seek(c.frame); err != nil {
			t.Fatal(err)
		}
		if got := count(); got != c.want {
			t.Errorf("COUNT at frame %d: %s, want %s", c.frame, got, c.want)
		}
	}
	for i := 0; s.InPast() && i < 50; i++ {
		run(1)
	}
	if got := count(); s.InPast() || got != "[48 0 2]" {
		t.Fatalf("back at the head: past %v, COUNT %s, want [48 0 2]", s.InPast(), got)
	}
}

// Zones set after a keyframe are the zones of a machine rebuilt from it.
func TestSeekKeepsTheCurrentZones(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for range 40 {
		s.StepFrame()
		s.Advance(noClock)
	}
	zones := []perf.Zone{{Name: "main", Start: 0x080D, End: 0x0900, Bank: perf.AnyBank}}
	if err := s.SetZones(zones); err != nil {
		t.Fatal(err)
	}
	if err := s.Seek(5); err != nil {
		t.Fatal(err)
	}
	if got := s.RunningProfiler().Zones(); len(got) != 1 || got[0].Name != "main" {
		t.Fatalf("zones after a seek to before they were set: %+v", got)
	}
}
