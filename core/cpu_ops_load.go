package core

// Loads: LDA, LDX, LDY. Each handler makes the cycles of its addressing mode (cpu_modes.go)
// inline, so the bus fast path inlines into it and an instruction costs one call.

// ldaImm is LDA #.
func ldaImm(c *CPU, v uint8) {
	c.PC++
	c.A = v
	c.setNZ(c.A)
}

// ldaZP is LDA zp.
func ldaZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldaZPX is LDA zp,X.
func ldaZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldaAbs is LDA abs.
func ldaAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldaAbsX is LDA abs,X.
func ldaAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldaAbsY is LDA abs,Y.
func ldaAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldaIndX is LDA (zp,X).
func ldaIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldaIndY is LDA (zp),Y.
func ldaIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldaZPInd is LDA (zp).
func ldaZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	c.A = b.read(ea)
	c.setNZ(c.A)
}

// ldxImm is LDX #.
func ldxImm(c *CPU, v uint8) {
	c.PC++
	c.X = v
	c.setNZ(c.X)
}

// ldxZP is LDX zp.
func ldxZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.X = b.read(ea)
	c.setNZ(c.X)
}

// ldxZPY is LDX zp,Y.
func ldxZPY(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.Y)
	c.X = b.read(ea)
	c.setNZ(c.X)
}

// ldxAbs is LDX abs.
func ldxAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.X = b.read(ea)
	c.setNZ(c.X)
}

// ldxAbsY is LDX abs,Y.
func ldxAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.X = b.read(ea)
	c.setNZ(c.X)
}

// ldyImm is LDY #.
func ldyImm(c *CPU, v uint8) {
	c.PC++
	c.Y = v
	c.setNZ(c.Y)
}

// ldyZP is LDY zp.
func ldyZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.Y = b.read(ea)
	c.setNZ(c.Y)
}

// ldyZPX is LDY zp,X.
func ldyZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	c.Y = b.read(ea)
	c.setNZ(c.Y)
}

// ldyAbs is LDY abs.
func ldyAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.Y = b.read(ea)
	c.setNZ(c.Y)
}

// ldyAbsX is LDY abs,X.
func ldyAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.Y = b.read(ea)
	c.setNZ(c.Y)
}
