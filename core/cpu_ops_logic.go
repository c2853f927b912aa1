package core

// Logic and bit tests: ORA, AND, EOR, BIT. Addressing modes as in cpu_modes.go.

// oraImm is ORA #.
func oraImm(c *CPU, v uint8) {
	c.PC++
	c.ora(v)
}

// oraZP is ORA zp.
func oraZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.ora(b.read(ea))
}

// oraZPX is ORA zp,X.
func oraZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	c.ora(b.read(ea))
}

// oraAbs is ORA abs.
func oraAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.ora(b.read(ea))
}

// oraAbsX is ORA abs,X.
func oraAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.ora(b.read(ea))
}

// oraAbsY is ORA abs,Y.
func oraAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.ora(b.read(ea))
}

// oraIndX is ORA (zp,X).
func oraIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	c.ora(b.read(ea))
}

// oraIndY is ORA (zp),Y.
func oraIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.ora(b.read(ea))
}

// oraZPInd is ORA (zp).
func oraZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	c.ora(b.read(ea))
}

// andImm is AND #.
func andImm(c *CPU, v uint8) {
	c.PC++
	c.and(v)
}

// andZP is AND zp.
func andZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.and(b.read(ea))
}

// andZPX is AND zp,X.
func andZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	c.and(b.read(ea))
}

// andAbs is AND abs.
func andAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.and(b.read(ea))
}

// andAbsX is AND abs,X.
func andAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.and(b.read(ea))
}

// andAbsY is AND abs,Y.
func andAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.and(b.read(ea))
}

// andIndX is AND (zp,X).
func andIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	c.and(b.read(ea))
}

// andIndY is AND (zp),Y.
func andIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.and(b.read(ea))
}

// andZPInd is AND (zp).
func andZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	c.and(b.read(ea))
}

// eorImm is EOR #.
func eorImm(c *CPU, v uint8) {
	c.PC++
	c.eor(v)
}

// eorZP is EOR zp.
func eorZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.eor(b.read(ea))
}

// eorZPX is EOR zp,X.
func eorZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	c.eor(b.read(ea))
}

// eorAbs is EOR abs.
func eorAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.eor(b.read(ea))
}

// eorAbsX is EOR abs,X.
func eorAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.eor(b.read(ea))
}

// eorAbsY is EOR abs,Y.
func eorAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.eor(b.read(ea))
}

// eorIndX is EOR (zp,X).
func eorIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	c.eor(b.read(ea))
}

// eorIndY is EOR (zp),Y.
func eorIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.eor(b.read(ea))
}

// eorZPInd is EOR (zp).
func eorZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	c.eor(b.read(ea))
}

// bitImm is BIT #: only Z changes (65C02).
func bitImm(c *CPU, v uint8) {
	c.PC++
	c.bitImmediate(v)
}

// bitZP is BIT zp.
func bitZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.bit(b.read(ea))
}

// bitZPX is BIT zp,X.
func bitZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	c.bit(b.read(ea))
}

// bitAbs is BIT abs.
func bitAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.bit(b.read(ea))
}

// bitAbsX is BIT abs,X.
func bitAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.bit(b.read(ea))
}
