package perf

import (
	"strings"

	"x16scope/core"
)

// Which labels of a symbol file are routine entries. ld65 -Ln writes every label of the
// program, and with `ca65 -g` that includes the ones inside routines: loop heads in a .proc,
// the labels ca65 makes for .local symbols of macros (LOCAL-MACRO_SYMBOL-nnnn), cheap locals
// (@name), cc65's Lnnnn labels, and data. A zone per label would chop a routine into slivers,
// so ZonesFromSymbols leaves out the labels that cannot be routine entries by their name, and
// RoutineLabels, given the program's bytes, those the code uses only as a branch target or
// a data address.

// localLabel tells whether a label's name makes it local to a routine or not a code label at
// all: linker symbols (__NAME__), cheap locals (@name), and names that are no ca65 identifier
// (the assembler's own, such as LOCAL-MACRO_SYMBOL-0001 for a macro's .local label).
func localLabel(name string) bool {
	if strings.HasPrefix(name, "__") || strings.HasPrefix(name, "@") {
		return true
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return true
		}
	}
	return false
}

// RoutineLabels returns the labels of syms that may be routine entries, judged from the
// program image loaded at load and entered at entry. The image is read as instructions
// from entry to its end (a linear sweep: data in between is read as instructions too, which
// can only keep a label, never wrongly make one a loop head, unless its bytes happen to look
// like a branch to it). A label inside the image is left out when the code uses it only as
// the target of relative branches (a loop head or a skip target inside a routine) or only as
// an absolute data operand (a table, a variable), and never as a JSR or JMP target or the
// entry. A data label is kept with Data set: it still ends the routine before it. Labels the
// code never names are kept: a handler hooked through a vector, a routine reached through a
// jump table or by falling through. Labels outside the image are kept.
func RoutineLabels(syms []Symbol, load, entry uint16, image []byte) []Symbol {
	const (
		refBranch = 1 << iota
		refData
		refCall
	)
	end := uint32(load) + uint32(len(image))
	refs := map[uint16]uint8{entry: refCall}
	for pc := uint32(entry); pc >= uint32(load) && pc < end; {
		op := core.OpcodeInfo(image[pc-uint32(load)])
		n := uint32(op.Bytes)
		if n == 0 {
			n = 1
		}
		if pc+n > end {
			break
		}
		arg := image[pc-uint32(load)+1 : pc-uint32(load)+n]
		switch op.Mode {
		case core.ModeRelative:
			refs[uint16(pc+2+uint32(int8(arg[0])))] |= refBranch
		case core.ModeZPRelative:
			refs[uint16(pc+3+uint32(int8(arg[1])))] |= refBranch
		case core.ModeAbsolute, core.ModeAbsoluteX, core.ModeAbsoluteY, core.ModeIndirect, core.ModeAbsIndirectX:
			a := uint16(arg[0]) | uint16(arg[1])<<8
			if op.Flags&(core.OpCall|core.OpJump) != 0 {
				refs[a] |= refCall
			} else {
				refs[a] |= refData
			}
		}
		pc += n
	}
	var out []Symbol
	for _, s := range syms {
		r := refs[s.Addr]
		if uint32(s.Addr) >= uint32(load) && uint32(s.Addr) < end && r != 0 && r&refCall == 0 {
			if r&refBranch != 0 {
				continue // a branch target: a loop head or a skip inside a routine
			}
			s.Data = true // read and written only: it ends the routine before it
		}
		out = append(out, s)
	}
	return out
}
