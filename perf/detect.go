package perf

// Automatic wait detection of store-free tight loops (PROFILER.md section 2, precedence 4).
//
// A loop is identified by the backward branch or jump that closes it: its target is the loop
// head, and the body runs from the head to the end of the closing instruction. Anchoring on
// the closing jump (not on PC drift) recognises each loop as itself however tightly the code
// around it is packed (perf-budgets-design.txt, "Why the backward jump").
//
// When the same backward jump closes twice in a row with no write in between and a body of
// at most maxLoopBody bytes, the loop is confirmed and its instructions from then on are
// waiting. Confirmation ends when the loop exits, a write happens (the loop did something),
// another backward jump closes (a different loop), or an interrupt is taken (re-anchor: up
// to two passes of the loop are lost, by design).
//
// The detector only needs to see "events": instructions that write, and instructions that
// can send the PC elsewhere (branches, jumps, returns). The PC can only leave a loop body
// through one of those (falling off its end means the closing branch was not taken) or
// through an interrupt, so every other instruction keeps the state as it is and is charged
// by the profiler's fast path without calling the detector at all.
const maxLoopBody = 32

type loopDetector struct {
	head, end uint16 // body [head, end]: end is the address of the closing jump
	closes    uint8  // consecutive write-free closes of this anchor (0: no anchor)
}

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
	waiting := d.closes >= 2
	switch {
	case oc&opWrites != 0:
		d.closes, waiting = 0, false
	case oc&opTransfer != 0 && next <= pc:
		// A taken backward branch or jump (next == pc is a jump to itself: "jmp *").
		if d.closes != 0 && next == d.head && pc == d.end {
			if d.closes < 2 {
				d.closes++
			}
		} else {
			d.anchor(pc, oc, next) // a different loop closed
			waiting = false
		}
	case next < d.head || next > d.end:
		d.closes = 0 // the PC leaves the body: the loop exited
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
	if d.closes != 0 {
		p.events |= opWrites | opControl // a write breaks the loop, a jump may leave it
		if d.closes >= 2 {
			p.post = codeWait
		}
	}
}

// anchor starts counting the loop closed by the backward jump at pc, if its body is small
// enough to be a wait loop.
func (d *loopDetector) anchor(pc uint16, oc opClass, next uint16) {
	if uint32(pc)+uint32(oc.bytes())-uint32(next) > maxLoopBody {
		d.closes = 0
		return
	}
	d.head, d.end, d.closes = next, pc, 1
}

// reset drops the anchor (an interrupt was taken, or profiling restarted).
func (d *loopDetector) reset() { d.closes = 0 }
