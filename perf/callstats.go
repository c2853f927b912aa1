package perf

import (
	"cmp"
	"slices"
)

// The call profile's figures (PROFILER.md section 7) over frames of the window: per
// routine, calls, inclusive and exclusive cycles and the most inclusive cycles in one
// frame, and its callers and callees.

// RoutineStat is one routine's figures over some frames.
type RoutineStat struct {
	Name      string     `json:"name"`
	Address   string     `json:"address,omitempty"` // $ABCD, with @bank at $A000-$FFFF; empty for interrupts
	Key       RoutineKey `json:"-"`
	Calls     uint64     `json:"calls"`     // calls that opened in the frames
	Inclusive uint64     `json:"inclusive"` // cycles with the routine on the stack, less interrupts
	Exclusive uint64     `json:"exclusive"` // cycles in the routine itself
	MaxFrame  uint32     `json:"maxFrame"`  // the most inclusive cycles in one frame
	// MaxFrameAt is the number of the frame that had them.
	MaxFrameAt uint32     `json:"maxFrameAt"`
	Callers    []CallEdge `json:"callers,omitempty"`
	Callees    []CallEdge `json:"callees,omitempty"`
}

// CallEdge is calls from one routine to another: how many, and the callee's inclusive
// cycles in them.
type CallEdge struct {
	Name      string     `json:"name"`
	Key       RoutineKey `json:"-"`
	Calls     uint64     `json:"calls"`
	Inclusive uint64     `json:"inclusive"`
}

// SetNames sets the names routines are given (nil: addresses and KERNAL names only).
func (p *Profiler) SetNames(n *Names) { p.names = n }

// RoutineNames is the names routines are given.
func (p *Profiler) RoutineNames() *Names { return p.names }

// CallTree is the calling-context tree the profiler counts in.
func (p *Profiler) CallTree() *CallTree { return p.calls.tree }

// ShareCallTree makes p count in from's tree, so that records copied between the two name
// the same chains (a session's scratch machines and its running one). Call it before p
// records anything.
func (p *Profiler) ShareCallTree(from *Profiler) {
	p.calls.tree = from.calls.tree
	p.names = from.names
}

// Routines is the figures of every routine over the last n frames (all held frames if
// n <= 0), most inclusive cycles first, each with its callers and callees (at most
// maxEdges each, most cycles first).
func (p *Profiler) Routines(n int) []RoutineStat {
	held := p.FrameCount()
	if n <= 0 || n > held {
		n = held
	}
	return p.routinesOf(held-n, held, maxEdges)
}

// FrameRoutines is the figures of the k-th held frame (FrameAt's numbering).
func (p *Profiler) FrameRoutines(k int) []RoutineStat {
	if k < 0 || k >= p.FrameCount() {
		return nil
	}
	return p.routinesOf(k, k+1, maxEdges)
}

const maxEdges = 8

// routinesOf adds up held frames [k0, k1).
func (p *Profiler) routinesOf(k0, k1, edges int) []RoutineStat {
	t := p.calls.tree
	nr := len(t.routines)
	type acc struct {
		calls, incl, excl uint64
		frame             uint64 // inclusive in the frame being added
		max               uint32
		maxAt             uint32
		seen              bool
	}
	sums := make([]acc, nr)
	type edgeKey struct{ from, to uint32 }
	edgeSums := map[edgeKey]*CallEdge{}
	var inFrame []uint32
	for k := k0; k < k1; k++ {
		frame := p.FrameAt(k).Frame
		inFrame = inFrame[:0]
		for _, e := range p.calls.ring[slot(p.firstHeld()+uint64(k))] {
			if int(e.node) >= len(t.nodes) {
				continue
			}
			nd := &t.nodes[e.node]
			a := &sums[nd.routine]
			if !a.seen {
				a.seen = true
			}
			a.calls += uint64(e.calls)
			a.excl += uint64(e.self)
			if e.node == 0 {
				continue // outside any call: its inclusive would be the whole frame
			}
			if !nd.recursive {
				if a.frame == 0 {
					inFrame = append(inFrame, nd.routine)
				}
				a.frame += uint64(e.incl)
			}
			if nd.parent != 0 && edges > 0 && (e.calls != 0 || e.incl != 0) {
				pk := t.nodes[nd.parent].routine
				ek := edgeKey{pk, nd.routine}
				ce := edgeSums[ek]
				if ce == nil {
					ce = &CallEdge{}
					edgeSums[ek] = ce
				}
				ce.Calls += uint64(e.calls)
				ce.Inclusive += uint64(e.incl)
			}
		}
		for _, r := range inFrame {
			a := &sums[r]
			a.incl += a.frame
			if uint32(a.frame) > a.max {
				a.max, a.maxAt = uint32(a.frame), frame
			}
			a.frame = 0
		}
	}
	out := make([]RoutineStat, 0, 64)
	index := make([]int, nr)
	for r := range sums {
		index[r] = -1
		a := &sums[r]
		if !a.seen {
			continue
		}
		k := t.routines[r]
		st := RoutineStat{Name: p.names.Name(k), Address: k.Address(), Key: k, Calls: a.calls,
			Inclusive: a.incl, Exclusive: a.excl, MaxFrame: a.max, MaxFrameAt: a.maxAt}
		if k.Kind() == KeyOutside {
			st.Inclusive = st.Exclusive
		}
		index[r] = len(out)
		out = append(out, st)
	}
	for ek, ce := range edgeSums {
		from, to := index[ek.from], index[ek.to]
		if from < 0 || to < 0 {
			continue
		}
		out[from].Callees = append(out[from].Callees, CallEdge{Name: out[to].Name, Key: out[to].Key, Calls: ce.Calls, Inclusive: ce.Inclusive})
		out[to].Callers = append(out[to].Callers, CallEdge{Name: out[from].Name, Key: out[from].Key, Calls: ce.Calls, Inclusive: ce.Inclusive})
	}
	byCycles := func(a, b CallEdge) int {
		return cmp.Or(cmp.Compare(b.Inclusive, a.Inclusive), cmp.Compare(b.Calls, a.Calls), cmp.Compare(a.Key, b.Key))
	}
	for i := range out {
		slices.SortFunc(out[i].Callers, byCycles)
		slices.SortFunc(out[i].Callees, byCycles)
		if len(out[i].Callers) > edges {
			out[i].Callers = out[i].Callers[:edges]
		}
		if len(out[i].Callees) > edges {
			out[i].Callees = out[i].Callees[:edges]
		}
	}
	slices.SortFunc(out, func(a, b RoutineStat) int {
		return cmp.Or(cmp.Compare(b.Inclusive, a.Inclusive), cmp.Compare(b.Exclusive, a.Exclusive), cmp.Compare(a.Key, b.Key))
	})
	return out
}
