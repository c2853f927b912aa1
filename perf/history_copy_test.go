package perf

import (
	"os"
	"testing"

	"x16scope/savestate"
)

// A profiler given another's records for display has its frames, and its statistics say
// profiling was on, as the other's did.
func TestLoadRecordsShowsARunningProfilersFrames(t *testing.T) {
	prg, err := os.ReadFile("testdata/busy.prg")
	if err != nil {
		t.Fatal(err)
	}
	m, p := startProfiled(t, prg)
	for range 30 {
		m.RunFrame()
	}
	shown := New(m)
	if err := shown.LoadRecords(&savestate.Section{Tag: "HIST", Version: HistoryVersion, Data: p.SaveHistory(HistoryFrames)}); err != nil {
		t.Fatal(err)
	}
	if shown.On() || shown.FrameCount() != p.FrameCount() || *shown.FrameAt(29) != *p.FrameAt(29) {
		t.Fatalf("records: on %v, %d frames (want %d)", shown.On(), shown.FrameCount(), p.FrameCount())
	}
	if a, b := shown.Stats(HistoryFrames), p.Stats(HistoryFrames); !a.Profiling || a.Periods != b.Periods || a.Frames != b.Frames {
		t.Fatalf("statistics: %+v %+v, want %+v %+v", a.Frames, a.Periods, b.Frames, b.Periods)
	}
	// And a profiler restored from frame 20's start takes frames 1-19 from it.
	again := New(m)
	again.hist.frameNo = 20
	again.CopyHistory(p, 25)
	if again.FrameCount() != 19 || *again.FrameAt(18) != *p.FrameAt(18) {
		t.Fatalf("copied %d frames, want 19", again.FrameCount())
	}
}
