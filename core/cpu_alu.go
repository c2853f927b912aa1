package core

// ALU operations of the 65C02: pure register and flag arithmetic, no bus cycles. They are
// small enough to inline into the handlers (cpu_ops_*.go); adcDecimal and sbcDecimal, only
// reached in decimal mode, are calls.

// setNZ sets N and Z from a result.
func (c *CPU) setNZ(v uint8) { c.nz = uint16(v) }

// nzOf is nz for the flags n and z, whatever the result byte was.
func nzOf(n, z bool) uint16 {
	switch {
	case z && n:
		return 0x8000
	case z:
		return 0
	case n:
		return 0x80
	}
	return 1
}

// negative and zero read N and Z out of nz.
func (c *CPU) negative() bool { return c.nz&0x8080 != 0 }
func (c *CPU) zero() bool     { return c.nz&0xFF == 0 }

// flags is the processor status byte: P with N and Z from nz.
func (c *CPU) flags() uint8 {
	p := c.P &^ (flagN | flagZ)
	if c.negative() {
		p |= flagN
	}
	if c.zero() {
		p |= flagZ
	}
	return p
}

// setFlags sets the whole status byte (PLP, RTI, a debugger, a restored state).
func (c *CPU) setFlags(p uint8) {
	c.P = p &^ (flagN | flagZ)
	c.nz = nzOf(p&flagN != 0, p&flagZ != 0)
}

func (c *CPU) ora(v uint8) { c.A |= v; c.setNZ(c.A) }
func (c *CPU) and(v uint8) { c.A &= v; c.setNZ(c.A) }
func (c *CPU) eor(v uint8) { c.A ^= v; c.setNZ(c.A) }

// compare is CMP/CPX/CPY: flags of r - v, C = no borrow.
func (c *CPU) compare(r, v uint8) {
	c.nz = uint16(r - v)
	p := c.P &^ flagC
	if r >= v {
		p |= flagC
	}
	c.P = p
}

// bit is BIT in memory modes: N and V come from the operand, Z from A AND operand.
func (c *CPU) bit(v uint8) {
	c.P = c.P&^flagV | v&flagV
	c.nz = uint16(c.A&v) | uint16(v&flagN)<<8
}

// bitImmediate is BIT #imm: only Z changes (65C02).
func (c *CPU) bitImmediate(v uint8) { c.setZ(c.A&v == 0) }

// setZ sets Z from a test (TSB/TRB: Z = A AND M == 0).
func (c *CPU) setZ(zero bool) { c.nz = nzOf(c.negative(), zero) }

func (c *CPU) setC(on bool) {
	c.P &^= flagC
	if on {
		c.P |= flagC
	}
}

func (c *CPU) asl(v uint8) uint8 {
	c.setC(v&0x80 != 0)
	v <<= 1
	c.setNZ(v)
	return v
}

func (c *CPU) lsr(v uint8) uint8 {
	c.setC(v&1 != 0)
	v >>= 1
	c.setNZ(v)
	return v
}

func (c *CPU) rol(v uint8) uint8 {
	r := v<<1 | c.P&flagC
	c.setC(v&0x80 != 0)
	c.setNZ(r)
	return r
}

func (c *CPU) ror(v uint8) uint8 {
	r := v>>1 | (c.P&flagC)<<7
	c.setC(v&1 != 0)
	c.setNZ(r)
	return r
}

func (c *CPU) inc(v uint8) uint8 { v++; c.setNZ(v); return v }
func (c *CPU) dec(v uint8) uint8 { v--; c.setNZ(v); return v }

// adcBinary adds v and C to A (binary mode). SBC in binary mode is adcBinary(^v).
func (c *CPU) adcBinary(v uint8) {
	a := c.A
	sum := uint16(a) + uint16(v) + uint16(c.P&flagC)
	r := uint8(sum)
	p := c.P &^ (flagC | flagV)
	if sum > 0xFF {
		p |= flagC
	}
	if (a^r)&(v^r)&0x80 != 0 {
		p |= flagV
	}
	c.A, c.P, c.nz = r, p, uint16(r)
}

// adcDecimal is BCD addition as the 65C02 does it (the algorithm of Bruce Clark's
// "Decimal Mode" tutorial, appendix A, 65C02 column): the low digit is adjusted into a
// carry, V is the signed overflow of the high-digit sum before its adjustment, and N/Z
// describe the final result. Invalid BCD digits follow the same arithmetic.
func (c *CPU) adcDecimal(v uint8) {
	a := c.A
	lo := int(a&0x0F) + int(v&0x0F) + int(c.P&flagC)
	if lo >= 0x0A {
		lo = (lo+0x06)&0x0F + 0x10
	}
	sum := int(a&0xF0) + int(v&0xF0) + lo
	signed := int(int8(a&0xF0)) + int(int8(v&0xF0)) + lo
	if sum >= 0xA0 {
		sum += 0x60
	}
	r := uint8(sum)
	p := c.P &^ (flagC | flagV)
	if sum >= 0x100 {
		p |= flagC
	}
	if signed < -128 || signed > 127 {
		p |= flagV
	}
	c.A, c.P, c.nz = r, p, uint16(r)
}

// sbcDecimal is BCD subtraction as the 65C02 does it (Bruce Clark's "Decimal Mode" tutorial,
// appendix A, 65C02 column): the binary difference is adjusted by $60 when it borrows out of
// the byte and by 6 more when the low digits borrow. Adjusting the whole byte by 6 (not the low
// digit alone, as the NMOS 6502 does) only matters for digits above 9: real 65C02s compute
// $90-$0F = $7B where the NMOS 6502 gives $8B. C and V are those of the binary subtraction;
// N and Z describe the final result.
func (c *CPU) sbcDecimal(v uint8) {
	a := c.A
	borrow := 1 - int(c.P&flagC)
	lo := int(a&0x0F) - int(v&0x0F) - borrow
	bin := int(a) - int(v) - borrow
	t := bin
	if t < 0 {
		t -= 0x60
	}
	if lo < 0 {
		t -= 0x06
	}
	r := uint8(t)
	p := c.P &^ (flagC | flagV)
	if bin >= 0 {
		p |= flagC
	}
	if (a^v)&(a^uint8(bin))&0x80 != 0 {
		p |= flagV
	}
	c.A, c.P, c.nz = r, p, uint16(r)
}
