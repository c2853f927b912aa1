package perf

import "x16scope/core"

// The hot path: one call per instruction (PROFILER.md section 2). Precedence, highest first:
// an open interrupt handler (irq), guest markers, zones, automatic wait detection, other.
// Cost with profiling on: one table load for the opcode class, one zone table index, an add
// into the frame accumulator and a handful of branches. No interface calls, no allocation.

// Instr implements core.Tracer: one executed instruction.
func (p *Profiler) Instr(pc uint16, bank uint8, op uint8, cycles uint32, next uint16) {
	oc := opTable[op]
	if p.irqDepth != 0 || oc&opBRK != 0 {
		p.handlerInstr(oc, cycles)
		return
	}
	if oc&opWAI != 0 {
		p.waiPC, p.waiBank = pc, bank
	}
	if p.mk.on {
		p.charge(p.markerCode(pc, bank), cycles)
		return
	}
	waiting := p.loop.step(pc, oc, next) || oc&opWAI != 0
	c := p.zones.at(pc, bank)
	if c == 0 && waiting {
		c = codeWait
	}
	p.charge(c, cycles)
}

// handlerInstr charges an instruction run while a handler is open, or a BRK opening one.
// RTI closes the innermost handler; its own cycles are still the handler's.
func (p *Profiler) handlerInstr(oc opClass, cycles uint32) {
	switch {
	case oc&opBRK != 0:
		p.irqDepth++
		p.loop.reset()
	case oc&opRTI != 0:
		p.irqDepth--
	}
	p.charge(codeIRQ, cycles)
}

// Interrupt implements core.Tracer: a hardware interrupt entry (IRQ or NMI). The entry
// sequence is the handler's first cycles.
func (p *Profiler) Interrupt(kind core.Interrupt, cycles uint32) {
	p.irqDepth++
	p.loop.reset()
	p.charge(codeIRQ, cycles)
}

// Wait implements core.Tracer: cycles halted in WAI. They are classified like the WAI
// instruction that halted: waiting under automatic detection, the region (or framed gap,
// or zone) in marker mode, irq if a handler executed the WAI.
func (p *Profiler) Wait(cycles uint32) {
	var c uint16
	switch {
	case p.irqDepth != 0:
		c = codeIRQ
	case p.mk.on:
		c = p.markerCode(p.waiPC, p.waiBank)
	default:
		if c = p.zones.at(p.waiPC, p.waiBank); c == 0 {
			c = codeWait
		}
	}
	p.charge(c, cycles)
}

// charge adds cycles to the bucket in code and to the running work or wait total.
func (p *Profiler) charge(c uint16, cycles uint32) {
	p.acc[c&bucketMask] += cycles
	if c&waitBit != 0 {
		p.waitTotal += uint64(cycles)
		p.lastWait = true
	} else {
		p.workTotal += uint64(cycles)
		p.lastWait = false
	}
}
