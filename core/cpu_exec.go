package core

// Step executes exactly one instruction and returns its opcode. Every cycle is one bus
// access, in the W65C02S's order (operand fetches, dummy reads, the RMW double read); the
// bus counts the cycles. The sizes and base cycle counts that the handlers produce are those
// of the opcodes table, which opcodes_test.go checks opcode by opcode.
//
// Every instruction except the undefined 1-cycle NOPs reads the byte after its opcode in
// its second cycle (its operand, or a read it discards), so Step makes that cycle up front:
// the handler finds c.PC pointing at that byte and gets it as v.
//
// Decoding is one indexed call through opTable. The run loop (runloop.go) has the same
// table written out as a switch, which measured 4 % faster on busy code there, natively
// and in wasm, because its small handlers inline into the loop. A switch in a function of
// its own, as Step is, measured no faster than the table (a call, then the jump table).
// Each handler is small enough that the bus fast path inlines into it. The undefined
// 1-cycle NOPs have no handler (their entries are nil), see TestOpTableMatchesOpcodes.
func (c *CPU) Step() uint8 {
	b, pc := c.b, c.PC
	op := b.read(pc)
	if pc >= ioStart {
		b.noteFetch(pc)
	}
	if op&0x07 == 0x03 && op|0x10 != 0xDB {
		// $x3 and $xB except WAI ($CB) and STP ($DB): undefined, 1 byte, 1 cycle.
		c.PC = pc + 1
		return op
	}
	v := b.read(pc + 1)
	c.PC = pc + 1
	opTable[op](c, v)
	return op
}

// opTable holds the handler of every opcode (cpu_ops_*.go), named after its mnemonic and
// addressing mode. It is code, not opcode data: sizes and cycles live in opcodes. Treat it
// as read-only.
var opTable = [256]func(c *CPU, v uint8){
	0x00: brk,
	0x01: oraIndX,
	0x02: nopImm,
	0x04: tsbZP,
	0x05: oraZP,
	0x06: aslZP,
	0x07: rmb0,
	0x08: php,
	0x09: oraImm,
	0x0A: aslA,
	0x0C: tsbAbs,
	0x0D: oraAbs,
	0x0E: aslAbs,
	0x0F: bbr0,
	0x10: bpl,
	0x11: oraIndY,
	0x12: oraZPInd,
	0x14: trbZP,
	0x15: oraZPX,
	0x16: aslZPX,
	0x17: rmb1,
	0x18: clc,
	0x19: oraAbsY,
	0x1A: incA,
	0x1C: trbAbs,
	0x1D: oraAbsX,
	0x1E: aslAbsX,
	0x1F: bbr1,
	0x20: jsr,
	0x21: andIndX,
	0x22: nopImm,
	0x24: bitZP,
	0x25: andZP,
	0x26: rolZP,
	0x27: rmb2,
	0x28: plp,
	0x29: andImm,
	0x2A: rolA,
	0x2C: bitAbs,
	0x2D: andAbs,
	0x2E: rolAbs,
	0x2F: bbr2,
	0x30: bmi,
	0x31: andIndY,
	0x32: andZPInd,
	0x34: bitZPX,
	0x35: andZPX,
	0x36: rolZPX,
	0x37: rmb3,
	0x38: sec,
	0x39: andAbsY,
	0x3A: decA,
	0x3C: bitAbsX,
	0x3D: andAbsX,
	0x3E: rolAbsX,
	0x3F: bbr3,
	0x40: rti,
	0x41: eorIndX,
	0x42: nopImm,
	0x44: nopZP,
	0x45: eorZP,
	0x46: lsrZP,
	0x47: rmb4,
	0x48: pha,
	0x49: eorImm,
	0x4A: lsrA,
	0x4C: jmpAbs,
	0x4D: eorAbs,
	0x4E: lsrAbs,
	0x4F: bbr4,
	0x50: bvc,
	0x51: eorIndY,
	0x52: eorZPInd,
	0x54: nopZPX,
	0x55: eorZPX,
	0x56: lsrZPX,
	0x57: rmb5,
	0x58: cli,
	0x59: eorAbsY,
	0x5A: phy,
	0x5C: nop5C,
	0x5D: eorAbsX,
	0x5E: lsrAbsX,
	0x5F: bbr5,
	0x60: rts,
	0x61: adcIndX,
	0x62: nopImm,
	0x64: stzZP,
	0x65: adcZP,
	0x66: rorZP,
	0x67: rmb6,
	0x68: pla,
	0x69: adcImm,
	0x6A: rorA,
	0x6C: jmpAbsInd,
	0x6D: adcAbs,
	0x6E: rorAbs,
	0x6F: bbr6,
	0x70: bvs,
	0x71: adcIndY,
	0x72: adcZPInd,
	0x74: stzZPX,
	0x75: adcZPX,
	0x76: rorZPX,
	0x77: rmb7,
	0x78: sei,
	0x79: adcAbsY,
	0x7A: ply,
	0x7C: jmpAbsIndX,
	0x7D: adcAbsX,
	0x7E: rorAbsX,
	0x7F: bbr7,
	0x80: bra,
	0x81: staIndX,
	0x82: nopImm,
	0x84: styZP,
	0x85: staZP,
	0x86: stxZP,
	0x87: smb0,
	0x88: dey,
	0x89: bitImm,
	0x8A: txa,
	0x8C: styAbs,
	0x8D: staAbs,
	0x8E: stxAbs,
	0x8F: bbs0,
	0x90: bcc,
	0x91: staIndY,
	0x92: staZPInd,
	0x94: styZPX,
	0x95: staZPX,
	0x96: stxZPY,
	0x97: smb1,
	0x98: tya,
	0x99: staAbsY,
	0x9A: txs,
	0x9C: stzAbs,
	0x9D: staAbsX,
	0x9E: stzAbsX,
	0x9F: bbs1,
	0xA0: ldyImm,
	0xA1: ldaIndX,
	0xA2: ldxImm,
	0xA4: ldyZP,
	0xA5: ldaZP,
	0xA6: ldxZP,
	0xA7: smb2,
	0xA8: tay,
	0xA9: ldaImm,
	0xAA: tax,
	0xAC: ldyAbs,
	0xAD: ldaAbs,
	0xAE: ldxAbs,
	0xAF: bbs2,
	0xB0: bcs,
	0xB1: ldaIndY,
	0xB2: ldaZPInd,
	0xB4: ldyZPX,
	0xB5: ldaZPX,
	0xB6: ldxZPY,
	0xB7: smb3,
	0xB8: clv,
	0xB9: ldaAbsY,
	0xBA: tsx,
	0xBC: ldyAbsX,
	0xBD: ldaAbsX,
	0xBE: ldxAbsY,
	0xBF: bbs3,
	0xC0: cpyImm,
	0xC1: cmpIndX,
	0xC2: nopImm,
	0xC4: cpyZP,
	0xC5: cmpZP,
	0xC6: decZP,
	0xC7: smb4,
	0xC8: iny,
	0xC9: cmpImm,
	0xCA: dex,
	0xCB: wai,
	0xCC: cpyAbs,
	0xCD: cmpAbs,
	0xCE: decAbs,
	0xCF: bbs4,
	0xD0: bne,
	0xD1: cmpIndY,
	0xD2: cmpZPInd,
	0xD4: nopZPX,
	0xD5: cmpZPX,
	0xD6: decZPX,
	0xD7: smb5,
	0xD8: cld,
	0xD9: cmpAbsY,
	0xDA: phx,
	0xDB: stp,
	0xDC: nopAbs,
	0xDD: cmpAbsX,
	0xDE: decAbsX,
	0xDF: bbs5,
	0xE0: cpxImm,
	0xE1: sbcIndX,
	0xE2: nopImm,
	0xE4: cpxZP,
	0xE5: sbcZP,
	0xE6: incZP,
	0xE7: smb6,
	0xE8: inx,
	0xE9: sbcImm,
	0xEA: nop,
	0xEC: cpxAbs,
	0xED: sbcAbs,
	0xEE: incAbs,
	0xEF: bbs6,
	0xF0: beq,
	0xF1: sbcIndY,
	0xF2: sbcZPInd,
	0xF4: nopZPX,
	0xF5: sbcZPX,
	0xF6: incZPX,
	0xF7: smb7,
	0xF8: sed,
	0xF9: sbcAbsY,
	0xFA: plx,
	0xFC: nopAbs,
	0xFD: sbcAbsX,
	0xFE: incAbsX,
	0xFF: bbs7,
}

// Interrupt runs the 7-cycle hardware IRQ/NMI entry: two dummy reads of PC, push PC and P
// (B clear), set I, clear D, and fetch the vector. The machine calls it between
// instructions (Machine.interrupt).
func (c *CPU) Interrupt(vector uint16) {
	c.b.read(c.PC)
	c.b.read(c.PC)
	c.push(uint8(c.PC >> 8))
	c.push(uint8(c.PC))
	c.push((c.flags() | flagU) &^ flagB)
	c.enterVector(vector)
}

// enterVector finishes an interrupt entry: I set, D cleared, vector read with VPB low.
func (c *CPU) enterVector(vector uint16) {
	c.P = (c.P | flagI) &^ flagD
	c.b.vectorPull()
	lo := c.b.read(vector)
	c.PC = uint16(c.b.read(vector+1))<<8 | uint16(lo)
}
