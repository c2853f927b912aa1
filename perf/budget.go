package perf

import (
	"fmt"
	"math"

	"x16scope/core"
)

// Native timing (PROFILER.md section 1): budgets always follow the machine's own 8 MHz clock,
// never the speed the user watches at.
const (
	// NativeHz is the X16's CPU clock.
	NativeHz = 8_000_000
	// FrameCycles is one machine frame, VSYNC to VSYNC: 525 lines x 256 cycles.
	FrameCycles = core.CyclesPerFrame
	// snapTolerance: a target within 5% of a whole number of frames snaps onto it.
	snapTolerance = 0.05
	// vsyncTolerance is the overrun allowance per VSYNC in a period: one longest instruction,
	// the granularity at which a frame boundary is seen (PROFILER.md section 1).
	vsyncTolerance = 8
)

// MachineFps is the frame rate of the X16's VGA output: 25 MHz / (800 x 525) = 59.5238 Hz.
const MachineFps = float64(NativeHz) / FrameCycles

// Budget is the work a period may contain, derived from a target frame rate.
type Budget struct {
	TargetFps float64 `json:"targetFps"`
	// Frames is the budget in machine frames: a whole number k when the target snapped onto
	// k VSYNCs, else r = 59.5238 / targetFps (below 1 for targets faster than the machine).
	Frames float64 `json:"frames"`
	// Snapped tells that the target was within 5% of a whole number of frames.
	Snapped bool `json:"snapped"`
	// Cycles is Frames x 134,400, rounded to a whole cycle, at the native 8 MHz.
	Cycles uint32 `json:"cycles"`
}

// NewBudget computes the budget for a target frame rate (PROFILER.md section 1).
func NewBudget(targetFps float64) (Budget, error) {
	if !(targetFps > 0) || math.IsInf(targetFps, 0) {
		return Budget{}, fmt.Errorf("target fps %v: must be a positive number", targetFps)
	}
	r := MachineFps / targetFps
	b := Budget{TargetFps: targetFps, Frames: r}
	if k := math.Round(r); k >= 1 && math.Abs(r-k) <= snapTolerance*k {
		b.Frames, b.Snapped = k, true
	}
	c := math.Round(b.Frames * FrameCycles)
	if c < 1 || c > math.MaxUint32 {
		return Budget{}, fmt.Errorf("target fps %v: budget of %.0f cycles is out of range", targetFps, c)
	}
	b.Cycles = uint32(c)
	return b, nil
}

// overrun tells whether a period's work exceeds the budget plus the per-VSYNC tolerance.
func (b Budget) overrun(work uint64, vsyncs uint32) bool {
	return work > uint64(b.Cycles)+vsyncTolerance*uint64(vsyncs)
}
