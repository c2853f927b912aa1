package perf

import "x16scope/savestate"

// Frames' call figures handed between profilers: a capture's history section, and the
// records time travel copies into a rebuilt profiler. Each profiler numbers the chains of
// its own tree, so entries are carried over by chain (remapper).

// remapper returns a function giving, for a node of the tree nodes (another profiler's, or
// one read from a section), the node of t's tree with the same chain.
func (t *callTracker) remapper(nodes []callNode) func(uint16) (uint16, bool) {
	to := make([]int32, len(nodes))
	for i := range to {
		to[i] = -1
	}
	if len(nodes) > 0 {
		to[0] = 0
	}
	var at func(n uint16) int32
	at = func(n uint16) int32 {
		if int(n) >= len(nodes) {
			return -1
		}
		if to[n] >= 0 {
			return to[n]
		}
		nd := &nodes[n]
		if nd.parent >= n { // parents come first: anything else is a damaged tree
			return -1
		}
		p := at(nd.parent)
		if p < 0 {
			return -1
		}
		to[n] = int32(t.tree.child(uint16(p), nd.key))
		return to[n]
	}
	return func(n uint16) (uint16, bool) {
		v := at(n)
		return uint16(v), v >= 0
	}
}

// setRecord puts a copy of entries, their nodes remapped, in ring slot i.
func (t *callTracker) setRecord(i int, entries []nodeEntry, remap func(uint16) (uint16, bool)) {
	out := t.keep(len(entries))[:0]
	for _, e := range entries {
		if n, ok := remap(e.node); ok {
			e.node = n
			out = append(out, e)
		}
	}
	t.ring[i] = out
}

// appendCallHistory writes the tree and the call entries of held frames first onwards.
func (p *Profiler) appendCallHistory(e *savestate.Enc, first int) {
	t := p.calls.tree
	e.U32(uint32(len(t.nodes)))
	for _, n := range t.nodes[1:] {
		e.U16(n.parent)
		e.U32(uint32(n.key))
	}
	for k := first; k < p.FrameCount(); k++ {
		entries := p.calls.ring[slot(p.firstHeld()+uint64(k))]
		e.U32(uint32(len(entries)))
		for _, c := range entries {
			e.U16(c.node)
			e.U16(c.calls)
			e.U32(c.self)
			e.U32(c.incl)
		}
	}
}

// decodeCallHistory reads what appendCallHistory wrote into frames' calls, and returns
// the tree their nodes are numbered in.
func decodeCallHistory(d *savestate.Dec, frames []savedFrame) []callNode {
	n := int(d.U32())
	if n < 1 || n > maxCallNodes {
		d.Fail("a call tree of %d nodes", n)
		return nil
	}
	nodes := make([]callNode, 1, n)
	nodes[0] = callNode{key: kindKey(KeyOutside)}
	for i := 1; i < n && d.Err() == nil; i++ {
		nd := callNode{parent: d.U16(), key: RoutineKey(d.U32())}
		if int(nd.parent) >= i {
			d.Fail("call tree node %d has parent %d", i, nd.parent)
		}
		nodes = append(nodes, nd)
	}
	for i := range frames {
		if d.Err() != nil {
			break
		}
		m := int(d.U32())
		if m > n {
			d.Fail("frame %d: %d call entries for %d nodes", frames[i].rec.Frame, m, n)
			break
		}
		es := make([]nodeEntry, 0, m)
		for range m {
			es = append(es, nodeEntry{node: d.U16(), calls: d.U16(), self: d.U32(), incl: d.U32()})
		}
		frames[i].calls = es
	}
	return nodes
}
