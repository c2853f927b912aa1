package core

// The one instruction table of the WDC 65C02S. The CPU's decode (cpu_exec.go), the
// disassembler (disasm.go) and the profiler (perf/) all read it; no other table repeats its
// data. Sizes, base cycles and the undefined-opcode NOPs follow X16-HARDWARE.md section 6
// and the W65C02S data sheet; where those differ from the per-opcode test vectors in
// shared/testdata/65c02 (BBR/BBS: 6 cycles taken or not, not 5 +1 +1), the vectors win,
// because they record every bus cycle. $5C keeps the data sheet's 8 cycles (the vectors'
// README says so).

// Mode is an addressing mode.
type Mode uint8

// Addressing modes of the 65C02.
const (
	ModeImplied      Mode = iota // CLC, also the 1-byte undefined NOPs
	ModeAccumulator              // ASL A
	ModeImmediate                // LDA #$05 (also BRK's signature byte)
	ModeZeroPage                 // LDA $12
	ModeZeroPageX                // LDA $12,X
	ModeZeroPageY                // LDX $12,Y
	ModeAbsolute                 // LDA $1234
	ModeAbsoluteX                // LDA $1234,X
	ModeAbsoluteY                // LDA $1234,Y
	ModeIndirect                 // JMP ($1234)
	ModeIndirectX                // LDA ($12,X)
	ModeIndirectY                // LDA ($12),Y
	ModeZPIndirect               // LDA ($12) (65C02)
	ModeAbsIndirectX             // JMP ($1234,X) (65C02)
	ModeRelative                 // BNE $C004
	ModeZPRelative               // BBR3 $12,$C004 (65C02)
	modeCount
)

var modeNames = [modeCount]string{
	ModeImplied:      "implied",
	ModeAccumulator:  "accumulator",
	ModeImmediate:    "immediate",
	ModeZeroPage:     "zp",
	ModeZeroPageX:    "zp,X",
	ModeZeroPageY:    "zp,Y",
	ModeAbsolute:     "abs",
	ModeAbsoluteX:    "abs,X",
	ModeAbsoluteY:    "abs,Y",
	ModeIndirect:     "(abs)",
	ModeIndirectX:    "(zp,X)",
	ModeIndirectY:    "(zp),Y",
	ModeZPIndirect:   "(zp)",
	ModeAbsIndirectX: "(abs,X)",
	ModeRelative:     "rel",
	ModeZPRelative:   "zp,rel",
}

// String names the mode as data sheets write it ("zp,X", "(abs)").
func (m Mode) String() string {
	if m < modeCount {
		return modeNames[m]
	}
	return "mode?"
}

// OpFlags classify an instruction for the profiler and the debugger.
type OpFlags uint16

const (
	// OpWrites: the instruction stores to memory (stores, read-modify-write, TSB/TRB,
	// RMB/SMB, pushes, JSR and BRK). BBR/BBS are not stores: their extra bus cycle writes
	// back the byte it just read (see branchBit in cpu_modes.go), so a BBR polling loop stays store-free.
	OpWrites OpFlags = 1 << iota
	// OpBranch: conditional branch (Bxx and BBR/BBS).
	OpBranch
	// OpJump: unconditional jump (JMP in all modes, BRA).
	OpJump
	// OpCall: JSR.
	OpCall
	// OpReturn: RTS.
	OpReturn
	// OpRTI: return from interrupt.
	OpRTI
	// OpBRK: software interrupt.
	OpBRK
	// OpWAI: wait for interrupt.
	OpWAI
	// OpSTP: stop the clock until reset.
	OpSTP
	// OpUndocumented: an undefined opcode, executed as a NOP with its own size and cycles.
	OpUndocumented
	// OpPageCross: one more cycle when the indexed address (or a taken branch) crosses
	// a page (reads through abs,X, abs,Y, (zp),Y; shifts/rotates abs,X; branches).
	OpPageCross
	// OpDecimal: one more cycle when D is set (ADC and SBC).
	OpDecimal
)

// OpInfo describes one opcode. Cycles is the base count: no page crossing, branch not
// taken, binary mode, no I/O wait states.
type OpInfo struct {
	Mnemonic string
	Mode     Mode
	Bytes    uint8
	Cycles   uint8
	Flags    OpFlags
}

// opcodes is the WDC 65C02S instruction set, indexed by opcode. It is unexported so nothing
// outside core can change it; other packages read it through OpcodeInfo. It is built by a
// function so the short names below stay local to the table.
var opcodes = opcodeTable()

// OpcodeInfo describes opcode op (a copy of its entry in the instruction table).
func OpcodeInfo(op uint8) OpInfo { return opcodes[op] }

func opcodeTable() [256]OpInfo {
	// Short names keep the table one readable row per opcode.
	const (
		imp  = ModeImplied
		acc  = ModeAccumulator
		imm  = ModeImmediate
		zp   = ModeZeroPage
		zpx  = ModeZeroPageX
		zpy  = ModeZeroPageY
		abs  = ModeAbsolute
		abx  = ModeAbsoluteX
		aby  = ModeAbsoluteY
		ind  = ModeIndirect
		izx  = ModeIndirectX
		izy  = ModeIndirectY
		izp  = ModeZPIndirect
		iax  = ModeAbsIndirectX
		rel  = ModeRelative
		zrel = ModeZPRelative

		wr  = OpWrites
		br  = OpBranch | OpPageCross
		bb  = OpBranch // BBR/BBS take 6 cycles taken or not (see branchBit)
		und = OpUndocumented
		pgx = OpPageCross
		dec = OpDecimal
	)

	return [256]OpInfo{
		0x00: {"BRK", imm, 2, 7, OpBRK | wr},
		0x01: {"ORA", izx, 2, 6, 0},
		0x02: {"NOP", imm, 2, 2, und},
		0x03: {"NOP", imp, 1, 1, und},
		0x04: {"TSB", zp, 2, 5, wr},
		0x05: {"ORA", zp, 2, 3, 0},
		0x06: {"ASL", zp, 2, 5, wr},
		0x07: {"RMB0", zp, 2, 5, wr},
		0x08: {"PHP", imp, 1, 3, wr},
		0x09: {"ORA", imm, 2, 2, 0},
		0x0A: {"ASL", acc, 1, 2, 0},
		0x0B: {"NOP", imp, 1, 1, und},
		0x0C: {"TSB", abs, 3, 6, wr},
		0x0D: {"ORA", abs, 3, 4, 0},
		0x0E: {"ASL", abs, 3, 6, wr},
		0x0F: {"BBR0", zrel, 3, 6, bb},

		0x10: {"BPL", rel, 2, 2, br},
		0x11: {"ORA", izy, 2, 5, pgx},
		0x12: {"ORA", izp, 2, 5, 0},
		0x13: {"NOP", imp, 1, 1, und},
		0x14: {"TRB", zp, 2, 5, wr},
		0x15: {"ORA", zpx, 2, 4, 0},
		0x16: {"ASL", zpx, 2, 6, wr},
		0x17: {"RMB1", zp, 2, 5, wr},
		0x18: {"CLC", imp, 1, 2, 0},
		0x19: {"ORA", aby, 3, 4, pgx},
		0x1A: {"INC", acc, 1, 2, 0},
		0x1B: {"NOP", imp, 1, 1, und},
		0x1C: {"TRB", abs, 3, 6, wr},
		0x1D: {"ORA", abx, 3, 4, pgx},
		0x1E: {"ASL", abx, 3, 6, wr | pgx},
		0x1F: {"BBR1", zrel, 3, 6, bb},

		0x20: {"JSR", abs, 3, 6, OpCall | wr},
		0x21: {"AND", izx, 2, 6, 0},
		0x22: {"NOP", imm, 2, 2, und},
		0x23: {"NOP", imp, 1, 1, und},
		0x24: {"BIT", zp, 2, 3, 0},
		0x25: {"AND", zp, 2, 3, 0},
		0x26: {"ROL", zp, 2, 5, wr},
		0x27: {"RMB2", zp, 2, 5, wr},
		0x28: {"PLP", imp, 1, 4, 0},
		0x29: {"AND", imm, 2, 2, 0},
		0x2A: {"ROL", acc, 1, 2, 0},
		0x2B: {"NOP", imp, 1, 1, und},
		0x2C: {"BIT", abs, 3, 4, 0},
		0x2D: {"AND", abs, 3, 4, 0},
		0x2E: {"ROL", abs, 3, 6, wr},
		0x2F: {"BBR2", zrel, 3, 6, bb},

		0x30: {"BMI", rel, 2, 2, br},
		0x31: {"AND", izy, 2, 5, pgx},
		0x32: {"AND", izp, 2, 5, 0},
		0x33: {"NOP", imp, 1, 1, und},
		0x34: {"BIT", zpx, 2, 4, 0},
		0x35: {"AND", zpx, 2, 4, 0},
		0x36: {"ROL", zpx, 2, 6, wr},
		0x37: {"RMB3", zp, 2, 5, wr},
		0x38: {"SEC", imp, 1, 2, 0},
		0x39: {"AND", aby, 3, 4, pgx},
		0x3A: {"DEC", acc, 1, 2, 0},
		0x3B: {"NOP", imp, 1, 1, und},
		0x3C: {"BIT", abx, 3, 4, pgx},
		0x3D: {"AND", abx, 3, 4, pgx},
		0x3E: {"ROL", abx, 3, 6, wr | pgx},
		0x3F: {"BBR3", zrel, 3, 6, bb},

		0x40: {"RTI", imp, 1, 6, OpRTI},
		0x41: {"EOR", izx, 2, 6, 0},
		0x42: {"NOP", imm, 2, 2, und},
		0x43: {"NOP", imp, 1, 1, und},
		0x44: {"NOP", zp, 2, 3, und},
		0x45: {"EOR", zp, 2, 3, 0},
		0x46: {"LSR", zp, 2, 5, wr},
		0x47: {"RMB4", zp, 2, 5, wr},
		0x48: {"PHA", imp, 1, 3, wr},
		0x49: {"EOR", imm, 2, 2, 0},
		0x4A: {"LSR", acc, 1, 2, 0},
		0x4B: {"NOP", imp, 1, 1, und},
		0x4C: {"JMP", abs, 3, 3, OpJump},
		0x4D: {"EOR", abs, 3, 4, 0},
		0x4E: {"LSR", abs, 3, 6, wr},
		0x4F: {"BBR4", zrel, 3, 6, bb},

		0x50: {"BVC", rel, 2, 2, br},
		0x51: {"EOR", izy, 2, 5, pgx},
		0x52: {"EOR", izp, 2, 5, 0},
		0x53: {"NOP", imp, 1, 1, und},
		0x54: {"NOP", zpx, 2, 4, und},
		0x55: {"EOR", zpx, 2, 4, 0},
		0x56: {"LSR", zpx, 2, 6, wr},
		0x57: {"RMB5", zp, 2, 5, wr},
		0x58: {"CLI", imp, 1, 2, 0},
		0x59: {"EOR", aby, 3, 4, pgx},
		0x5A: {"PHY", imp, 1, 3, wr},
		0x5B: {"NOP", imp, 1, 1, und},
		0x5C: {"NOP", abs, 3, 8, und},
		0x5D: {"EOR", abx, 3, 4, pgx},
		0x5E: {"LSR", abx, 3, 6, wr | pgx},
		0x5F: {"BBR5", zrel, 3, 6, bb},

		0x60: {"RTS", imp, 1, 6, OpReturn},
		0x61: {"ADC", izx, 2, 6, dec},
		0x62: {"NOP", imm, 2, 2, und},
		0x63: {"NOP", imp, 1, 1, und},
		0x64: {"STZ", zp, 2, 3, wr},
		0x65: {"ADC", zp, 2, 3, dec},
		0x66: {"ROR", zp, 2, 5, wr},
		0x67: {"RMB6", zp, 2, 5, wr},
		0x68: {"PLA", imp, 1, 4, 0},
		0x69: {"ADC", imm, 2, 2, dec},
		0x6A: {"ROR", acc, 1, 2, 0},
		0x6B: {"NOP", imp, 1, 1, und},
		0x6C: {"JMP", ind, 3, 6, OpJump},
		0x6D: {"ADC", abs, 3, 4, dec},
		0x6E: {"ROR", abs, 3, 6, wr},
		0x6F: {"BBR6", zrel, 3, 6, bb},

		0x70: {"BVS", rel, 2, 2, br},
		0x71: {"ADC", izy, 2, 5, pgx | dec},
		0x72: {"ADC", izp, 2, 5, dec},
		0x73: {"NOP", imp, 1, 1, und},
		0x74: {"STZ", zpx, 2, 4, wr},
		0x75: {"ADC", zpx, 2, 4, dec},
		0x76: {"ROR", zpx, 2, 6, wr},
		0x77: {"RMB7", zp, 2, 5, wr},
		0x78: {"SEI", imp, 1, 2, 0},
		0x79: {"ADC", aby, 3, 4, pgx | dec},
		0x7A: {"PLY", imp, 1, 4, 0},
		0x7B: {"NOP", imp, 1, 1, und},
		0x7C: {"JMP", iax, 3, 6, OpJump},
		0x7D: {"ADC", abx, 3, 4, pgx | dec},
		0x7E: {"ROR", abx, 3, 6, wr | pgx},
		0x7F: {"BBR7", zrel, 3, 6, bb},

		0x80: {"BRA", rel, 2, 3, OpJump | pgx},
		0x81: {"STA", izx, 2, 6, wr},
		0x82: {"NOP", imm, 2, 2, und},
		0x83: {"NOP", imp, 1, 1, und},
		0x84: {"STY", zp, 2, 3, wr},
		0x85: {"STA", zp, 2, 3, wr},
		0x86: {"STX", zp, 2, 3, wr},
		0x87: {"SMB0", zp, 2, 5, wr},
		0x88: {"DEY", imp, 1, 2, 0},
		0x89: {"BIT", imm, 2, 2, 0},
		0x8A: {"TXA", imp, 1, 2, 0},
		0x8B: {"NOP", imp, 1, 1, und},
		0x8C: {"STY", abs, 3, 4, wr},
		0x8D: {"STA", abs, 3, 4, wr},
		0x8E: {"STX", abs, 3, 4, wr},
		0x8F: {"BBS0", zrel, 3, 6, bb},

		0x90: {"BCC", rel, 2, 2, br},
		0x91: {"STA", izy, 2, 6, wr},
		0x92: {"STA", izp, 2, 5, wr},
		0x93: {"NOP", imp, 1, 1, und},
		0x94: {"STY", zpx, 2, 4, wr},
		0x95: {"STA", zpx, 2, 4, wr},
		0x96: {"STX", zpy, 2, 4, wr},
		0x97: {"SMB1", zp, 2, 5, wr},
		0x98: {"TYA", imp, 1, 2, 0},
		0x99: {"STA", aby, 3, 5, wr},
		0x9A: {"TXS", imp, 1, 2, 0},
		0x9B: {"NOP", imp, 1, 1, und},
		0x9C: {"STZ", abs, 3, 4, wr},
		0x9D: {"STA", abx, 3, 5, wr},
		0x9E: {"STZ", abx, 3, 5, wr},
		0x9F: {"BBS1", zrel, 3, 6, bb},

		0xA0: {"LDY", imm, 2, 2, 0},
		0xA1: {"LDA", izx, 2, 6, 0},
		0xA2: {"LDX", imm, 2, 2, 0},
		0xA3: {"NOP", imp, 1, 1, und},
		0xA4: {"LDY", zp, 2, 3, 0},
		0xA5: {"LDA", zp, 2, 3, 0},
		0xA6: {"LDX", zp, 2, 3, 0},
		0xA7: {"SMB2", zp, 2, 5, wr},
		0xA8: {"TAY", imp, 1, 2, 0},
		0xA9: {"LDA", imm, 2, 2, 0},
		0xAA: {"TAX", imp, 1, 2, 0},
		0xAB: {"NOP", imp, 1, 1, und},
		0xAC: {"LDY", abs, 3, 4, 0},
		0xAD: {"LDA", abs, 3, 4, 0},
		0xAE: {"LDX", abs, 3, 4, 0},
		0xAF: {"BBS2", zrel, 3, 6, bb},

		0xB0: {"BCS", rel, 2, 2, br},
		0xB1: {"LDA", izy, 2, 5, pgx},
		0xB2: {"LDA", izp, 2, 5, 0},
		0xB3: {"NOP", imp, 1, 1, und},
		0xB4: {"LDY", zpx, 2, 4, 0},
		0xB5: {"LDA", zpx, 2, 4, 0},
		0xB6: {"LDX", zpy, 2, 4, 0},
		0xB7: {"SMB3", zp, 2, 5, wr},
		0xB8: {"CLV", imp, 1, 2, 0},
		0xB9: {"LDA", aby, 3, 4, pgx},
		0xBA: {"TSX", imp, 1, 2, 0},
		0xBB: {"NOP", imp, 1, 1, und},
		0xBC: {"LDY", abx, 3, 4, pgx},
		0xBD: {"LDA", abx, 3, 4, pgx},
		0xBE: {"LDX", aby, 3, 4, pgx},
		0xBF: {"BBS3", zrel, 3, 6, bb},

		0xC0: {"CPY", imm, 2, 2, 0},
		0xC1: {"CMP", izx, 2, 6, 0},
		0xC2: {"NOP", imm, 2, 2, und},
		0xC3: {"NOP", imp, 1, 1, und},
		0xC4: {"CPY", zp, 2, 3, 0},
		0xC5: {"CMP", zp, 2, 3, 0},
		0xC6: {"DEC", zp, 2, 5, wr},
		0xC7: {"SMB4", zp, 2, 5, wr},
		0xC8: {"INY", imp, 1, 2, 0},
		0xC9: {"CMP", imm, 2, 2, 0},
		0xCA: {"DEX", imp, 1, 2, 0},
		0xCB: {"WAI", imp, 1, 3, OpWAI},
		0xCC: {"CPY", abs, 3, 4, 0},
		0xCD: {"CMP", abs, 3, 4, 0},
		0xCE: {"DEC", abs, 3, 6, wr},
		0xCF: {"BBS4", zrel, 3, 6, bb},

		0xD0: {"BNE", rel, 2, 2, br},
		0xD1: {"CMP", izy, 2, 5, pgx},
		0xD2: {"CMP", izp, 2, 5, 0},
		0xD3: {"NOP", imp, 1, 1, und},
		0xD4: {"NOP", zpx, 2, 4, und},
		0xD5: {"CMP", zpx, 2, 4, 0},
		0xD6: {"DEC", zpx, 2, 6, wr},
		0xD7: {"SMB5", zp, 2, 5, wr},
		0xD8: {"CLD", imp, 1, 2, 0},
		0xD9: {"CMP", aby, 3, 4, pgx},
		0xDA: {"PHX", imp, 1, 3, wr},
		0xDB: {"STP", imp, 1, 3, OpSTP},
		0xDC: {"NOP", abs, 3, 4, und},
		0xDD: {"CMP", abx, 3, 4, pgx},
		0xDE: {"DEC", abx, 3, 7, wr},
		0xDF: {"BBS5", zrel, 3, 6, bb},

		0xE0: {"CPX", imm, 2, 2, 0},
		0xE1: {"SBC", izx, 2, 6, dec},
		0xE2: {"NOP", imm, 2, 2, und},
		0xE3: {"NOP", imp, 1, 1, und},
		0xE4: {"CPX", zp, 2, 3, 0},
		0xE5: {"SBC", zp, 2, 3, dec},
		0xE6: {"INC", zp, 2, 5, wr},
		0xE7: {"SMB6", zp, 2, 5, wr},
		0xE8: {"INX", imp, 1, 2, 0},
		0xE9: {"SBC", imm, 2, 2, dec},
		0xEA: {"NOP", imp, 1, 2, 0},
		0xEB: {"NOP", imp, 1, 1, und},
		0xEC: {"CPX", abs, 3, 4, 0},
		0xED: {"SBC", abs, 3, 4, dec},
		0xEE: {"INC", abs, 3, 6, wr},
		0xEF: {"BBS6", zrel, 3, 6, bb},

		0xF0: {"BEQ", rel, 2, 2, br},
		0xF1: {"SBC", izy, 2, 5, pgx | dec},
		0xF2: {"SBC", izp, 2, 5, dec},
		0xF3: {"NOP", imp, 1, 1, und},
		0xF4: {"NOP", zpx, 2, 4, und},
		0xF5: {"SBC", zpx, 2, 4, dec},
		0xF6: {"INC", zpx, 2, 6, wr},
		0xF7: {"SMB7", zp, 2, 5, wr},
		0xF8: {"SED", imp, 1, 2, 0},
		0xF9: {"SBC", aby, 3, 4, pgx | dec},
		0xFA: {"PLX", imp, 1, 4, 0},
		0xFB: {"NOP", imp, 1, 1, und},
		0xFC: {"NOP", abs, 3, 4, und},
		0xFD: {"SBC", abx, 3, 4, pgx | dec},
		0xFE: {"INC", abx, 3, 7, wr},
		0xFF: {"BBS7", zrel, 3, 6, bb},
	}
}
