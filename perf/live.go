package perf

// The frame in progress, for a debugger that stops the machine when a frame or a marker
// region runs past its budget. The machine tells the profiler everything up to the end of
// each RunUntil, so these are exact between runs.

// LiveWork is the work cycles of the period in progress so far, and whether one is open.
func (p *Profiler) LiveWork() (work uint64, open bool) {
	if !p.hist.periodOpen {
		return 0, false
	}
	w, _ := p.totals()
	return w - p.hist.pWork, true
}

// LiveRegion is marker region n's cycles in the frame in progress (0 for a region number
// out of range).
func (p *Profiler) LiveRegion(n int) uint32 {
	if n < 1 || n > MaxRegion {
		return 0
	}
	return p.acc[RegionBucket(n)]
}
