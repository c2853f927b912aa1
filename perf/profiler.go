// Package perf is x16scope's frame-budget profiler (PROFILER.md): it implements core.Tracer,
// charges every CPU cycle to one bucket (irq, a marker region, a zone, wait, other), closes
// periods against a budget, keeps 60 s of per-frame history with VERA bus statistics, and
// exports the numbers as one Stats object (JSON perfStats) and read-only views for the overlay.
//
// Nothing here allocates per instruction or per frame; all storage is sized when the
// profiler is built or its zone list changes. There is no package state: any number of
// profilers (one per machine) can run in one process.
package perf

import (
	"x16scope/core"
	"x16scope/vera"
)

// Owner is a party that wants profiling on (PROFILER.md section 5: "while any owner wants
// it"). Owners are bits, so each can acquire and release independently of the others.
type Owner uint32

const (
	OwnerOverlay Owner = 1 << iota // the in-page overlay is open
	OwnerAPI                       // an API client: the debug adapter (x16scope dap)
	OwnerCLI                       // the command line: profile, run --capture-at, --resume
)

// Profiler profiles one machine. Build it with New; it is attached to the machine (via
// SetTracer) only while some owner holds it.
type Profiler struct {
	m      *core.Machine
	vera   *vera.VERA // source of the per-line bus model (FrameBus) at each VSYNC
	owners Owner
	// records: the profiler holds a running profiler's frames for display (LoadRecords)
	// and never runs itself; its statistics say profiling was on.
	records bool
	budget  Budget

	// Classification (classify.go). acc is the frame in progress, one entry per bucket.
	acc       [bucketSpace]uint32
	last      uint16  // bucket code of the latest charge: waiting or not when a VSYNC lands
	pre, post uint16  // codes that beat / back up the zones in the current state (refresh)
	events    opClass // opcode classes that take the event path in the current state
	detect    bool    // automatic wait detection is on: no handler open, no marker mode
	irqDepth  uint32  // open interrupt handlers: entries (IRQ, NMI, BRK) minus the RTIs that closed them
	irqSP     irqStack
	doneWork  uint64 // work cycles of the frames recorded so far (see totals)
	doneWait  uint64 // waiting cycles likewise
	loop      core.Loop
	spans     bool   // the machine reports spans, not every instruction
	every     bool   // ask for every instruction (the reference mode tests compare spans against)
	waiPC     uint16 // where the last WAI was, to classify the halted cycles that follow it
	waiBank   uint8

	mk markerState // guest markers (markers.go)

	// Zones (zones.go): address zones in definition order, then region names.
	zones       zoneTable
	zoneList    []Zone
	regionNames [MaxRegion + 1]string

	calls callTracker // who called whom, and when (calls.go)
	names *Names      // what routines are called (routine.go)

	hist    history      // frames and periods (history.go)
	scratch statsScratch // for Stats (stats.go)
}

// New builds a profiler for m with a 60 fps budget. It is off until an owner acquires it.
func New(m *core.Machine) *Profiler {
	p := &Profiler{m: m}
	p.refresh()
	p.budget, _ = NewBudget(60)
	p.vera = m.VERA()
	p.hist.init(0)
	p.calls.init()
	return p
}

// Acquire turns profiling on for owner o (a no-op if o already holds it).
func (p *Profiler) Acquire(o Owner) {
	was := p.owners
	p.owners |= o
	if was == 0 && p.owners != 0 {
		p.start()
	}
}

// Release gives up owner o's hold; profiling stops when nobody holds it. History and
// statistics stay readable.
func (p *Profiler) Release(o Owner) {
	was := p.owners
	p.owners &^= o
	if was != 0 && p.owners == 0 {
		p.m.SetCallSink(nil)
		p.m.SetTracer(nil)
		p.spans = false
	}
}

// On tells whether profiling is running.
func (p *Profiler) On() bool { return p.owners != 0 }

// Owners returns the owners holding profiling on.
func (p *Profiler) Owners() Owner { return p.owners }

// start attaches the profiler. The frame in progress is partial (it began before the
// profiler saw it), and no period is open until the next VSYNC (or $F0).
func (p *Profiler) start() {
	p.doneWork, p.doneWait = p.totals() // the frame in progress restarts empty
	clear(p.acc[:])
	p.last = 0
	p.irqDepth = 0
	p.loop.Reset()
	p.mk.closeRegions()
	p.refresh()
	p.hist.restart()
	p.hist.frameNo = uint32(core.FramesAt(p.m.Cycle())) + 1 // the frame in progress, from power-on
	p.m.SetTracer(p)
	p.calls.restart(p.m.Cycle())
	p.calls.frameStart = p.m.Cycle()
	if !p.calls.off {
		p.m.SetCallSink(&p.calls)
	}
	if !p.every {
		p.spans = true
		p.leave()
	}
}

// SetTargetFps sets the budget (PROFILER.md section 1). It applies to periods that close
// from now on; closed periods keep the budget they were judged by.
func (p *Profiler) SetTargetFps(fps float64) error {
	b, err := NewBudget(fps)
	if err != nil {
		return err
	}
	p.budget = b
	return nil
}

// Budget is the budget periods are judged by.
func (p *Profiler) Budget() Budget { return p.budget }

// Reset implements core.Tracer: a machine reset ends marker mode and closes every open
// interrupt handler. History stays. The reset sequence's own cycles are not reported by the
// machine, so the frame that contains a reset is flagged FrameReset.
func (p *Profiler) Reset() {
	p.enter()
	defer p.leave()
	p.irqDepth = 0
	p.loop.Reset()
	p.last = 0
	p.mk.reset()
	p.refresh()
	p.hist.machineReset()
	p.calls.closeAll(p.m.Cycle())
	if r := p.calls.tl; r != nil {
		r.pos = p.m.Cycle() // the reset sequence's cycles are charged to nobody
	}
}

var _ core.Tracer = (*Profiler)(nil)
