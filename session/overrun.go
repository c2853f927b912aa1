package session

import "x16scope/perf"

// OverrunStart is the frame in which an overrunning period's work passed its budget: the
// frame the user means by "the frame that went over". The profiler flags the frame in which
// the period closed (FrameOverrun): for a guest that frames its work with $F0 markers that
// is the frame after the one where the work spilled past the budget (the next $F0 comes
// after a VSYNC). k is the index (Profiler.FrameAt) of the flagged frame.
//
// The period began in the last earlier frame in which a period closed: in that same frame
// for framed periods ($F0 closes one and opens the next), in the frame after it for
// unframed ones (they close and open at a VSYNC). Its frames' work is added up from there
// until it exceeds the budget. If the sum never does (a period judged over by its small
// per-VSYNC tolerance, or whose beginning is no longer held) it is the flagged frame.
func OverrunStart(p *perf.Profiler, k int) uint32 {
	end := p.FrameAt(k)
	start := k
	for start > 0 && p.FrameAt(start-1).Flags&perf.FramePeriodEnd == 0 {
		start--
	}
	if start > 0 && end.Flags&perf.FrameFramed != 0 {
		start--
	}
	budget := uint64(p.Budget().Cycles)
	var work uint64
	for j := start; j <= k; j++ {
		r := p.FrameAt(j)
		work += uint64(r.Work())
		if work > budget {
			return r.Frame
		}
	}
	return end.Frame
}

// OverrunClosing is, when frame k is where an overrunning period's work passed its budget
// (overrunStart) but not the frame that closed it, the number of the frame that closed it;
// else 0. The period running through the end of frame k closes in the first later frame in
// which a period closed.
func OverrunClosing(p *perf.Profiler, k int) uint32 {
	for j := k + 1; j < p.FrameCount(); j++ {
		r := p.FrameAt(j)
		if r.Flags&perf.FramePeriodEnd == 0 {
			continue
		}
		if r.Flags&perf.FrameOverrun != 0 && OverrunStart(p, j) == p.FrameAt(k).Frame {
			return r.Frame
		}
		return 0
	}
	return 0
}
