package core

// Arithmetic and compares: ADC, SBC, CMP, CPX, CPY. Addressing modes as in cpu_modes.go.
//
// In decimal mode ADC and SBC take one more cycle, a read of the operand's address again
// ($007F for ADC #, $00B8 for SBC #, as the W65C02S vectors record), and leave N, Z and V
// valid (X16-HARDWARE.md section 6). SBC in binary mode is ADC of the complement.

// adcImm is ADC #.
func adcImm(c *CPU, v uint8) {
	c.PC++
	if c.P&flagD != 0 {
		c.b.read(0x007F) // decimal cycle
		c.adcDecimal(v)
		return
	}
	c.adcBinary(v)
}

// adcZP is ADC zp.
func adcZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// adcZPX is ADC zp,X.
func adcZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// adcAbs is ADC abs.
func adcAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// adcAbsX is ADC abs,X.
func adcAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// adcAbsY is ADC abs,Y.
func adcAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// adcIndX is ADC (zp,X).
func adcIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// adcIndY is ADC (zp),Y.
func adcIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// adcZPInd is ADC (zp).
func adcZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.adcDecimal(x)
		return
	}
	c.adcBinary(x)
}

// sbcImm is SBC #.
func sbcImm(c *CPU, v uint8) {
	c.PC++
	if c.P&flagD != 0 {
		c.b.read(0x00B8) // decimal cycle
		c.sbcDecimal(v)
		return
	}
	c.adcBinary(^v)
}

// sbcZP is SBC zp.
func sbcZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// sbcZPX is SBC zp,X.
func sbcZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// sbcAbs is SBC abs.
func sbcAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// sbcAbsX is SBC abs,X.
func sbcAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// sbcAbsY is SBC abs,Y.
func sbcAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// sbcIndX is SBC (zp,X).
func sbcIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// sbcIndY is SBC (zp),Y.
func sbcIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// sbcZPInd is SBC (zp).
func sbcZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	x := b.read(ea)
	if c.P&flagD != 0 {
		b.read(ea) // decimal cycle
		c.sbcDecimal(x)
		return
	}
	c.adcBinary(^x)
}

// cmpImm is CMP #.
func cmpImm(c *CPU, v uint8) {
	c.PC++
	c.compare(c.A, v)
}

// cmpZP is CMP zp.
func cmpZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.compare(c.A, b.read(ea))
}

// cmpZPX is CMP zp,X.
func cmpZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	c.compare(c.A, b.read(ea))
}

// cmpAbs is CMP abs.
func cmpAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.compare(c.A, b.read(ea))
}

// cmpAbsX is CMP abs,X.
func cmpAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.compare(c.A, b.read(ea))
}

// cmpAbsY is CMP abs,Y.
func cmpAbsY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.compare(c.A, b.read(ea))
}

// cmpIndX is CMP (zp,X).
func cmpIndX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	p := v + c.X
	lo := b.read(uint16(p))
	ea := uint16(b.read(uint16(p+1)))<<8 | uint16(lo)
	c.compare(c.A, b.read(ea))
}

// cmpIndY is CMP (zp),Y.
func cmpIndY(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 1
	lo := b.read(uint16(v))
	base := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	ea := base + uint16(c.Y)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	c.compare(c.A, b.read(ea))
}

// cmpZPInd is CMP (zp).
func cmpZPInd(c *CPU, v uint8) {
	b := c.b
	c.PC++
	lo := b.read(uint16(v))
	ea := uint16(b.read(uint16(v+1)))<<8 | uint16(lo)
	c.compare(c.A, b.read(ea))
}

// cpxImm is CPX #.
func cpxImm(c *CPU, v uint8) {
	c.PC++
	c.compare(c.X, v)
}

// cpxZP is CPX zp.
func cpxZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.compare(c.X, b.read(ea))
}

// cpxAbs is CPX abs.
func cpxAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.compare(c.X, b.read(ea))
}

// cpyImm is CPY #.
func cpyImm(c *CPU, v uint8) {
	c.PC++
	c.compare(c.Y, v)
}

// cpyZP is CPY zp.
func cpyZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	c.compare(c.Y, b.read(ea))
}

// cpyAbs is CPY abs.
func cpyAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	c.compare(c.Y, b.read(ea))
}
