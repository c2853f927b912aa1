package core

// The wait-loop rule (PROFILER.md section 2), in one place. A wait loop is identified by the
// backward branch or jump that closes it: its target is the loop's head, and its body runs
// from the head to the end of the closing instruction. Anchoring on the closing jump (not on
// PC drift) recognises each loop as itself however tightly the code around it is packed.
// When the same backward jump closes twice in a row with no write in between and the body is
// at most MaxLoopBody bytes, the loop is confirmed: its instructions from then on are
// waiting. Confirmation ends when the loop exits, a write happens, another backward jump
// closes, or an interrupt is taken.
//
// Three readers use it: perf's classifier (every instruction, perf/detect.go), the machine's
// span mode, which runs the first steps on the backward jumps the run loop sees and reports
// the close that would confirm (watchloop.go), and idle-loop fast-forward (idle.go), which
// considers for skipping only loops that ClosesLoop closes and then proves them idle by a
// stricter test of its own (no writes but pushes, registers unchanged). perf's
// TestLoopShapes runs one table of loop shapes through all three.

// MaxLoopBody is the largest loop body, in bytes, the wait-loop rule anchors on.
const MaxLoopBody = 32

// Loop is the wait-loop detector's state: the backward jump at End, to Head, closed its loop
// Closes times in a row with no write in between (0: no anchor; 2: confirmed).
type Loop struct {
	Head, End uint16
	Closes    uint8
}

// ClosesLoop tells whether the opcode can close a loop: a branch or a jump (not a call or a
// return, which a loop's body may contain but which close no loop).
func ClosesLoop(op uint8) bool { return closesLoops[op] }

// closesLoops is ClosesLoop's table, derived from opcodes.
var closesLoops = func() (t [256]bool) {
	for op, info := range opcodes {
		t[op] = info.Flags&(OpBranch|OpJump) != 0
	}
	return t
}()

// Anchor starts counting the loop closed by the backward jump at pc, bytes long, to head,
// when its body fits in maxBody bytes; otherwise it drops the anchor. It reports whether it
// anchored.
func (d *Loop) Anchor(pc uint16, bytes uint8, head uint16, maxBody uint16) bool {
	if uint32(pc)+uint32(bytes)-uint32(head) > uint32(maxBody) {
		d.Closes = 0
		return false
	}
	d.Head, d.End, d.Closes = head, pc, 1
	return true
}

// IsClose tells whether a backward jump from pc to next closes the anchored loop again.
func (d *Loop) IsClose(pc, next uint16) bool { return d.Closes != 0 && next == d.Head && pc == d.End }

// Count counts one more write-free close of the anchored loop (two confirm it).
func (d *Loop) Count() {
	if d.Closes < 2 {
		d.Closes++
	}
}

// Confirmed tells whether the loop is confirmed: its instructions are waiting.
func (d *Loop) Confirmed() bool { return d.Closes >= 2 }

// Inside tells whether pc is in the anchored loop's body.
func (d *Loop) Inside(pc uint16) bool { return pc >= d.Head && pc <= d.End }

// Reset drops the anchor (a write, an interrupt, profiling restarted).
func (d *Loop) Reset() { d.Closes = 0 }
