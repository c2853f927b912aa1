package perf

// An interrupt handler (IRQ, NMI or BRK) is open from its entry to the RTI that pops the
// frame the entry pushed, which is not always the first RTI: both ROMs' IRQ entry pushes a
// second, RTI-style frame that returns to irq_ret, then jumps through CINV ($0314); the
// handler's RTI returns into irq_ret, and irq_ret (pla / sta $01 / pla / rti, 17 cycles)
// makes the real return. So the profiler keeps, per open handler, the stack pointer from
// before its entry, and an RTI closes the handlers whose entry frame it popped: those it
// left the stack pointer at or above. An RTI that pops a frame pushed inside the handler
// leaves the stack pointer below that and closes nothing.

// irqNest is how many nested handlers keep their stack pointer; deeper ones (only a
// runaway program nests this far) close one per RTI.
const irqNest = 16

// irqStack holds the stack pointer before each open handler's entry, outermost first.
type irqStack [irqNest]uint8

// openIRQ opens a handler whose entry (interrupt sequence or BRK) has just pushed its
// 3-byte frame.
func (p *Profiler) openIRQ() {
	if p.irqDepth < irqNest {
		p.irqSP[p.irqDepth] = p.m.SP() + 3
	}
	p.irqDepth++
}

// closeIRQs runs after an RTI: it closes every open handler whose entry frame the RTI
// popped. The stack pointer is compared as a signed distance, so the page wrapping around
// changes nothing.
func (p *Profiler) closeIRQs() {
	sp := p.m.SP()
	for p.irqDepth > 0 {
		i := p.irqDepth - 1
		if i >= irqNest {
			p.irqDepth-- // too deep to have kept its stack pointer
			return
		}
		if int8(sp-p.irqSP[i]) < 0 {
			return // a frame pushed inside the handler (the return to irq_ret)
		}
		p.irqDepth--
	}
}
