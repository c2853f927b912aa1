package core

// Read-modify-write: ASL, LSR, ROL, ROR, INC, DEC (memory and accumulator), TSB, TRB,
// RMBn, SMBn. The 65C02 reads the operand twice and writes once (NMOS: read once, write
// twice), so `INC DATA0` reads VERA's data port twice (X16-HARDWARE.md section 6). The
// shifts and rotates abs,X take 6 cycles, 7 across a page; INC and DEC abs,X always 7.

// aslA is ASL A.
func aslA(c *CPU, v uint8) {
	c.A = c.asl(c.A)
}

// aslZP is ASL zp.
func aslZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.asl(x))
}

// aslZPX is ASL zp,X.
func aslZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.asl(x))
}

// aslAbs is ASL abs.
func aslAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.asl(x))
}

// aslAbsX is ASL abs,X.
func aslAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.asl(x))
}

// lsrA is LSR A.
func lsrA(c *CPU, v uint8) {
	c.A = c.lsr(c.A)
}

// lsrZP is LSR zp.
func lsrZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.lsr(x))
}

// lsrZPX is LSR zp,X.
func lsrZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.lsr(x))
}

// lsrAbs is LSR abs.
func lsrAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.lsr(x))
}

// lsrAbsX is LSR abs,X.
func lsrAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.lsr(x))
}

// rolA is ROL A.
func rolA(c *CPU, v uint8) {
	c.A = c.rol(c.A)
}

// rolZP is ROL zp.
func rolZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.rol(x))
}

// rolZPX is ROL zp,X.
func rolZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.rol(x))
}

// rolAbs is ROL abs.
func rolAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.rol(x))
}

// rolAbsX is ROL abs,X.
func rolAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.rol(x))
}

// rorA is ROR A.
func rorA(c *CPU, v uint8) {
	c.A = c.ror(c.A)
}

// rorZP is ROR zp.
func rorZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.ror(x))
}

// rorZPX is ROR zp,X.
func rorZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.ror(x))
}

// rorAbs is ROR abs.
func rorAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.ror(x))
}

// rorAbsX is ROR abs,X.
func rorAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	base := uint16(b.read(pc))<<8 | uint16(v)
	ea := base + uint16(c.X)
	if (base^ea)&0xFF00 != 0 {
		b.read(pc) // indexing cycle, page crossed
	}
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.ror(x))
}

// incA is INC A.
func incA(c *CPU, v uint8) {
	c.A = c.inc(c.A)
}

// incZP is INC zp.
func incZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.inc(x))
}

// incZPX is INC zp,X.
func incZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.inc(x))
}

// incAbs is INC abs.
func incAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.inc(x))
}

// incAbsX is INC abs,X.
func incAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	ea := uint16(b.read(pc))<<8 | uint16(v) + uint16(c.X)
	b.read(pc) // indexing cycle, always
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.inc(x))
}

// decA is DEC A.
func decA(c *CPU, v uint8) {
	c.A = c.dec(c.A)
}

// decZP is DEC zp.
func decZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.dec(x))
}

// decZPX is DEC zp,X.
func decZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v)) // indexing cycle
	ea := uint16(v + c.X)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.dec(x))
}

// decAbs is DEC abs.
func decAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.dec(x))
}

// decAbsX is DEC abs,X.
func decAbsX(c *CPU, v uint8) {
	b := c.b
	pc := c.PC + 1
	c.PC = pc + 1
	ea := uint16(b.read(pc))<<8 | uint16(v) + uint16(c.X)
	b.read(pc) // indexing cycle, always
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, c.dec(x))
}

// tsbZP is TSB zp.
func tsbZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	c.setZ(c.A&x == 0)
	b.write(ea, x|c.A)
}

// tsbAbs is TSB abs.
func tsbAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	c.setZ(c.A&x == 0)
	b.write(ea, x|c.A)
}

// trbZP is TRB zp.
func trbZP(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	c.setZ(c.A&x == 0)
	b.write(ea, x&^c.A)
}

// trbAbs is TRB abs.
func trbAbs(c *CPU, v uint8) {
	b := c.b
	pc := c.PC
	c.PC = pc + 2
	ea := uint16(b.read(pc+1))<<8 | uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	c.setZ(c.A&x == 0)
	b.write(ea, x&^c.A)
}

// rmb0 is RMB0 zp.
func rmb0(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x01)
}

// rmb1 is RMB1 zp.
func rmb1(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x02)
}

// rmb2 is RMB2 zp.
func rmb2(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x04)
}

// rmb3 is RMB3 zp.
func rmb3(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x08)
}

// rmb4 is RMB4 zp.
func rmb4(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x10)
}

// rmb5 is RMB5 zp.
func rmb5(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x20)
}

// rmb6 is RMB6 zp.
func rmb6(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x40)
}

// rmb7 is RMB7 zp.
func rmb7(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x&^0x80)
}

// smb0 is SMB0 zp.
func smb0(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x01)
}

// smb1 is SMB1 zp.
func smb1(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x02)
}

// smb2 is SMB2 zp.
func smb2(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x04)
}

// smb3 is SMB3 zp.
func smb3(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x08)
}

// smb4 is SMB4 zp.
func smb4(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x10)
}

// smb5 is SMB5 zp.
func smb5(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x20)
}

// smb6 is SMB6 zp.
func smb6(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x40)
}

// smb7 is SMB7 zp.
func smb7(c *CPU, v uint8) {
	b := c.b
	c.PC++
	ea := uint16(v)
	x := b.read(ea)
	b.read(ea) // read twice
	b.write(ea, x|0x80)
}
