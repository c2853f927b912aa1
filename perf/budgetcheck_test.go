package perf

import (
	"math/big"
	"testing"
)

// The budget gate compares exact cycles: a p99 period at 90.0037 % of its budget is over 90 %,
// though its utilisation shows as 90.00 (the rounding once let it pass --max-p99 90).
func TestP99ExceedsExact(t *testing.T) {
	f := newFeeder(t)
	p := f.p
	h := &p.hist
	const budget = FrameCycles
	// 100 frames, one period each: 98 at 50 % and two at 120,965 cycles = 90.00372 %, so the
	// p99 (nearest rank: the 99th smallest) is 90.00372 %.
	for i := range 100 {
		h.frames[slot(h.nFrames)] = FrameRecord{Frame: uint32(i + 1)}
		h.nFrames++
		work := uint32(budget / 2)
		if i == 57 || i == 58 {
			work = 120965
		}
		h.periods[h.nPeriods%PeriodHistory] = PeriodRecord{EndFrame: uint32(i + 1), Work: work, Budget: budget, VSyncs: 1}
		h.nPeriods++
	}
	s := p.Stats(0)
	if s.Periods.Utilisation.P99 != 90 {
		t.Fatalf("displayed p99 = %v, want 90 (rounded)", s.Periods.Utilisation.P99)
	}
	for _, tc := range []struct {
		pct  string
		want bool
	}{
		{"90", true},        // 90.0037 % > 90 %, though it displays as 90.00
		{"90.0037", true},   // 120965/134400 = 90.003720...
		{"90.00373", false}, // just above the exact figure
		{"50", true},
		{"90.003720238", true}, // 90.0037202380952...
		{"90.003720239", false},
	} {
		r, _ := new(big.Rat).SetString(tc.pct)
		if got := p.P99(0).Exceeds(r); got != tc.want {
			t.Errorf("P99(0).Exceeds(%s) = %v, want %v", tc.pct, got, tc.want)
		}
	}
	// The window: the last 10 frames hold only 50 % periods.
	if q := p.P99(0); q.Work != 120965 || q.Budget != budget || q.Periods != 100 {
		t.Errorf("P99(0) = %+v, want the 120,965-cycle period of 100", q)
	}
	if q := p.P99(10); q.Exceeds(big.NewRat(51, 1)) || q.Periods != 10 {
		t.Errorf("the last 10 frames hold only 50 %% periods, yet P99(10) = %+v exceeds 51 %%", q)
	}
}
