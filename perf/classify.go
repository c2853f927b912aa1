package perf

import "x16scope/core"

// Classifying instructions (PROFILER.md section 2). Precedence, highest first: an open
// interrupt handler (irq), guest markers, zones, automatic wait detection, other. The machine
// reports only the instructions that matter here and totals for the rest (span.go); with
// Profiler.every it reports every instruction, which tests compare against.
//
// The state that decides a cycle's bucket changes only at a few instructions ("events":
// those that write or move the PC elsewhere, WAI, BRK, RTI) and at interrupts, markers and
// VSYNCs. It is folded into three fields whenever it changes (refresh):
//
//	pre    the code that beats zones: irq while a handler is open, the innermost marker
//	       region, or wait in a framed guest's $F1-$F0 gap; else 0
//	post   the code when no zone applies: wait while a detected loop is confirmed; else 0
//	       (other)
//	events the opcode classes that must take the event path in the current state; with
//	       automatic detection on (detect), taken backward jumps take it too
//
// so an ordinary instruction costs one opcode-class load and test, one zone-table index, an
// add into the frame accumulator and a couple of branches. No interface calls, no allocation.

// Instr implements core.Tracer: one executed instruction.
//
// The loop repeats Instr's common case inline (an instruction that is no event: one table
// index for its class, one for its zone, one add) and calls Instr for everything else, so
// a batch costs no call per ordinary instruction.
func (p *Profiler) Instrs(batch []core.InstrEvent) {
	p.enter()
	if r := p.calls.tl; r != nil {
		// Recording a timeline: each instruction's cycles are placed in order.
		for i := range batch {
			p.instrs(batch[i : i+1])
			r.wait(&p.calls, p.last, batch[i].Cycles())
		}
	} else {
		p.instrs(batch)
	}
	p.leave()
}

func (p *Profiler) instrs(batch []core.InstrEvent) {
	// The state the common case reads is held in locals: the stores into p.acc would
	// otherwise force the compiler to reload it every iteration. Instr may change any of
	// it, so it is written back before and reloaded after each call.
	//
	// Cycles are summed in a register while consecutive instructions land in the same
	// bucket (last) and added to p.acc when the bucket changes: adding to p.acc[c] every
	// instruction chains each one on the store of the one before.
	pre, post, events, detect, last := p.pre, p.post, p.events, p.detect, p.last
	acc, zones := &p.acc, &p.zones
	var sum uint32 // cycles of the current run of instructions in bucket last, not yet in acc
	for _, e := range batch {
		pc, next, op := e.PC(), e.Next(), e.Op()
		oc := opTable[op]
		if oc&events != 0 || (next <= pc && oc&opTransfer != 0 && detect) {
			if post == codeWait && pc == p.loop.End && next == p.loop.Head {
				// A confirmed wait loop closing once more (Instr's first case), kept in
				// the loop: it is most instructions of a program that polls.
				c := zones.at(pc, e.Bank())
				if c == 0 || c&routineBit != 0 {
					c = codeWait
				}
				if c != last {
					acc[last&bucketMask] += sum
					sum = 0
					last = c
				}
				sum += e.Cycles()
				continue
			}
			acc[last&bucketMask] += sum
			sum = 0
			p.last = last
			p.Instr(pc, e.Bank(), op, e.Cycles(), next)
			pre, post, events, detect, last = p.pre, p.post, p.events, p.detect, p.last
			continue
		}
		c := pre
		if c == 0 {
			if c = zones.at(pc, e.Bank()); c == 0 || c&routineBit != 0 && post == codeWait {
				c = post
			}
		}
		if c != last {
			acc[last&bucketMask] += sum
			sum = 0
			last = c
		}
		sum += e.Cycles()
	}
	acc[last&bucketMask] += sum
	p.last = last
}

// Instr classifies one instruction (Instrs calls it for each instruction of a batch).
func (p *Profiler) Instr(pc uint16, bank uint8, op uint8, cycles uint32, next uint16) {
	oc := opTable[op]
	if oc&p.events != 0 || (next <= pc && oc&opTransfer != 0 && p.detect) {
		if p.post == codeWait && pc == p.loop.End && next == p.loop.Head {
			// The confirmed wait loop closing once more changes nothing: this is most
			// instructions of a program that waits, so it stays here.
			c := p.zones.at(pc, bank)
			if c == 0 || c&routineBit != 0 {
				c = codeWait
			}
			p.acc[c&bucketMask] += cycles
			p.last = c
			return
		}
		if p.detect && oc&opBRK == 0 {
			p.autoEvent(pc, bank, oc, cycles, next)
		} else {
			p.instrEvent(pc, bank, oc, cycles, next)
		}
		return
	}
	c := p.pre
	if c == 0 {
		if c = p.zones.at(pc, bank); c == 0 || c&routineBit != 0 && p.post == codeWait {
			c = p.post
		}
	}
	p.acc[c&bucketMask] += cycles
	p.last = c
}

// instrEvent charges an event instruction while a handler is open or in marker mode, and
// BRK in any mode (autoEvent handles the others).
func (p *Profiler) instrEvent(pc uint16, bank uint8, oc opClass, cycles uint32, next uint16) {
	switch {
	case p.irqDepth != 0 || oc&opBRK != 0:
		// BRK opens a handler like an interrupt; an RTI that pops the frame pushed on entry
		// closes it (irqstack.go), and its own cycles are still the handler's.
		if oc&opBRK != 0 {
			p.openIRQ()
			p.loop.Reset()
		} else if oc&opRTI != 0 {
			p.closeIRQs()
		}
		p.charge(codeIRQ, cycles)
	default: // marker mode
		if oc&opWAI != 0 {
			p.waiPC, p.waiBank = pc, bank
		}
		p.charge(p.markerCode(pc, bank), cycles)
	}
	p.refresh()
}

// Interrupt implements core.Tracer: a hardware interrupt entry (IRQ or NMI). The entry
// sequence is the handler's first cycles.
func (p *Profiler) Interrupt(kind core.Interrupt, cycles uint32) {
	p.enter()
	defer p.leave()
	p.openIRQ()
	p.loop.Reset()
	p.refresh()
	p.charge(codeIRQ, cycles)
	if r := p.calls.tl; r != nil {
		r.wait(&p.calls, codeIRQ, cycles)
	}
}

// Wait implements core.Tracer: cycles halted in WAI. They are classified like the WAI
// instruction that halted: waiting under automatic detection, the region (or framed gap,
// or zone) in marker mode, irq if a handler executed the WAI. It changes no state, so in span
// mode the watch stays as it is.
func (p *Profiler) Wait(cycles uint32) {
	var c uint16
	switch {
	case p.irqDepth != 0:
		c = codeIRQ
	case p.mk.on:
		c = p.markerCode(p.waiPC, p.waiBank)
	default:
		if c = p.zones.at(p.waiPC, p.waiBank); c == 0 || c&routineBit != 0 {
			c = codeWait
		}
	}
	p.charge(c, cycles)
	if r := p.calls.tl; r != nil {
		r.wait(&p.calls, c, cycles)
	}
}

// charge adds cycles to the bucket in code c and remembers c: whether the CPU was waiting
// when a VSYNC lands decides whether the period closes there.
func (p *Profiler) charge(c uint16, cycles uint32) {
	p.acc[c&bucketMask] += cycles
	p.last = c
}

// refresh recomputes pre, post, events and detect from the classification state. Call it
// after anything that changes the handler depth, the marker state or the detector.
func (p *Profiler) refresh() {
	switch {
	case p.irqDepth != 0:
		p.pre, p.post, p.events, p.detect = codeIRQ, codeOther, opRTI|opBRK, false
	case p.mk.on:
		p.pre, p.post, p.events, p.detect = p.mk.top(), codeOther, opBRK|opWAI, false
		if p.pre == 0 && p.mk.gap {
			p.pre = codeWait
		}
	default:
		p.pre, p.post, p.events, p.detect = 0, codeOther, opBRK|opWAI, true
		if p.loop.Closes != 0 {
			p.events |= opWrites | opControl
		}
		if p.loop.Closes >= 2 {
			p.post = codeWait
		}
	}
}

// totals returns the work and waiting cycles charged since the profiler was built: the
// finished frames' sums plus the frame in progress. Periods subtract two of these, so they
// are exact to the cycle wherever they open and close (VSYNC or $F0), and the hot path keeps
// one accumulator only.
func (p *Profiler) totals() (work, wait uint64) {
	work, wait = p.doneWork, p.doneWait
	wait += uint64(p.acc[BucketWait])
	for b, v := range p.acc[:zoneBase] {
		if b != BucketWait {
			work += uint64(v)
		}
	}
	for i, v := range p.acc[zoneBase : zoneBase+len(p.zoneList)] {
		if p.zoneList[i].Idle {
			wait += uint64(v)
		} else {
			work += uint64(v)
		}
	}
	return work, wait
}

// classState is the part of the profiler that classifying instructions can change (markers
// change only through Marker: a pass that writes is never repeated).
type classState struct {
	last, pre, post uint16
	events          opClass
	detect          bool
	irqDepth        uint32
	irqSP           irqStack
	loop            core.Loop
	waiPC           uint16
	waiBank         uint8
}

func (p *Profiler) classState() classState {
	return classState{p.last, p.pre, p.post, p.events, p.detect, p.irqDepth, p.irqSP, p.loop, p.waiPC, p.waiBank}
}

// Repeat implements core.Tracer: the machine fast-forwarded an idle loop, and pass ran times
// more. Passes are classified one at a time until one leaves the state as it found it (the
// second pass of a loop confirms it, for instance); every later pass then charges exactly
// what that one did, each instruction to pre, its zone or post, so the rest are charged at
// once. TestIdleSkipIsInvisible checks the figures equal those of executing every pass.
func (p *Profiler) Repeat(pass []core.InstrEvent, times uint32) {
	p.enter()
	defer p.leave()
	r := p.calls.tl
	for times > 0 {
		s := p.classState()
		if r != nil {
			for i := range pass {
				p.instrs(pass[i : i+1])
				r.wait(&p.calls, p.last, pass[i].Cycles())
			}
		} else {
			p.instrs(pass)
		}
		times--
		if p.classState() == s {
			break
		}
	}
	if times == 0 {
		return
	}
	for _, e := range pass {
		c := p.pre
		if c == 0 {
			if c = p.zones.at(e.PC(), e.Bank()); c == 0 || c&routineBit != 0 && p.post == codeWait {
				c = p.post
			}
		}
		p.acc[c&bucketMask] += e.Cycles() * times
		if r != nil {
			r.wait(&p.calls, c, e.Cycles()*times) // shading only: the passes' order is lost
		}
	}
}
