package perf

import "x16scope/core"

// Calls (PROFILER.md section 7): which routine ran each cycle, from the machine's call log
// (core/calls.go), which is the same in both reporting modes.
//
// A frame of the tracker's stack is a call: opened by a JSR (named by its target, or by a
// far call's target) or an interrupt entry (a root of its own), and kept while the stack
// pointer is at or below the level the entry left. Any logged instruction that leaves the
// stack pointer above a frame's level (RTS, RTI, a pull, TXS, a KERNAL trap's return)
// closes that frame and the ones above it, at its last cycle: a routine that drops its
// return address, a tail JMP, an RTS used as a computed jump (which pushes first) and a
// stack reset all close the right frames, and nothing leaks. Time between two log entries
// belongs to the innermost open frame; the JSR's and the RTS's own cycles to the callee.
//
// The official KERNAL's JSRFAR enters its target by a JSR to a RAM trampoline that is a JMP
// to the target; that JSR is folded into the far call (merged), so the far call is one call
// of the target, trampoline included, as a guest timing the JSR $FF6E sees it.

// maxCallDepth bounds the tracker's stack. JSR frames take 2 bytes of the 256-byte stack
// and interrupts 3, so only a stack that wrapped around goes deeper; such calls are counted
// in their caller.
const maxCallDepth = 192

// callFrame is an open call.
type callFrame struct {
	open   uint64 // first cycle
	node   uint16
	level  uint8 // the stack pointer the entry left
	far    bool  // a far call whose trampoline JSR has not come yet
	merged bool  // that trampoline's JSR: its cycles are the far call's
	lane   uint8 // 0 the program, 1 an interrupt
	depth  uint8 // depth in its lane, for the timeline
	callee childCache
}

// childCache is the last routine a frame called and its node: a loop calling the same
// routine again skips the tree's lookup.
type childCache struct {
	key  RoutineKey
	node uint16
	ok   bool
}

// nodeEntry is a node's figures in one frame.
type nodeEntry struct {
	node  uint16
	calls uint16 // calls that opened in the frame
	self  uint32 // cycles with this chain innermost
	incl  uint32 // cycles with this chain on the stack: self plus the chains below it
}

// callTracker follows the calls of one machine for its profiler.
type callTracker struct {
	tree  *CallTree
	stack [maxCallDepth]callFrame
	depth int
	cur   uint16 // the node charged now: the innermost open frame's, or 0
	last  uint64 // the cycle up to which cycles have been charged

	// The frame in progress, by node; stamp tells which nodes it touched.
	frameStart uint64
	frameID    uint32
	self       []uint32
	ncalls     []uint32
	incl       []uint32
	stamp      []uint32
	touched    []uint16

	ring  [HistoryFrames][]nodeEntry // each recorded frame's entries, beside history's ring
	arena []nodeEntry                // where the next frames' entries go (keep)

	tl  *timelineRec // the frame's timeline is being recorded (timeline.go)
	off bool         // not following calls (SetCallTracking)

	topCallee childCache // childCache of the code outside any call

	// journal: while Repeat follows one copy of a pass, what it charged, to multiply.
	journaling bool
	journal    []journalEntry
}

type journalEntry struct {
	node        uint16
	self, calls uint32
}

// SetCallTracking turns following calls on (the default) or off. Off, frames record no
// call figures and the machine logs nothing: what profiling costs without the call
// profile, which its benchmark compares against.
func (p *Profiler) SetCallTracking(on bool) {
	if p.calls.off == !on {
		return
	}
	p.calls.off = !on
	if !p.On() {
		return
	}
	if on {
		p.calls.restart(p.m.Cycle())
		p.m.SetCallSink(&p.calls)
	} else {
		p.m.SetCallSink(nil)
		p.calls.restart(p.m.Cycle())
	}
}

func (t *callTracker) init() {
	if t.tree == nil {
		t.tree = NewCallTree()
	}
	t.frameID = 1
}

// restart starts following calls at cycle now with nothing open (profiling started, or the
// machine was reset).
func (t *callTracker) restart(now uint64) {
	t.depth, t.cur, t.last = 0, 0, now
}

// Calls implements core.CallSink.
func (t *callTracker) Calls(batch []core.CallEvent) {
	for i := range batch {
		t.event(&batch[i])
	}
}

// charge gives the cycles up to c to the innermost open frame.
func (t *callTracker) charge(c uint64) {
	if c <= t.last {
		return
	}
	t.touch(t.cur)
	d := uint32(c - t.last)
	t.self[t.cur] += d
	t.last = c
	if t.journaling {
		t.journal = append(t.journal, journalEntry{node: t.cur, self: d})
	}
}

// touch makes node n part of the frame in progress.
func (t *callTracker) touch(n uint16) {
	if int(n) >= len(t.stamp) {
		size := max(2*len(t.stamp), int(n)+1, 64)
		t.self = append(t.self, make([]uint32, size-len(t.self))...)
		t.ncalls = append(t.ncalls, make([]uint32, size-len(t.ncalls))...)
		t.incl = append(t.incl, make([]uint32, size-len(t.incl))...)
		t.stamp = append(t.stamp, make([]uint32, size-len(t.stamp))...)
	}
	if t.stamp[n] != t.frameID {
		t.stamp[n] = t.frameID
		t.self[n], t.ncalls[n], t.incl[n] = 0, 0, 0
		t.touched = append(t.touched, n)
	}
}

func (t *callTracker) event(e *core.CallEvent) {
	if e.Kind >= core.CallRTS && (t.depth == 0 || int8(e.S-t.stack[t.depth-1].level) <= 0) {
		return // the innermost call goes on: nothing to charge yet
	}
	t.charge(e.Cycle)
	switch e.Kind {
	case core.CallJSR, core.CallFar:
		if t.depth > 0 {
			if top := &t.stack[t.depth-1]; top.far && e.Kind == core.CallJSR && e.ViaJMP && e.Via == t.tree.nodes[top.node].key.Addr() {
				top.far = false
				t.push(callFrame{open: e.Cycle, node: top.node, level: e.S, merged: true, lane: top.lane, depth: top.depth})
				return
			}
		}
		t.call(RoutineAt(e.Target, e.Bank), e)
	case core.CallBRK:
		t.call(kindKey(KeyBRK), e)
	case core.CallIRQ:
		t.call(kindKey(KeyIRQ), e)
	case core.CallNMI:
		t.call(kindKey(KeyNMI), e)
	default:
		t.closeAbove(e.S, e.Cycle)
	}
}

// call opens a frame for routine k; interrupts open a root.
func (t *callTracker) call(k RoutineKey, e *core.CallEvent) {
	if t.depth == maxCallDepth {
		return
	}
	f := callFrame{open: e.Cycle, level: e.S, far: e.Kind == core.CallFar}
	parent := t.cur
	if t.depth > 0 {
		top := &t.stack[t.depth-1]
		f.lane, f.depth = top.lane, top.depth+1
	}
	if k.Kind() != KeyRoutine {
		parent = 0
		if f.lane == 0 {
			f.lane, f.depth = 1, 0
		}
	}
	cache := &t.topCallee
	if t.depth > 0 {
		cache = &t.stack[t.depth-1].callee
	}
	switch {
	case parent == 0 && k.Kind() != KeyRoutine:
		f.node = t.tree.child(0, k)
	case cache.ok && cache.key == k:
		f.node = cache.node
	default:
		f.node = t.tree.child(parent, k)
		*cache = childCache{key: k, node: f.node, ok: true}
	}
	t.touch(f.node)
	t.ncalls[f.node]++
	if t.journaling {
		t.journal = append(t.journal, journalEntry{node: f.node, calls: 1})
	}
	t.push(f)
}

// Repeat implements core.CallSink: the events of pass happened times more, period cycles
// apart. One copy is followed event by event; the pass leaves the calls as it found them
// (idle.go repeats only such passes), so every later copy charges exactly what that one
// did, and they are charged at once. A timeline being recorded gets every copy.
func (t *callTracker) Repeat(pass []core.CallEvent, period, times uint64) {
	copyAt := func(k uint64) {
		for _, e := range pass {
			e.Cycle += k * period
			t.event(&e)
		}
	}
	if t.tl != nil || times < 2 {
		for k := uint64(1); k <= times; k++ {
			copyAt(k)
		}
		return
	}
	depth, cur := t.depth, t.cur
	t.journal, t.journaling = t.journal[:0], true
	copyAt(1)
	t.journaling = false
	last := t.last
	if t.depth != depth || t.cur != cur || last > pass[len(pass)-1].Cycle+period {
		for k := uint64(2); k <= times; k++ {
			copyAt(k)
		}
		return
	}
	more := times - 1
	for _, j := range t.journal {
		t.self[j.node] += uint32(uint64(j.self) * more)
		t.ncalls[j.node] += uint32(uint64(j.calls) * more)
	}
	t.last = last + more*period
}

func (t *callTracker) push(f callFrame) {
	t.stack[t.depth] = f
	t.depth++
	t.cur = f.node
}

// closeAbove closes every frame whose level the stack pointer s is above, at cycle c.
func (t *callTracker) closeAbove(s uint8, c uint64) {
	for t.depth > 0 {
		f := &t.stack[t.depth-1]
		if int8(s-f.level) <= 0 {
			break
		}
		if t.tl != nil && !f.merged {
			t.tl.slice(t, f, c, 0)
		}
		t.depth--
	}
	t.cur = 0
	if t.depth > 0 {
		t.cur = t.stack[t.depth-1].node
	}
}

// closeAll closes every frame at cycle c (a reset).
func (t *callTracker) closeAll(c uint64) {
	t.charge(c)
	for t.depth > 0 {
		f := &t.stack[t.depth-1]
		if t.tl != nil && !f.merged {
			t.tl.slice(t, f, c, 0)
		}
		t.depth--
	}
	t.cur = 0
}

// endFrame closes the frame in progress at cycle c (a VSYNC, or the end of a report) into
// ring slot i, and starts the next one there.
func (t *callTracker) endFrame(c uint64, i int) {
	t.charge(c)
	t.touch(t.cur)
	// Every chain's cycles go to it and to every chain above it.
	n0 := len(t.touched)
	for _, n := range t.touched[:n0] {
		s := t.self[n]
		for a := n; ; a = t.tree.nodes[a].parent {
			t.touch(a)
			t.incl[a] += s
			if a == 0 {
				break
			}
		}
	}
	out := t.keep(len(t.touched))
	for j, n := range t.touched {
		out[j] = nodeEntry{node: n, calls: uint16(min(t.ncalls[n], 0xFFFF)), self: t.self[n], incl: t.incl[n]}
	}
	t.ring[i] = out
	if t.tl != nil {
		t.tl.endFrame(t, c)
	}
	t.touched = t.touched[:0]
	t.frameID++
	t.frameStart = c
}

// arenaChunk is how many entries are allocated at a time for the frames' records: one
// allocation every hundred frames or so, none per frame.
const arenaChunk = 16 << 10

// keep returns room for n entries of a frame's record. The room a dropped frame had is left
// to the collector with the chunk it is in.
func (t *callTracker) keep(n int) []nodeEntry {
	if n > len(t.arena) {
		t.arena = make([]nodeEntry, max(arenaChunk, n))
	}
	out := t.arena[:n:n]
	t.arena = t.arena[n:]
	return out
}
