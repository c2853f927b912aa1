package perf

import (
	"math/big"
	"slices"
)

// P99Period is the period at the 99th percentile of utilisation, in exact cycles.
type P99Period struct {
	Work, Budget uint64
	Periods      int // synced periods in the window (0: nothing was judged)
}

// Exceeds tells whether the period's work is above pct percent of its budget, exactly:
// work x 100 > pct x budget with pct a rational, so 90.0037 % is over 90 % though the rounded
// figures of Stats show it as 90.00.
func (q P99Period) Exceeds(pct *big.Rat) bool {
	if q.Periods == 0 {
		return false
	}
	var lhs, rhs big.Int
	lhs.SetUint64(q.Work)
	lhs.Mul(&lhs, big.NewInt(100))
	lhs.Mul(&lhs, pct.Denom())
	rhs.SetUint64(q.Budget)
	rhs.Mul(&rhs, pct.Num())
	return lhs.Cmp(&rhs) > 0
}

// Utilisation is the period's work as a percentage of its budget, unrounded.
func (q P99Period) Utilisation() float64 {
	if q.Budget == 0 {
		return 0
	}
	return 100 * float64(q.Work) / float64(q.Budget)
}

// P99 finds the p99 period of utilisation among the synced periods of the last n frames (as
// Stats(n) selects them), ordering periods by exact work/budget (nearest rank, as Stats).
func (p *Profiler) P99(n int) P99Period {
	h := &p.hist
	avail := int(min(h.nFrames, HistoryFrames))
	if n <= 0 || n > avail {
		n = avail
	}
	if n == 0 {
		return P99Period{}
	}
	first := h.frames[slot(h.nFrames-uint64(n))].Frame
	var ps []P99Period
	oldest := h.nPeriods - min(h.nPeriods, PeriodHistory)
	for k := h.nPeriods; k > oldest; k-- {
		r := &h.periods[(k-1)%PeriodHistory]
		if r.EndFrame < first {
			break
		}
		if r.Flags&PeriodUnsynced == 0 {
			ps = append(ps, P99Period{Work: uint64(r.Work), Budget: uint64(r.Budget)})
		}
	}
	if len(ps) == 0 {
		return P99Period{}
	}
	// Work and budget are 32-bit, so the cross products fit in 64 bits.
	slices.SortFunc(ps, func(a, b P99Period) int {
		l, r := a.Work*b.Budget, b.Work*a.Budget
		switch {
		case l < r:
			return -1
		case l > r:
			return 1
		}
		return 0
	})
	q := ps[nearestRank(99, len(ps))]
	q.Periods = len(ps)
	return q
}
