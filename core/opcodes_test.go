package core

import (
	"strings"
	"testing"
)

// modeBytes is the instruction size each addressing mode implies, typed independently of
// the table.
var modeBytes = map[Mode]uint8{
	ModeImplied: 1, ModeAccumulator: 1, ModeImmediate: 2,
	ModeZeroPage: 2, ModeZeroPageX: 2, ModeZeroPageY: 2,
	ModeAbsolute: 3, ModeAbsoluteX: 3, ModeAbsoluteY: 3,
	ModeIndirect: 3, ModeIndirectX: 2, ModeIndirectY: 2, ModeZPIndirect: 2,
	ModeAbsIndirectX: 3, ModeRelative: 2, ModeZPRelative: 3,
}

func TestOpcodeTableShape(t *testing.T) {
	if len(opcodes) != 256 {
		t.Fatalf("%d entries", len(opcodes))
	}
	undefined := 0
	for op, info := range opcodes {
		if info.Mnemonic == "" {
			t.Errorf("$%02X: no mnemonic", op)
			continue
		}
		if info.Bytes < 1 || info.Bytes > 3 || info.Bytes != modeBytes[info.Mode] {
			t.Errorf("$%02X %s: %d bytes in mode %v", op, info.Mnemonic, info.Bytes, info.Mode)
		}
		if info.Cycles < 1 || info.Cycles > 8 {
			t.Errorf("$%02X %s: %d cycles", op, info.Mnemonic, info.Cycles)
		}
		if strings.Contains(info.Mode.String(), "?") {
			t.Errorf("$%02X: mode %d has no name", op, info.Mode)
		}
		if info.Flags&OpUndocumented != 0 {
			undefined++
			if info.Mnemonic != "NOP" || info.Flags&OpWrites != 0 {
				t.Errorf("$%02X: undefined opcode must be a NOP that writes nothing", op)
			}
		}
	}
	// X16-HARDWARE.md section 6: 30 one-byte NOPs ($x3, $xB but $CB/$DB), 7 of 2 bytes and
	// 2 cycles, $44, 3 zp,X NOPs, $DC, $FC and $5C.
	if undefined != 30+7+1+3+3 {
		t.Errorf("%d undefined opcodes, want 44", undefined)
	}
}

// A cross-check against the W65C02S data sheet (opcode matrix and Table 7-1), typed from
// the data sheet, not from opcodes: {opcode, bytes, cycles}.
func TestOpcodeCyclesDataSheet(t *testing.T) {
	for _, ds := range [][3]uint8{
		{0x00, 2, 7}, {0x01, 2, 6}, {0x04, 2, 5}, {0x06, 2, 5}, {0x07, 2, 5}, {0x08, 1, 3},
		{0x0C, 3, 6}, {0x0E, 3, 6}, {0x10, 2, 2}, {0x11, 2, 5}, {0x12, 2, 5}, {0x14, 2, 5},
		{0x16, 2, 6}, {0x1A, 1, 2}, {0x1C, 3, 6}, {0x1E, 3, 6}, {0x20, 3, 6}, {0x28, 1, 4},
		{0x34, 2, 4}, {0x3C, 3, 4}, {0x40, 1, 6}, {0x4C, 3, 3}, {0x5A, 1, 3}, {0x60, 1, 6},
		{0x64, 2, 3}, {0x68, 1, 4}, {0x6C, 3, 6}, {0x72, 2, 5}, {0x74, 2, 4}, {0x7A, 1, 4},
		{0x7C, 3, 6}, {0x80, 2, 3}, {0x81, 2, 6}, {0x87, 2, 5}, {0x89, 2, 2}, {0x91, 2, 6},
		{0x92, 2, 5}, {0x96, 2, 4}, {0x99, 3, 5}, {0x9C, 3, 4}, {0x9D, 3, 5}, {0x9E, 3, 5},
		{0xA1, 2, 6}, {0xB1, 2, 5}, {0xB6, 2, 4}, {0xBD, 3, 4}, {0xBE, 3, 4}, {0xCB, 1, 3},
		{0xDA, 1, 3}, {0xDB, 1, 3}, {0xEA, 1, 2}, {0xFA, 1, 4},
		// Undefined opcodes (Table 7-1).
		{0x02, 2, 2}, {0x03, 1, 1}, {0x0B, 1, 1}, {0x44, 2, 3}, {0x54, 2, 4}, {0x5C, 3, 8},
		{0xDC, 3, 4}, {0xFC, 3, 4}, {0xE2, 2, 2}, {0xFB, 1, 1},
	} {
		info := opcodes[ds[0]]
		if info.Bytes != ds[1] || info.Cycles != ds[2] {
			t.Errorf("$%02X %s: %d bytes %d cycles, data sheet says %d bytes %d cycles",
				ds[0], info.Mnemonic, info.Bytes, info.Cycles, ds[1], ds[2])
		}
	}
}

// stepSetup prepares a flat CPU about to execute op at $0400 with operands $10 $20, in the
// base case of the table: no page crossing, branch not taken, binary mode.
func stepSetup(op uint8, x, y uint8, p uint8, ptr uint16) (*CPU, *Bus) {
	c, b := newFlatCPU()
	load(b, 0x0400, op, 0x10, 0x20)
	// (zp) pointers at $10 and, for (zp,X), at $10+X.
	load(b, 0x0010, uint8(ptr), uint8(ptr>>8))
	load(b, uint16(uint8(0x10+x)), uint8(ptr), uint8(ptr>>8))
	// RTS/RTI find a return address on the stack.
	load(b, 0x01FD, 0x00, 0x30, 0x08)
	info := opcodes[op]
	switch {
	case info.Mode == ModeZPRelative && op < 0x80: // BBRn: bit set, not taken
		b.ram[0x10] = 0xFF
	case info.Mode == ModeZPRelative: // BBSn: bit clear, not taken
		b.ram[0x10] = 0x00
	}
	c.SetState(CPUState{PC: 0x0400, S: 0xFC, X: x, Y: y, P: p})
	return c, b
}

// notTakenFlags chooses P so that a conditional branch falls through: BPL/BVC/BCC/BNE
// fall through with N, V, C and Z set; BMI/BVS/BCS/BEQ with them clear.
func notTakenFlags(op uint8) uint8 {
	switch op {
	case 0x10, 0x50, 0x90, 0xD0:
		return flagU | flagN | flagV | flagC | flagZ
	}
	return flagU
}

// The table agrees with what Step does: in the base case every opcode consumes Bytes
// bytes (unless it transfers control) and takes Cycles cycles, and OpWrites matches
// whether a write cycle happened.
func TestOpcodeTableMatchesStep(t *testing.T) {
	control := OpJump | OpCall | OpReturn | OpRTI | OpBRK
	for op := range 256 {
		info := opcodes[op]
		c, b := stepSetup(uint8(op), 0, 0, notTakenFlags(uint8(op)), 0x3000)
		c.Step()
		if b.cycle != uint64(info.Cycles) {
			t.Errorf("$%02X %s %v: Step took %d cycles, table says %d", op, info.Mnemonic, info.Mode, b.cycle, info.Cycles)
		}
		if info.Flags&control == 0 && c.PC != 0x0400+uint16(info.Bytes) {
			t.Errorf("$%02X %s: Step consumed %d bytes, table says %d", op, info.Mnemonic, c.PC-0x0400, info.Bytes)
		}
		wrote := false
		for _, a := range b.trace {
			wrote = wrote || a.Write
		}
		// BBR/BBS write back the byte they tested (recorded bus activity) without storing.
		wantWrite := info.Flags&OpWrites != 0 || info.Mode == ModeZPRelative
		if wrote != wantWrite {
			t.Errorf("$%02X %s: wrote=%v, OpWrites=%v", op, info.Mnemonic, wrote, info.Flags&OpWrites != 0)
		}
		wantHalt := map[int]uint8{0xCB: haltWait, 0xDB: haltStop}[op]
		if c.halt != wantHalt {
			t.Errorf("$%02X %s: halt=%d, want %d", op, info.Mnemonic, c.halt, wantHalt)
		}
	}
}

// OpPageCross and OpDecimal predict the extra cycles: with X = Y = $FF every indexed read
// from $2010 or through the pointer $30F0 crosses a page and costs exactly one more cycle;
// with D set, ADC and SBC cost one more.
func TestOpcodeExtraCycleFlags(t *testing.T) {
	for op := range 256 {
		info := opcodes[op]
		if info.Flags&OpBranch != 0 || info.Flags&OpJump != 0 {
			continue // branches: taken and crossing costs differ, covered by the vectors
		}
		c, b := stepSetup(uint8(op), 0xFF, 0xFF, flagU, 0x30F0)
		c.Step()
		want := uint64(info.Cycles)
		crosses := info.Mode == ModeAbsoluteX || info.Mode == ModeAbsoluteY || info.Mode == ModeIndirectY
		if info.Flags&OpPageCross != 0 && crosses {
			want++
		}
		if b.cycle != want {
			t.Errorf("$%02X %s %v crossing a page: %d cycles, want %d", op, info.Mnemonic, info.Mode, b.cycle, want)
		}

		c, b = stepSetup(uint8(op), 0, 0, flagU|flagD, 0x3000)
		c.Step()
		want = uint64(info.Cycles)
		if info.Flags&OpDecimal != 0 {
			want++
		}
		if b.cycle != want {
			t.Errorf("$%02X %s in decimal mode: %d cycles, want %d", op, info.Mnemonic, b.cycle, want)
		}
	}
}

// Branch timing: +1 when taken, +1 more when the target is in another page.
func TestBranchCycles(t *testing.T) {
	for _, tc := range []struct {
		pc     uint16
		off    uint8
		cycles uint64
		target uint16
	}{
		{0x0400, 0x10, 3, 0x0412}, // taken, same page
		{0x04F0, 0x20, 4, 0x0512}, // taken, next page
		{0x0402, 0xF0, 4, 0x03F4}, // taken backwards into the previous page
	} {
		c, b := newFlatCPU()
		load(b, tc.pc, 0x80, tc.off) // BRA
		c.SetState(CPUState{PC: tc.pc, S: 0xFF, P: flagU})
		c.Step()
		if c.PC != tc.target || b.cycle != tc.cycles {
			t.Errorf("BRA at $%04X +$%02X: PC=$%04X in %d cycles, want $%04X in %d", tc.pc, tc.off, c.PC, b.cycle, tc.target, tc.cycles)
		}
	}
}
