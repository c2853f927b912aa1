package core

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// handlerSuffix is the name ending of a handler for each addressing mode (cpu_exec.go,
// opTable): ldaAbsX is LDA abs,X.
var handlerSuffix = [modeCount]string{
	ModeAccumulator:  "A",
	ModeImmediate:    "Imm",
	ModeZeroPage:     "ZP",
	ModeZeroPageX:    "ZPX",
	ModeZeroPageY:    "ZPY",
	ModeAbsolute:     "Abs",
	ModeAbsoluteX:    "AbsX",
	ModeAbsoluteY:    "AbsY",
	ModeIndirect:     "AbsInd",
	ModeIndirectX:    "IndX",
	ModeIndirectY:    "IndY",
	ModeZPIndirect:   "ZPInd",
	ModeAbsIndirectX: "AbsIndX",
	// implied, relative and zp,rel: the mnemonic alone
}

// The dispatch table agrees with opcodes: an opcode has a handler exactly when it is not
// one of the 1-cycle NOPs that Step completes itself, and the handler is the one named
// after the opcode's mnemonic and mode, so a misplaced entry fails here (its sizes and
// cycles are checked separately, by TestOpcodeTableMatchesStep).
func TestOpTableMatchesOpcodes(t *testing.T) {
	for op, info := range opcodes {
		h := opTable[op]
		oneCycleNOP := op&0x07 == 0x03 && op|0x10 != 0xDB // Step's fast path
		if oneCycleNOP != (info.Cycles == 1) {
			t.Errorf("$%02X %s: Step's 1-cycle test says %v, opcodes says %d cycles", op, info.Mnemonic, oneCycleNOP, info.Cycles)
		}
		if h == nil {
			if !oneCycleNOP {
				t.Errorf("$%02X %s %s: no handler", op, info.Mnemonic, info.Mode)
			}
			continue
		}
		if oneCycleNOP {
			t.Errorf("$%02X: 1-cycle NOP has a handler that Step never calls", op)
		}
		want := strings.ToLower(info.Mnemonic) + handlerSuffix[info.Mode]
		switch {
		case op == 0x5C:
			want = "nop5C" // 8 cycles, unlike the other NOP abs ($DC, $FC)
		case info.Mnemonic == "BRK", info.Mnemonic == "JSR", len(info.Mnemonic) == 4: // RMBn, SMBn, BBRn, BBSn
			want = strings.ToLower(info.Mnemonic)
		}
		name := runtime.FuncForPC(reflect.ValueOf(h).Pointer()).Name()
		if got := name[strings.LastIndexByte(name, '.')+1:]; got != want {
			t.Errorf("$%02X %s %s: handler %s, want %s", op, info.Mnemonic, info.Mode, got, want)
		}
	}
}
