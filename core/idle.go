package core

// Idle-loop fast-forward. Most X16 programs spend most of each frame waiting for VSYNC in a
// loop such as `lda $9F27 / and #1 / beq -` or `lda flag / beq -`. Such a loop is a fixed
// point: a pass leaves every register and every byte of memory as it found it. Nothing it
// reads can change before the next device event (a VERA line start, a VIA timer, the PCM
// FIFO running low, an interrupt the machine can only take at a service). So every pass
// until then is the same pass, with the same cycles, and the machine can add them up
// instead of executing them. The result is identical to executing them, cycle for cycle
// and bit for bit: the profiler and the recorders are told how many passes were skipped
// (Tracer.Repeat), and TestIdleSkipIsInvisible compares whole runs with and without it.
//
// How a loop qualifies: the same backward jump closes twice in a row (at one stack level:
// what the routines it calls do in between does not count); the machine then executes the
// next pass itself, checking that it stays inside the body (or in routines it calls), runs
// at most idleMaxInstrs instructions, never halts, writes nothing but RAM (idle_writes.go),
// passes no KERNAL trap that would act (idle_traps.go), makes no I/O read except the
// side-effect-free VERA registers whose value only changes at VERA events
// (vera.StableReg), and ends with the registers, the bank latches and every byte it wrote
// exactly as it started. Such a pass left the machine as it found it, so the next pass,
// from the same state, is the same pass again. Then whole passes are skipped up to just
// before the next event (the machine's next service, and vera.StableUntil if the pass read
// one of those VERA registers), and the machine carries on normally from there. A loop
// that fails the check is remembered (per frame) so a busy loop pays for the check once,
// not once per pass.
//
// The official KERNAL's wait is such a loop: a program calling GETIN from BASIC's ROM bank
// goes through BASIC's jump table and jsrfar, which stores the call's target in a RAM
// trampoline, rewrites return addresses on the stack, switches to the KERNAL's bank through
// $01, and in kbdbuf_get switches the RAM bank through $00 to read the key count in banked
// RAM; every one of those bytes is put back before the call returns (TestIdleOfficial*).

const (
	idleMaxInstrs = 128 // instructions in one pass of a loop worth checking (the official GETIN from BASIC: 75)
	idleFailSlots = 64  // loops remembered as not idle, direct-mapped by closing PC
)

// idleState is the detector's state.
type idleState struct {
	off bool // fast-forward disabled (SetIdleSkip(false))
	// closes[S] is the latest backward jump taken with the stack pointer at S, as end<<16 |
	// head. A loop is judged at its own stack level, so the jumps inside the routines it
	// calls (at lower S) do not hide that it closes twice in a row, nor does the loop hide
	// the jumps of a wait loop inside a routine it calls.
	closes [256]uint32
	// failed[end%idleFailSlots] == end+1 marks a loop whose check failed this frame.
	failed [idleFailSlots]uint32
	// skipped counts the cycles fast-forwarded since the machine was built (tests and
	// statistics read it).
	skipped uint64
	pass    [idleMaxInstrs]InstrEvent // the pass being checked (here, not on the stack: the tracer gets a slice of it)
	stores  idleLog                   // the bytes it wrote (idle_writes.go)
}

// SetIdleSkip turns idle-loop fast-forward on (the default) or off. Results are the same
// either way; off is slower and exists to prove that.
func (m *Machine) SetIdleSkip(on bool) { m.idle.off = !on }

// IdleCycles is how many cycles idle-loop fast-forward has skipped since the machine was
// built.
func (m *Machine) IdleCycles() uint64 { return m.idle.skipped }

// The run loop's backward path (runloop.go) runs after an instruction at pc moved the PC
// to or below pc (a taken backward branch or jump, or a return or call to a lower address),
// in place of its range check. First the recent-instruction ring, the recorder and the
// profiler's loop detector and range check (watch.go), when someone listens (b.backHooks);
// this runs for about one instruction in five in busy code, so the detector's common cases
// come first and cost a few compares: a busy loop closing again, and a call or return.
// Then, when the same jump closes the same loop again (closes, at its stack level) and the
// loop has not failed the check this frame, checkIdle checks the next pass. A call or
// return to a lower address closes no loop (closesLoops), and would hide the one it is in.

// checkIdle checks one pass of the loop whose backward jump at pc closed again to the PC
// and, if the loop is idle, skips the passes up to the next event; a loop that is not is
// remembered in failed until the next frame.
func (m *Machine) checkIdle(pc uint16) {
	if ok := m.idlePass(m.cpu.PC, pc); !ok {
		m.idle.failed[pc%idleFailSlots] = uint32(pc) + 1
	}
}

// backHooks is the backward path's work for the recent-instruction ring, the recorder and
// the profiler (b.backHooks). The run loop writes it out, calling backLook only when the
// profiler has something to do (hotLoopHolds).
func (m *Machine) backHooks(pc uint16, op uint8, start uint64) {
	if b := &m.bus; b.keepRecent {
		b.keep(MakeInstrEvent(pc, m.cpu.PC, uint16(b.cycle-start), op, 0)) // bank: Recent.fill
	}
	if !m.hotLoopHolds(pc, op) {
		m.backLook(pc, op, start)
	}
}

// hotLoopHolds tells whether a backward jump leaves the recorder and the profiler nothing
// to do: the common case in busy code, a loop that stores in every pass closing again (its
// prefix unchanged) or a call or return, inside the profiler's range, with no recorder.
func (m *Machine) hotLoopHolds(pc uint16, op uint8) bool {
	b, w := &m.bus, &m.watch
	next := m.cpu.PC
	return w.ds == dsHot && !b.recAll && uint32(next)-b.plo < b.pspan &&
		(!closesLoops[op] || pc == w.Loop.End && next == w.Loop.Head && b.prefixHolds(&w.pre))
}

// backLook is backHooks' work for the recorder and the profiler: the loop detector's
// first steps (watchloop.go) and the range check.
func (m *Machine) backLook(pc uint16, op uint8, start uint64) {
	b, w := &m.bus, &m.watch
	next := m.cpu.PC
	if b.recAll {
		m.record(pc, op, start)
	}
	switch d := &w.Loop; w.ds {
	case dsHot:
		if closesLoops[op] && (pc != d.End || next != d.Head || !b.prefixHolds(&w.pre)) {
			m.loopClose(pc, op, start)
		}
	case dsFine:
		if pc != d.End || next != d.Head || b.wrote {
			m.loopClose(pc, op, start)
		}
	case dsOther:
		switch {
		case !closesLoops[op]:
			// A call or return: it can only end an anchored loop that has not stored in
			// this pass (perf's detector drops it when the PC leaves the body).
			if d.Closes != 0 && !b.wrote && !w.pre.ok {
				m.loopClose(pc, op, start)
			}
		case pc != d.End || next != d.Head:
			m.loopClose(pc, op, start) // another loop
		case b.wrote || d.Closes == 0:
			d.Closes, b.wrote = 1, false // anchored again: it stored in this pass
			m.armFor(1)
		case !w.pre.ok || !b.prefixHolds(&w.pre):
			m.loopClose(pc, op, start) // no store seen: it may confirm
		}
		// Otherwise the loop's body starts with a store it executed: still anchored.
	}
	if uint32(next)-b.plo >= b.pspan {
		m.outOfRange(pc, op, start)
	}
}

// idlePass executes one pass of the loop [head, end] from its head and skips the passes
// that would follow it unchanged. It returns false when the loop is not idle; true when it
// is, or when the check could not finish for a reason that says nothing about the loop (an
// event, an interrupt, the run's target, the loop exiting).
//
// b.next bounds everything that is not the instruction itself (run in runloop.go): it is
// at most the next device service and the run's target, and drops to 0 for NMI, an
// instruction that may unmask an IRQ, and any I/O access that needs a look.
func (m *Machine) idlePass(head, end uint16) bool {
	b, c := &m.bus, &m.cpu
	if int(end)+3 >= int(m.sys.trapLow) {
		return true // KERNAL traps watch these PCs: leave them to the run loop
	}
	a, x, y, s, p := c.A, c.X, c.Y, c.S, c.flags()
	ramBank, romBank := b.ramBank, b.romBank
	start := b.cycle
	sideReads, stableReads := b.sideReads, b.stableReads
	tellings := m.watch.tellings
	var callFlushes uint64 // the call log where the pass began: its events are repeated
	var callMark int
	if b.calls != nil {
		callFlushes, callMark = b.calls.mark()
	}
	pass, stores := &m.idle.pass, &m.idle.stores
	stores.n = 0
	n := 0
	retried := false
again:
	for {
		if b.cycle >= b.next {
			return true // the run loop services the event; the loop may still be idle
		}
		pc := c.PC
		if (pc < head || pc > end) && c.S >= s {
			return true // the loop exited (below s, the PC is in a routine the body called)
		}
		if n == idleMaxInstrs {
			return false
		}
		if op := b.peek(pc); opcodes[op].Flags&OpWrites != 0 && !stores.note(m, op, pc) {
			return false // it would write a device or the ROM window: the run loop runs it
		}
		t0, next := b.cycle, b.next
		op := c.Step()
		// The run loop's work after an instruction for the ring, the recorder and the
		// profiler (run in runloop.go; watch.go), without its traps and idle detection.
		if c.PC <= pc {
			if b.backHooks {
				m.backHooks(pc, op, t0)
			}
		} else if uint32(c.PC) >= b.whi {
			if b.keepRecent {
				b.keep(MakeInstrEvent(pc, c.PC, uint16(b.cycle-t0), op, 0)) // bank: Recent.fill
			}
			if !b.keepRecent || uint32(c.PC) >= b.rhi {
				m.afterHooks(pc, op, t0)
			}
		}
		if c.PC >= m.sys.trapLow && !m.trapInert(c.PC) {
			return false // a KERNAL trap: the run loop runs it (after checkIdle) and goes on
		}
		pass[n] = MakeInstrEvent(pc, c.PC, uint16(b.cycle-t0), op, m.bankAt(pc))
		n++
		if opcodes[op].Flags&(OpWAI|OpSTP) != 0 {
			return false
		}
		if c.S > s {
			return false // it pulled what was on the stack before the pass
		}
		if b.next == 0 && next != 0 && (op == 0x28 || op == 0x58) && !c.irq && !c.nmi {
			// PLP or CLI asked the run loop to look at the IRQ line, which is not
			// asserted (it changes only at a device service or an I/O access): the look
			// would find nothing, and the check can go on.
			b.next = next
		}
		if pc == end && c.PC == head && c.S == s {
			break // one whole pass
		}
	}
	if b.sideReads != sideReads {
		return false
	}
	if c.A != a || c.X != x || c.Y != y || c.S != s || c.flags() != p ||
		b.ramBank != ramBank || b.romBank != romBank || !stores.holds(b) {
		if retried {
			return false
		}
		// The state the pass began with came from a pass before a device event (a
		// SCANLINE poll's previous line) or from other code (an interrupt handler left its
		// own bytes where the pass pushes): check one more pass from this one.
		retried = true
		a, x, y, s, p = c.A, c.X, c.Y, c.S, c.flags()
		ramBank, romBank = b.ramBank, b.romBank
		start, n, tellings = b.cycle, 0, m.watch.tellings
		if b.calls != nil {
			callFlushes, callMark = b.calls.mark()
		}
		stores.n = 0
		goto again
	}
	if b.calls != nil && !b.calls.holds(callFlushes) {
		return true // the log handed part of the pass over: this pass runs, the next is checked
	}
	period := b.cycle - start
	// A pass that read none of VERA's stable registers depends on nothing that changes
	// before the next device service: a line start alone does not end it.
	horizon := b.next
	if b.stableReads != stableReads {
		horizon = min(horizon, m.vera.StableUntil())
	}
	if b.cycle+period >= horizon {
		return true
	}
	// k whole passes end before horizon; the run loop executes the rest, so whatever
	// happens at horizon happens at the same instruction boundary as without skipping.
	k := (horizon - 1 - b.cycle) / period
	// The profiler is told of the skipped passes, unless it was told nothing during the
	// pass checked (span mode): then every instruction of it ran in the span the profiler
	// is in, and so do the passes skipped, which just join that span.
	tell := m.tracer != nil && !(m.watch.spans && m.watch.tellings == tellings)
	if tell {
		m.sync(b.cycle)
	} else {
		b.instrs.flush()
	}
	b.cycle += k * period
	m.idle.skipped += k * period
	if b.calls != nil {
		b.calls.repeatSince(callMark, period, k)
	}
	if b.instrs.rec != nil {
		b.instrs.rec.Repeat(pass[:n], uint32(k))
	}
	if b.keepRecent {
		// The ring's banks come from a log of the latch changes (Recent.fill), which holds
		// only the checked pass's: the skipped passes carry their own, filled in already.
		b.recent.fill()
		b.keepRepeat(pass[:n], k)
		b.recent.banks.filled = b.recent.N
	}
	if tell {
		m.watch.reported = b.cycle
		m.tracer.Repeat(pass[:n], uint32(k))
	}
	return true
}
