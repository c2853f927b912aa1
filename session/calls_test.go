package session

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"x16scope/perf"
	"x16scope/rom"
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

// A capture carries the call profile of the whole window and the names it was given: the
// page that opens it shows the capturing page's routine table.
func TestCaptureCarriesTheCallProfile(t *testing.T) {
	s := newSession(t)
	if err := s.Load([]File{
		{Name: "busy.prg", Data: readTestFile(t, "../core/testdata/busy.prg")},
		{Name: "busy.sym", Data: readTestFile(t, "../core/testdata/busy.sym")},
	}); err != nil {
		t.Fatal(err)
	}
	for range 30 {
		s.RunFrame()
	}
	last := s.Profiler().FrameInProgress() - 1
	data, err := s.Capture(last-10, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	want := routineMap(s.Profiler().Routines(0))
	o := newSession(t)
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	got := routineMap(o.Profiler().Routines(0))
	if got["mix"].Calls == 0 || len(got) != len(want) {
		t.Fatalf("opened capture: %d routines (mix %+v), the capturing session %d", len(got), got["mix"], len(want))
	}
	for name, w := range want {
		if g := got[name]; g.Calls != w.Calls || g.Inclusive != w.Inclusive || g.Exclusive != w.Exclusive || g.MaxFrame != w.MaxFrame {
			t.Errorf("%s: opened %+v, captured %+v", name, g, w)
		}
	}
}

func routineMap(rs []perf.RoutineStat) map[string]perf.RoutineStat {
	m := map[string]perf.RoutineStat{}
	for _, r := range rs {
		r.Callers, r.Callees = nil, nil
		m[r.Name] = r
	}
	return m
}

// The built-in ROM given as a file (the CLI's --rom, a drop of its image) is still the
// built-in ROM: its KERNAL routines are named by its labels, as when it runs by default.
func TestBuiltinROMAsAFileKeepsItsLabels(t *testing.T) {
	addr := builtinLabel(t, "chrin_kbd")
	key := perf.RoutineAt(addr, 0)
	for _, given := range []bool{false, true} {
		s := newSession(t)
		files := []File{{Name: "busy.prg", Data: readTestFile(t, "../core/testdata/busy.prg")}}
		if given {
			files = append(files, File{Name: "rom.bin", Data: rom.Image()})
		}
		if err := s.Load(files); err != nil {
			t.Fatal(err)
		}
		if got := s.RoutineNames().Name(key); got != "chrin_kbd" {
			t.Errorf("ROM given as a file %v: $%04X@0 is named %q, want chrin_kbd", given, addr, got)
		}
	}
	// Another ROM's routines at the same address are not the built-in ROM's.
	other := rom.Image()
	other[0] ^= 0xFF
	s := newSession(t)
	if err := s.Load([]File{{Name: "rom.bin", Data: other}, {Name: "busy.prg", Data: readTestFile(t, "../core/testdata/busy.prg")}}); err != nil {
		t.Fatal(err)
	}
	if got := s.RoutineNames().Name(key); got == "chrin_kbd" {
		t.Errorf("a different ROM: $%04X@0 is named by the built-in ROM's labels", addr)
	}
}

// builtinLabel is the address of a label of the built-in ROM (its VICE label file), so the
// test follows the ROM when its code moves.
func builtinLabel(t *testing.T, name string) uint16 {
	t.Helper()
	for _, line := range strings.Split(rom.Symbols(), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[2] == "."+name {
			v, err := strconv.ParseUint(f[1], 16, 16)
			if err != nil {
				t.Fatal(err)
			}
			return uint16(v)
		}
	}
	t.Fatalf("no label %q in the built-in ROM", name)
	return 0
}
