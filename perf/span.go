package perf

import "x16scope/core"

// Span mode: how the profiler keeps its cost near nothing per instruction (core/watch.go).
//
// After every report the machine makes, the profiler works out the bucket that the next
// instructions fall into (its classification state applied to the next PC) and the range
// of PCs that share it (the zone run around that PC, or the whole address space), and asks
// the machine to watch that range (core.Watch), naming the bucket by its code. Moving
// between ranges it has already been given (a call into a zone and the return) the machine
// does by itself until the profiler's state changes. The machine then reports only what can
// change a bucket: the PC leaving the range (Edge), BRK, WAI, RTI, marker and bank latch
// writes, the close that would confirm a wait loop, interrupts, VSYNCs, and, inside a
// confirmed wait loop, the instruction that writes, leaves the body or closes another
// loop. The cycles of everything else arrive as totals (Span) and go to their bucket in one
// add.
//
// Every reported instruction goes through the same classification as in every-instruction
// mode (Instrs), so both modes give identical figures; TestSpansMatchEveryInstruction runs
// every test program both ways and compares them cycle for cycle. The wait-loop detector's
// state lives in the machine between reports (it counts closes on backward jumps itself)
// and is copied in and out around each one (enter, leave).

// Span implements core.Tracer: cycles run since the previous report, all in the bucket whose
// code leave gave the machine for the range they ran in.
func (p *Profiler) Span(cycles uint64, code uint16) {
	if cycles == 0 {
		return
	}
	p.acc[code&bucketMask] += uint32(cycles)
	p.last = code
}

// Edge implements core.Tracer: the next instruction is outside the watched range.
func (p *Profiler) Edge() { p.rewatch() }

// enter takes the loop detector's state from the machine before a report is handled.
func (p *Profiler) enter() {
	if p.spans {
		p.loop = p.m.WatchLoop()
	}
}

// leave works out the bucket of the next instructions and the range of PCs that share it
// after a report, and hands the machine that watch and the loop detector's state.
func (p *Profiler) leave() {
	if !p.spans {
		return
	}
	pc := p.m.PC()
	lo, span := uint32(0), uint32(0x10000)
	c := p.pre
	if c == 0 {
		bank := p.m.BankAt(pc)
		if c = p.zones.at(pc, bank); c == 0 || c&routineBit != 0 && p.post == codeWait {
			c = p.post
		}
		lo, span = p.zones.run(pc, bank)
	}
	p.m.SetWatch(core.Watch{
		Lo: lo, Span: span, Code: c,
		Fine:    p.detect && p.loop.Closes >= 2,
		Detect:  p.detect,
		MaxBody: core.MaxLoopBody,
		Loop:    p.loop,
	})
}

// rewatch recomputes the watch: at an edge, after the zones changed, in tests on attaching.
func (p *Profiler) rewatch() {
	p.enter()
	p.leave()
}
