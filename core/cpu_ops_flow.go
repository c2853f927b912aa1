package core

// Control flow: branches, BBRn/BBSn, jumps, JSR/RTS, RTI, BRK.
//
// A taken relative branch re-reads the next opcode byte; crossing a page it also reads the
// old page at the new low byte (W65C02S; the NMOS part reads a partial address instead).

// bpl is BPL.
func bpl(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if !c.negative() {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// bmi is BMI.
func bmi(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if c.negative() {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// bvc is BVC.
func bvc(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if c.P&flagV == 0 {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// bvs is BVS.
func bvs(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if c.P&flagV != 0 {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// bcc is BCC.
func bcc(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if c.P&flagC == 0 {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// bcs is BCS.
func bcs(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if c.P&flagC != 0 {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// bne is BNE.
func bne(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if !c.zero() {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// beq is BEQ.
func beq(c *CPU, v uint8) {
	pc := c.PC + 1
	c.PC = pc
	if c.zero() {
		b := c.b
		b.read(pc) // taken
		t := pc + uint16(int8(v))
		if (t^pc)&0xFF00 != 0 {
			b.read(pc&0xFF00 | t&0x00FF) // page crossed
		}
		c.PC = t
	}
}

// bra is BRA.
func bra(c *CPU, v uint8) {
	pc := c.PC + 1
	b := c.b
	b.read(pc) // taken
	t := pc + uint16(int8(v))
	if (t^pc)&0xFF00 != 0 {
		b.read(pc&0xFF00 | t&0x00FF) // page crossed
	}
	c.PC = t
}

// BBRn/BBSn zp,rel test bit n of a zero-page byte (see branchBit).

// bbr0 is BBR0 zp,rel.
func bbr0(c *CPU, v uint8) {
	c.branchBit(v, 0x01, 0x00)
}

// bbr1 is BBR1 zp,rel.
func bbr1(c *CPU, v uint8) {
	c.branchBit(v, 0x02, 0x00)
}

// bbr2 is BBR2 zp,rel.
func bbr2(c *CPU, v uint8) {
	c.branchBit(v, 0x04, 0x00)
}

// bbr3 is BBR3 zp,rel.
func bbr3(c *CPU, v uint8) {
	c.branchBit(v, 0x08, 0x00)
}

// bbr4 is BBR4 zp,rel.
func bbr4(c *CPU, v uint8) {
	c.branchBit(v, 0x10, 0x00)
}

// bbr5 is BBR5 zp,rel.
func bbr5(c *CPU, v uint8) {
	c.branchBit(v, 0x20, 0x00)
}

// bbr6 is BBR6 zp,rel.
func bbr6(c *CPU, v uint8) {
	c.branchBit(v, 0x40, 0x00)
}

// bbr7 is BBR7 zp,rel.
func bbr7(c *CPU, v uint8) {
	c.branchBit(v, 0x80, 0x00)
}

// bbs0 is BBS0 zp,rel.
func bbs0(c *CPU, v uint8) {
	c.branchBit(v, 0x01, 0x01)
}

// bbs1 is BBS1 zp,rel.
func bbs1(c *CPU, v uint8) {
	c.branchBit(v, 0x02, 0x02)
}

// bbs2 is BBS2 zp,rel.
func bbs2(c *CPU, v uint8) {
	c.branchBit(v, 0x04, 0x04)
}

// bbs3 is BBS3 zp,rel.
func bbs3(c *CPU, v uint8) {
	c.branchBit(v, 0x08, 0x08)
}

// bbs4 is BBS4 zp,rel.
func bbs4(c *CPU, v uint8) {
	c.branchBit(v, 0x10, 0x10)
}

// bbs5 is BBS5 zp,rel.
func bbs5(c *CPU, v uint8) {
	c.branchBit(v, 0x20, 0x20)
}

// bbs6 is BBS6 zp,rel.
func bbs6(c *CPU, v uint8) {
	c.branchBit(v, 0x40, 0x40)
}

// bbs7 is BBS7 zp,rel.
func bbs7(c *CPU, v uint8) {
	c.branchBit(v, 0x80, 0x80)
}

// jmpAbs is JMP abs.
func jmpAbs(c *CPU, v uint8) {
	c.PC = uint16(c.b.read(c.PC+1))<<8 | uint16(v)
}

// jmpAbsInd is JMP (abs): 6 cycles on the W65C02S. It still reads the NMOS address (the
// pointer's page with the incremented low byte) but then fixes the page-wrap bug by
// reading the high byte from ptr+1.
func jmpAbsInd(c *CPU, v uint8) {
	b := c.b
	ptr := uint16(b.read(c.PC+1))<<8 | uint16(v)
	lo := b.read(ptr)
	b.read(ptr&0xFF00 | (ptr+1)&0x00FF)
	c.PC = uint16(b.read(ptr+1))<<8 | uint16(lo)
}

// jmpAbsIndX is JMP (abs,X): the indexing cycle re-reads the operand's low byte.
func jmpAbsIndX(c *CPU, v uint8) {
	b := c.b
	ptr := uint16(b.read(c.PC+1))<<8 | uint16(v)
	b.read(c.PC)
	ptr += uint16(c.X)
	lo := b.read(ptr)
	c.PC = uint16(b.read(ptr+1))<<8 | uint16(lo)
}

// jsr is JSR abs: after the low byte the chip idles on the stack, pushes the address of the
// high byte (return address - 1), and only then reads the high byte.
func jsr(c *CPU, v uint8) {
	b, s := c.b, c.S
	pc := c.PC + 1
	b.read(stackPage | uint16(s))
	b.write(stackPage|uint16(s), uint8(pc>>8))
	b.write(stackPage|uint16(s-1), uint8(pc))
	c.S = s - 2
	c.PC = uint16(b.read(pc))<<8 | uint16(v)
	if b.calls != nil {
		b.noteJSR(c, pc-2)
	}
}

// rts is RTS: it pulls the return address and spends its last cycle reading it before
// adding 1.
func rts(c *CPU, v uint8) {
	b, s := c.b, c.S
	b.read(stackPage | uint16(s))
	lo := b.read(stackPage | uint16(s+1))
	hi := b.read(stackPage | uint16(s+2))
	c.S = s + 2
	pc := uint16(hi)<<8 | uint16(lo)
	b.read(pc)
	c.PC = pc + 1
	if b.calls != nil {
		b.noteStack(c, CallRTS)
	}
}

// rti is RTI: pull P, then PC.
func rti(c *CPU, v uint8) {
	c.stackDummy()
	c.setFlags(c.pull() | flagB | flagU)
	lo := c.pull()
	c.PC = uint16(c.pull())<<8 | uint16(lo)
	c.b.next = 0    // I may have cleared: the machine looks at the IRQ line again
	c.b.forceLook() // the profiler sees every RTI (watch.go)
	if c.b.calls != nil {
		c.b.noteStack(c, CallRTI)
	}
}

// brk is BRK, the software interrupt: 2 bytes (the signature byte after the opcode is read
// and skipped), pushes PC+2 and P with B set, sets I, clears D (65C02), then fetches the
// IRQ/BRK vector from ROM bank 0 (Bus.vectorPull).
func brk(c *CPU, v uint8) {
	c.PC++
	c.push(uint8(c.PC >> 8))
	c.push(uint8(c.PC))
	c.push(c.flags() | flagB | flagU)
	c.enterVector(vectorIRQ)
	c.b.forceLook() // the profiler sees every BRK (watch.go)
	if c.b.calls != nil {
		c.b.noteEntry(c, CallBRK, c.b.cycle-7)
	}
}
