package core

// One-byte instructions: stack, transfers, register increments, flags, WAI, STP, and the
// NOPs (the defined NOP $EA and the undefined multi-byte ones; the 1-byte 1-cycle
// undefined NOPs never reach a handler, see Step).

// Pushes write the stack at S, then decrement it; pulls spend a cycle reading the stack at
// S before incrementing it and reading the byte.

// pha is PHA.
func pha(c *CPU, v uint8) {
	c.b.write(stackPage|uint16(c.S), c.A)
	c.S--
}

// phx is PHX.
func phx(c *CPU, v uint8) {
	c.b.write(stackPage|uint16(c.S), c.X)
	c.S--
}

// phy is PHY.
func phy(c *CPU, v uint8) {
	c.b.write(stackPage|uint16(c.S), c.Y)
	c.S--
}

// php is PHP: B and the unused bit read as 1 on the stack.
func php(c *CPU, v uint8) {
	c.b.write(stackPage|uint16(c.S), c.flags()|flagB|flagU)
	c.S--
}

// pla is PLA.
func pla(c *CPU, v uint8) {
	b := c.b
	b.read(stackPage | uint16(c.S))
	c.S++
	c.A = b.read(stackPage | uint16(c.S))
	c.setNZ(c.A)
	if b.calls != nil {
		b.noteStack(c, CallPull)
	}
}

// plx is PLX.
func plx(c *CPU, v uint8) {
	b := c.b
	b.read(stackPage | uint16(c.S))
	c.S++
	c.X = b.read(stackPage | uint16(c.S))
	c.setNZ(c.X)
	if b.calls != nil {
		b.noteStack(c, CallPull)
	}
}

// ply is PLY.
func ply(c *CPU, v uint8) {
	b := c.b
	b.read(stackPage | uint16(c.S))
	c.S++
	c.Y = b.read(stackPage | uint16(c.S))
	c.setNZ(c.Y)
	if b.calls != nil {
		b.noteStack(c, CallPull)
	}
}

// plp is PLP: B and the unused bit always read as 1.
func plp(c *CPU, v uint8) {
	b := c.b
	b.read(stackPage | uint16(c.S))
	c.S++
	c.setFlags(b.read(stackPage|uint16(c.S)) | flagB | flagU)
	b.next = 0 // I may have cleared: the machine looks at the IRQ line again
	if b.calls != nil {
		b.noteStack(c, CallPull)
	}
}

// tax is TAX.
func tax(c *CPU, v uint8) {
	c.X = c.A
	c.setNZ(c.X)
}

// tay is TAY.
func tay(c *CPU, v uint8) {
	c.Y = c.A
	c.setNZ(c.Y)
}

// txa is TXA.
func txa(c *CPU, v uint8) {
	c.A = c.X
	c.setNZ(c.A)
}

// tya is TYA.
func tya(c *CPU, v uint8) {
	c.A = c.Y
	c.setNZ(c.A)
}

// tsx is TSX.
func tsx(c *CPU, v uint8) {
	c.X = c.S
	c.setNZ(c.X)
}

// txs is TXS.
func txs(c *CPU, v uint8) {
	c.S = c.X
	if c.b.calls != nil {
		c.b.noteStack(c, CallTXS)
	}
}

// inx is INX.
func inx(c *CPU, v uint8) {
	c.X = c.inc(c.X)
}

// iny is INY.
func iny(c *CPU, v uint8) {
	c.Y = c.inc(c.Y)
}

// dex is DEX.
func dex(c *CPU, v uint8) {
	c.X = c.dec(c.X)
}

// dey is DEY.
func dey(c *CPU, v uint8) {
	c.Y = c.dec(c.Y)
}

// clc is CLC.
func clc(c *CPU, v uint8) {
	c.P &^= flagC
}

// sec is SEC.
func sec(c *CPU, v uint8) {
	c.P |= flagC
}

// cli is CLI.
func cli(c *CPU, v uint8) {
	c.P &^= flagI
	c.b.next = 0 // the machine looks at the IRQ line again before the next instruction
}

// sei is SEI.
func sei(c *CPU, v uint8) {
	c.P |= flagI
}

// clv is CLV.
func clv(c *CPU, v uint8) {
	c.P &^= flagV
}

// cld is CLD.
func cld(c *CPU, v uint8) {
	c.P &^= flagD
}

// sed is SED.
func sed(c *CPU, v uint8) {
	c.P |= flagD
}

// wai is WAI: 3 cycles, then halted until an interrupt line is asserted (Machine.interrupt
// wakes it).
func wai(c *CPU, v uint8) {
	c.b.read(c.PC)
	c.halt |= haltWait
	c.b.next = 0
	c.b.forceLook() // the profiler sees every WAI (watch.go)
}

// stp is STP: 3 cycles, then halted until reset.
func stp(c *CPU, v uint8) {
	c.b.read(c.PC)
	c.halt |= haltStop
	c.b.next = 0
}

// nop is NOP.
func nop(c *CPU, v uint8) {
}

// nopImm is NOP # ($x2; undefined, 2 bytes 2 cycles).
func nopImm(c *CPU, v uint8) {
	c.PC++
}

// nopZP is NOP zp ($44; undefined, 2 bytes 3 cycles).
func nopZP(c *CPU, v uint8) {
	c.PC++
	c.b.read(uint16(v))
}

// nopZPX is NOP zp,X ($54, $D4, $F4; undefined, 2 bytes 4 cycles).
func nopZPX(c *CPU, v uint8) {
	b := c.b
	c.PC++
	b.read(uint16(v))
	b.read(uint16(v + c.X))
}

// nopAbs is NOP abs ($DC, $FC; undefined, 3 bytes 4 cycles): it re-reads its last byte.
func nopAbs(c *CPU, v uint8) {
	b, pc := c.b, c.PC
	c.PC = pc + 2
	b.read(pc + 1)
	b.read(pc + 1)
}

// nop5C is the undefined opcode $5C: 3 bytes and 8 cycles per the W65C02S data sheet
// (X16-HARDWARE.md section 6). After its operand it reads $FF00 | low operand byte, then
// $FFFF four times (the bus pattern other cycle-level 65C02 cores give it); the per-opcode
// vectors disagree (4 cycles), so only its registers and memory are checked against them.
func nop5C(c *CPU, v uint8) {
	b, pc := c.b, c.PC
	c.PC = pc + 2
	b.read(pc + 1)
	b.read(0xFF00 | uint16(v))
	b.read(0xFFFF)
	b.read(0xFFFF)
	b.read(0xFFFF)
	b.read(0xFFFF)
}
