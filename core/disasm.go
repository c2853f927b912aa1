package core

import "fmt"

// Disassemble decodes the instruction at pc in standard 65C02 syntax ("LDA $1234,X",
// "BBR3 $12,$C004" with the branch target resolved) and returns its text and size. peek
// reads memory without side effects; only the instruction's own bytes are read. It is for
// debug views, not the run loop.
func Disassemble(pc uint16, peek func(uint16) uint8) (text string, size int) {
	info := &opcodes[peek(pc)]
	size = int(info.Bytes)
	var b1, b2 uint8
	if size >= 2 {
		b1 = peek(pc + 1)
	}
	if size >= 3 {
		b2 = peek(pc + 2)
	}
	word := uint16(b2)<<8 | uint16(b1)
	mn := info.Mnemonic
	switch info.Mode {
	case ModeImplied:
		text = mn
	case ModeAccumulator:
		text = mn + " A"
	case ModeImmediate:
		text = fmt.Sprintf("%s #$%02X", mn, b1)
	case ModeZeroPage:
		text = fmt.Sprintf("%s $%02X", mn, b1)
	case ModeZeroPageX:
		text = fmt.Sprintf("%s $%02X,X", mn, b1)
	case ModeZeroPageY:
		text = fmt.Sprintf("%s $%02X,Y", mn, b1)
	case ModeAbsolute:
		text = fmt.Sprintf("%s $%04X", mn, word)
	case ModeAbsoluteX:
		text = fmt.Sprintf("%s $%04X,X", mn, word)
	case ModeAbsoluteY:
		text = fmt.Sprintf("%s $%04X,Y", mn, word)
	case ModeIndirect:
		text = fmt.Sprintf("%s ($%04X)", mn, word)
	case ModeIndirectX:
		text = fmt.Sprintf("%s ($%02X,X)", mn, b1)
	case ModeIndirectY:
		text = fmt.Sprintf("%s ($%02X),Y", mn, b1)
	case ModeZPIndirect:
		text = fmt.Sprintf("%s ($%02X)", mn, b1)
	case ModeAbsIndirectX:
		text = fmt.Sprintf("%s ($%04X,X)", mn, word)
	case ModeRelative:
		text = fmt.Sprintf("%s $%04X", mn, pc+2+uint16(int8(b1)))
	case ModeZPRelative:
		text = fmt.Sprintf("%s $%02X,$%04X", mn, b1, pc+3+uint16(int8(b2)))
	default:
		text = mn + " ?"
	}
	return text, size
}
