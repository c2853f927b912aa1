package perf

// The calling-context tree: one node per distinct chain of calls (main > draw > plot is a
// node; main > plot another), so that the cycles of a frame are kept per chain and the
// figures per routine (calls, inclusive, exclusive), per caller and callee, and a pprof
// profile's stacks all come from the same counts. Node 0 is outside any call; interrupts
// hang off it, as the roots PROFILER.md section 7 makes them.
//
// A session's profilers share one tree (ShareCallTree), so the records one hands another
// (time travel) name the same nodes. The tree only grows; its size is bounded by
// maxCallNodes, past which new chains are counted in their caller's node.

// maxCallNodes bounds the tree: a frame record names a node in 16 bits.
const maxCallNodes = 1 << 16

// callNode is one chain of calls.
type callNode struct {
	parent  uint16
	depth   uint16     // calls from node 0
	key     RoutineKey // the routine the chain ends in
	routine uint32     // its index in CallTree.routines
	// recursive: the routine is on the chain above this node as well, so the cycles here
	// are already in that outer call's inclusive figure.
	recursive bool
}

// CallTree is the calling-context tree and the table of the routines in it.
type CallTree struct {
	nodes    []callNode
	slots    []uint32 // open addressing: node+1 by hash of (parent, key); 0 is empty
	routines []RoutineKey
	byKey    map[RoutineKey]uint32
}

// NewCallTree makes a tree holding only node 0.
func NewCallTree() *CallTree {
	t := &CallTree{byKey: map[RoutineKey]uint32{}, slots: make([]uint32, 1024)}
	t.nodes = append(t.nodes, callNode{key: kindKey(KeyOutside), routine: t.routineIndex(kindKey(KeyOutside))})
	return t
}

func (t *CallTree) routineIndex(k RoutineKey) uint32 {
	if i, ok := t.byKey[k]; ok {
		return i
	}
	i := uint32(len(t.routines))
	t.routines = append(t.routines, k)
	t.byKey[k] = i
	return i
}

func callHash(parent uint16, k RoutineKey) uint32 {
	h := uint32(parent)*0x9E3779B1 ^ uint32(k)*0x85EBCA77
	return h ^ h>>15
}

// child is the node for a call of k from node parent, made if new.
func (t *CallTree) child(parent uint16, k RoutineKey) uint16 {
	mask := uint32(len(t.slots) - 1)
	for i := callHash(parent, k) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			break
		}
		if n := &t.nodes[s-1]; n.parent == parent && n.key == k && s-1 != 0 {
			return uint16(s - 1)
		}
	}
	if len(t.nodes) >= maxCallNodes {
		return parent // full: the call is counted in its caller
	}
	id := uint16(len(t.nodes))
	p := &t.nodes[parent]
	n := callNode{parent: parent, depth: p.depth + 1, key: k, routine: t.routineIndex(k)}
	for a := parent; a != 0; a = t.nodes[a].parent {
		if t.nodes[a].key == k {
			n.recursive = true
			break
		}
	}
	t.nodes = append(t.nodes, n)
	t.insert(id)
	if len(t.nodes)*2 > len(t.slots) {
		t.grow()
	}
	return id
}

func (t *CallTree) insert(id uint16) {
	n := &t.nodes[id]
	mask := uint32(len(t.slots) - 1)
	i := callHash(n.parent, n.key) & mask
	for t.slots[i] != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = uint32(id) + 1
}

func (t *CallTree) grow() {
	t.slots = make([]uint32, len(t.slots)*2)
	for id := 1; id < len(t.nodes); id++ {
		t.insert(uint16(id))
	}
}

// path appends the keys of the chain ending at node, outermost first.
func (t *CallTree) path(b []RoutineKey, node uint16) []RoutineKey {
	start := len(b)
	for a := node; a != 0; a = t.nodes[a].parent {
		b = append(b, t.nodes[a].key)
	}
	for i, j := start, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// nodeOf is the node of a chain given outermost first, made if new.
func (t *CallTree) nodeOf(chain []RoutineKey) uint16 {
	var n uint16
	for _, k := range chain {
		n = t.child(n, k)
	}
	return n
}

// Nodes is the number of nodes.
func (t *CallTree) Nodes() int { return len(t.nodes) }
