package core

import "x16scope/vera"

// The Machine type, its interrupt entry and its device service; the run loop is in
// runloop.go. Its exported methods are
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
	if b.calls != nil {
		k := CallIRQ
		if kind == NMI {
			k = CallNMI
		}
		b.noteEntry(&m.cpu, k, start)
	}
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
			m.FlushCalls() // the profiler closes the frame's calls at the VSYNC
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
