package perf

import "sort"

// A frame's timeline: every call that ran in it, with its first and last cycle and its
// depth, interrupts on their own lane, and the stretches the CPU waited. It is recorded
// only when asked for (RecordTimeline), for the frames a front end shows or exports: a
// frame of the window is run again from its keyframe with the recording on (the session's
// Timeline), so nothing is kept per call while a program just runs.

// SliceFlags describe a slice.
type SliceFlags uint8

const (
	SliceBefore SliceFlags = 1 << iota // the call began in an earlier frame
	SliceAfter                         // the call goes on into the next frame
)

// Slice is one call in a frame's timeline.
type Slice struct {
	Routine RoutineKey
	Start   uint32 // first cycle, from the frame's first cycle
	End     uint32 // the cycle after the last one
	Depth   uint8  // calls between it and its lane's root (0: called from outside any call, or the interrupt itself)
	Lane    uint8  // 0 the program, 1 interrupts
	Flags   SliceFlags
}

// Span is a stretch of cycles in a frame, from its first cycle.
type Span struct {
	Start, End uint32
}

// Timeline is one frame's calls and waiting.
type Timeline struct {
	Frame      uint32 // frame number from power-on (the VSYNC that ends it)
	StartCycle uint64 // the machine cycle the frame began at
	Cycles     uint32 // its length
	Slices     []Slice
	Waits      []Span // cycles charged as waiting (wait loops, WAI, idle zones, the framed gap)
}

// timelineRec builds the timeline of the frame in progress.
type timelineRec struct {
	cur  Timeline
	done *Timeline // the latest finished frame's
	pos  uint64    // the cycle up to which the profiler's charges have been placed
}

// slice records the call in frame f, closed at cycle c (or going on: flags SliceAfter).
func (r *timelineRec) slice(t *callTracker, f *callFrame, c uint64, flags SliceFlags) {
	start := f.open
	if start < t.frameStart {
		start, flags = t.frameStart, flags|SliceBefore
	}
	r.cur.Slices = append(r.cur.Slices, Slice{
		Routine: t.tree.nodes[f.node].key,
		Start:   uint32(start - t.frameStart),
		End:     uint32(c - t.frameStart),
		Depth:   f.depth,
		Lane:    f.lane,
		Flags:   flags,
	})
}

// endFrame finishes the frame at cycle c: the calls still open go in as going on.
func (r *timelineRec) endFrame(t *callTracker, c uint64) {
	for i := 0; i < t.depth; i++ {
		if f := &t.stack[i]; !f.merged {
			r.slice(t, f, c, SliceAfter)
		}
	}
	r.cur.StartCycle = t.frameStart
	r.cur.Cycles = uint32(c - t.frameStart)
	sortSlices(r.cur.Slices)
	done := r.cur
	r.done = &done
	r.cur = Timeline{}
}

// wait places cycles charged with code at the recording's position.
func (r *timelineRec) wait(t *callTracker, code uint16, cycles uint32) {
	start := r.pos
	r.pos += uint64(cycles)
	if code&waitBit == 0 || cycles == 0 {
		return
	}
	s, e := uint32(start-t.frameStart), uint32(r.pos-t.frameStart)
	if n := len(r.cur.Waits); n > 0 && r.cur.Waits[n-1].End == s {
		r.cur.Waits[n-1].End = e
		return
	}
	r.cur.Waits = append(r.cur.Waits, Span{s, e})
}

// sortSlices orders slices by start, the outer of two that start together first: the order
// a viewer draws them and the Trace Event Format wants them.
func sortSlices(s []Slice) {
	// Insertion sort: slices are appended as calls close, inner ones first, so they are
	// nearly sorted already, and a frame has few enough that this is no cost.
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && sliceBefore(&s[j], &s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func sliceBefore(a, b *Slice) bool {
	if a.Start != b.Start {
		return a.Start < b.Start
	}
	if a.Lane != b.Lane {
		return a.Lane < b.Lane
	}
	return a.Depth < b.Depth
}

// RecordTimeline turns the recording of each frame's timeline on or off. While it is on,
// the profiler takes every instruction (the waits are placed by adding up their cycles in
// order), which classifies them exactly as spans do.
func (p *Profiler) RecordTimeline(on bool) {
	if on == (p.calls.tl != nil) {
		return
	}
	if on {
		p.calls.tl = &timelineRec{pos: p.m.Cycle()}
		p.calls.tl.cur.Frame = p.hist.frameNo
	} else {
		p.calls.tl = nil
	}
	p.every = on
	if p.On() {
		p.m.FlushCalls()
		p.enter()
		p.m.SetTracer(p)
		p.spans = !p.every
		p.leave()
	}
}

// LastTimeline is the timeline of the latest frame recorded while RecordTimeline was on, or
// nil.
func (p *Profiler) LastTimeline() *Timeline {
	if p.calls.tl == nil {
		return nil
	}
	return p.calls.tl.done
}

// Inclusive is every slice's cycles less those of interrupts that ran inside it.
func (tl *Timeline) Inclusive() []uint32 {
	// The interrupts' roots, in order (they never overlap), and their cycles summed.
	var starts, ends []uint32
	sum := []uint64{0}
	for i := range tl.Slices {
		if r := &tl.Slices[i]; r.Lane == 1 && r.Depth == 0 {
			starts, ends = append(starts, r.Start), append(ends, r.End)
			sum = append(sum, sum[len(sum)-1]+uint64(r.End-r.Start))
		}
	}
	out := make([]uint32, len(tl.Slices))
	for i := range tl.Slices {
		s := &tl.Slices[i]
		n := s.End - s.Start
		if s.Lane == 0 && len(starts) > 0 {
			// Roots starting inside the slice; the one before may reach into it.
			a := sort.Search(len(starts), func(j int) bool { return starts[j] >= s.Start })
			b := sort.Search(len(starts), func(j int) bool { return starts[j] >= s.End })
			if b > a {
				n -= uint32(sum[b] - sum[a])
				if ends[b-1] > s.End {
					n += ends[b-1] - s.End
				}
			}
			if a > 0 && ends[a-1] > s.Start {
				n -= min(ends[a-1], s.End) - s.Start
			}
		}
		out[i] = n
	}
	return out
}
