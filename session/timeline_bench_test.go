package session

import (
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"x16scope/perf"
)

// Programs shaped like what users run, as the page's benchmarks run them
// (scripts/bench-browser.mjs): a scrolling tile game with sprites and an IRQ handler, a
// bitmap program with VERA FX, a text screen under the KERNAL, a key echo waiting with WAI,
// a program that never waits. X16_PROGRAMS names a folder of more (public X16 programs,
// each PRG with its own folder as the host file system).
func timelinePrograms(tb testing.TB) map[string]string {
	progs := map[string]string{
		"game320":      "../core/testdata/bench/game.prg",
		"bitmap320-fx": "../core/testdata/bench/bitmap.prg",
		"text40":       "../core/testdata/bench/text40.prg",
		"text80-wai":   "../tests/browser/testdata/keyecho.prg",
		"busy80":       "../core/testdata/busy.prg",
	}
	if dir := os.Getenv("X16_PROGRAMS"); dir != "" {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".prg") {
				rel, _ := filepath.Rel(dir, path)
				progs[rel] = path
			}
			return nil
		})
	}
	return progs
}

// fullWindow loads a program with the files beside it and runs it until the profiler holds
// its whole window (60 s), pressing a key now and then.
func fullWindow(tb testing.TB, path string) *Session {
	tb.Helper()
	s, err := NewSession()
	if err != nil {
		tb.Fatal(err)
	}
	files := []File{{Name: filepath.Base(path), Data: readFile(tb, path)}}
	if os.Getenv("X16_PROGRAMS") != "" && strings.HasPrefix(path, os.Getenv("X16_PROGRAMS")) {
		entries, _ := os.ReadDir(filepath.Dir(path))
		for _, e := range entries {
			if ext := strings.ToLower(filepath.Ext(e.Name())); !e.IsDir() && e.Name() != filepath.Base(path) && ext != ".prg" && ext != ".sym" {
				files = append(files, File{Name: e.Name(), Data: readFile(tb, filepath.Join(filepath.Dir(path), e.Name()))})
			}
		}
	}
	if err := s.Load(files); err != nil {
		tb.Skipf("%s: %v", path, err)
	}
	for s.Profiler().FrameCount() < perf.HistoryFrames {
		if s.Ended() {
			tb.Skipf("%s ended in frame %d", path, s.CurrentFrame())
		}
		s.StepFrame()
		s.Advance(noClock)
		if s.CurrentFrame()%97 == 0 {
			s.KeyDown(0x12)
			s.KeyUp(0x12)
		}
	}
	return s
}

func readFile(tb testing.TB, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// The memory the whole window's timeline holds stays within the page's budget.
func TestTimelineMemoryForAFullWindow(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 60 s of each program")
	}
	const budget = 64 << 20
	progs := timelinePrograms(t)
	for _, name := range slices.Sorted(maps.Keys(progs)) {
		if os.Getenv("X16_PROGRAMS") == "" && name != "busy80" && name != "game320" {
			continue // the two busiest; X16_PROGRAMS runs every one
		}
		t.Run(name, func(t *testing.T) {
			s := fullWindow(t, progs[name])
			data, err := s.Capture(s.Profiler().FrameAt(0).Frame+600, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d keyframes, %.1f MB for 60 s; a capture 50 s back is %.1f KB", name, s.Keyframes(), float64(s.TimelineBytes())/(1<<20), float64(len(data))/1024)
			if n := s.TimelineBytes(); n > budget {
				t.Errorf("%s: the window holds %.1f MB, over the %d MB budget", name, float64(n)/(1<<20), budget>>20)
			}
		})
	}
}

// BenchmarkSeek seeks to random frames of a full window; p95-ms is the 95th percentile of
// one seek's time (the budget: 50 ms natively, 150 ms in the page).
func BenchmarkSeek(b *testing.B) {
	for name, path := range timelinePrograms(b) {
		b.Run(name, func(b *testing.B) {
			s := fullWindow(b, path)
			first, last := s.Window()
			rng := rand.New(rand.NewSource(3))
			var times []time.Duration
			b.ResetTimer()
			for range b.N {
				f := first + uint32(rng.Intn(int(last-first)))
				t0 := time.Now()
				if err := s.Seek(f); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0))
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
			b.ReportMetric(float64(s.TimelineBytes())/(1<<20), "window-MB")
		})
	}
}

// BenchmarkKeyframe is the cost of keeping one keyframe of a program in full flight; the
// page pays it once every keyEvery displayed frames (per-frame-ms is the average).
func BenchmarkKeyframe(b *testing.B) {
	for name, path := range timelinePrograms(b) {
		b.Run(name, func(b *testing.B) {
			s := fullWindow(b, path)
			b.ResetTimer()
			t0 := time.Now()
			for range b.N {
				s.StepFrame()
				s.Advance(noClock)
				s.takeKeyframe(s.CurrentFrame())
			}
			b.StopTimer()
			frame := time.Duration(0)
			t1 := time.Now()
			for range b.N {
				s.StepFrame()
				s.Advance(noClock)
			}
			frame = time.Since(t1)
			perKey := (time.Duration(int64(t1.Sub(t0))) - frame) / time.Duration(b.N)
			b.ReportMetric(float64(perKey.Microseconds())/1000, "keyframe-ms")
			b.ReportMetric(float64(perKey.Microseconds())/1000/keyEvery, "per-frame-ms")
			b.ReportMetric(float64(frame.Microseconds())/1000/float64(b.N), "frame-ms")
		})
	}
}

// BenchmarkStepBack steps back by instruction and by line in the debugger's demo program,
// a few seconds into its run (each step back rebuilds and scans the frame it is in).
func BenchmarkStepBack(b *testing.B) {
	for _, kind := range []string{"instruction", "line"} {
		b.Run(kind, func(b *testing.B) {
			s := demoSession(b)
			for range 200 {
				s.StepFrame()
				s.Advance(noClock)
			}
			if err := s.ToggleBreakpoint(0x0815); err != nil { // inc counter, after work's loop
				b.Fatal(err)
			}
			s.Resume()
			for stopped, _ := s.DebugStopped(); !stopped; stopped, _ = s.DebugStopped() {
				s.Advance(noClock)
			}
			b.ResetTimer()
			for range b.N {
				if err := s.DebugStepBack(kind); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
