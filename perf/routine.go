package perf

import (
	"fmt"

	"x16scope/core"
	"x16scope/core/dbginfo"
)

// RoutineKey names what a call runs: a routine by its entry address and the bank mapped
// there when it was called (RAM bank for $A000-$BFFF, ROM bank above, 0 below), or an
// interrupt, which is a root of its own (PROFILER.md section 7).
type RoutineKey uint32

// Kinds of RoutineKey (bits 24-31).
const (
	KeyRoutine = iota
	KeyIRQ
	KeyNMI
	KeyBRK
	// KeyOutside is the cycles run outside any call: the code a program was entered at by
	// a jump, BASIC's interpreter, a KERNAL that never called anything.
	KeyOutside
)

// RoutineAt is the key of the routine entered at addr with bank mapped there.
func RoutineAt(addr uint16, bank uint8) RoutineKey {
	if addr < 0xA000 {
		bank = 0
	}
	return RoutineKey(addr) | RoutineKey(bank)<<16
}

func kindKey(kind uint8) RoutineKey { return RoutineKey(kind) << 24 }

// Addr is the routine's entry address (0 for the other kinds).
func (k RoutineKey) Addr() uint16 { return uint16(k) }

// Bank is the bank mapped at the entry.
func (k RoutineKey) Bank() uint8 { return uint8(k >> 16) }

// Kind is KeyRoutine or one of the other kinds.
func (k RoutineKey) Kind() uint8 { return uint8(k >> 24) }

// Names turns routine keys into names: labels from a symbol file or an ld65 debug file,
// the KERNAL's jump-table names, else the address ($ABCD, with @bank for a banked one).
type Names struct {
	labels map[RoutineKey]string // labels of one bank ($A000-$FFFF with a bank given)
	any    map[uint16]string     // labels of every bank, by address
}

// NewNames builds the names from labels (ParseSym's output, RoutineLabels' selection or
// DebugSymbols): of two labels at one address the first given names it. A label that is
// data (Symbol.Data) names nothing.
func NewNames(syms []Symbol) *Names {
	n := &Names{labels: map[RoutineKey]string{}, any: map[uint16]string{}}
	for _, s := range syms {
		if s.Data || localLabel(s.Name) {
			continue
		}
		if s.Bank == AnyBank || s.Addr < 0xA000 {
			if _, ok := n.any[s.Addr]; !ok {
				n.any[s.Addr] = s.Name
			}
			continue
		}
		k := RoutineAt(s.Addr, uint8(s.Bank))
		if _, ok := n.labels[k]; !ok {
			n.labels[k] = s.Name
		}
	}
	return n
}

// Name is the name of k. A nil Names gives addresses and the KERNAL's names only.
func (n *Names) Name(k RoutineKey) string {
	switch k.Kind() {
	case KeyIRQ:
		return "IRQ"
	case KeyNMI:
		return "NMI"
	case KeyBRK:
		return "BRK"
	case KeyOutside:
		return "(outside calls)"
	}
	if n != nil {
		if s, ok := n.labels[k]; ok {
			return s
		}
		if s, ok := n.any[k.Addr()]; ok {
			return s
		}
	}
	if a := k.Addr(); a >= 0xFEA8 {
		if s := core.KernalCallName(a); s != "" {
			return s
		}
	}
	return k.Address()
}

// Address is the key's address as text: $ABCD, and @bank for $A000-$FFFF.
func (k RoutineKey) Address() string {
	if k.Kind() != KeyRoutine {
		return ""
	}
	if k.Addr() >= 0xA000 {
		return fmt.Sprintf("$%04X@%d", k.Addr(), k.Bank())
	}
	return fmt.Sprintf("$%04X", k.Addr())
}

// DebugSymbols are the routine entries of an ld65 debug file as labels: each named scope
// (a ca65 .proc, a cc65 function) at the lowest address of its spans, and the file's
// labels.
func DebugSymbols(info *dbginfo.Info) []Symbol {
	var out []Symbol
	for _, sc := range info.Scopes {
		if sc.Name == "" || len(sc.Spans) == 0 {
			continue
		}
		lo := uint32(1 << 31)
		for _, sp := range sc.Spans {
			if sp >= 0 && sp < len(info.Spans) {
				a, _ := info.SpanRange(sp)
				lo = min(lo, a)
			}
		}
		if lo <= 0xFFFF {
			out = append(out, Symbol{Name: sc.Name, Addr: uint16(lo), Bank: AnyBank})
		}
	}
	for _, l := range info.Labels() {
		if l.Val >= 0 && l.Val <= 0xFFFF {
			out = append(out, Symbol{Name: l.Name, Addr: uint16(l.Val), Bank: AnyBank})
		}
	}
	return out
}
