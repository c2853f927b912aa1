package core

// The recent-instruction ring: the last RecentSize instructions the CPU executed, for a
// debugger's "how did it get here" view of a program that stopped. Unlike a Recorder, which
// gets every instruction in batches through an interface, the ring is written in the run
// loop itself, so keeping it costs a few stores per instruction and no call.

// RecentSize is how many instructions the ring holds (a power of two).
const RecentSize = 64

// Recent is the ring as Machine.Recent copies it.
type Recent struct {
	// Ring holds instruction i (counting from 0 since the ring was cleared) at
	// Ring[i % RecentSize]; the newest is N-1.
	Ring [RecentSize]InstrEvent
	N    uint64
	// IOPC is the first instruction fetched from the I/O page ($9F00-$9FFF) since the ring
	// was cleared, 0 for none: a jump into device registers, caught as it happens.
	IOPC uint16
}

// KeepRecent turns the ring on or off. Off, it costs nothing.
func (m *Machine) KeepRecent(on bool) {
	m.bus.keepRecent = on
	m.retrigger()
}

// RecentView is the ring itself, not a copy: it changes as the machine runs.
func (m *Machine) RecentView() *Recent { return &m.bus.recent }

// ClearRecent empties the ring (a new program, a reset).
func (m *Machine) ClearRecent() { m.bus.recent.N, m.bus.recent.IOPC = 0, 0 }

// keep puts one instruction into the ring.
func (b *Bus) keep(e InstrEvent) {
	r := &b.recent
	r.Ring[r.N%RecentSize] = e
	r.N++
}

// noteFetch notes an opcode fetched at pc outside plain RAM and the ROM fast path (run's
// and Step's slow fetch): the first from the I/O page goes in IOPC, which keep would
// otherwise have to check on every instruction.
func (b *Bus) noteFetch(pc uint16) {
	if pc-ioStart < 0x100 && b.keepRecent && b.recent.IOPC == 0 {
		b.recent.IOPC = pc
	}
}

// keepRepeat puts the passes of an idle loop the machine fast-forwarded into the ring (as
// many as it holds).
func (b *Bus) keepRepeat(pass []InstrEvent, times uint64) {
	r := &b.recent
	total := times * uint64(len(pass))
	for j := total - min(total, RecentSize); j < total; j++ {
		r.Ring[(r.N+j)%RecentSize] = pass[j%uint64(len(pass))]
	}
	r.N += total
}
