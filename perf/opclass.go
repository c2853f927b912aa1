package perf

import "x16scope/core"

// opClass packs what the classifier needs to know about an opcode into one byte, derived
// from core.Opcodes (the single source of truth) once at package initialisation, so the hot
// path does one byte load instead of reading the wider OpInfo.
type opClass uint8

const (
	opWrites     opClass = 1 << iota // stores to memory: stores, RMW, pushes, JSR, BRK
	opTransfer                       // may move the PC backward: branches (incl. BBR/BBS, BRA) and JMP
	opWAI                            // WAI
	opBRK                            // BRK: opens a handler like an interrupt
	opRTI                            // RTI: closes the innermost handler
	opBytesShift = 5                 // bits 5-6: instruction length in bytes (1-3)
)

// bytes is the instruction's length.
func (c opClass) bytes() uint8 { return uint8(c>>opBytesShift) & 3 }

// opTable is immutable after initialisation.
var opTable = buildOpTable()

func buildOpTable() (t [256]opClass) {
	for op, info := range core.Opcodes {
		var c opClass
		f := info.Flags
		if f&core.OpWrites != 0 {
			c |= opWrites
		}
		if f&(core.OpBranch|core.OpJump) != 0 {
			c |= opTransfer
		}
		if f&core.OpWAI != 0 {
			c |= opWAI
		}
		if f&core.OpBRK != 0 {
			c |= opBRK
		}
		if f&core.OpRTI != 0 {
			c |= opRTI
		}
		t[op] = c | opClass(info.Bytes&3)<<opBytesShift
	}
	return t
}
