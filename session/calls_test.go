package session

import (
	"errors"
	"testing"
)

// A frame's timeline, run again from its keyframe, agrees with the figures the running
// profiler recorded for that frame: every routine's inclusive cycles summed over its
// outermost slices, its calls counted by the slices that began in the frame.
func TestTimelineAgreesWithTheFrameRecord(t *testing.T) {
	s := newSession(t)
	if err := s.Load([]File{
		{Name: "busy.prg", Data: readTestFile(t, "../core/testdata/busy.prg")},
		{Name: "busy.sym", Data: readTestFile(t, "../core/testdata/busy.sym")},
	}); err != nil {
		t.Fatal(err)
	}
	for range 40 {
		s.RunFrame()
	}
	last := s.Profiler().FrameInProgress() - 1
	for _, f := range []uint32{last - 25, last - 3, last} {
		tl, err := s.Timeline(f)
		if err != nil {
			t.Fatal(err)
		}
		if tl.Frame != f || len(tl.Slices) == 0 {
			t.Fatalf("frame %d: timeline of frame %d with %d slices", f, tl.Frame, len(tl.Slices))
		}
		rs, err := s.Routines(f)
		if err != nil {
			t.Fatal(err)
		}
		incl := tl.Inclusive()
		for _, r := range rs {
			if r.Key.Kind() != 0 {
				continue
			}
			var sum, calls uint64
			for i, sl := range tl.Slices {
				if sl.Routine != r.Key {
					continue
				}
				if sl.Flags&1 == 0 {
					calls++
				}
				outer := true // recursion: only the outermost slice of a routine counts
				for _, o := range tl.Slices {
					if o.Routine == r.Key && o.Lane == sl.Lane && o.Depth < sl.Depth && o.Start <= sl.Start && o.End >= sl.End {
						outer = false
					}
				}
				if outer {
					sum += uint64(incl[i])
				}
			}
			if sum != r.Inclusive || calls != r.Calls {
				t.Errorf("frame %d %s: timeline %d cycles in %d calls, record %d in %d", f, r.Name, sum, calls, r.Inclusive, r.Calls)
			}
		}
	}
	if _, err := s.Timeline(last + 1); !errors.Is(err, ErrFrameNotDone) {
		t.Errorf("the frame in progress: %v, want ErrFrameNotDone", err)
	}
	names := map[string]bool{}
	for _, r := range s.Profiler().Routines(0) {
		names[r.Name] = true
	}
	if !names["mix"] {
		t.Errorf("no routine named mix from busy.sym: %v", names)
	}
}
