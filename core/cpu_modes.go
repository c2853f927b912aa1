package core

// Addressing modes. Step has already made the instruction's first two cycles: the opcode
// fetch and the read of the byte after it (every 65C02 instruction but the 1-cycle NOPs
// reads that byte in its second cycle, as its operand or to throw away), so c.PC points at
// that byte and `v` holds it. Each helper makes the remaining cycles that lead up to the
// operand, dummy reads included, leaves c.PC after the instruction, and returns the
// effective address. The order of the cycles is the W65C02S's as recorded cycle by cycle in
// shared/testdata/65c02 (X16-HARDWARE.md section 6: a page-crossing index re-reads the last
// instruction byte, not a partial address as the NMOS part does). The helpers call c.b.read
// directly, never another helper, so the bus fast path inlines into them and an instruction
// costs at most one helper call.

const stackPage = 0x0100

// eaZP: zp. No further cycle.
func (c *CPU) eaZP(v uint8) uint16 {
	c.PC++
	return uint16(v)
}

// eaZPIndexed: zp,X and zp,Y. The cycle spent adding the index re-reads the unindexed
// zero-page address; the sum wraps inside page zero. One cycle.
func (c *CPU) eaZPIndexed(v, i uint8) uint16 {
	c.PC++
	c.b.read(uint16(v))
	return uint16(v + i)
}

// eaAbs: abs. One cycle (the high byte).
func (c *CPU) eaAbs(v uint8) uint16 {
	hi := c.b.read(c.PC + 1)
	c.PC += 2
	return uint16(hi)<<8 | uint16(v)
}

// eaAbsIndexed: abs,X and abs,Y for reads. Crossing a page costs one cycle, spent
// re-reading the operand's high byte (the last instruction byte). One or two cycles.
func (c *CPU) eaAbsIndexed(v, i uint8) uint16 {
	b, pc := c.b, c.PC+1
	base := uint16(b.read(pc))<<8 | uint16(v)
	c.PC = pc + 1
	ea := base + uint16(i)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc)
	}
	return ea
}

// eaAbsIndexedFixed: abs,X and abs,Y for stores and INC/DEC abs,X, which always take the
// extra cycle (W65C02S data sheet note on indexed stores). Two cycles.
func (c *CPU) eaAbsIndexedFixed(v, i uint8) uint16 {
	b, pc := c.b, c.PC+1
	hi := b.read(pc)
	b.read(pc)
	c.PC = pc + 1
	return uint16(hi)<<8 | uint16(v) + uint16(i)
}

// Zero-page pointers ((zp,X), (zp),Y, (zp)) are read low byte first; the high byte wraps
// to $00 after $FF.

// eaIndirectX: (zp,X). Three cycles.
func (c *CPU) eaIndirectX(v uint8) uint16 {
	b := c.b
	c.PC++
	b.read(uint16(v))
	v += c.X
	lo := b.read(uint16(v))
	return uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
}

// eaIndirectY: (zp),Y for reads; a page crossing re-reads the operand byte. Two or three
// cycles.
func (c *CPU) eaIndirectY(v uint8) uint16 {
	b, pc := c.b, c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc)
	}
	return ea
}

// eaIndirectYFixed: (zp),Y for stores, which always take the extra cycle. Three cycles.
func (c *CPU) eaIndirectYFixed(v uint8) uint16 {
	b, pc := c.b, c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	hi := b.read(uint16(v + 1))
	b.read(pc)
	return uint16(hi)<<8 | uint16(lo) + uint16(c.Y)
}

// eaZPIndirect: (zp), new on the 65C02. Two cycles.
func (c *CPU) eaZPIndirect(v uint8) uint16 {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	return uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
}

// rmwRead is the read half of a read-modify-write: the 65C02 reads the operand twice and
// writes once (NMOS: read once, write twice), so `INC DATA0` reads VERA's data port twice
// (X16-HARDWARE.md section 6). Two cycles.
func (c *CPU) rmwRead(ea uint16) uint8 {
	b := c.b
	v := b.read(ea)
	b.read(ea)
	return v
}

// push writes one byte to the stack. One cycle.
func (c *CPU) push(v uint8) {
	c.b.write(stackPage|uint16(c.S), v)
	c.S--
}

// pull reads one byte from the stack. One cycle.
func (c *CPU) pull() uint8 {
	c.S++
	return c.b.read(stackPage | uint16(c.S))
}

// stackDummy is the cycle in which pulls (PLA, PLP, RTS, RTI) read the stack at S before
// incrementing it.
func (c *CPU) stackDummy() { c.b.read(stackPage | uint16(c.S)) }

// branch finishes a relative branch with offset v. Taken, it re-reads the next opcode
// byte; crossing a page, it also reads the old page at the new low byte. Zero to two
// cycles.
func (c *CPU) branch(v uint8, taken bool) {
	pc := c.PC + 1
	c.PC = pc
	if !taken {
		return
	}
	b := c.b
	b.read(pc)
	t := pc + uint16(int8(v))
	if (t^pc)&0xFF00 != 0 {
		b.read(pc&0xFF00 | t&0x00FF)
	}
	c.PC = t
}

// branchBit runs BBRn/BBSn on zero-page address v: test bit `mask`, branch when it equals
// `want`. The recorded W65C02S bus activity is six cycles whether or not the branch is
// taken: the byte is read, then written back unchanged, and after the offset the chip reads
// the target's low byte within the current page. Four cycles.
func (c *CPU) branchBit(v, mask, want uint8) {
	b := c.b
	z := uint16(v)
	m := b.read(z)
	b.write(z, m)
	off := b.read(c.PC + 1)
	pc := c.PC + 2
	t := pc + uint16(int8(off))
	b.read(pc&0xFF00 | t&0x00FF)
	c.PC = pc
	if m&mask == want {
		c.PC = t
	}
}
