package perf

import (
	"fmt"

	"x16scope/savestate"
)

// HistoryVersion is the version of the history section ("HIST") a capture carries: the
// frames the user saw around the captured one, so the overlay that opens the capture shows
// the same bars, heatmap, split and statistics.
// Version 2 adds the frames' call figures (the calling-context tree once, then each
// frame's entries); version 1 sections load with none.
const HistoryVersion = 2

// SaveHistory encodes the newest frames held (at most max): each frame's record and
// bucket row, the per-line clocks of those still kept for the heatmap, and the periods
// that closed in them.
func (p *Profiler) SaveHistory(max int) []byte {
	h := &p.hist
	n := min(p.FrameCount(), max)
	first := p.FrameCount() - n
	var e savestate.Enc
	e.U32(uint32(n))
	e.U32(uint32(h.stride))
	for k := first; k < p.FrameCount(); k++ {
		r := p.FrameAt(k)
		e.U32(r.Frame)
		e.U16(uint16(r.Flags))
		e.U16(r.BusPeakLine)
		e.U64(r.EndCycle)
		for _, v := range []uint32{r.Cycles, r.Other, r.Wait, r.IRQ, r.Regions, r.ZoneWork, r.ZoneIdle,
			r.BusClocks, r.Layer0, r.Layer1, r.Sprite, r.CPUPort, r.PortReads, r.PortWrites, r.PortBytes} {
			e.U32(v)
		}
		e.U16(r.BusPeak)
		e.U16(r.BusP95)
		e.U16(r.SpriteOver)
		for i, v := range p.FrameBucketsAt(k) {
			if v != 0 {
				e.U16(uint16(i))
				e.U32(v)
			}
		}
		e.U16(0xFFFF)
		heat, lines := p.HeatAt(k), p.LinesAt(k)
		e.Bool(heat != nil && lines != nil)
		if heat != nil && lines != nil {
			for i := range heat {
				e.U16(heat[i])
			}
			for i := range lines {
				l := &lines[i]
				e.U16(l.Layer0)
				e.U16(l.Layer1)
				e.U16(l.Sprite)
				e.U16(l.CPUPort)
				e.U16(l.SpriteRender)
			}
		}
	}
	var firstFrame uint32
	if n > 0 {
		firstFrame = p.FrameAt(first).Frame
	}
	var periods []PeriodRecord
	for i := min(h.nPeriods, PeriodHistory); i > 0; i-- {
		pr := h.periods[(h.nPeriods-i)%PeriodHistory]
		if n > 0 && pr.EndFrame >= firstFrame {
			periods = append(periods, pr)
		}
	}
	e.U32(uint32(len(periods)))
	for _, pr := range periods {
		e.U32(pr.EndFrame)
		e.U32(pr.Work)
		e.U32(pr.Cycles)
		e.U32(pr.Budget)
		e.U16(pr.VSyncs)
		e.U8(uint8(pr.Flags))
	}
	p.appendCallHistory(&e, first)
	return e.B
}

type savedFrame struct {
	calls []nodeEntry
	rec   FrameRecord
	row   map[uint16]uint32
	heat  *[LinesPerFrame]uint16
	lines *[LinesPerFrame]LineClocks
}

// LoadHistory puts the frames of a section written by SaveHistory into an empty history,
// as if this profiler had recorded them: only frames before the one in progress (a
// capture's state is at the start of the captured frame, which runs again from there).
// Nothing changes when the section is malformed.
func (p *Profiler) LoadHistory(sec *savestate.Section) error {
	if sec.Version > HistoryVersion {
		return fmt.Errorf("section %q version %d: %w", sec.Tag, sec.Version, savestate.ErrTooNew)
	}
	d := savestate.NewDec(sec)
	n := int(d.U32())
	d.U32() // the saving profiler's row stride (rows are sparse: indices say where)
	if n > HistoryFrames {
		d.Fail("%d frames", n)
	}
	var frames []savedFrame
	for i := 0; i < n && d.Err() == nil; i++ {
		var f savedFrame
		r := &f.rec
		r.Frame = d.U32()
		r.Flags = FrameFlags(d.U16())
		r.BusPeakLine = d.U16()
		r.EndCycle = d.U64()
		for _, v := range []*uint32{&r.Cycles, &r.Other, &r.Wait, &r.IRQ, &r.Regions, &r.ZoneWork, &r.ZoneIdle,
			&r.BusClocks, &r.Layer0, &r.Layer1, &r.Sprite, &r.CPUPort, &r.PortReads, &r.PortWrites, &r.PortBytes} {
			*v = d.U32()
		}
		r.BusPeak = d.U16()
		r.BusP95 = d.U16()
		r.SpriteOver = d.U16()
		f.row = map[uint16]uint32{}
		for d.Err() == nil {
			b := d.U16()
			if b == 0xFFFF {
				break
			}
			f.row[b] = d.U32()
		}
		if d.Bool() {
			f.heat = new([LinesPerFrame]uint16)
			f.lines = new([LinesPerFrame]LineClocks)
			for j := range f.heat {
				f.heat[j] = d.U16()
			}
			for j := range f.lines {
				l := &f.lines[j]
				l.Layer0, l.Layer1, l.Sprite, l.CPUPort, l.SpriteRender = d.U16(), d.U16(), d.U16(), d.U16(), d.U16()
			}
		}
		frames = append(frames, f)
	}
	np := int(d.U32())
	if np > PeriodHistory {
		d.Fail("%d periods", np)
	}
	var periods []PeriodRecord
	for i := 0; i < np && d.Err() == nil; i++ {
		periods = append(periods, PeriodRecord{EndFrame: d.U32(), Work: d.U32(), Cycles: d.U32(), Budget: d.U32(), VSyncs: d.U16(), Flags: PeriodFlags(d.U8())})
	}
	var tree []callNode
	if sec.Version >= 2 {
		tree = decodeCallHistory(d, frames)
	}
	if err := d.Done(); err != nil {
		return err
	}
	remap := p.calls.remapper(tree)
	h := &p.hist
	for _, f := range frames {
		if f.rec.Frame >= h.frameNo {
			break
		}
		p.calls.setRecord(slot(h.nFrames), f.calls, remap)
		row := h.appendFrame(&f.rec, f.heat, f.lines)
		for b, v := range f.row {
			if int(b) < len(row) {
				row[b] = v
			}
		}
	}
	for _, pr := range periods {
		if pr.EndFrame >= h.frameNo {
			break
		}
		h.periods[h.nPeriods%PeriodHistory] = pr
		h.nPeriods++
	}
	return nil
}
