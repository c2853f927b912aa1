package core

import (
	"fmt"

	"x16scope/vera"
)

// Timing of one VGA frame in CPU cycles (X16-HARDWARE.md 3.1): 800 VERA clocks per line at
// 25 MHz are exactly 256 CPU cycles at 8 MHz.
const (
	CyclesPerLine  = 256
	LinesPerFrame  = 525
	CyclesPerFrame = CyclesPerLine * LinesPerFrame // 134,400
	VSyncLine      = 480
	// vsyncOffset is the cycle within a frame (counted from line 0) at which VSYNC fires.
	vsyncOffset = VSyncLine * CyclesPerLine
)

// Event is a set of flags telling the caller of RunUntil/RunFrame what happened.
type Event uint32

const (
	// EventVSync: VERA reached line 480 (a frame was completed and its picture is ready).
	EventVSync Event = 1 << iota
	// EventStop: the CPU executed STP and is halted until reset.
	EventStop
	// EventExit: the PC reached $FFFF, the official emulator's "program returned" convention,
	// or a program started by StartPRG on the built-in ROM returned to its READY prompt.
	EventExit
	// EventBreak: the debugger stopped the machine between instructions (DebugStop says why).
	EventBreak
)

// Config describes a machine to build.
type Config struct {
	// RAMKB is the banked RAM size in KB: a multiple of 8 from 8 to 2048. 0 means 512.
	RAMKB int
	// ROM is a full 512 KB ROM image (32 banks of 16 KB). Nil leaves the ROM space empty
	// ($FF bytes), for programs started directly.
	ROM []byte
}

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

// New builds a machine and resets it.
func New(cfg Config) (*Machine, error) {
	kb := cfg.RAMKB
	if kb == 0 {
		kb = 512
	}
	if kb < 8 || kb > 2048 || kb%8 != 0 {
		return nil, fmt.Errorf("banked RAM size %d KB: must be a multiple of 8 KB from 8 to 2048", kb)
	}
	rom := make([]byte, ROMSize)
	if cfg.ROM != nil {
		if len(cfg.ROM) == 0 || len(cfg.ROM) > ROMSize || len(cfg.ROM)%romBankSize != 0 {
			return nil, fmt.Errorf("ROM image is %d bytes: want a multiple of 16 KB up to %d bytes (32 banks)", len(cfg.ROM), ROMSize)
		}
		copy(rom, cfg.ROM)
		for i := len(cfg.ROM); i < ROMSize; i++ {
			rom[i] = 0xFF
		}
	} else {
		for i := range rom {
			rom[i] = 0xFF
		}
	}
	m := &Machine{vera: vera.New()}
	b := &m.bus
	b.lowLimit = ioStart
	b.writeLimit = ioStart - 2
	b.fastWriteLimit = b.writeLimit
	b.nbanks = kb / 8
	b.banked = make([]byte, b.nbanks*bankSize)
	b.rom = rom
	b.vera = m.vera
	m.cpu.b = b
	b.sys = &m.sys
	m.sys.init(m)
	m.retrigger()
	m.Reset()
	return m, nil
}

// Reset is the reset button: CPU, VIAs and VERA reset, both bank latches go to 0, memory
// keeps its contents (as on hardware), and the CPU fetches the reset vector.
func (m *Machine) Reset() {
	b := &m.bus
	b.setRAMBank(0)
	b.setROMBank(0)
	b.ram[0], b.ram[1] = 0, 0
	b.via1.Reset()
	b.via2.Reset()
	m.vera.Reset()
	b.ym.reset(b.cycle)
	b.emu = emuDevice{}
	m.sys.reset()
	m.sync(b.cycle)
	m.cpu.Reset()
	m.watch.reported = b.cycle // the reset sequence is no instruction: nobody is charged for it
	b.next, b.devNext = 0, 0
	if m.tracer != nil {
		m.tracer.Reset()
	}
}

// SetTracer attaches a profiler (nil detaches it). It receives every instruction until it
// asks for spans (SetWatch).
func (m *Machine) SetTracer(t Tracer) {
	m.sync(m.bus.cycle)
	m.tracer = t
	m.bus.instrs.tracer = t
	m.watch.reported = m.bus.cycle
	m.SetWatch(Watch{Every: true})
}

// VERA gives access to the video chip, for rendering output and its Peek paths.
func (m *Machine) VERA() *vera.VERA { return m.vera }

// Cycle is the number of CPU cycles since the machine was built.
func (m *Machine) Cycle() uint64 { return m.bus.cycle }

// Frame is the number of VSYNCs since the machine was built (a VSYNC landing exactly on
// the current cycle counts: it has been processed). Frames are numbered from power-on: frame
// n is the one that ends at the n-th VSYNC, so Frame is the number of the last complete one.
func (m *Machine) Frame() uint64 { return FramesAt(m.bus.cycle) }

// FramesAt is the number of VSYNCs from power-on up to and including cycle.
func FramesAt(cycle uint64) uint64 {
	if cycle < vsyncOffset {
		return 0
	}
	return (cycle-vsyncOffset)/CyclesPerFrame + 1
}

// NextVSync is the cycle of the first VSYNC strictly after the current cycle.
func (m *Machine) NextVSync() uint64 {
	c := m.bus.cycle
	if c < vsyncOffset {
		return vsyncOffset
	}
	return ((c-vsyncOffset)/CyclesPerFrame+1)*CyclesPerFrame + vsyncOffset
}

// RunFrame runs to the next VSYNC (or until the CPU stops or exits).
func (m *Machine) RunFrame() Event {
	return m.RunUntil(m.NextVSync())
}

// RunUntil runs whole instructions until the cycle counter reaches target, then services
// the devices once more so that an event landing exactly on target (a VSYNC) is reported.
// It stops early when the CPU stops (STP) or exits (PC = $FFFF).
func (m *Machine) RunUntil(target uint64) Event {
	if m.dbg != nil && m.dbg.on {
		return m.runDebug(target)
	}
	ev := m.run(target)
	m.sync(m.bus.cycle) // whoever reads the profile after this call sees every cycle
	return ev
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

// NMI raises the non-maskable interrupt (the NMI button).
func (m *Machine) NMI() { m.cpu.nmi, m.bus.next = true, 0 }

// Peek reads the CPU address space as the CPU would see it now, without side effects.
func (m *Machine) Peek(addr uint16) uint8 { return m.bus.peek(addr) }

// PeekBanked reads a banked RAM byte ($A000-$BFFF) of any bank without side effects.
func (m *Machine) PeekBanked(bank uint8, addr uint16) uint8 {
	return m.bus.peekBanked(bank, bankedRAM|addr&0x1FFF)
}

// PeekROM reads a ROM byte ($C000-$FFFF) of any bank without side effects.
func (m *Machine) PeekROM(bank uint8, addr uint16) uint8 {
	return m.bus.peekROM(bank, romStart|addr&0x3FFF)
}

// Poke writes RAM without side effects on devices (loading programs, debugger edits).
// I/O and ROM addresses are refused.
func (m *Machine) Poke(addr uint16, v uint8) error {
	switch {
	case addr == 0: // the bank latches, and the RAM copies the CPU reads back
		m.bus.setRAMBank(v)
		m.bus.ram[0] = v
		m.bus.forceLook() // as for a CPU write: the profiler looks again
	case addr == 1:
		m.bus.setROMBank(v)
		m.bus.ram[1] = v
		m.bus.forceLook()
	case addr < ioStart:
		m.bus.ram[addr] = v
	case addr < bankedRAM:
		return fmt.Errorf("poke $%04X: I/O page is not memory", addr)
	case addr < romStart:
		if int(m.bus.ramBank) < m.bus.nbanks {
			m.bus.banked[int(m.bus.ramBank)*bankSize+int(addr-bankedRAM)] = v
			m.bus.written[m.bus.ramBank>>3] |= 1 << (m.bus.ramBank & 7)
		}
	default:
		return fmt.Errorf("poke $%04X: ROM is read-only", addr)
	}
	return nil
}

// RAMBank and ROMBank are the current bank latches.
func (m *Machine) RAMBank() uint8 { return m.bus.ramBank }
func (m *Machine) ROMBank() uint8 { return m.bus.romBank }

// RAMBanks is the number of populated 8 KB RAM banks.
func (m *Machine) RAMBanks() int { return m.bus.nbanks }

// CPU returns a copy of the CPU registers.
func (m *Machine) CPU() CPUState { return m.cpu.State() }

// SetCPU sets the CPU registers (debugger, direct program start).
func (m *Machine) SetCPU(s CPUState) {
	m.cpu.SetState(s)
	m.bus.next = 0
	m.pcMoved()
}

// DrainConsole returns and clears what the guest printed through the emulator device
// ($9FB9-$9FBB).
func (m *Machine) DrainConsole() []byte {
	out := m.bus.emu.console
	m.bus.emu.console = nil
	return out
}
