package main

import (
	"fmt"
	"io"
	"math/big"
	"strconv"

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
	// The gate compares exact work cycles with the threshold, never the rounded percentage;
	// the flag's shortest text ("90.1") is read as the exact decimal it spells.
	text := strconv.FormatFloat(maxP99, 'g', -1, 64)
	limit, ok := new(big.Rat).SetString(text)
	if q := p.P99(judged); ok && q.Exceeds(limit) {
		fmt.Fprintf(stderr, "x16scope profile: p99 utilisation %s%% (%d of %d cycles) exceeds --max-p99 %s%% (frames %d-%d)\n",
			exactPct(q.Utilisation(), maxP99), q.Work, q.Budget, text, s.Frames.First, s.Frames.Last)
		return exitCode(exitOverBudget)
	}
	return nil
}
