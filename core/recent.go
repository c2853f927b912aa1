package core

// The recent-instruction ring: the last RecentSize instructions the CPU executed, for a
// debugger's "how did it get here" view of a program that stopped. Unlike a Recorder, which
// gets every instruction in batches through an interface, the ring is written in the run
// loop itself, so keeping it costs a few stores per instruction and no call.

// RecentSize is how many instructions the ring holds (a power of two).
const RecentSize = 64

// Recent is the ring as Machine.RecentView shows it.
type Recent struct {
	// Ring holds instruction i (counting from 0 since the ring was cleared) at
	// Ring[i % RecentSize]; the newest is N-1.
	Ring [RecentSize]InstrEvent
	N    uint64
	// IOPC is the first instruction fetched from the I/O page ($9F00-$9FFF) since the ring
	// was cleared, 0 for none: a jump into device registers, caught as it happens.
	IOPC uint16
	// The bank of each instruction (InstrEvent.Bank) is not written as it runs: that cost
	// 2 % of busy code. The bank latches' changes are logged instead (noteBanks,
	// as rare as bank switches), and RecentView fills the banks in from the log (fill).
	banks bankLog
}

// bankLog is the bank latches' history while the ring is kept: base, then each change
// in order. A change made while instruction n runs counts from instruction n on, as the
// bank the run loop read after an instruction did.
type bankLog struct {
	base    bankState               // the latches before the oldest change kept
	changes [bankLogSize]bankChange // change i at changes[i % bankLogSize]
	n       uint64                  // changes logged
	filled  uint64                  // ring entries below this have their banks
}

type bankState struct{ ram, rom uint8 }

type bankChange struct {
	at bankState
	n  uint64 // the instruction (ring index) from which it counts
}

// bankLogSize must exceed the changes that can count inside the ring's window: at most one
// per instruction (later changes during the same instruction replace it), so RecentSize+1;
// older ones fold into base.
const bankLogSize = 2 * RecentSize

// KeepRecent turns the ring on or off. Off, it costs nothing.
func (m *Machine) KeepRecent(on bool) {
	if on && !m.bus.keepRecent {
		m.ClearRecent()
	}
	m.bus.keepRecent = on
	m.retrigger()
}

// RecentView is the ring itself, not a copy: it changes as the machine runs. Each call
// brings the banks of the instructions kept since the last one up to date.
func (m *Machine) RecentView() *Recent {
	m.bus.recent.fill()
	return &m.bus.recent
}

// ClearRecent empties the ring (a new program, a reset).
func (m *Machine) ClearRecent() {
	b := &m.bus
	b.recent.N, b.recent.IOPC = 0, 0
	b.recent.banks = bankLog{base: bankState{b.ramBank, b.romBank}}
}

// keep puts one instruction into the ring (its bank is filled in later, see Recent).
func (b *Bus) keep(e InstrEvent) {
	r := &b.recent
	r.Ring[r.N%RecentSize] = e
	r.N++
}

// noteBanks logs the bank latches after a change (setRAMBank, setROMBank).
func (r *Recent) noteBanks(at bankState) {
	l := &r.banks
	if l.n > 0 {
		if last := &l.changes[(l.n-1)%bankLogSize]; last.n == r.N {
			last.at = at // the same instruction changed them again
			return
		}
	}
	if l.n >= bankLogSize {
		l.base = l.changes[l.n%bankLogSize].at
	}
	l.changes[l.n%bankLogSize] = bankChange{at: at, n: r.N}
	l.n++
}

// fill sets the bank of the ring's entries kept since the last fill from the log: the RAM
// bank for $A000-$BFFF, the ROM bank for $C000-$FFFF, else 0.
func (r *Recent) fill() {
	l := &r.banks
	from := max(l.filled, r.N-min(r.N, RecentSize))
	state := l.base
	k := l.n - min(l.n, bankLogSize)
	for i := from; i < r.N; i++ {
		for ; k < l.n && l.changes[k%bankLogSize].n <= i; k++ {
			state = l.changes[k%bankLogSize].at
		}
		e := &r.Ring[i%RecentSize]
		var bank uint8
		switch pc := e.PC(); {
		case pc >= romStart:
			bank = state.rom
		case pc >= bankedRAM:
			bank = state.ram
		}
		*e = e.withBank(bank)
	}
	l.filled = r.N
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
