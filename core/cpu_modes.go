package core

// Addressing modes. Step has already made the instruction's first two cycles: the opcode
// fetch and the read of the byte after it (every 65C02 instruction but the 1-cycle NOPs
// reads that byte in its second cycle, as its operand or to throw away), so a handler finds
// c.PC pointing at that byte and gets it as v. The handlers (cpu_ops_*.go) then make the
// cycles of their mode inline, calling c.b.read directly so that the bus fast path inlines
// into them (a helper per mode would cost a second call per instruction: its cost is over
// the compiler's inlining budget once it contains a bus read), and leave c.PC after the
// instruction. The order of the cycles is the W65C02S's as recorded cycle by cycle in
// shared/testdata/65c02 (X16-HARDWARE.md section 6):
//
//	zp       -
//	zp,X     re-read the unindexed zero-page address; the sum wraps inside page zero
//	abs      high byte
//	abs,X    high byte; crossing a page, re-read the high byte (the last instruction
//	         byte, not a partial address as on the NMOS part). Stores and INC/DEC abs,X
//	         always spend that cycle.
//	(zp,X)   re-read zp, pointer low, pointer high (the pointer wraps in page zero)
//	(zp),Y   pointer low, pointer high; crossing a page, re-read the operand byte. Stores
//	         always spend that cycle.
//	(zp)     pointer low, pointer high
//
// Then comes the operand access itself: one read, one write, or for read-modify-write two
// reads and a write.

const stackPage = 0x0100

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

// stackDummy is the cycle in which pulls (PLA, PLP, RTS, RTI) read the stack at S before
// incrementing it.
func (c *CPU) stackDummy() { c.b.read(stackPage | uint16(c.S)) }

// branchBit runs BBRn/BBSn on zero-page address v: test bit `mask`, branch when it equals
// `want`. The recorded W65C02S bus activity is six cycles whether or not the branch is
// taken: the byte is read, then written back unchanged, and after the offset the chip reads
// the target's low byte within the current page. Four cycles.
func (c *CPU) branchBit(v, mask, want uint8) {
	b := c.b
	z := uint16(v)
	m := b.read(z)
	b.writeBack(z, m)
	off := b.read(c.PC + 1)
	pc := c.PC + 2
	t := pc + uint16(int8(off))
	b.read(pc&0xFF00 | t&0x00FF)
	c.PC = pc
	if m&mask == want {
		c.PC = t
	}
}
