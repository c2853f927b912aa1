package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/session"
)

// exitBreak is the exit status of `run` when a --break stopped the program, so a CI job
// can tell "got there" from "ran out of frames" (0), from errors (1) and from the program
// stopping by itself (4-7, outcome.go).
const exitBreak = 8

// breakFlags is `run --break`: where the debugger stops the program.
type breakFlags struct {
	specs   []string
	symPath string
	last    int
}

func (f *breakFlags) String() string { return strings.Join(f.specs, ",") }
func (f *breakFlags) Set(s string) error {
	f.specs = append(f.specs, s)
	return nil
}

func (f *breakFlags) register(fs *flag.FlagSet) {
	fs.Var(f, "break", "stop before the instruction at `ADDR` ($0810, 0x810, 02:A000 for a bank, or a label of the .sym file), or at brk/stp; print the state and the last instructions and exit with status 4 (repeatable)")
	fs.StringVar(&f.symPath, "sym", "", "label `FILE` (VICE .sym, ld65 -Ln) for --break labels; default: the program's name with .sym")
	fs.IntVar(&f.last, "break-last", 16, "with --break, how many of the last instructions to print (at most 64)")
}

// arm sets the breakpoints on the session's debugger. The session keeps the machine's
// ring of recent instructions, which the stop prints.
func (f *breakFlags) arm(s *session.Session, prgPath string) error {
	if len(f.specs) == 0 {
		return nil
	}
	if f.last < 0 || f.last > core.RecentSize {
		return fmt.Errorf("--break-last %d: want 0 to %d", f.last, core.RecentSize)
	}
	var bps []core.Breakpoint
	var brk, stp bool
	var syms []perf.Symbol
	for _, spec := range f.specs {
		switch strings.ToLower(spec) {
		case "brk":
			brk = true
			continue
		case "stp":
			stp = true
			continue
		}
		bp, err := f.resolve(spec, prgPath, &syms)
		if err != nil {
			return fmt.Errorf("--break %s: %v", spec, err)
		}
		bps = append(bps, bp)
	}
	if err := s.SetBreakpoints(bps); err != nil {
		return err
	}
	s.SetBreakOn(brk, stp)
	return nil
}

// resolve reads a --break address: $ABCD, 0xABCD and BANK:ADDR are addresses; a plain word
// is a label of the label file if it has one, else a hex address.
func (f *breakFlags) resolve(spec, prgPath string, syms *[]perf.Symbol) (core.Breakpoint, error) {
	if strings.HasPrefix(spec, "$") || strings.HasPrefix(strings.ToLower(spec), "0x") || strings.Contains(spec, ":") {
		return parseBreakAddr(spec)
	}
	if *syms == nil {
		s, err := f.loadSyms(prgPath)
		if err != nil {
			if bp, aerr := parseBreakAddr(spec); aerr == nil {
				return bp, nil
			}
			return core.Breakpoint{}, fmt.Errorf("not a hex address, and %v", err)
		}
		*syms = s
	}
	if bp, err := lookupLabel(*syms, spec); err == nil {
		return bp, nil
	}
	if bp, err := parseBreakAddr(spec); err == nil {
		return bp, nil
	}
	return core.Breakpoint{}, fmt.Errorf("neither a label of the label file nor a hex address")
}

func (f *breakFlags) loadSyms(prgPath string) ([]perf.Symbol, error) {
	path := f.symPath
	if path == "" {
		path = strings.TrimSuffix(prgPath, ".prg")
		path = strings.TrimSuffix(path, ".PRG") + ".sym"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("no label file for labels (%v)", err)
	}
	syms, err := perf.ParseSym(data)
	if err != nil {
		return nil, fmt.Errorf("label file %s: %v", path, err)
	}
	return syms, nil
}

// parseBreakAddr reads $ABCD, 0xABCD, ABCD (hex) and BANK:ADDR (both hex).
func parseBreakAddr(s string) (core.Breakpoint, error) {
	bank := core.AnyBank
	a := s
	if i := strings.IndexByte(a, ':'); i >= 0 {
		b, err := strconv.ParseUint(a[:i], 16, 8)
		if err != nil {
			return core.Breakpoint{}, fmt.Errorf("bank %q: want a hex bank 00-FF", a[:i])
		}
		bank, a = int(b), a[i+1:]
	}
	a = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(a, "$"), "0x"), "0X")
	v, err := strconv.ParseUint(a, 16, 16)
	if err != nil || a == "" {
		return core.Breakpoint{}, fmt.Errorf("address %q: want hex $0000-$FFFF", s)
	}
	if bank != core.AnyBank && v < 0xA000 {
		return core.Breakpoint{}, fmt.Errorf("address %q: only $A000-$FFFF is banked", s)
	}
	return core.Breakpoint{Addr: uint16(v), Bank: bank}, nil
}

func lookupLabel(syms []perf.Symbol, name string) (core.Breakpoint, error) {
	name = strings.TrimPrefix(name, ".")
	for _, s := range syms {
		if s.Name == name {
			return core.Breakpoint{Addr: s.Addr, Bank: s.Bank}, nil
		}
	}
	return core.Breakpoint{}, fmt.Errorf("no label %q in the label file", name)
}

// printRecent prints the last n instructions of the machine's ring, oldest first.
func printRecent(w io.Writer, m *core.Machine, n int) {
	r := m.RecentView()
	n = int(min(uint64(n), r.N, core.RecentSize))
	fmt.Fprintf(w, "last %d instructions:\n", n)
	for i := r.N - uint64(n); i < r.N; i++ {
		e := r.Ring[i%core.RecentSize]
		// The bytes are read now: self-modifying code may show its new bytes.
		pc, bank := e.PC(), e.Bank()
		peek := func(a uint16) uint8 { return peekIn(m, bank, pc, a) }
		text, _ := core.Disassemble(pc, peek)
		where := fmt.Sprintf("$%04X", pc)
		if pc >= 0xA000 {
			where = fmt.Sprintf("$%02X:%04X", bank, pc)
		}
		fmt.Fprintf(w, "  %-9s %-18s %2d cycles\n", where, text, e.Cycles())
	}
}

// peekIn reads a in the bank the instruction at pc ran in.
func peekIn(m *core.Machine, bank uint8, pc, a uint16) uint8 {
	switch {
	case a >= 0xC000 && pc >= 0xC000:
		return m.PeekROM(bank, a)
	case a >= 0xA000 && a < 0xC000 && pc >= 0xA000 && pc < 0xC000:
		return m.PeekBanked(bank, a)
	}
	return m.Peek(a)
}
