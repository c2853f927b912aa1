package perf

import (
	"os"
	"testing"
	"time"

	"x16scope/core"
	"x16scope/rom"
)

// callBenchMachine starts one of core's benchmark programs (shaped like X16 games and
// tools) on the built-in ROM, its KERNAL interrupt handler live.
func callBenchMachine(tb testing.TB, name string) *core.Machine {
	tb.Helper()
	switch name {
	case "busy", "builtin-busy", "builtin-wai":
		return benchMachine(tb, name)
	}
	m, err := core.New(core.Config{ROM: rom.Image()})
	if err != nil {
		tb.Fatal(err)
	}
	file, err := os.ReadFile("../core/testdata/bench/" + name + ".prg")
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		tb.Fatal(err)
	}
	for range 30 { // past the program's set-up
		m.RunFrame()
	}
	return m
}

// BenchmarkCallsOverhead compares a frame profiled with the call profile (calls) against
// one profiled without it (plain), on two machines run in turn so that drift hits both.
// The call profile's budget is calls/plain <= 1.10.
func BenchmarkCallsOverhead(b *testing.B) {
	for _, prog := range []string{"busy", "builtin-busy", "builtin-wai", "game", "bitmap", "text40"} {
		b.Run(prog, func(b *testing.B) {
			plain := callBenchMachine(b, prog)
			pp := New(plain)
			pp.SetCallTracking(false)
			pp.Acquire(OwnerCLI)
			calls := callBenchMachine(b, prog)
			pc := New(calls)
			pc.Acquire(OwnerCLI)
			plain.RunFrame()
			calls.RunFrame()
			best := [2]time.Duration{1 << 62, 1 << 62}
			var sum [2]time.Duration
			for b.Loop() {
				for i, m := range []*core.Machine{plain, calls} {
					t0 := time.Now()
					m.RunFrame()
					d := time.Since(t0)
					best[i] = min(best[i], d)
					sum[i] += d
				}
			}
			b.ReportMetric(float64(best[0].Microseconds()), "plain-µs/frame")
			b.ReportMetric(float64(best[1])/float64(best[0]), "calls/plain")
			b.ReportMetric(float64(sum[1])/float64(sum[0]), "calls/plain-mean")
		})
	}
}

// BenchmarkRoutinesWindow adds up the call profile of a full 60 s window (what perfStats
// and the overlay's statistics do), for programs shaped like games.
func BenchmarkRoutinesWindow(b *testing.B) {
	for _, prog := range []string{"builtin-busy", "game"} {
		b.Run(prog, func(b *testing.B) {
			m := callBenchMachine(b, prog)
			p := New(m)
			p.Acquire(OwnerCLI)
			for range HistoryFrames {
				m.RunFrame()
			}
			b.ResetTimer()
			for b.Loop() {
				p.Routines(0)
			}
			var entries int
			for k := range p.FrameCount() {
				entries += len(p.calls.ring[slot(p.firstHeld()+uint64(k))])
			}
			b.ReportMetric(float64(entries)/float64(p.FrameCount()), "entries/frame")
			b.ReportMetric(float64(entries*12)/(1<<20), "MB-held")
		})
	}
}
