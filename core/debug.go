package core

import "fmt"

// The debugger's side of the machine: breakpoints, watchpoints and stepping.
//
// It costs nothing while nothing is set. The checks ride on paths the machine takes anyway:
//   - Per-instruction conditions (PC breakpoints, BRK/STP, stepping, a watchpoint that fired)
//     lower the KERNAL traps' lowest PC to 0 (sysDevices.rearm), so the run loop's one
//     compare after each instruction fails and the trap path (runTrap) asks debugStop.
//   - Watchpoints send the accesses they watch down the bus's slow paths, which already
//     test one flag first (Bus.special, shared with the flat test bus); fixed RAM is only
//     slowed down when a watchpoint covers it.
//   - Raster-line and frame stops bound the run's target cycle (runDebug), once per
//     RunUntil.
//
// A stop happens between instructions: the machine returns EventBreak and DebugStop says
// why. Running again executes the instruction at the PC first, so a breakpoint there does
// not stop it again at once.

// Breakpoint stops before the instruction at Addr executes.
type Breakpoint struct {
	Addr uint16
	// Bank is the RAM bank ($A000-$BFFF) or ROM bank ($C000-$FFFF) that must be mapped, or
	// AnyBank. It is ignored below $A000.
	Bank int
}

// AnyBank matches whatever bank is mapped.
const AnyBank = -1

// Space is the address space a watchpoint watches.
type Space uint8

const (
	// SpaceCPU is the CPU's address space as mapped at the access, I/O registers included
	// ($9F20-$9F3F are VERA's registers).
	SpaceCPU Space = iota
	// SpaceBanked is banked RAM: Bank and an address in $A000-$BFFF.
	SpaceBanked
	// SpaceVRAM is VRAM (17-bit addresses), accessed through VERA's data ports.
	SpaceVRAM
)

func (s Space) String() string {
	switch s {
	case SpaceCPU:
		return "cpu"
	case SpaceBanked:
		return "banked"
	case SpaceVRAM:
		return "vram"
	}
	return "space?"
}

// Access kinds a watchpoint fires on.
const (
	WatchRead  uint8 = 1 << 0
	WatchWrite uint8 = 1 << 1
)

// Watchpoint stops after the instruction that reads or writes one of Len bytes at Addr.
// Reads include instruction fetches.
type Watchpoint struct {
	Space Space
	On    uint8 // WatchRead | WatchWrite
	Addr  uint32
	Len   uint32 // 0 counts as 1
	Bank  uint8  // SpaceBanked only
}

// VERARegWrites is the watchpoint on every write to VERA's registers.
func VERARegWrites() Watchpoint {
	return Watchpoint{Space: SpaceCPU, On: WatchWrite, Addr: 0x9F20, Len: 0x20}
}

// StopReason says why the debugger stopped the machine.
type StopReason uint8

const (
	StopNone       StopReason = iota
	StopBreakpoint            // a PC breakpoint
	StopWatch                 // a watchpoint fired (Stop.Access)
	StopBRK                   // the next instruction is BRK
	StopSTP                   // the next instruction is STP
	StopStep                  // a step finished
	StopRaster                // the beam reached the raster line
	StopFrame                 // the frame asked for began (RunToFrame)
)

var stopNames = [...]string{"none", "breakpoint", "watchpoint", "brk", "stp", "step", "raster", "frame"}

func (r StopReason) String() string {
	if int(r) < len(stopNames) {
		return stopNames[r]
	}
	return "reason?"
}

// Access is one watched memory access.
type Access struct {
	Space Space
	Addr  uint32
	Bank  uint8 // SpaceBanked
	Value uint8 // the byte written, or the byte read
	Write bool
}

// Stop is where and why the machine last stopped for the debugger.
type Stop struct {
	Reason StopReason
	PC     uint16
	Bank   uint8  // bank mapped at PC
	Cycle  uint64 // machine cycle of the stop
	Watch  int    // index of the watchpoint (StopWatch)
	Access Access // StopWatch
	Line   int    // raster line (StopRaster)
}

func (s Stop) String() string {
	out := fmt.Sprintf("%s at $%04X", s.Reason, s.PC)
	if s.PC >= bankedRAM {
		out = fmt.Sprintf("%s at $%02X:%04X", s.Reason, s.Bank, s.PC)
	}
	switch s.Reason {
	case StopWatch:
		kind := "read"
		if s.Access.Write {
			kind = "write"
		}
		out += fmt.Sprintf(" (%s %s $%X = $%02X by the instruction before)", s.Access.Space, kind, s.Access.Addr, s.Access.Value)
	case StopRaster:
		out += fmt.Sprintf(" (line %d)", s.Line)
	}
	return out
}

type stepKind uint8

const (
	stepNone  stepKind = iota
	stepCount          // stop after n instructions (or an interrupt entry)
	stepTo             // stop at PC with the stack at least as high as at the start
	stepOut            // stop once the stack rises above where it was (RTS, RTI)
	stepRange          // stop when the PC leaves [lo, hi), calls skipped when over
)

// debugger is the machine's debugging state; Machine.dbg is nil until something is set.
type debugger struct {
	on       bool // anything is set: RunUntil goes through runDebug
	perInstr bool // a condition needs a look after every instruction (trapLow 0)

	bps    []Breakpoint
	bpBits [1 << 16 / 64]uint64 // PCs with a breakpoint in some bank
	watch  []Watchpoint
	brk    bool
	stp    bool
	raster int // -1: off

	step      stepKind
	count     int
	stepS     uint8
	to        uint16
	lo, hi    uint32
	over      bool
	frameStop uint64 // cycle of the VSYNC RunToFrame waits for; 0: none

	hit    bool // a watchpoint fired in the instruction in progress
	hitW   int
	hitAcc Access

	stop Stop
}

func (m *Machine) debugger() *debugger {
	if m.dbg == nil {
		m.dbg = &debugger{raster: -1}
	}
	return m.dbg
}

// rearmDebug recomputes what the run loop and the bus must do for the debugger.
func (m *Machine) rearmDebug() {
	d, b := m.dbg, &m.bus
	d.perInstr = len(d.bps) > 0 || len(d.watch) > 0 || d.brk || d.stp || d.step != stepNone
	d.on = d.perInstr || d.raster >= 0 || d.frameStop != 0
	b.dbg = nil
	b.special = b.flat
	b.lowLimit, b.fastWriteLimit = ioStart, ioStart-2
	if len(d.watch) > 0 {
		b.dbg = d
		b.special = true
		for _, w := range d.watch {
			// Fixed RAM is the bus's fast path: leave it only when watched.
			if w.Space == SpaceCPU && w.Addr < ioStart {
				if w.On&WatchRead != 0 {
					b.lowLimit = 0
				}
				if w.On&WatchWrite != 0 {
					b.fastWriteLimit = 0
				}
			}
		}
	}
	b.syncROM()
	if !b.writeTrap {
		b.writeLimit = b.fastWriteLimit
	}
	m.sys.rearm()
}

// runTo runs until the PC reaches addr; with over, only with the stack at least as high as
// now (not in a deeper call or an interrupt handler).
func (m *Machine) runTo(addr uint16, over bool) {
	d := m.debugger()
	m.clearStep()
	d.step, d.to, d.over, d.stepS = stepTo, addr, over, m.cpu.S
	m.rearmDebug()
}

func (m *Machine) clearStep() {
	d := m.dbg
	d.step, d.count, d.frameStop = stepNone, 0, 0
}

// runDebug is RunUntil while the debugger has something set: raster-line and frame stops
// bound the target.
func (m *Machine) runDebug(target uint64) Event {
	d := m.dbg
	now := m.bus.cycle
	t, why := target, StopNone
	if d.raster >= 0 {
		at := now - now%CyclesPerFrame + uint64(d.raster)*CyclesPerLine
		if at <= now {
			at += CyclesPerFrame
		}
		if at < t {
			t, why = at, StopRaster
		}
	}
	if d.frameStop != 0 && d.frameStop <= t {
		t, why = d.frameStop, StopFrame
	}
	ev := m.run(t)
	m.sync(m.bus.cycle)
	m.vera.CatchUp(m.bus.cycle)
	if ev&(EventBreak|EventStop|EventExit) == 0 && why != StopNone && m.bus.cycle >= t {
		if why == StopFrame {
			d.frameStop = 0
			m.rearmDebug()
		}
		m.setStop(Stop{Reason: why, Line: d.raster})
		ev |= EventBreak
	}
	return ev
}

// debugStop runs between instructions while a per-instruction condition is set (the trap
// path, and after an interrupt entry): it returns EventBreak when the machine must stop.
func (m *Machine) debugStop(interrupt bool) Event {
	d := m.dbg
	if d == nil || !d.perInstr {
		return 0
	}
	c := &m.cpu
	pc := c.PC
	if !d.hit && d.bpBits[pc>>6]&(1<<(pc&63)) == 0 && !d.brk && !d.stp && d.step == stepNone {
		return 0 // the common case while breakpoints are set: not at one
	}
	var st Stop
	switch {
	case d.hit:
		d.hit = false
		st = Stop{Reason: StopWatch, Watch: d.hitW, Access: d.hitAcc}
	case d.bpBits[pc>>6]&(1<<(pc&63)) != 0 && m.bpMatches(pc):
		st.Reason = StopBreakpoint
	case d.brk && m.bus.peek(pc) == 0x00:
		st.Reason = StopBRK
	case d.stp && m.bus.peek(pc) == 0xDB:
		st.Reason = StopSTP
	case d.step != stepNone:
		switch d.step {
		case stepCount:
			d.count--
			if d.count <= 0 || interrupt {
				st.Reason = StopStep
			}
		case stepTo:
			if pc == d.to && (!d.over || int8(c.S-d.stepS) >= 0) {
				st.Reason = StopStep
			}
		case stepOut:
			if int8(c.S-d.stepS) > 0 {
				st.Reason = StopStep
			}
		case stepRange:
			if (uint32(pc) < d.lo || uint32(pc) >= d.hi) && (!d.over || int8(c.S-d.stepS) >= 0) {
				st.Reason = StopStep
			}
		}
	}
	if st.Reason == StopNone {
		return 0
	}
	if d.step != stepNone || d.frameStop != 0 {
		m.clearStep() // any stop ends a step or run-to-frame in progress
		m.rearmDebug()
	}
	m.setStop(st)
	return EventBreak
}

func (m *Machine) setStop(st Stop) {
	st.PC = m.cpu.PC
	st.Bank = m.bankAt(st.PC)
	st.Cycle = m.bus.cycle
	m.dbg.stop = st
}

// bpMatches tells whether a breakpoint at pc matches the bank mapped now.
func (m *Machine) bpMatches(pc uint16) bool {
	bank := int(m.bankAt(pc))
	for _, bp := range m.dbg.bps {
		if bp.Addr == pc && (bp.Bank == AnyBank || pc < bankedRAM || bp.Bank == bank) {
			return true
		}
	}
	return false
}

// watchAccess checks one bus access against the watchpoints (Bus.special is set). It runs
// before the access, so a read's value is what the access will return (a side-effect-free
// peek).
func (b *Bus) watchAccess(a uint16, v uint8, write bool) {
	d := b.dbg
	if d == nil || d.hit {
		return
	}
	kind := WatchRead
	if write {
		kind = WatchWrite
	}
	var vaddr uint32
	vport := a == 0x9F23 || a == 0x9F24
	if vport {
		vaddr = b.vera.PortAddr(int(a - 0x9F23))
	}
	for i, w := range d.watch {
		if w.On&kind == 0 {
			continue
		}
		acc := Access{Space: w.Space, Write: write, Value: v}
		switch w.Space {
		case SpaceCPU:
			if uint32(a)-w.Addr >= w.Len {
				continue
			}
			acc.Addr = uint32(a)
			if !write {
				acc.Value = b.peek(a)
			}
		case SpaceBanked:
			if a < bankedRAM || a >= romStart || b.ramBank != w.Bank || uint32(a)-w.Addr >= w.Len {
				continue
			}
			acc.Addr, acc.Bank = uint32(a), w.Bank
			if !write {
				acc.Value = b.peek(a)
			}
		case SpaceVRAM:
			if !vport || vaddr-w.Addr >= w.Len {
				continue
			}
			acc.Addr = vaddr
			if !write {
				acc.Value = b.vera.PeekVRAM(vaddr)
			}
		}
		d.hit, d.hitW, d.hitAcc = true, i, acc
		return
	}
}
