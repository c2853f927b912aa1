package core

// Running the machine: the frame loop of every front end (cmd/x16scope's run and capture
// commands, cmd/wasm's game loop, perf's benchmarks) calls RunFrame or RunUntil and reads the
// clock here. The loop itself is Machine.run (runloop.go); the debugger's stepping is in
// machine_debug.go.

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
	m.vera.CatchUp(m.bus.cycle)
	return ev
}

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
