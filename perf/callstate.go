package perf

import "x16scope/savestate"

// The call tracker's part of the profiler's save state: the open calls and the frame in
// progress, so that a machine restored from a keyframe or a capture closes the calls that
// were open where the saving run would have, to the cycle. Chains are written as their
// routines (outermost first), not as node numbers, which belong to one process's tree.

// maxChain bounds a chain read back: no more calls can be open than the tracker keeps.
const maxChain = maxCallDepth

func (t *callTracker) appendState(e *savestate.Enc) {
	var chain []RoutineKey
	writeChain := func(n uint16) {
		chain = t.tree.path(chain[:0], n)
		e.U16(uint16(len(chain)))
		for _, k := range chain {
			e.U32(uint32(k))
		}
	}
	e.U64(t.last)
	e.U64(t.frameStart)
	e.U16(uint16(t.depth))
	for i := range t.depth {
		f := &t.stack[i]
		writeChain(f.node)
		e.U64(f.open)
		e.U8(f.level)
		e.Bool(f.far)
		e.Bool(f.merged)
		e.U8(f.lane)
		e.U8(f.depth)
	}
	e.U32(uint32(len(t.touched)))
	for _, n := range t.touched {
		writeChain(n)
		e.U32(t.self[n])
		e.U32(t.ncalls[n])
	}
}

// callSaved is a decoded tracker state, applied only when the whole section decoded.
type callSaved struct {
	last, frameStart uint64
	frames           []callFrame
	chains           [][]RoutineKey // frames' chains, then the touched nodes'
	self, calls      []uint32
}

func decodeCalls(d *savestate.Dec) *callSaved {
	readChain := func() []RoutineKey {
		n := int(d.U16())
		if n > maxChain {
			d.Fail("a chain of %d calls", n)
			return nil
		}
		c := make([]RoutineKey, 0, n)
		for range n {
			c = append(c, RoutineKey(d.U32()))
		}
		return c
	}
	s := &callSaved{last: d.U64(), frameStart: d.U64()}
	depth := int(d.U16())
	if depth > maxCallDepth {
		d.Fail("%d open calls", depth)
		return s
	}
	for i := 0; i < depth && d.Err() == nil; i++ {
		s.chains = append(s.chains, readChain())
		s.frames = append(s.frames, callFrame{open: d.U64(), level: d.U8(), far: d.Bool(), merged: d.Bool(), lane: d.U8(), depth: d.U8()})
	}
	n := int(d.U32())
	if n > maxCallNodes {
		d.Fail("%d chains in the frame", n)
		return s
	}
	for i := 0; i < n && d.Err() == nil; i++ {
		s.chains = append(s.chains, readChain())
		s.self = append(s.self, d.U32())
		s.calls = append(s.calls, d.U32())
	}
	return s
}

// apply makes s the tracker's state.
func (t *callTracker) apply(s *callSaved) {
	t.last, t.frameStart = s.last, s.frameStart
	t.depth, t.cur = 0, 0
	for i, f := range s.frames {
		f.node = t.tree.nodeOf(s.chains[i])
		t.stack[t.depth] = f
		t.depth++
		t.cur = f.node
	}
	t.touched = t.touched[:0]
	t.frameID++
	for i := range s.self {
		n := t.tree.nodeOf(s.chains[len(s.frames)+i])
		t.touch(n)
		t.self[n] += s.self[i]
		t.ncalls[n] += s.calls[i]
	}
}
