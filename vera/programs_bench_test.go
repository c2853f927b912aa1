package vera_test

import (
	"os"
	"testing"
	"time"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/rom"
	"x16scope/vera"
)

// benchProgram is a program shaped like what X16 users run, for the machine benchmarks:
// the built-in ROM with its KERNAL interrupt handler live, the profiler on as the overlay
// runs it (recent-instruction ring included).
type benchProgram struct {
	name, path string
	hscale     uint8 // DC_HSCALE once the program has set its screen up
	// official runs it on the official ROM (X16_ROM; skipped without it), started through
	// BASIC's LOAD and RUN as x16emu's -prg -run does.
	official bool
}

// benchPrograms are the machine benchmarks' cases (core/testdata/bench/*.s say what each
// one does every frame): a 320x240 game screen (two scrolling 4 bpp tile layers, 32 moving
// sprites, a VSYNC handler), a 320x240 8 bpp bitmap drawn through the data port with an FX
// polygon fill, 40x30 text at 2x with a blinking cursor waiting in GETIN, the KERNAL's
// 80x60 text screen with a program sleeping in WAI for keys, and a program that never waits;
// then the text program again on the official ROM, where its GETIN goes from BASIC's bank
// through jsrfar to the KERNAL's (idle fast-forward must catch that wait too).
var benchPrograms = []benchProgram{
	{"game320", "../core/testdata/bench/game.prg", 64, false},
	{"bitmap320-fx", "../core/testdata/bench/bitmap.prg", 64, false},
	{"text40", "../core/testdata/bench/text40.prg", 64, false},
	{"text80-wai", "../tests/browser/testdata/keyecho.prg", 128, false},
	{"busy80", "../core/testdata/busy.prg", 128, false},
	{"text40-official", "../core/testdata/bench/text40.prg", 64, true},
}

// startBench starts a benchmark program with the profiler on and runs it past its setup.
func startBench(tb testing.TB, p benchProgram) (*core.Machine, *perf.Profiler) {
	tb.Helper()
	image, setup := rom.Image(), 30
	if p.official {
		path := os.Getenv("X16_ROM")
		if path == "" {
			tb.Skip("X16_ROM is not set: this case runs the official ROM (rom.bin built from X16Community/x16-rom)")
		}
		var err error
		if image, err = os.ReadFile(path); err != nil {
			tb.Fatal(err)
		}
		setup = 90 // the official KERNAL boots, BASIC loads and runs the program (frame 31 on)
	}
	m, err := core.New(core.Config{ROM: image})
	if err != nil {
		tb.Fatal(err)
	}
	prg, err := os.ReadFile(p.path)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		tb.Fatal(err)
	}
	prof := perf.New(m)
	prof.Acquire(perf.OwnerOverlay)
	m.KeepRecent(true)
	for range setup {
		m.RunFrame()
	}
	if got := m.VERA().Peek(0x0A); got != p.hscale { // DC_HSCALE (DCSEL 0)
		tb.Fatalf("%s: HSCALE %d after setup, want %d: the program did not set its screen up", p.name, got, p.hscale)
	}
	return m, prof
}

// frameNs is the X16's frame period in nanoseconds (525 lines of 256 cycles at 8 MHz).
const frameNs = 525 * 256 / 8e6 * 1e9

// BenchmarkProgram runs whole machine frames of each benchmark program. ns/op is per
// frame; x-realtime is how many times faster than the X16 (59.52 frames a second).
func BenchmarkProgram(b *testing.B) { runBenchPrograms(b, true) }

// BenchmarkProgramBare is BenchmarkProgram with the profiler detached and the
// recent-instruction ring off: the machine alone, the work the official emulator does, for
// the like-for-like column of the side-by-side comparison (scripts/bench-official.sh).
func BenchmarkProgramBare(b *testing.B) { runBenchPrograms(b, false) }

// runBenchPrograms runs each benchmark program's frames, observed as the page observes them
// (the profiler on, the ring kept) or not.
func runBenchPrograms(b *testing.B, observed bool) {
	for _, p := range benchPrograms {
		b.Run(p.name, func(b *testing.B) {
			m, prof := startBench(b, p)
			if !observed {
				prof.Release(perf.OwnerOverlay)
				m.KeepRecent(false)
			}
			b.ReportAllocs()
			cpu0, cpuOK := vera.CPUTime()
			for b.Loop() {
				m.RunFrame()
			}
			reportFrames(b, cpu0, cpuOK)
		})
	}
}

// reportFrames reports per-frame figures of a benchmark whose op is one machine frame:
// ms/frame and x-realtime by the wall clock, and cpu-ms/frame and x-realtime-cpu by the
// process's CPU time since cpu0 (where the platform has it), which a loaded machine
// disturbs much less.
func reportFrames(b *testing.B, cpu0 time.Duration, cpuOK bool) {
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/1e6, "ms/frame")
	b.ReportMetric(frameNs/ns, "x-realtime")
	if cpu1, ok := vera.CPUTime(); ok && cpuOK {
		cns := float64((cpu1 - cpu0).Nanoseconds()) / float64(b.N)
		b.ReportMetric(cns/1e6, "cpu-ms/frame")
		b.ReportMetric(frameNs/cns, "x-realtime-cpu")
	}
}

// The benchmark programs change the picture the way games do (every frame; the text
// program when its cursor blinks), keep their screen mode and allocate nothing per frame.
func TestBenchProgramsRun(t *testing.T) {
	for _, p := range benchPrograms {
		t.Run(p.name, func(t *testing.T) {
			m, prof := startBench(t, p)
			changes := 0
			last := m.VERA().FrameSerial()
			for range 60 {
				m.RunFrame()
				if s := m.VERA().FrameSerial(); s != last {
					changes++
					last = s
				}
			}
			want := 59
			switch p.name {
			case "text40", "text40-official":
				want = 2 // the cursor blinks every 30 frames
			case "text80-wai", "busy80":
				want = 0 // no change required
			}
			if changes < want {
				t.Errorf("the picture changed in %d of 60 frames, want at least %d", changes, want)
			}
			// A still 2x screen is recognised as unchanged (scaled rows are keyed like 1x
			// ones), so the browser uploads it only when the cursor blinks.
			if p.name == "text40" && changes > 6 {
				t.Errorf("the text screen counted %d changes in 60 frames with 2 blinks, want at most 6", changes)
			}
			if n := prof.FrameCount(); n < 60 {
				t.Errorf("the profiler recorded %d frames", n)
			}
			if a := testing.AllocsPerRun(10, func() { m.RunFrame() }); a != 0 {
				t.Errorf("%v allocations per frame", a)
			}
		})
	}
}
