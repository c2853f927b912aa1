package core

// Addressing modes: each helper makes the bus cycles that lead up to the operand, dummy
// reads included, and returns the effective address. The order of the cycles is the
// W65C02S's as recorded cycle by cycle in shared/testdata/65c02 (X16-HARDWARE.md section 6:
// a page-crossing index re-reads the last instruction byte, not a partial address as the
// NMOS part does). Every helper is small so that the Bus fast path inlines into it.

const stackPage = 0x0100

// fetch reads the byte at PC and advances PC: one cycle.
func (c *CPU) fetch() uint8 {
	v := c.b.read(c.PC)
	c.PC++
	return v
}

// fetch16 reads a little-endian operand word: two cycles.
func (c *CPU) fetch16() uint16 {
	lo := c.fetch()
	return uint16(c.fetch())<<8 | uint16(lo)
}

// idle is the second cycle of a one-byte instruction: the chip reads the next byte and
// throws it away.
func (c *CPU) idle() { c.b.read(c.PC) }

// eaZP: zp. One cycle.
func (c *CPU) eaZP() uint16 { return uint16(c.fetch()) }

// eaZPIndexed: zp,X and zp,Y. The cycle spent adding the index re-reads the unindexed
// zero-page address; the sum wraps inside page zero. Two cycles.
func (c *CPU) eaZPIndexed(i uint8) uint16 {
	z := c.fetch()
	c.b.read(uint16(z))
	return uint16(z + i)
}

// eaAbsIndexed: abs,X and abs,Y for reads. Crossing a page costs one cycle, spent
// re-reading the operand's high byte (the last instruction byte). Two or three cycles.
func (c *CPU) eaAbsIndexed(i uint8) uint16 {
	base := c.fetch16()
	ea := base + uint16(i)
	if (base^ea)&0xFF00 != 0 {
		c.b.read(c.PC - 1)
	}
	return ea
}

// eaAbsIndexedFixed: abs,X and abs,Y for stores and INC/DEC abs,X, which always take the
// extra cycle (W65C02S data sheet note on indexed stores). Three cycles.
func (c *CPU) eaAbsIndexedFixed(i uint8) uint16 {
	base := c.fetch16()
	c.b.read(c.PC - 1)
	return base + uint16(i)
}

// zpPointer reads a 16-bit pointer from page zero; the high byte wraps to $00 after $FF.
// Two cycles.
func (c *CPU) zpPointer(z uint8) uint16 {
	lo := c.b.read(uint16(z))
	return uint16(c.b.read(uint16(z+1)))<<8 | uint16(lo)
}

// eaIndirectX: (zp,X). Four cycles.
func (c *CPU) eaIndirectX() uint16 {
	z := c.fetch()
	c.b.read(uint16(z))
	return c.zpPointer(z + c.X)
}

// eaIndirectY: (zp),Y for reads; a page crossing re-reads the operand byte. Three or
// four cycles.
func (c *CPU) eaIndirectY() uint16 {
	base := c.zpPointer(c.fetch())
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		c.b.read(c.PC - 1)
	}
	return ea
}

// eaIndirectYFixed: (zp),Y for stores, which always take the extra cycle. Four cycles.
func (c *CPU) eaIndirectYFixed() uint16 {
	base := c.zpPointer(c.fetch())
	c.b.read(c.PC - 1)
	return base + uint16(c.Y)
}

// eaZPIndirect: (zp), new on the 65C02. Three cycles.
func (c *CPU) eaZPIndirect() uint16 { return c.zpPointer(c.fetch()) }

// rmwRead is the read half of a read-modify-write: the 65C02 reads the operand twice and
// writes once (NMOS: read once, write twice), so `INC DATA0` reads VERA's data port twice
// (X16-HARDWARE.md section 6). Two cycles.
func (c *CPU) rmwRead(ea uint16) uint8 {
	v := c.b.read(ea)
	c.b.read(ea)
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

// branch finishes a relative branch whose offset byte comes next. Taken, it re-reads the
// next opcode byte; crossing a page, it also reads the old page at the new low byte.
// Two to four cycles.
func (c *CPU) branch(taken bool) {
	off := c.fetch()
	if !taken {
		return
	}
	c.b.read(c.PC)
	t := c.PC + uint16(int8(off))
	if (t^c.PC)&0xFF00 != 0 {
		c.b.read(c.PC&0xFF00 | t&0x00FF)
	}
	c.PC = t
}

// branchBit runs BBRn/BBSn: test bit `mask` of a zero-page byte, branch when it equals
// `want`. The recorded W65C02S bus activity is six cycles whether or not the branch is
// taken: the byte is read, then written back unchanged, and after the offset the chip reads
// the target's low byte within the current page.
func (c *CPU) branchBit(mask, want uint8) {
	z := uint16(c.fetch())
	v := c.b.read(z)
	c.b.write(z, v)
	off := c.fetch()
	t := c.PC + uint16(int8(off))
	c.b.read(c.PC&0xFF00 | t&0x00FF)
	if v&mask == want {
		c.PC = t
	}
}
