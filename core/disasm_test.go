package core

import "testing"

// Golden disassembly, one or more per addressing mode, written from the 65C02 syntax (not
// from this disassembler's output).
func TestDisassemble(t *testing.T) {
	for _, tc := range []struct {
		pc    uint16
		bytes []uint8
		want  string
	}{
		{0x1000, []uint8{0x18}, "CLC"},
		{0x1000, []uint8{0xEA}, "NOP"},
		{0x1000, []uint8{0x0A}, "ASL A"},
		{0x1000, []uint8{0x1A}, "INC A"},
		{0x1000, []uint8{0xA9, 0x05}, "LDA #$05"},
		{0x1000, []uint8{0x89, 0x80}, "BIT #$80"},
		{0x1000, []uint8{0x00, 0x42}, "BRK #$42"},
		{0x1000, []uint8{0xA5, 0x12}, "LDA $12"},
		{0x1000, []uint8{0xB5, 0x12}, "LDA $12,X"},
		{0x1000, []uint8{0xB6, 0x12}, "LDX $12,Y"},
		{0x1000, []uint8{0xAD, 0x34, 0x12}, "LDA $1234"},
		{0x1000, []uint8{0xBD, 0x34, 0x12}, "LDA $1234,X"},
		{0x1000, []uint8{0xB9, 0x34, 0x12}, "LDA $1234,Y"},
		{0x1000, []uint8{0x6C, 0xFC, 0xFF}, "JMP ($FFFC)"},
		{0x1000, []uint8{0x7C, 0x34, 0x12}, "JMP ($1234,X)"},
		{0x1000, []uint8{0xA1, 0x12}, "LDA ($12,X)"},
		{0x1000, []uint8{0xB1, 0x12}, "LDA ($12),Y"},
		{0x1000, []uint8{0xB2, 0x12}, "LDA ($12)"},
		{0x1000, []uint8{0x9C, 0x00, 0x9F}, "STZ $9F00"},
		{0x1000, []uint8{0x04, 0x10}, "TSB $10"},
		{0x1000, []uint8{0x57, 0x10}, "RMB5 $10"},
		{0x1000, []uint8{0xF7, 0x10}, "SMB7 $10"},
		{0x1000, []uint8{0x20, 0x00, 0xC0}, "JSR $C000"},
		// Branches: the target is pc + 2 + signed offset.
		{0xC000, []uint8{0xD0, 0x02}, "BNE $C004"},
		{0xC000, []uint8{0xD0, 0xFE}, "BNE $C000"},
		{0xC010, []uint8{0x80, 0x80}, "BRA $BF92"},
		// BBR/BBS: zero-page byte, then the target pc + 3 + signed offset.
		{0xC000, []uint8{0x3F, 0x12, 0x01}, "BBR3 $12,$C004"},
		{0xC000, []uint8{0xFF, 0x9F, 0xFD}, "BBS7 $9F,$C000"},
		// Undefined opcodes are NOPs with their real sizes.
		{0x1000, []uint8{0x02, 0x77}, "NOP #$77"},
		{0x1000, []uint8{0x44, 0x77}, "NOP $77"},
		{0x1000, []uint8{0x54, 0x77}, "NOP $77,X"},
		{0x1000, []uint8{0x5C, 0x34, 0x12}, "NOP $1234"},
		{0x1000, []uint8{0x03}, "NOP"},
		{0x1000, []uint8{0xCB}, "WAI"},
		{0x1000, []uint8{0xDB}, "STP"},
	} {
		mem := map[uint16]uint8{}
		for i, v := range tc.bytes {
			mem[tc.pc+uint16(i)] = v
		}
		var outside []uint16
		peek := func(a uint16) uint8 {
			v, ok := mem[a]
			if !ok {
				outside = append(outside, a)
			}
			return v
		}
		text, size := Disassemble(tc.pc, peek)
		if text != tc.want || size != len(tc.bytes) {
			t.Errorf("% X at $%04X: %q (%d bytes), want %q (%d bytes)", tc.bytes, tc.pc, text, size, tc.want, len(tc.bytes))
		}
		if len(outside) > 0 {
			t.Errorf("% X: peeked outside the instruction at %04X", tc.bytes, outside)
		}
	}
}

// Every opcode disassembles to its mnemonic with its table size.
func TestDisassembleAllOpcodes(t *testing.T) {
	for op := range 256 {
		peek := func(a uint16) uint8 {
			if a == 0x2000 {
				return uint8(op)
			}
			return 0x11
		}
		text, size := Disassemble(0x2000, peek)
		if size != int(opcodes[op].Bytes) || len(text) < 3 || text[:3] != opcodes[op].Mnemonic[:3] {
			t.Errorf("$%02X: %q size %d", op, text, size)
		}
	}
}
