package main

import (
	"fmt"
	"io"

	"x16scope/perf"
)

// defaultSkip is --skip's default: the frames a program typically spends setting up (clearing
// VRAM, loading tables, copying a font) before its main loop, which would otherwise count as
// overruns and fail a short --max-p99 run. A sixth of a second.
const defaultSkip = 10

// checkP99 judges --max-p99 on the frames after the first skip of the ran frames, and says
// which frames it judged (on stdout with the text report, on stderr with --json, whose
// object stays the whole run's perfStats).
func checkP99(p *perf.Profiler, stdout, stderr io.Writer, asJSON bool, maxP99 float64, skip, ran int) error {
	judged := ran - skip
	if judged < 1 {
		fmt.Fprintf(stderr, "x16scope profile: --max-p99: the run has %d frames, all within the %d warm-up frames (--skip): nothing to judge\n", ran, skip)
		return exitCode(1)
	}
	s := p.Stats(judged)
	line := fmt.Sprintf("budget check: p99 utilisation %.2f%% (limit %.2f%%) over frames %d-%d; the first %d frames are warm-up, not judged (--skip)",
		s.Periods.Utilisation.P99, maxP99, s.Frames.First, s.Frames.Last, skip)
	if asJSON {
		fmt.Fprintln(stderr, line)
	} else {
		fmt.Fprintln(stdout, line)
	}
	if s.Periods.Utilisation.P99 > maxP99 {
		fmt.Fprintf(stderr, "x16scope profile: p99 utilisation %.2f%% exceeds --max-p99 %.2f%% (frames %d-%d)\n", s.Periods.Utilisation.P99, maxP99, s.Frames.First, s.Frames.Last)
		return exitCode(exitOverBudget)
	}
	return nil
}
