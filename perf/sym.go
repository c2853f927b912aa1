package perf

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Symbol is one label of a VICE label file.
type Symbol struct {
	Name string
	Addr uint16
	Bank int // AnyBank, or the bank given in the address's third byte (see ParseSym)
	// Data marks a label the code uses only as data (RoutineLabels): it ends the routine
	// before it but makes no zone.
	Data bool
}

// ParseSym reads a VICE label file: the format ld65 writes with -Ln and the official
// emulator's .sym files use, one label per line:
//
//	al 00080D .start
//
// The address is hex (up to 6 digits; a VICE memory-space prefix such as "C:" is allowed).
// For $A000-$FFFF a non-zero third byte is the bank (al 02A000 .x: RAM bank 2); a zero third
// byte means any bank, since ld65 always writes 00. Below $A000 the third byte is ignored.
// The leading '.' of the label is dropped. Blank lines and lines starting with ';' or '#' are
// skipped. Anything else is an error naming the line and the problem.
func ParseSym(data []byte) ([]Symbol, error) {
	var syms []Symbol
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == ';' || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if f[0] != "al" {
			return nil, fmt.Errorf("line %d: unknown command %q: want \"al ADDRESS .label\"", n, clip(f[0]))
		}
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want \"al ADDRESS .label\", got %d fields", n, len(f))
		}
		s, err := parseSymAddr(f[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		s.Name = strings.TrimPrefix(f[2], ".")
		if s.Name == "" {
			return nil, fmt.Errorf("line %d: empty label", n)
		}
		syms = append(syms, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("symbol file: %v", err)
	}
	return syms, nil
}

func parseSymAddr(a string) (Symbol, error) {
	h := a
	if i := strings.IndexByte(h, ':'); i >= 0 {
		h = h[i+1:]
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) > 6 || h == "" {
		return Symbol{}, fmt.Errorf("address %q: want up to 6 hex digits", clip(a))
	}
	s := Symbol{Addr: uint16(v), Bank: AnyBank}
	if bank := int(v >> 16); bank != 0 && s.Addr >= bankedStart {
		s.Bank = bank
	}
	return s, nil
}

// clip shortens untrusted text quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// ZonesFromSymbols makes one zone per routine: each label runs to the byte before the next
// label of the same memory area ($0000-$9EFF, $A000-$BFFF or $C000-$FFFF) and bank, and the
// last one to the end of its area. Labels that are not code entry points by their name are
// left out (localLabel): linker symbols (__NAME__), ca65 cheap locals (@name, inside the
// routine they belong to), the assembler's own labels for macro .local symbols
// (LOCAL-MACRO_SYMBOL-nnnn), and anything in the I/O page; RoutineLabels leaves out more
// when the program's bytes are at hand. Where several labels share an address, the first in
// the file that is kept names the zone.
func ZonesFromSymbols(syms []Symbol) []Zone {
	type lab struct {
		Symbol
		order int
	}
	var ls []lab
	for i, s := range syms {
		if localLabel(s.Name) || areaEnd(s.Addr) == 0 {
			continue
		}
		ls = append(ls, lab{s, i})
	}
	slices.SortStableFunc(ls, func(a, b lab) int {
		if a.Bank != b.Bank {
			return a.Bank - b.Bank
		}
		if a.Addr != b.Addr {
			return int(a.Addr) - int(b.Addr)
		}
		return a.order - b.order
	})
	var zs []Zone
	for i := 0; i < len(ls); i++ {
		s := ls[i]
		if s.Data || i > 0 && ls[i-1].Bank == s.Bank && ls[i-1].Addr == s.Addr {
			continue // data, or the same address: the first label names it
		}
		end := areaEnd(s.Addr)
		for j := i + 1; j < len(ls) && ls[j].Bank == s.Bank; j++ {
			if n := ls[j].Addr; n != s.Addr {
				if n <= end {
					end = n - 1 // the next routine starts in the same area
				}
				break
			}
		}
		zs = append(zs, Zone{Name: s.Name, Start: s.Addr, End: end, Bank: s.Bank, Routine: true})
	}
	return zs
}

// areaEnd is the last address of the memory area holding a, or 0 for the I/O page.
func areaEnd(a uint16) uint16 {
	switch {
	case a < 0x9F00:
		return 0x9EFF
	case a < 0xA000:
		return 0
	case a < 0xC000:
		return 0xBFFF
	}
	return 0xFFFF
}
