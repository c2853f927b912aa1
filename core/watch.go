package core

// Span profiling: how the machine tells a profiler where every cycle went without
// reporting every instruction.
//
// A profiler charges each instruction to a bucket that depends on its state (an interrupt
// handler open, a marker region, a confirmed wait loop) and on the instruction's PC (zones).
// The state changes only at a few instructions, and the PC's bucket only changes when the
// PC leaves a range of addresses. So the profiler tells the machine what to watch (Watch):
// the range of PCs that share its current bucket, and whether it needs to see the
// instructions that write or jump (only inside a confirmed wait loop, whose exit it must
// place to the instruction). Everything else runs at full speed: after each instruction
// the run loop compares the next PC against that range, in the compare it makes anyway for
// the KERNAL traps (setTrigger), and the cycles in between reach the profiler as totals
// (Tracer.Span), when something else has to be reported.
//
// The wait-loop detector's first steps (anchor a backward jump, count a second close with
// no write in between) run in the machine (watchloop.go), on the backward jumps the run
// loop already looks at for idle-loop fast-forward. Writes are not watched one by one: while
// a loop is anchored the bus sends writes down its slow path once (armWriteTrap), which is
// enough to know that the loop wrote; and a loop whose body starts with a store writes in
// every pass, which needs no trap at all (prefixOf). When the same jump closes the same
// loop again with no write, the machine reports that jump to the profiler, whose own
// detector confirms the loop and asks for fine watching. The profiler's figures are
// identical to classifying every instruction: perf's TestSpansMatchEveryInstruction and
// TestSpansMatchOnTrickyLoops compare whole runs, frame by frame, to the cycle.

// watchState is the machine's side of span profiling.
type watchState struct {
	Watch
	spans    bool   // a tracer is attached and takes spans (not Every)
	tellings uint64 // changes of range or state in span mode, for idle fast-forward
	reported uint64 // the cycle up to which the tracer has been told everything
	// ranges holds the ranges the tracer gave since its state last changed (round robin),
	// and the cycles run in each that it has not been told of yet; cur is the one watched,
	// newest the one that counted cycles last.
	ranges   [4]watchRange
	nranges  int
	cur      int
	prev     int // the range watched before cur
	newest   int
	inEdge   bool // the tracer is answering Edge: its state is what it was
	halted   bool // the CPU is halted in WAI since haltFrom, not told yet
	haltFrom uint64
	plain    bool                     // span mode, not Fine, nothing recorded (useRange)
	pre      prefixStore              // Loop's body stores in every pass (prefixOf)
	ds       uint8                    // the detector's state for backHooks (dsOff...)
	prefixes [prefixSlots]prefixEntry // loops looked at by prefixOf
	// eventAt is 1 + the start cycle of the latest instruction reported through Instrs, so
	// the detector here does not count a jump the tracer's detector has already seen.
	eventAt uint64
	one     [1]InstrEvent
}

// watchRange is one range the tracer gave, its code, and the cycles run in it since the
// tracer was last told (flushSpans).
type watchRange struct {
	lo, span uint32
	whi      uint32 // the run loop's bound while watching this range (setTrigger), kept by retrigger
	code     uint16
	cycles   uint64
}

// SetWatch sets what the run loop watches for the attached tracer. A tracer calls it from
// its callbacks or between runs; the machine keeps it until the next call or SetTracer.
func (m *Machine) SetWatch(w Watch) {
	s, b := &m.watch, &m.bus
	s.Watch = w
	if !s.inEdge {
		// The tracer's state may have changed: its old ranges may mean other buckets. (It
		// has been told of their cycles before anything that changes its state.)
		m.flushSpans()
		s.nranges = 0
	}
	s.cur = s.nranges % len(s.ranges)
	if s.nranges >= len(s.ranges) && s.ranges[s.cur].cycles != 0 {
		m.flushSpans() // the oldest range makes room
	}
	s.ranges[s.cur] = watchRange{lo: w.Lo, span: w.Span, code: w.Code} // retrigger sets whi
	s.nranges++
	s.spans = m.tracer != nil && !w.Every
	b.spans = s.spans
	b.instrs.every = m.tracer != nil && w.Every
	b.recAll = b.instrs.every || b.instrs.rec != nil
	b.wrote = false
	// A write matters to an anchored loop (it will not confirm) and to a confirmed one
	// (it ends there, so the write itself is looked at).
	b.trapLooks = s.spans && w.Fine
	s.pre = prefixStore{}
	switch {
	case !s.spans || !w.Detect:
		b.disarmWriteTrap()
		s.ds = dsOff
	case w.Fine:
		b.armWriteTrap()
		s.ds = dsFine
	default:
		if w.Loop.Closes == 1 {
			s.pre = m.prefixOf(w.Loop.Head, w.Loop.End)
		}
		m.armFor(w.Loop.Closes)
	}
	m.retrigger()
}

// WatchLoop is the loop detector's state now: an anchored loop that has written since its
// last close is no longer anchored.
func (m *Machine) WatchLoop() Loop {
	l := m.watch.Loop
	if m.bus.wrote {
		l.Closes = 0
	}
	return l
}

// SetRecorder attaches a recorder that receives every instruction (nil detaches it).
func (m *Machine) SetRecorder(r Recorder) {
	b := &m.bus
	m.sync(b.cycle)
	b.instrs.rec = r
	b.recAll = b.instrs.every || r != nil
	m.retrigger()
}

// PC is the address of the next instruction.
func (m *Machine) PC() uint16 { return m.cpu.PC }

// SP is the stack pointer now. During a tracer's report of an interrupt entry, a BRK or an
// RTI it is the value that entry or instruction left.
func (m *Machine) SP() uint8 { return m.cpu.S }

// BankAt is the bank mapped at pc: the RAM bank for $A000-$BFFF, the ROM bank for
// $C000-$FFFF, else 0.
func (m *Machine) BankAt(pc uint16) uint8 { return m.bankAt(pc) }

// retrigger sets the run loop's range checks. The profiler's range (b.plo, b.pspan) holds
// every PC unless a tracer takes spans; then it is the tracer's range, and inside a
// confirmed loop only the part of it in the loop's body. The run loop's check (b.whi) ends
// the part of it below the trapped PCs, or is 0 (always fails) when every instruction is
// recorded.
func (m *Machine) retrigger() {
	w, b := &m.watch, &m.bus
	b.recAny = b.keepRecent || b.recAll
	b.backHooks = b.recAny || w.spans
	// plain: moving to a range the tracer gave is three stores (useRange).
	w.plain = w.spans && !w.Fine && !b.recAny
	for i := range min(w.nranges, len(w.ranges)) {
		r := &w.ranges[i]
		r.whi = m.bound(r.lo, r.span)
	}
	cur := &w.ranges[w.cur]
	switch {
	case !w.spans:
		m.setTrigger(0, 1<<16)
	case w.Fine:
		lo := max(cur.lo, uint32(w.Loop.Head))
		hi := min(cur.lo+cur.span, uint32(w.Loop.End)+1)
		m.setTrigger(lo, max(hi, lo)-lo)
	default:
		m.setTrigger(cur.lo, cur.span)
	}
}

// setTrigger sets the profiler's range and the run loop's (see retrigger).
func (m *Machine) setTrigger(lo, span uint32) {
	b := &m.bus
	b.plo, b.pspan = lo, span
	b.whi, b.rhi = 0, 0
	switch {
	case b.recAll:
	case b.keepRecent:
		b.rhi = m.bound(lo, span)
	default:
		b.whi = m.bound(lo, span)
	}
}

// bound is the run loop's bound for the profiler's range [lo, lo+span): its end, or the
// lowest trapped PC, whichever is lower; 0 (always look) when that leaves nothing.
func (m *Machine) bound(lo, span uint32) uint32 {
	if hi := min(lo+span, uint32(m.sys.trapLow)); hi > lo {
		return hi
	}
	return 0
}

// after runs when the run loop's range check fails after an instruction that did not move
// the PC backward: it is recorded, the profiler looks at it, a KERNAL trap runs.
func (m *Machine) after(pc uint16, op uint8, start uint64) Event {
	m.afterHooks(pc, op, start)
	if m.cpu.PC >= m.sys.trapLow {
		return m.runTrap()
	}
	return 0
}

// afterHooks is after's work for the recorder and the profiler.
func (m *Machine) afterHooks(pc uint16, op uint8, start uint64) {
	b := &m.bus
	if b.recAll {
		m.record(pc, op, start)
	}
	if uint32(m.cpu.PC)-b.plo >= b.pspan {
		m.outOfRange(pc, op, start)
	} else if b.whi == 0 && !b.recAll && m.sys.trapLow != 0 {
		// A trap was requested (sysDevices.request; with trapLow 0, runPending retriggers,
		// and the debugger keeps it 0).
		m.retrigger()
	}
}

// outOfRange runs when the next PC failed the profiler's range check: the PC left the range
// (moveRange; going back to the range watched before, as a call into a zone and the return
// from it do, is written out here), or the instruction forced a look.
func (m *Machine) outOfRange(pc uint16, op uint8, start uint64) {
	b, w := &m.bus, &m.watch
	next := m.cpu.PC
	switch r := &w.ranges[w.prev&(len(w.ranges)-1)]; {
	case b.pspan != 0 && w.plain && uint32(next)-r.lo < r.span && w.prev < w.nranges:
		if b.cycle > w.reported {
			w.ranges[w.cur].cycles += b.cycle - w.reported
			w.newest, w.reported = w.cur, b.cycle
		}
		w.tellings++
		w.prev, w.cur = w.cur, w.prev
		b.plo, b.pspan, b.whi = r.lo, r.span, r.whi
	case b.pspan != 0 && w.spans && !w.Fine:
		m.moveRange(next)
	default:
		m.look(pc, op, start) // retriggers
	}
}

// runTrap runs the KERNAL traps for the PC (kernal_traps.go) and tells the profiler if they
// moved it.
func (m *Machine) runTrap() Event {
	var e Event
	if at := m.cpu.PC; at >= m.sys.kernLow || m.sys.pending != 0 {
		sp := m.cpu.S
		e = m.trap()
		if m.cpu.PC != at {
			m.pcMoved()
		}
		if b := &m.bus; b.calls != nil && m.cpu.S != sp {
			b.noteStack(&m.cpu, CallStack) // a trap that returns for the routine it stands for
		}
	}
	if e == 0 && m.dbg != nil {
		e = m.debugStop(false) // the debugger lowered trapLow to look at every instruction
	}
	return e
}

// record stores the instruction at pc for the recorder and a tracer that wants every one.
// A batch ends at every BRK and RTI, so a tracer reading the stack pointer (SP) while it
// handles one sees the value that instruction left, as it does in span mode, where both are
// reported one at a time (the profiler matches an interrupt's RTI by it).
func (m *Machine) record(pc uint16, op uint8, start uint64) {
	b := &m.bus
	if b.instrs.record(MakeInstrEvent(pc, m.cpu.PC, uint16(b.cycle-start), op, m.bankAt(pc))) || op|0x40 == 0x40 {
		b.instrs.flush()
	}
}

// look runs after an instruction whose next PC is outside the profiler's range when that is
// more than the PC leaving it (outOfRange): the instruction forced a look (BRK, WAI, RTI, a
// bank latch or marker write), or a confirmed loop is watched, or every instruction is
// recorded. pc, op and start describe the instruction.
func (m *Machine) look(pc uint16, op uint8, start uint64) {
	b, w := &m.bus, &m.watch
	m.retrigger() // undo a forced look
	if !w.spans || w.eventAt == start+1 {
		b.nmarks, b.forced = 0, false
		return // nobody takes spans, or the loop detector has just reported it
	}
	next := m.cpu.PC
	if b.forced || w.Fine && (next < w.Loop.Head || next > w.Loop.End) {
		m.reportInstr(MakeInstrEvent(pc, next, uint16(b.cycle-start), op, m.bankAt(pc)), start)
		return
	}
	if r := &w.ranges[w.cur]; uint32(next)-r.lo >= r.span {
		m.moveRange(next)
	}
}

// moveRange counts the cycles up to now in the range watched, and moves the watch to the
// range holding pc: one the tracer gave since its state last changed, or a new one it is
// asked for (Edge). A call into a zone and the return from it cost no more than this.
func (m *Machine) moveRange(pc uint16) {
	w, b := &m.watch, &m.bus
	if b.cycle > w.reported {
		w.ranges[w.cur].cycles += b.cycle - w.reported
		w.newest = w.cur
		w.reported = b.cycle
	}
	w.tellings++
	// The range watched before this one first: a call into a zone and the return from it
	// alternate between two.
	n := min(w.nranges, len(w.ranges))
	if p := w.prev; p < n && uint32(pc)-w.ranges[p].lo < w.ranges[p].span {
		m.useRange(p)
		return
	}
	for i := range n {
		if r := &w.ranges[i]; uint32(pc)-r.lo < r.span {
			m.useRange(i)
			return
		}
	}
	w.prev = w.cur
	w.inEdge = true
	m.tracer.Edge()
	w.inEdge = false
}

// reportInstr reports one instruction that started at start (span mode), after the span
// before it and the marker writes it made (a marker lands before the instruction that
// wrote it, as in PROFILER.md section 3).
func (m *Machine) reportInstr(e InstrEvent, start uint64) {
	b, w := &m.bus, &m.watch
	m.spanTo(start)
	m.flushSpans()
	for _, v := range b.marks[:b.nmarks] {
		m.tracer.Marker(v)
	}
	b.nmarks, b.forced = 0, false
	w.one[0] = e
	w.reported = b.cycle
	w.eventAt = start + 1
	w.tellings++
	m.tracer.Instrs(w.one[:])
}

// useRange makes range i the one watched.
func (m *Machine) useRange(i int) {
	w, b := &m.watch, &m.bus
	w.prev, w.cur = w.cur, i
	if r := &w.ranges[i]; w.plain {
		b.plo, b.pspan, b.whi = r.lo, r.span, r.whi
	} else {
		m.retrigger()
	}
}

// spanTo counts the cycles from the last report up to t in the range watched (span mode).
func (m *Machine) spanTo(t uint64) {
	w := &m.watch
	if t > w.reported {
		w.ranges[w.cur].cycles += t - w.reported
		w.newest = w.cur
	}
	w.reported = t
}

// flushSpans tells the tracer the cycles counted in each range, the one that counted last
// at the end, so the tracer's latest charge is the latest code (whether the CPU was waiting
// when a VSYNC lands depends on it). It comes before anything else the tracer is told,
// except Edge.
func (m *Machine) flushSpans() {
	w := &m.watch
	for i := range min(w.nranges, len(w.ranges)) {
		if r := &w.ranges[i]; i != w.newest && r.cycles != 0 {
			m.tracer.Span(r.cycles, r.code)
			r.cycles = 0
		}
	}
	if r := &w.ranges[w.newest]; r.cycles != 0 {
		m.tracer.Span(r.cycles, r.code)
		r.cycles = 0
	}
}

// sync brings the recorder and the tracer up to cycle t, an instruction boundary, before
// another event is reported: a halt in WAI up to t first.
func (m *Machine) sync(t uint64) {
	w := &m.watch
	if w.halted {
		w.halted = false
		w.reported = t
		m.tracer.Wait(uint32(t - w.haltFrom))
		return // the halt began at a sync: nothing else is pending
	}
	m.bus.instrs.flush()
	if w.spans {
		m.spanTo(t)
		m.flushSpans()
	}
}

// pcMoved tells a span tracer that the PC changed outside an instruction (a KERNAL trap's
// return, SetCPU, a program start).
func (m *Machine) pcMoved() {
	if m.watch.spans {
		m.moveRange(m.cpu.PC)
	}
}
