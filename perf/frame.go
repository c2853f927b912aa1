package perf

import "x16scope/core"

// Frames and periods (PROFILER.md section 1). A frame runs VSYNC to VSYNC and is recorded at
// each VSYNC. A period is the guest's own frame: $F0 to $F0 for a framed guest, otherwise it
// closes at the first VSYNC that lands while the CPU is waiting, or at the 8th VSYNC since it
// opened (unsynced).

// VSync implements core.Tracer. The machine reports it after the instruction that crossed
// the VSYNC, so the frame's cycles can exceed 134,400 by up to one instruction.
func (p *Profiler) VSync(cycle uint64) {
	p.enter()
	defer p.leave()
	h := &p.hist
	framed := p.mk.on && p.mk.framed
	switch {
	case !h.periodOpen:
		if !framed {
			p.openPeriod()
		}
	case framed:
		h.pVSyncs++
	default:
		h.pVSyncs++
		if p.last&waitBit != 0 {
			p.closePeriod(0)
		} else if h.pVSyncs >= maxPeriodVSyncs {
			p.closePeriod(PeriodUnsynced)
		}
	}
	if p.mk.on && !p.mk.framed {
		// Unframed guests: regions still open at a VSYNC are closed there, so a missing
		// leave costs one frame of misattribution, never more (PROFILER.md section 3).
		p.mk.closeRegions()
		p.refresh()
	}
	p.recordFrame(cycle, true)
}

// frameBegin handles the guest's $F0: a framed period closes and the next one opens. The
// first $F0 abandons the VSYNC-delimited period in progress, which began under other rules.
func (p *Profiler) frameBegin() {
	if p.mk.framed && p.hist.periodOpen {
		p.closePeriod(PeriodFramed)
		return
	}
	p.openPeriod()
}

// openPeriod starts a period now.
func (p *Profiler) openPeriod() {
	h := &p.hist
	h.periodOpen = true
	h.pWork, h.pWait = p.totals()
	h.pVSyncs = 0
}

// closePeriod records the period in progress, judges it against the budget, and opens the
// next one at the same instant.
func (p *Profiler) closePeriod(flags PeriodFlags) {
	h := &p.hist
	work, wait := p.totals()
	work -= h.pWork
	all := work + wait - h.pWait
	if flags&PeriodUnsynced == 0 && p.budget.overrun(work, h.pVSyncs) {
		flags |= PeriodOverrun
	}
	h.periods[h.nPeriods%PeriodHistory] = PeriodRecord{
		EndFrame: h.frameNo,
		Work:     sat32(work),
		Cycles:   sat32(all),
		Budget:   p.budget.Cycles,
		VSyncs:   uint16(min(h.pVSyncs, 0xFFFF)),
		Flags:    flags,
	}
	h.nPeriods++
	h.flags |= FramePeriodEnd
	if flags&PeriodOverrun != 0 {
		h.flags |= FrameOverrun
	}
	if flags&PeriodUnsynced != 0 {
		h.flags |= FrameUnsynced
	}
	p.openPeriod()
}

// Flush records the frame in progress as a partial frame without bus statistics (it did not
// end at a VSYNC): for a report on a program that exited or stopped mid-frame. The frame that
// follows is partial too. Periods are not touched.
func (p *Profiler) Flush() {
	p.m.FlushCalls()
	p.hist.flags |= FramePartial
	p.recordFrame(p.m.Cycle(), false)
	p.hist.flags |= FramePartial
}

// recordFrame writes the frame that ends now into the ring and starts the next one.
func (p *Profiler) recordFrame(cycle uint64, bus bool) {
	h := &p.hist
	i := slot(h.nFrames)
	r := &h.frames[i]
	flags := h.flags
	if p.mk.on {
		flags |= FrameMarkers
	}
	if p.mk.framed {
		flags |= FrameFramed
	}
	// Frames are numbered from power-on (core.FramesAt): a frame recorded at its VSYNC is the
	// one that VSYNC ends; a partial one (Flush) is the frame in progress.
	*r = FrameRecord{Frame: uint32(core.FramesAt(cycle)), Flags: flags, EndCycle: cycle}
	if !bus {
		r.Frame++
	}

	row := h.row(i)
	copy(row, p.acc[:len(row)])
	r.Other, r.Wait, r.IRQ = row[BucketOther], row[BucketWait], row[BucketIRQ]
	for _, v := range row[regionBase+1 : zoneBase] {
		r.Regions += v
	}
	for z, v := range row[zoneBase:] {
		if p.zoneList[z].Idle {
			r.ZoneIdle += v
		} else {
			r.ZoneWork += v
		}
	}
	r.Cycles = r.Other + r.Wait + r.IRQ + r.Regions + r.ZoneWork + r.ZoneIdle
	p.doneWork += uint64(r.Work())
	p.doneWait += uint64(r.Waiting())
	clear(p.acc[:len(row)])

	if t := p.calls.tl; t != nil {
		t.cur.Frame = r.Frame
		t.pos = cycle
	}
	p.calls.endFrame(cycle, i)

	if bus {
		r.Flags |= FrameBus
		frameBusStats(p.vera.FrameBusView(), r, &h.heat[h.nFrames%HeatFrames], &h.lines[h.nFrames%HeatFrames])
	} else {
		clear(h.heat[h.nFrames%HeatFrames][:])
		clear(h.lines[h.nFrames%HeatFrames][:])
	}

	h.nFrames++
	h.frameNo = uint32(core.FramesAt(cycle)) + 1 // frames count from power-on, as everywhere
	h.flags = 0
}

func sat32(v uint64) uint32 { return uint32(min(v, 0xFFFFFFFF)) }
