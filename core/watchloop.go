package core

import "encoding/binary"

// The wait-loop detector's first steps, run by the machine on the backward jumps it sees
// (watch.go explains the division of work with perf's detector): anchoring a loop, noticing
// that it wrote (a one-shot write trap, or nothing at all for a loop whose every pass
// stores), and reporting the close that would confirm it.

// The loop detector's state as backHooks dispatches on it (watchState.ds).
const (
	dsOff   uint8 = iota // no span tracer, or automatic detection off
	dsFine               // a confirmed loop: the tracer judges what changes it
	dsHot                // anchored on a loop whose every pass stores: only another close counts
	dsOther              // the rest, in loopClose and backHooks' general cases
)

// loopClose runs on a backward move (the instruction at pc left the PC at or below pc) in
// span mode with Detect on, before the range check. Inside a confirmed loop, anything but
// its own closing jump is the tracer's to judge. Otherwise it runs the detector's first
// steps, mirroring perf's detector (autoEvent) for everything but the close that would
// confirm a loop, which it reports instead.
func (m *Machine) loopClose(pc uint16, op uint8, start uint64) {
	w, b := &m.watch, &m.bus
	d := &w.Loop
	next := m.cpu.PC
	if w.Fine {
		if pc != d.End || next != d.Head || b.wrote {
			m.reportInstr(MakeInstrEvent(pc, next, uint16(b.cycle-start), op, m.bankAt(pc)), start)
		}
		return
	}
	if b.wrote {
		d.Closes, b.wrote = 0, false
	}
	f := opcodes[op].Flags
	switch {
	case f&OpWrites != 0:
		d.Closes = 0
	case closesLoops[op]:
		same := next == d.Head && pc == d.End
		switch {
		case same && (d.Closes == 0 || w.pre.ok):
			// Anchored again: a pass of a loop whose body starts with a store wrote.
			d.Closes = 1
			if w.pre.ok && !b.prefixHolds(&w.pre) {
				w.pre = m.prefixOf(d.Head, d.End)
			}
		case same:
			// The same jump closes the same loop again with no write: the tracer confirms it.
			b.disarmWriteTrap()
			m.reportInstr(MakeInstrEvent(pc, next, uint16(b.cycle-start), op, m.bankAt(pc)), start)
			return
		case !d.Anchor(pc, opcodes[op].Bytes, next, w.MaxBody):
		default:
			w.pre = m.prefixOf(d.Head, d.End)
		}
	case f&(OpReturn|OpRTI) != 0 && d.Closes != 0 && !d.Inside(next):
		d.Closes = 0 // returned out of the body
	}
	m.armFor(d.Closes)
}

// armFor arms the write trap when an anchored loop (closes 1) must be watched for writes:
// unless every pass of it stores (w.pre). It also sets the detector's state for backHooks
// (not Fine: a confirmed loop is the tracer's, SetWatch).
func (m *Machine) armFor(closes uint8) {
	w := &m.watch
	w.ds = dsOther
	switch {
	case closes == 1 && !w.pre.ok:
		m.bus.armWriteTrap()
	case closes == 1:
		w.ds = dsHot
		m.bus.disarmWriteTrap()
	default:
		m.bus.disarmWriteTrap()
	}
}

// Loops whose every pass stores. Most busy loops store before their first branch (lda /
// sta / inx / bne): every pass from the head executes that store, so the loop can never be
// confirmed and the write trap (one slow write per pass) is not needed. A pass that does not
// start at the head got there by leaving and re-entering the body, which drops the anchor in
// perf's detector anyway; so for such a loop every close anchors it again, as a write would.
// The bytes from the head to the store's opcode are kept and compared at each close, so a
// program that rewrites them is caught (and rewriting them was a write).

// prefixStore says that the loop at head stores in its straight-line prefix: the bytes
// head..head+7 masked by mask equal bytes.
type prefixStore struct {
	ok          bool
	head        uint16
	mask, bytes uint64
}

// prefixSlots is how many loops' prefixStore the machine remembers, direct-mapped by the
// address of the closing jump.
const prefixSlots = 16

type prefixEntry struct {
	end uint16
	p   prefixStore
	set bool
}

// prefixHolds tells whether the bytes of p's prefix are unchanged.
func (b *Bus) prefixHolds(p *prefixStore) bool {
	return binary.LittleEndian.Uint64(b.ram[p.head:])&p.mask == p.bytes
}

// prefixOf finds (or remembers) whether the loop [head, end] stores before its first
// instruction that can jump, within its first 8 bytes, in plain RAM.
func (m *Machine) prefixOf(head, end uint16) prefixStore {
	b := &m.bus
	e := &m.watch.prefixes[end%prefixSlots]
	if e.set && e.end == end && e.p.head == head && (!e.p.ok || b.prefixHolds(&e.p)) {
		return e.p
	}
	p := prefixStore{head: head}
	if int(head)+8 <= ioStart && !b.flat {
		for a := head; a <= end && a-head < 8; {
			op := b.ram[a]
			f := opcodes[op].Flags
			if f&OpWrites != 0 {
				n := a - head + 1
				p.ok, p.mask = true, ^uint64(0)>>(64-8*n)
				p.bytes = binary.LittleEndian.Uint64(b.ram[head:]) & p.mask
				break
			}
			if f&(OpBranch|OpJump|OpCall|OpReturn|OpRTI|OpBRK|OpWAI|OpSTP) != 0 {
				break
			}
			a += uint16(opcodes[op].Bytes)
		}
	}
	*e = prefixEntry{end: end, p: p, set: true}
	return p
}

// armWriteTrap sends the next write down the slow path, which notes that a write happened
// (b.wrote) and disarms the trap: an anchored loop needs to know that it wrote, not what.
func (b *Bus) armWriteTrap() { b.writeTrap, b.writeLimit = true, 0 }

func (b *Bus) disarmWriteTrap() { b.writeTrap, b.writeLimit = false, b.fastWriteLimit }
