package core

import "x16scope/vera"

// The Machine type and its run loop (run, interrupt, service). Its exported methods are
// grouped by who calls them:
//   - machine_run.go: running (RunFrame, RunUntil, the clock and frame numbers);
//   - machine_load.go: building, loading and starting (New, Reset, StartPRG, Poke, host files);
//   - machine_input.go: input devices (keyboard, mouse, SNES pads, NMI);
//   - machine_inspect.go: side-effect-free reads (Peek*, CPU, banks, VERA);
//   - machine_observe.go: attaching the profiler's Tracer (observe_events.go says what it is
//     told), the console and notices; SetWatch and SetRecorder (watch.go) and the
//     recent-instruction ring (recent.go) also belong here;
//   - machine_debug.go: the debugger (breakpoints, watchpoints, stepping);
//   - sound.go: the audio output; state.go: save states; idle.go: the idle fast-forward switch.

// Machine is one Commander X16: CPU, bus, VIAs and VERA. It has no package-level state, so
// any number of machines can run in one process, and no wall clock: the same inputs always
// give the same cycles and memory.
type Machine struct {
	cpu    CPU
	bus    Bus
	vera   *vera.VERA
	tracer Tracer
	watch  watchState // what the run loop watches for the tracer (watch.go)
	sys    sysDevices // SMC, RTC, SNES, host file system, KERNAL traps (kernal_traps.go)
	idle   idleState  // idle-loop fast-forward (idle.go)
	dbg    *debugger  // breakpoints, watchpoints, stepping (debug.go); nil until used
	snd    soundState // the mixed sound output, when on (sound.go)
	romSum *[32]byte  // the ROM's identity for save states, computed once (state.go)
}

func (m *Machine) run(target uint64) Event {
	b := &m.bus
	c := &m.cpu
	var ev Event
	// b.next is the one compare an ordinary instruction pays for everything that is not
	// the instruction itself: it is at most the next device service (b.devNext) and the
	// run's target, and 0 whenever something needs a look before the next instruction (an
	// I/O access, an interrupt line, NMI, WAI, STP, an instruction that may clear I).
	b.next = 0
	for {
		if b.cycle >= b.next {
			if b.cycle >= b.devNext {
				ev |= m.service()
			}
			if b.cycle >= target {
				return ev
			}
			b.next = min(b.devNext, target)
			if c.irq || c.nmi {
				if m.interrupt() {
					if m.dbg != nil { // a breakpoint on the handler, or a step into it
						if e := m.debugStop(true); e != 0 {
							return ev | e
						}
					}
					continue
				}
			}
			if c.halt != 0 {
				if c.halt == haltStop {
					b.next = 0
					return ev | EventStop
				}
				// WAI: nothing happens until a device event, so jump straight to it.
				// The tracer is told once the halt ends, or before anything else it is told
				// (sync), not at every device event on the way.
				if w := &m.watch; m.tracer != nil && !w.halted {
					m.sync(b.cycle)
					w.halted, w.haltFrom = true, b.cycle
				}
				b.cycle = b.next
				continue
			}
			if m.watch.halted {
				m.sync(b.cycle) // the halt ended (an IRQ woke WAI with I set): tell it first
			}
			// An IRQ line held while I is set is looked at again only when an instruction
			// that can clear I (CLI, PLP, RTI) sets b.next to 0.
		}
		// One instruction: CPU.Step written out here, because a call per instruction is a
		// large share of the loop's cost (Step is too big to inline; both must agree, and
		// TestRunLoopMatchesStep checks they do).
		// The opcode and operand fetches are Bus.read with the ROM fast path added (too
		// big for read to inline): most programs spend much of their time in the KERNAL.
		pc := c.PC
		start := b.cycle
		b.cycle++
		var op uint8
		switch {
		case pc < b.lowLimit:
			op = b.ram[pc]
		case pc&b.romGate >= romStart:
			op = b.romCur[pc-romStart]
		default:
			op = b.readSlow(pc)
			b.noteFetch(pc)
		}
		if op&0x07 == 0x03 && op|0x10 != 0xDB {
			c.PC = pc + 1 // $x3/$xB except WAI and STP: 1 byte, 1 cycle
		} else {
			b.cycle++
			pc1 := pc + 1
			var v uint8
			switch {
			case pc1 < b.lowLimit:
				v = b.ram[pc1]
			case pc1&b.romGate >= romStart:
				v = b.romCur[pc1-romStart]
			default:
				v = b.readSlow(pc1)
			}
			c.PC = pc1
			opTable[op](c, v)
		}
		// One range check covers the profiler, the recorder and the KERNAL traps
		// (watch.go); with nobody listening it only fails at the trapped PCs ($FFFF, the
		// exit convention, unless traps are armed). A backward jump (maybe a wait loop,
		// maybe an idle loop) goes to backward instead, which makes the profiler's check
		// after the loop detector's (idle.go).
		if c.PC <= pc {
			m.backward(pc, op, start)
			if c.PC >= m.sys.trapLow {
				if e := m.runTrap(); e != 0 {
					return ev | e
				}
			}
		} else if uint32(c.PC) >= b.whi {
			if b.keepRecent {
				// The recent-instruction ring, written here rather than behind a call
				// (recent.go); when nothing else needs a look, that is all.
				b.keep(MakeInstrEvent(pc, c.PC, uint16(b.cycle-start), op, m.bankAt(pc)))
				if uint32(c.PC)-b.plo < b.pspan && c.PC < m.sys.trapLow && !b.recAll {
					continue
				}
			}
			if e := m.after(pc, op, start); e != 0 {
				return ev | e
			}
		}
	}
}

// interrupt handles a pending NMI or an asserted IRQ line before the next instruction. It
// returns true when it consumed cycles (an interrupt entry).
func (m *Machine) interrupt() bool {
	c := &m.cpu
	if c.nmi {
		c.nmi = false
		c.halt &^= haltWait
		start := m.bus.cycle
		c.Interrupt(vectorNMI)
		m.reportInterrupt(NMI, start)
		return true
	}
	// An IRQ wakes WAI even when masked; the CPU then resumes after the WAI.
	c.halt &^= haltWait
	if c.P&flagI != 0 {
		return false
	}
	start := m.bus.cycle
	c.Interrupt(vectorIRQ)
	m.reportInterrupt(IRQ, start)
	return true
}

// reportInterrupt tells the tracer and the recorder about an interrupt entry that began at
// cycle start.
func (m *Machine) reportInterrupt(kind Interrupt, start uint64) {
	b := &m.bus
	if m.tracer == nil && b.instrs.rec == nil {
		return
	}
	m.sync(start)
	cycles := uint32(b.cycle - start)
	if b.instrs.rec != nil {
		b.instrs.rec.Interrupt(kind, cycles)
	}
	if m.tracer != nil {
		m.watch.reported = b.cycle
		m.tracer.Interrupt(kind, cycles)
	}
}

// service brings the devices up to the current cycle, reports their events, re-samples the
// interrupt lines and schedules the next service.
func (m *Machine) service() Event {
	b := &m.bus
	now := b.cycle
	var ev Event
	if m.vera.SyncTo(now)&vera.EventVSync != 0 {
		ev |= EventVSync
		clear(m.idle.failed[:]) // a loop that was busy may be idle now
		if m.tracer != nil {
			m.sync(now)
			m.tracer.VSync(now)
		}
	}
	b.via1.SyncTo(now)
	b.via2.SyncTo(now)
	if now >= b.ym.next {
		b.ym.syncTo(now) // a timer overflows: its flag raises the YM's IRQ
	}
	m.cpu.irq = m.vera.IRQ() || b.via1.IRQ() || b.via2.IRQ() || b.ym.chip.IRQ()
	b.devNext = min(m.vera.NextEvent(), b.via1.NextEvent(), b.via2.NextEvent(), b.ym.next)
	if b.devNext <= now {
		b.devNext = now + 1
	}
	return ev
}

// bankAt is the bank mapped at pc: RAM bank for $A000-$BFFF, ROM bank for $C000-$FFFF.
func (m *Machine) bankAt(pc uint16) uint8 { return m.bus.banks[pc>>13] }
