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
// waiting. Confirmation ends when the PC leaves the body (the loop exited), a write happens
// (the loop did something), another backward jump closes (a different loop), or an
// interrupt is taken (re-anchor: up to two passes of the loop are lost, by design).
const maxLoopBody = 32

type loopDetector struct {
	head, end uint16 // body [head, end]: end is the address of the closing jump
	closes    uint8  // consecutive write-free closes of this anchor (0: no anchor)
}

// step feeds one executed instruction (opcode class oc at pc, leaving the PC at next) and
// tells whether its cycles are waiting. The state before the instruction decides: the pass
// that confirms the loop is still work, and the final poll that falls out of the loop
// (closing branch not taken) is still waiting.
func (d *loopDetector) step(pc uint16, oc opClass, next uint16) bool {
	if d.closes != 0 && (pc < d.head || pc > d.end) {
		d.closes = 0 // the loop exited (or was never re-entered)
	}
	waiting := d.closes >= 2
	if oc&opWrites != 0 {
		d.closes = 0
		return false
	}
	if oc&opTransfer != 0 && next <= pc {
		// A taken backward branch or jump (next == pc is a jump to itself: "jmp *").
		if uint32(pc)+uint32(oc.bytes())-uint32(next) > maxLoopBody {
			d.closes = 0
			return false
		}
		if d.closes != 0 && next == d.head && pc == d.end {
			if d.closes < 2 {
				d.closes++
			}
		} else {
			d.head, d.end, d.closes = next, pc, 1
			waiting = false
		}
	}
	return waiting
}

// reset drops the anchor (an interrupt was taken, or profiling restarted).
func (d *loopDetector) reset() { d.closes = 0 }
