package perf

import "x16scope/core"

// opClass packs what the classifier needs to know about an opcode into one byte, derived
// from core.OpcodeInfo (the single source of truth) once at package initialisation, so the hot
// path does one byte load instead of reading the wider OpInfo.
type opClass uint8

const (
	opWrites     opClass = 1 << iota // stores to memory: stores, RMW, pushes, JSR, BRK
	opTransfer                       // can close a loop: branches (incl. BBR/BBS, BRA) and JMP
	opReturn                         // RTS and RTI: the other ways the PC leaves a loop body
	opWAI                            // WAI
	opBRK                            // BRK: opens a handler like an interrupt
	opRTI                            // RTI: closes the innermost handler
	opBytesShift = 6                 // bits 6-7: instruction length in bytes (1-3)

	// opControl: the instruction can send the PC somewhere other than the next instruction
	// (JSR and BRK also write, so opWrites catches them).
	opControl = opTransfer | opReturn
)

// bytes is the instruction's length.
func (c opClass) bytes() uint8 { return uint8(c>>opBytesShift) & 3 }

// opTable is immutable after initialisation.
var opTable = buildOpTable()

func buildOpTable() (t [256]opClass) {
	for op := range t {
		info := core.OpcodeInfo(uint8(op))
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
		if f&(core.OpReturn|core.OpRTI) != 0 {
			c |= opReturn
		}
		t[op] = c | opClass(info.Bytes&3)<<opBytesShift
	}
	return t
}
