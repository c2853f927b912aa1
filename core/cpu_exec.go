package core

// Step executes exactly one instruction and returns its opcode. Every cycle is one bus
// access, in the W65C02S's order (operand fetches, dummy reads, the RMW double read); the
// bus counts the cycles. Decoding is one switch on the opcode so that nothing is allocated
// or called indirectly per instruction; the sizes and base cycle counts it produces are
// those of the Opcodes table, which opcodes_test.go checks opcode by opcode.
//
// Every instruction except the undefined 1-cycle NOPs reads the byte after its opcode in
// its second cycle (its operand, or a read it discards), so Step makes that cycle up front:
// in the cases below, c.PC points at that byte and v holds it.
func (c *CPU) Step() uint8 {
	b, pc := c.b, c.PC
	op := b.read(pc)
	if op&0x07 == 0x03 && op|0x10 != 0xDB {
		// $x3 and $xB except WAI ($CB) and STP ($DB): undefined, 1 byte, 1 cycle.
		c.PC = pc + 1
		return op
	}
	v := b.read(pc + 1)
	c.PC = pc + 1
	switch op {
	// Row $0x
	case 0x00: // BRK
		c.brk()
	case 0x01: // ORA (zp,X)
		c.ora(b.read(c.eaIndirectX(v)))
	case 0x04: // TSB zp
		c.tsb(c.eaZP(v))
	case 0x05: // ORA zp
		c.ora(b.read(c.eaZP(v)))
	case 0x06: // ASL zp
		ea := c.eaZP(v)
		b.write(ea, c.asl(c.rmwRead(ea)))
	case 0x08: // PHP: B and the unused bit read as 1 on the stack
		c.push(c.P | flagB | flagU)
	case 0x09: // ORA #
		c.ora(c.imm(v))
	case 0x0A: // ASL A
		c.A = c.asl(c.A)
	case 0x0C: // TSB abs
		c.tsb(c.eaAbs(v))
	case 0x0D: // ORA abs
		c.ora(b.read(c.eaAbs(v)))
	case 0x0E: // ASL abs
		ea := c.eaAbs(v)
		b.write(ea, c.asl(c.rmwRead(ea)))

	// Row $1x
	case 0x10: // BPL
		c.branch(v, c.P&flagN == 0)
	case 0x11: // ORA (zp),Y
		c.ora(b.read(c.eaIndirectY(v)))
	case 0x12: // ORA (zp)
		c.ora(b.read(c.eaZPIndirect(v)))
	case 0x14: // TRB zp
		c.trb(c.eaZP(v))
	case 0x15: // ORA zp,X
		c.ora(b.read(c.eaZPIndexed(v, c.X)))
	case 0x16: // ASL zp,X
		ea := c.eaZPIndexed(v, c.X)
		b.write(ea, c.asl(c.rmwRead(ea)))
	case 0x18: // CLC
		c.P &^= flagC
	case 0x19: // ORA abs,Y
		c.ora(b.read(c.eaAbsIndexed(v, c.Y)))
	case 0x1A: // INC A
		c.A = c.inc(c.A)
	case 0x1C: // TRB abs
		c.trb(c.eaAbs(v))
	case 0x1D: // ORA abs,X
		c.ora(b.read(c.eaAbsIndexed(v, c.X)))
	case 0x1E: // ASL abs,X: 6 cycles, 7 across a page (W65C02S)
		ea := c.eaAbsIndexed(v, c.X)
		b.write(ea, c.asl(c.rmwRead(ea)))

	// Row $2x
	case 0x20: // JSR abs
		c.jsr(v)
	case 0x21: // AND (zp,X)
		c.and(b.read(c.eaIndirectX(v)))
	case 0x24: // BIT zp
		c.bit(b.read(c.eaZP(v)))
	case 0x25: // AND zp
		c.and(b.read(c.eaZP(v)))
	case 0x26: // ROL zp
		ea := c.eaZP(v)
		b.write(ea, c.rol(c.rmwRead(ea)))
	case 0x28: // PLP
		c.stackDummy()
		c.P = c.pull() | flagB | flagU
	case 0x29: // AND #
		c.and(c.imm(v))
	case 0x2A: // ROL A
		c.A = c.rol(c.A)
	case 0x2C: // BIT abs
		c.bit(b.read(c.eaAbs(v)))
	case 0x2D: // AND abs
		c.and(b.read(c.eaAbs(v)))
	case 0x2E: // ROL abs
		ea := c.eaAbs(v)
		b.write(ea, c.rol(c.rmwRead(ea)))

	// Row $3x
	case 0x30: // BMI
		c.branch(v, c.P&flagN != 0)
	case 0x31: // AND (zp),Y
		c.and(b.read(c.eaIndirectY(v)))
	case 0x32: // AND (zp)
		c.and(b.read(c.eaZPIndirect(v)))
	case 0x34: // BIT zp,X
		c.bit(b.read(c.eaZPIndexed(v, c.X)))
	case 0x35: // AND zp,X
		c.and(b.read(c.eaZPIndexed(v, c.X)))
	case 0x36: // ROL zp,X
		ea := c.eaZPIndexed(v, c.X)
		b.write(ea, c.rol(c.rmwRead(ea)))
	case 0x38: // SEC
		c.P |= flagC
	case 0x39: // AND abs,Y
		c.and(b.read(c.eaAbsIndexed(v, c.Y)))
	case 0x3A: // DEC A
		c.A = c.dec(c.A)
	case 0x3C: // BIT abs,X
		c.bit(b.read(c.eaAbsIndexed(v, c.X)))
	case 0x3D: // AND abs,X
		c.and(b.read(c.eaAbsIndexed(v, c.X)))
	case 0x3E: // ROL abs,X
		ea := c.eaAbsIndexed(v, c.X)
		b.write(ea, c.rol(c.rmwRead(ea)))

	// Row $4x
	case 0x40: // RTI
		c.rti()
	case 0x41: // EOR (zp,X)
		c.eor(b.read(c.eaIndirectX(v)))
	case 0x44: // NOP zp (undefined, 2 bytes 3 cycles)
		b.read(c.eaZP(v))
	case 0x45: // EOR zp
		c.eor(b.read(c.eaZP(v)))
	case 0x46: // LSR zp
		ea := c.eaZP(v)
		b.write(ea, c.lsr(c.rmwRead(ea)))
	case 0x48: // PHA
		c.push(c.A)
	case 0x49: // EOR #
		c.eor(c.imm(v))
	case 0x4A: // LSR A
		c.A = c.lsr(c.A)
	case 0x4C: // JMP abs
		c.PC = uint16(b.read(c.PC+1))<<8 | uint16(v)
	case 0x4D: // EOR abs
		c.eor(b.read(c.eaAbs(v)))
	case 0x4E: // LSR abs
		ea := c.eaAbs(v)
		b.write(ea, c.lsr(c.rmwRead(ea)))

	// Row $5x
	case 0x50: // BVC
		c.branch(v, c.P&flagV == 0)
	case 0x51: // EOR (zp),Y
		c.eor(b.read(c.eaIndirectY(v)))
	case 0x52: // EOR (zp)
		c.eor(b.read(c.eaZPIndirect(v)))
	case 0x54, 0xD4, 0xF4: // NOP zp,X (undefined, 2 bytes 4 cycles)
		b.read(c.eaZPIndexed(v, c.X))
	case 0x55: // EOR zp,X
		c.eor(b.read(c.eaZPIndexed(v, c.X)))
	case 0x56: // LSR zp,X
		ea := c.eaZPIndexed(v, c.X)
		b.write(ea, c.lsr(c.rmwRead(ea)))
	case 0x58: // CLI
		c.P &^= flagI
	case 0x59: // EOR abs,Y
		c.eor(b.read(c.eaAbsIndexed(v, c.Y)))
	case 0x5A: // PHY
		c.push(c.Y)
	case 0x5C: // NOP abs (undefined, 3 bytes 8 cycles)
		c.nop5C(v)
	case 0x5D: // EOR abs,X
		c.eor(b.read(c.eaAbsIndexed(v, c.X)))
	case 0x5E: // LSR abs,X
		ea := c.eaAbsIndexed(v, c.X)
		b.write(ea, c.lsr(c.rmwRead(ea)))

	// Row $6x
	case 0x60: // RTS
		c.rts()
	case 0x61: // ADC (zp,X)
		ea := c.eaIndirectX(v)
		c.adc(b.read(ea), ea)
	case 0x64: // STZ zp
		b.write(c.eaZP(v), 0)
	case 0x65: // ADC zp
		ea := c.eaZP(v)
		c.adc(b.read(ea), ea)
	case 0x66: // ROR zp
		ea := c.eaZP(v)
		b.write(ea, c.ror(c.rmwRead(ea)))
	case 0x68: // PLA
		c.stackDummy()
		c.A = c.pull()
		c.setNZ(c.A)
	case 0x69: // ADC #
		c.adc(c.imm(v), 0x007F)
	case 0x6A: // ROR A
		c.A = c.ror(c.A)
	case 0x6C: // JMP (abs): 6 cycles on the W65C02S. It still reads the NMOS address
		// (the pointer's page with the incremented low byte) but then fixes the page-wrap
		// bug by reading the high byte from ptr+1.
		ptr := c.eaAbs(v)
		lo := b.read(ptr)
		b.read(ptr&0xFF00 | (ptr+1)&0x00FF)
		c.PC = uint16(b.read(ptr+1))<<8 | uint16(lo)
	case 0x6D: // ADC abs
		ea := c.eaAbs(v)
		c.adc(b.read(ea), ea)
	case 0x6E: // ROR abs
		ea := c.eaAbs(v)
		b.write(ea, c.ror(c.rmwRead(ea)))

	// Row $7x
	case 0x70: // BVS
		c.branch(v, c.P&flagV != 0)
	case 0x71: // ADC (zp),Y
		ea := c.eaIndirectY(v)
		c.adc(b.read(ea), ea)
	case 0x72: // ADC (zp)
		ea := c.eaZPIndirect(v)
		c.adc(b.read(ea), ea)
	case 0x74: // STZ zp,X
		b.write(c.eaZPIndexed(v, c.X), 0)
	case 0x75: // ADC zp,X
		ea := c.eaZPIndexed(v, c.X)
		c.adc(b.read(ea), ea)
	case 0x76: // ROR zp,X
		ea := c.eaZPIndexed(v, c.X)
		b.write(ea, c.ror(c.rmwRead(ea)))
	case 0x78: // SEI
		c.P |= flagI
	case 0x79: // ADC abs,Y
		ea := c.eaAbsIndexed(v, c.Y)
		c.adc(b.read(ea), ea)
	case 0x7A: // PLY
		c.stackDummy()
		c.Y = c.pull()
		c.setNZ(c.Y)
	case 0x7C: // JMP (abs,X): the indexing cycle re-reads the operand's low byte
		ptr := uint16(b.read(c.PC+1))<<8 | uint16(v)
		b.read(c.PC)
		ptr += uint16(c.X)
		lo := b.read(ptr)
		c.PC = uint16(b.read(ptr+1))<<8 | uint16(lo)
	case 0x7D: // ADC abs,X
		ea := c.eaAbsIndexed(v, c.X)
		c.adc(b.read(ea), ea)
	case 0x7E: // ROR abs,X
		ea := c.eaAbsIndexed(v, c.X)
		b.write(ea, c.ror(c.rmwRead(ea)))

	// Row $8x
	case 0x80: // BRA
		c.branch(v, true)
	case 0x81: // STA (zp,X)
		b.write(c.eaIndirectX(v), c.A)
	case 0x84: // STY zp
		b.write(c.eaZP(v), c.Y)
	case 0x85: // STA zp
		b.write(c.eaZP(v), c.A)
	case 0x86: // STX zp
		b.write(c.eaZP(v), c.X)
	case 0x88: // DEY
		c.Y = c.dec(c.Y)
	case 0x89: // BIT #: Z only
		c.bitImmediate(c.imm(v))
	case 0x8A: // TXA
		c.A = c.X
		c.setNZ(c.A)
	case 0x8C: // STY abs
		b.write(c.eaAbs(v), c.Y)
	case 0x8D: // STA abs
		b.write(c.eaAbs(v), c.A)
	case 0x8E: // STX abs
		b.write(c.eaAbs(v), c.X)

	// Row $9x
	case 0x90: // BCC
		c.branch(v, c.P&flagC == 0)
	case 0x91: // STA (zp),Y
		b.write(c.eaIndirectYFixed(v), c.A)
	case 0x92: // STA (zp)
		b.write(c.eaZPIndirect(v), c.A)
	case 0x94: // STY zp,X
		b.write(c.eaZPIndexed(v, c.X), c.Y)
	case 0x95: // STA zp,X
		b.write(c.eaZPIndexed(v, c.X), c.A)
	case 0x96: // STX zp,Y
		b.write(c.eaZPIndexed(v, c.Y), c.X)
	case 0x98: // TYA
		c.A = c.Y
		c.setNZ(c.A)
	case 0x99: // STA abs,Y
		b.write(c.eaAbsIndexedFixed(v, c.Y), c.A)
	case 0x9A: // TXS
		c.S = c.X
	case 0x9C: // STZ abs
		b.write(c.eaAbs(v), 0)
	case 0x9D: // STA abs,X
		b.write(c.eaAbsIndexedFixed(v, c.X), c.A)
	case 0x9E: // STZ abs,X
		b.write(c.eaAbsIndexedFixed(v, c.X), 0)

	// Row $Ax
	case 0xA0: // LDY #
		c.Y = c.imm(v)
		c.setNZ(c.Y)
	case 0xA1: // LDA (zp,X)
		c.A = b.read(c.eaIndirectX(v))
		c.setNZ(c.A)
	case 0xA2: // LDX #
		c.X = c.imm(v)
		c.setNZ(c.X)
	case 0xA4: // LDY zp
		c.Y = b.read(c.eaZP(v))
		c.setNZ(c.Y)
	case 0xA5: // LDA zp
		c.A = b.read(c.eaZP(v))
		c.setNZ(c.A)
	case 0xA6: // LDX zp
		c.X = b.read(c.eaZP(v))
		c.setNZ(c.X)
	case 0xA8: // TAY
		c.Y = c.A
		c.setNZ(c.Y)
	case 0xA9: // LDA #
		c.A = c.imm(v)
		c.setNZ(c.A)
	case 0xAA: // TAX
		c.X = c.A
		c.setNZ(c.X)
	case 0xAC: // LDY abs
		c.Y = b.read(c.eaAbs(v))
		c.setNZ(c.Y)
	case 0xAD: // LDA abs
		c.A = b.read(c.eaAbs(v))
		c.setNZ(c.A)
	case 0xAE: // LDX abs
		c.X = b.read(c.eaAbs(v))
		c.setNZ(c.X)

	// Row $Bx
	case 0xB0: // BCS
		c.branch(v, c.P&flagC != 0)
	case 0xB1: // LDA (zp),Y
		c.A = b.read(c.eaIndirectY(v))
		c.setNZ(c.A)
	case 0xB2: // LDA (zp)
		c.A = b.read(c.eaZPIndirect(v))
		c.setNZ(c.A)
	case 0xB4: // LDY zp,X
		c.Y = b.read(c.eaZPIndexed(v, c.X))
		c.setNZ(c.Y)
	case 0xB5: // LDA zp,X
		c.A = b.read(c.eaZPIndexed(v, c.X))
		c.setNZ(c.A)
	case 0xB6: // LDX zp,Y
		c.X = b.read(c.eaZPIndexed(v, c.Y))
		c.setNZ(c.X)
	case 0xB8: // CLV
		c.P &^= flagV
	case 0xB9: // LDA abs,Y
		c.A = b.read(c.eaAbsIndexed(v, c.Y))
		c.setNZ(c.A)
	case 0xBA: // TSX
		c.X = c.S
		c.setNZ(c.X)
	case 0xBC: // LDY abs,X
		c.Y = b.read(c.eaAbsIndexed(v, c.X))
		c.setNZ(c.Y)
	case 0xBD: // LDA abs,X
		c.A = b.read(c.eaAbsIndexed(v, c.X))
		c.setNZ(c.A)
	case 0xBE: // LDX abs,Y
		c.X = b.read(c.eaAbsIndexed(v, c.Y))
		c.setNZ(c.X)

	// Row $Cx
	case 0xC0: // CPY #
		c.compare(c.Y, c.imm(v))
	case 0xC1: // CMP (zp,X)
		c.compare(c.A, b.read(c.eaIndirectX(v)))
	case 0xC4: // CPY zp
		c.compare(c.Y, b.read(c.eaZP(v)))
	case 0xC5: // CMP zp
		c.compare(c.A, b.read(c.eaZP(v)))
	case 0xC6: // DEC zp
		ea := c.eaZP(v)
		b.write(ea, c.dec(c.rmwRead(ea)))
	case 0xC8: // INY
		c.Y = c.inc(c.Y)
	case 0xC9: // CMP #
		c.compare(c.A, c.imm(v))
	case 0xCA: // DEX
		c.X = c.dec(c.X)
	case 0xCB: // WAI: 3 cycles, then halted until an interrupt line is asserted
		// (Machine.interrupt wakes it)
		b.read(c.PC)
		c.halt |= haltWait
	case 0xCC: // CPY abs
		c.compare(c.Y, b.read(c.eaAbs(v)))
	case 0xCD: // CMP abs
		c.compare(c.A, b.read(c.eaAbs(v)))
	case 0xCE: // DEC abs
		ea := c.eaAbs(v)
		b.write(ea, c.dec(c.rmwRead(ea)))

	// Row $Dx
	case 0xD0: // BNE
		c.branch(v, c.P&flagZ == 0)
	case 0xD1: // CMP (zp),Y
		c.compare(c.A, b.read(c.eaIndirectY(v)))
	case 0xD2: // CMP (zp)
		c.compare(c.A, b.read(c.eaZPIndirect(v)))
	case 0xD5: // CMP zp,X
		c.compare(c.A, b.read(c.eaZPIndexed(v, c.X)))
	case 0xD6: // DEC zp,X
		ea := c.eaZPIndexed(v, c.X)
		b.write(ea, c.dec(c.rmwRead(ea)))
	case 0xD8: // CLD
		c.P &^= flagD
	case 0xD9: // CMP abs,Y
		c.compare(c.A, b.read(c.eaAbsIndexed(v, c.Y)))
	case 0xDA: // PHX
		c.push(c.X)
	case 0xDB: // STP: 3 cycles, then halted until reset
		b.read(c.PC)
		c.halt |= haltStop
	case 0xDC, 0xFC: // NOP abs (undefined, 3 bytes 4 cycles): re-reads its last byte
		c.eaAbs(v)
		b.read(c.PC - 1)
	case 0xDD: // CMP abs,X
		c.compare(c.A, b.read(c.eaAbsIndexed(v, c.X)))
	case 0xDE: // DEC abs,X: always 7 cycles
		ea := c.eaAbsIndexedFixed(v, c.X)
		b.write(ea, c.dec(c.rmwRead(ea)))

	// Row $Ex
	case 0xE0: // CPX #
		c.compare(c.X, c.imm(v))
	case 0xE1: // SBC (zp,X)
		ea := c.eaIndirectX(v)
		c.sbc(b.read(ea), ea)
	case 0xE4: // CPX zp
		c.compare(c.X, b.read(c.eaZP(v)))
	case 0xE5: // SBC zp
		ea := c.eaZP(v)
		c.sbc(b.read(ea), ea)
	case 0xE6: // INC zp
		ea := c.eaZP(v)
		b.write(ea, c.inc(c.rmwRead(ea)))
	case 0xE8: // INX
		c.X = c.inc(c.X)
	case 0xE9: // SBC #
		c.sbc(c.imm(v), 0x00B8)
	case 0xEA: // NOP
	case 0xEC: // CPX abs
		c.compare(c.X, b.read(c.eaAbs(v)))
	case 0xED: // SBC abs
		ea := c.eaAbs(v)
		c.sbc(b.read(ea), ea)
	case 0xEE: // INC abs
		ea := c.eaAbs(v)
		b.write(ea, c.inc(c.rmwRead(ea)))

	// Row $Fx
	case 0xF0: // BEQ
		c.branch(v, c.P&flagZ != 0)
	case 0xF1: // SBC (zp),Y
		ea := c.eaIndirectY(v)
		c.sbc(b.read(ea), ea)
	case 0xF2: // SBC (zp)
		ea := c.eaZPIndirect(v)
		c.sbc(b.read(ea), ea)
	case 0xF5: // SBC zp,X
		ea := c.eaZPIndexed(v, c.X)
		c.sbc(b.read(ea), ea)
	case 0xF6: // INC zp,X
		ea := c.eaZPIndexed(v, c.X)
		b.write(ea, c.inc(c.rmwRead(ea)))
	case 0xF8: // SED
		c.P |= flagD
	case 0xF9: // SBC abs,Y
		ea := c.eaAbsIndexed(v, c.Y)
		c.sbc(b.read(ea), ea)
	case 0xFA: // PLX
		c.stackDummy()
		c.X = c.pull()
		c.setNZ(c.X)
	case 0xFD: // SBC abs,X
		ea := c.eaAbsIndexed(v, c.X)
		c.sbc(b.read(ea), ea)
	case 0xFE: // INC abs,X: always 7 cycles
		ea := c.eaAbsIndexedFixed(v, c.X)
		b.write(ea, c.inc(c.rmwRead(ea)))

	// RMBn/SMBn zp: column 7, the bit number in the high nibble.
	case 0x07, 0x17, 0x27, 0x37, 0x47, 0x57, 0x67, 0x77:
		ea := c.eaZP(v)
		b.write(ea, c.rmwRead(ea)&^(1<<(op>>4)))
	case 0x87, 0x97, 0xA7, 0xB7, 0xC7, 0xD7, 0xE7, 0xF7:
		ea := c.eaZP(v)
		b.write(ea, c.rmwRead(ea)|1<<(op>>4&7))

	// BBRn/BBSn zp,rel: column F.
	case 0x0F, 0x1F, 0x2F, 0x3F, 0x4F, 0x5F, 0x6F, 0x7F:
		c.branchBit(v, 1<<(op>>4), 0)
	case 0x8F, 0x9F, 0xAF, 0xBF, 0xCF, 0xDF, 0xEF, 0xFF:
		m := uint8(1) << (op >> 4 & 7)
		c.branchBit(v, m, m)

	// Undefined opcodes (X16-HARDWARE.md section 6, W65C02S Table 7-1).
	case 0x02, 0x22, 0x42, 0x62, 0x82, 0xC2, 0xE2: // 2 bytes, 2 cycles
		c.PC++
		// The 1-byte, 1-cycle NOPs ($x3, $xB) returned before the switch.
	}
	return op
}

// tsb is TSB: Z from A AND M, then M |= A (read, re-read, write).
func (c *CPU) tsb(ea uint16) {
	v := c.rmwRead(ea)
	c.setZ(c.A&v == 0)
	c.b.write(ea, v|c.A)
}

// trb is TRB: Z from A AND M, then M &^= A.
func (c *CPU) trb(ea uint16) {
	v := c.rmwRead(ea)
	c.setZ(c.A&v == 0)
	c.b.write(ea, v&^c.A)
}

// imm consumes an immediate operand.
func (c *CPU) imm(v uint8) uint8 {
	c.PC++
	return v
}

// jsr: after the low byte the chip idles on the stack, pushes the address of the high
// byte (return address - 1), and only then reads the high byte.
func (c *CPU) jsr(lo uint8) {
	c.PC++
	c.stackDummy()
	c.push(uint8(c.PC >> 8))
	c.push(uint8(c.PC))
	c.PC = uint16(c.b.read(c.PC))<<8 | uint16(lo)
}

// rts pulls the return address and spends its last cycle reading it before adding 1.
func (c *CPU) rts() {
	c.stackDummy()
	lo := c.pull()
	c.PC = uint16(c.pull())<<8 | uint16(lo)
	c.b.read(c.PC)
	c.PC++
}

// rti pulls P and PC.
func (c *CPU) rti() {
	c.stackDummy()
	c.P = c.pull() | flagB | flagU
	lo := c.pull()
	c.PC = uint16(c.pull())<<8 | uint16(lo)
}

// brk is the software interrupt: 2 bytes (the signature byte after the opcode is read and
// skipped), pushes PC+2 and P with B set, sets I, clears D (65C02), then fetches the
// IRQ/BRK vector from ROM bank 0 (Bus.vectorPull).
func (c *CPU) brk() {
	c.PC++
	c.push(uint8(c.PC >> 8))
	c.push(uint8(c.PC))
	c.push(c.P | flagB | flagU)
	c.enterVector(vectorIRQ)
}

// Interrupt runs the 7-cycle hardware IRQ/NMI entry: two dummy reads of PC, push PC and P
// (B clear), set I, clear D, and fetch the vector. The machine calls it between
// instructions (Machine.interrupt).
func (c *CPU) Interrupt(vector uint16) {
	c.b.read(c.PC)
	c.b.read(c.PC)
	c.push(uint8(c.PC >> 8))
	c.push(uint8(c.PC))
	c.push((c.P | flagU) &^ flagB)
	c.enterVector(vector)
}

// enterVector finishes an interrupt entry: I set, D cleared, vector read with VPB low.
func (c *CPU) enterVector(vector uint16) {
	c.P = (c.P | flagI) &^ flagD
	c.b.vectorPull()
	lo := c.b.read(vector)
	c.PC = uint16(c.b.read(vector+1))<<8 | uint16(lo)
}

// nop5C is the undefined opcode $5C: 3 bytes and 8 cycles per the W65C02S data sheet
// (X16-HARDWARE.md section 6). After its operand it reads $FF00 | low operand byte, then
// $FFFF four times (the bus pattern other cycle-level 65C02 cores give it); the per-opcode
// vectors disagree (4 cycles), so only its registers and memory are checked against them.
func (c *CPU) nop5C(lo uint8) {
	c.eaAbs(lo)
	c.b.read(0xFF00 | uint16(lo))
	c.b.read(0xFFFF)
	c.b.read(0xFFFF)
	c.b.read(0xFFFF)
	c.b.read(0xFFFF)
}
