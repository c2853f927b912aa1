package perf

import "x16scope/core"

// Automatic wait detection of store-free tight loops (PROFILER.md section 2, precedence 4),
// by the wait-loop rule that core.Loop holds (core/waitloop.go): a loop is anchored on the
// backward jump that closes it, and confirmed when that jump closes it twice in a row with no
// write in between and a body of at most core.MaxLoopBody bytes.
//
// The detector only needs to see "events": instructions that write, and instructions that
// can send the PC elsewhere (branches, jumps, returns). The PC can only leave a loop body
// through one of those (falling off its end means the closing branch was not taken) or
// through an interrupt, so every other instruction keeps the state as it is and is charged
// by the profiler's fast path without calling the detector at all.

// autoEvent charges an event instruction under automatic detection (no handler open, no
// marker mode, not BRK) and updates the detector and the fast path's state. It is one
// function, with the detector inline, because it runs for every backward jump and, while a
// loop is anchored, every write and jump: a loop that stores passes here twice an iteration.
//
// The state before the instruction decides whether it is waiting: the pass that confirms the
// loop is still work, and the final poll that falls out of the loop (closing branch not
// taken) is still waiting.
func (p *Profiler) autoEvent(pc uint16, bank uint8, oc opClass, cycles uint32, next uint16) {
	d := &p.loop
	waiting := d.Confirmed()
	switch {
	case oc&opWrites != 0:
		d.Reset()
		waiting = false
	case oc&opTransfer != 0 && next <= pc:
		// A taken backward branch or jump (next == pc is a jump to itself: "jmp *").
		if d.IsClose(pc, next) {
			d.Count()
		} else {
			d.Anchor(pc, oc.bytes(), next, core.MaxLoopBody) // a different loop closed
			waiting = false
		}
	case !d.Inside(next):
		d.Reset() // the PC leaves the body: the loop exited
	}
	if oc&opWAI != 0 {
		p.waiPC, p.waiBank = pc, bank
		waiting = true
	}
	c := p.zones.at(pc, bank)
	if waiting && (c == 0 || c&routineBit != 0) {
		c = codeWait // a routine from a symbol file does not hide a wait
	}
	p.acc[c&bucketMask] += cycles
	p.last = c
	p.post, p.events = codeOther, opBRK|opWAI
	if d.Closes != 0 {
		p.events |= opWrites | opControl // a write breaks the loop, a jump may leave it
		if d.Confirmed() {
			p.post = codeWait
		}
	}
}
