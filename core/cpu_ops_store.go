package core

// Stores: STA, STX, STY, STZ. Indexed stores (abs,X, abs,Y, (zp),Y) always spend the
// indexing cycle, page crossed or not (W65C02S data sheet). Addressing modes as in cpu_modes.go.

// staZP is STA zp.
func staZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	b.write(ea, c.A)
}

// staZPX is STA zp,X.
func staZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	b.write(ea, c.A)
}

// staAbs is STA abs.
func staAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	b.write(ea, c.A)
}

// staAbsX is STA abs,X.
func staAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	ea := uint16(b.read(pc))<<8 | uint16(v) + uint16(c.X)
	b.read(pc) // indexing cycle, always
	b.write(ea, c.A)
}

// staAbsY is STA abs,Y.
func staAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	ea := uint16(b.read(pc))<<8 | uint16(v) + uint16(c.Y)
	b.read(pc) // indexing cycle, always
	b.write(ea, c.A)
}

// staIndX is STA (zp,X).
func staIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	b.write(ea, c.A)
}

// staIndY is STA (zp),Y.
func staIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	hi := b.read(uint16(v + 1))
	b.read(pc) // indexing cycle, always
	ea := uint16(hi)<<8 | uint16(lo) + uint16(c.Y)
	b.write(ea, c.A)
}

// staZPInd is STA (zp).
func staZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	b.write(ea, c.A)
}

// stxZP is STX zp.
func stxZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	b.write(ea, c.X)
}

// stxZPY is STX zp,Y.
func stxZPY(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.Y)
	b.write(ea, c.X)
}

// stxAbs is STX abs.
func stxAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	b.write(ea, c.X)
}

// styZP is STY zp.
func styZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	b.write(ea, c.Y)
}

// styZPX is STY zp,X.
func styZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	b.write(ea, c.Y)
}

// styAbs is STY abs.
func styAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	b.write(ea, c.Y)
}

// stzZP is STZ zp.
func stzZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	b.write(ea, 0)
}

// stzZPX is STZ zp,X.
func stzZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	b.write(ea, 0)
}

// stzAbs is STZ abs.
func stzAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	b.write(ea, 0)
}

// stzAbsX is STZ abs,X.
func stzAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	ea := uint16(b.read(pc))<<8 | uint16(v) + uint16(c.X)
	b.read(pc) // indexing cycle, always
	b.write(ea, 0)
}
