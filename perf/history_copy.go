package perf

import "x16scope/savestate"

// Records handed from one profiler to another: time travel restores a machine and its
// profiler from a keyframe, whose state carries no past frames, and gives the new profiler
// the records the old one had before that keyframe; frames from the keyframe on are then
// recorded again as the machine runs.

// FrameInProgress is the number of the frame being recorded now (the one after the newest
// record).
func (p *Profiler) FrameInProgress() uint32 { return p.hist.frameNo }

// CopyHistory appends from's frame records (with their bucket rows and, where from still
// has them, per-line clocks) of the frames numbered below before, and the periods that closed
// in them, after p's own. Only records older than p's frame in progress are taken, as
// LoadHistory does: p is a profiler restored at the start of frame before or later.
func (p *Profiler) CopyHistory(from *Profiler, before uint32) {
	h := &p.hist
	limit := min(before, h.frameNo)
	var last uint32
	if p.FrameCount() > 0 {
		last = p.FrameAt(p.FrameCount() - 1).Frame
	}
	if p.names == nil {
		p.names = from.names
	}
	remap := p.calls.remapper(from.calls.tree.nodes)
	for k := range from.FrameCount() {
		r := from.FrameAt(k)
		if r.Frame >= limit {
			break
		}
		if r.Frame <= last {
			continue
		}
		p.calls.setRecord(slot(h.nFrames), from.calls.ring[slot(from.firstHeld()+uint64(k))], remap)
		copy(h.appendFrame(r, from.HeatAt(k), from.LinesAt(k)), from.FrameBucketsAt(k))
	}
	fh := &from.hist
	var lastPeriod uint32
	if h.nPeriods > 0 {
		lastPeriod = h.periods[(h.nPeriods-1)%PeriodHistory].EndFrame
	}
	for i := min(fh.nPeriods, PeriodHistory); i > 0; i-- {
		pr := fh.periods[(fh.nPeriods-i)%PeriodHistory]
		if pr.EndFrame >= limit {
			break
		}
		if pr.EndFrame <= lastPeriod && h.nPeriods > 0 {
			continue
		}
		h.periods[h.nPeriods%PeriodHistory] = pr
		h.nPeriods++
	}
}

// LoadRecords fills an empty profiler that will never run with every frame of a section
// written by SaveHistory: the bars of a whole window for display, including frames after
// the machine's own position (a capture of a frame in the middle of what its page showed).
func (p *Profiler) LoadRecords(sec *savestate.Section) error {
	saved := p.hist.frameNo
	p.hist.frameNo = ^uint32(0)
	err := p.LoadHistory(sec)
	p.hist.frameNo = saved
	if n := p.FrameCount(); err == nil && n > 0 {
		p.hist.frameNo = p.FrameAt(n-1).Frame + 1
	}
	p.records = err == nil // its statistics are a running profiler's
	return err
}
