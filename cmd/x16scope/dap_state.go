package main

import (
	"encoding/base64"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/google/go-dap"

	"x16scope/core"
	"x16scope/core/dbginfo"
	"x16scope/perf"
	"x16scope/session"
)

// Breakpoints, the call stack, variables and memory for the DAP session.

// applyBreakpoints gives the machine the union of every kind of breakpoint.
func (s *dapSession) applyBreakpoints() {
	var all []core.Breakpoint
	for _, bps := range s.srcBPs {
		all = append(all, bps...)
	}
	all = append(all, s.instBPs...)
	all = append(all, s.funcBPs...)
	s.ses.SetBreakpoints(all) // every address was checked when it was set
}

func (s *dapSession) setSourceBreakpoints(a dap.SetBreakpointsArguments) []dap.Breakpoint {
	lines := a.Lines
	if a.Breakpoints != nil {
		lines = lines[:0:0]
		for _, b := range a.Breakpoints {
			lines = append(lines, b.Line)
		}
	}
	out := make([]dap.Breakpoint, len(lines))
	var bps []core.Breakpoint
	file, haveFile := -1, false
	why := "no debug information (build with ld65 --dbgfile)"
	if s.info != nil {
		file, haveFile = s.info.FileID(a.Source.Path)
		if haveFile {
			s.srcPaths[file] = a.Source.Path // frames show the file the editor knows
		}
		why = fmt.Sprintf("%s is not a source of this program's debug file", filepath.Base(a.Source.Path))
	}
	for i, line := range lines {
		out[i] = dap.Breakpoint{Id: i + 1, Line: line, Source: &a.Source}
		if !haveFile {
			out[i].Message = why
			continue
		}
		addr, used, ok := s.info.CodeAt(file, line)
		if !ok || addr > 0xFFFF {
			out[i].Message = fmt.Sprintf("no code at or after line %d", line)
			continue
		}
		out[i].Verified, out[i].Line = true, used
		out[i].InstructionReference = fmt.Sprintf("0x%04X", addr)
		bps = append(bps, core.Breakpoint{Addr: uint16(addr), Bank: core.AnyBank})
	}
	s.srcBPs[a.Source.Path] = bps
	s.applyBreakpoints()
	return out
}

func (s *dapSession) setInstructionBreakpoints(in []dap.InstructionBreakpoint) []dap.Breakpoint {
	out := make([]dap.Breakpoint, len(in))
	s.instBPs = nil
	for i, b := range in {
		addr, err := s.address(b.InstructionReference)
		if err == nil {
			addr += int64(b.Offset)
			if addr < 0 || addr > 0xFFFF {
				err = fmt.Errorf("$%X is outside the CPU's 64 KB", addr)
			}
		}
		if err != nil {
			out[i] = dap.Breakpoint{Message: err.Error()}
			continue
		}
		out[i] = dap.Breakpoint{Id: 1000 + i, Verified: true, InstructionReference: fmt.Sprintf("0x%04X", addr)}
		s.instBPs = append(s.instBPs, core.Breakpoint{Addr: uint16(addr), Bank: core.AnyBank})
	}
	s.applyBreakpoints()
	return out
}

func (s *dapSession) setFunctionBreakpoints(in []dap.FunctionBreakpoint) []dap.Breakpoint {
	out := make([]dap.Breakpoint, len(in))
	s.funcBPs = nil
	for i, b := range in {
		addr, err := s.address(b.Name)
		if err != nil || addr > 0xFFFF {
			out[i] = dap.Breakpoint{Message: fmt.Sprintf("%q: not a label or address", b.Name)}
			continue
		}
		out[i] = dap.Breakpoint{Id: 2000 + i, Verified: true, InstructionReference: fmt.Sprintf("0x%04X", addr)}
		s.funcBPs = append(s.funcBPs, core.Breakpoint{Addr: uint16(addr), Bank: core.AnyBank})
	}
	s.applyBreakpoints()
	return out
}

// Data breakpoints watch one byte of the CPU's address space: a symbol or an address.
func (s *dapSession) dataBreakpointInfo(a dap.DataBreakpointInfoArguments) dap.DataBreakpointInfoResponseBody {
	name := a.Name
	if i := strings.IndexByte(name, ' '); i > 0 {
		name = name[:i] // "$30 (counter)" and the like
	}
	addr, err := s.address(name)
	if err != nil || addr > 0xFFFF {
		return dap.DataBreakpointInfoResponseBody{Description: fmt.Sprintf("%s has no address", a.Name)}
	}
	return dap.DataBreakpointInfoResponseBody{
		DataId:      fmt.Sprintf("0x%04X", addr),
		Description: fmt.Sprintf("%s ($%04X)", a.Name, addr),
		AccessTypes: []dap.DataBreakpointAccessType{"read", "write", "readWrite"},
		CanPersist:  true,
	}
}

func (s *dapSession) setDataBreakpoints(in []dap.DataBreakpoint) []dap.Breakpoint {
	out := make([]dap.Breakpoint, len(in))
	s.dataBPs = nil
	for i, b := range in {
		addr, err := s.address(b.DataId)
		if err != nil || addr > 0xFFFF {
			out[i] = dap.Breakpoint{Message: fmt.Sprintf("%q: not an address", b.DataId)}
			continue
		}
		on := core.WatchWrite
		switch b.AccessType {
		case "read":
			on = core.WatchRead
		case "readWrite":
			on = core.WatchRead | core.WatchWrite
		}
		s.dataBPs = append(s.dataBPs, core.Watchpoint{Space: core.SpaceCPU, On: on, Addr: uint32(addr), Len: 1})
		out[i] = dap.Breakpoint{Id: 3000 + i, Verified: true}
	}
	s.ses.SetWatchpoints(s.dataBPs)
	return out
}

// address reads a label, $ABCD, 0xABCD or a decimal number.
func (s *dapSession) address(ref string) (int64, error) {
	ref = strings.TrimSpace(ref)
	switch {
	case strings.HasPrefix(ref, "$"):
		return strconv.ParseInt(ref[1:], 16, 32)
	case strings.HasPrefix(strings.ToLower(ref), "0x"):
		return strconv.ParseInt(ref[2:], 16, 32)
	}
	if v, err := strconv.ParseInt(ref, 10, 32); err == nil {
		return v, nil
	}
	name := strings.TrimPrefix(ref, ".")
	if s.info != nil {
		for _, sym := range s.info.Syms {
			if sym.Name == name && (sym.Type == "lab" || sym.Type == "equ") {
				return sym.Val, nil
			}
		}
	}
	for _, sym := range s.syms {
		if sym.Name == name {
			return int64(sym.Addr), nil
		}
	}
	return 0, fmt.Errorf("%q is not a label or an address ($ABCD, 0xABCD)", ref)
}

// labelFor names an address: the nearest label at or below it ("work+3").
func (s *dapSession) labelFor(addr uint16) string {
	i := sort.Search(len(s.syms), func(i int) bool { return s.syms[i].Addr > addr })
	if i == 0 || addr-s.syms[i-1].Addr > 0x400 {
		return fmt.Sprintf("$%04X", addr)
	}
	l := s.syms[i-1]
	if l.Addr == addr {
		return l.Name
	}
	return fmt.Sprintf("%s+%d", l.Name, addr-l.Addr)
}

// stackFrames walks the call stack: the PC, then every return address on the stack that
// a JSR pushed (the byte three below the return point is a JSR opcode). That is a
// heuristic, as in every 6502 debugger: data pushed by the program can look like a return
// address; interrupt frames are not told apart.
func (s *dapSession) stackFrames() []dap.StackFrame {
	m := s.machine()
	frames := []dap.StackFrame{s.frame(0, m.PC(), m.PC())}
	sp := int(m.CPU().S)
	for a := sp + 1; a < 0xFF && len(frames) < 32; a++ {
		ret := uint16(m.Peek(uint16(0x100+a))) | uint16(m.Peek(uint16(0x100+a+1)))<<8
		call := ret - 2
		if m.Peek(call) != 0x20 {
			continue
		}
		frames = append(frames, s.frame(len(frames), call, ret+1))
		a++
	}
	return frames
}

// frame describes code at pc (the call site for outer frames); resume is where it goes on.
func (s *dapSession) frame(id int, pc, resume uint16) dap.StackFrame {
	f := dap.StackFrame{Id: id, Name: s.labelFor(pc), InstructionPointerReference: fmt.Sprintf("0x%04X", pc)}
	if line, _, _, ok := s.lineAt(pc); ok {
		l := s.info.Lines[line]
		f.Source = s.source(l.File)
		f.Line, f.Column = l.Line, 1
	} else {
		f.PresentationHint = "subtle"
	}
	return f
}

// Variable references: fixed ones for the scopes, 100+n for one row of memory.
const (
	varRegisters = 1
	varZeroPage  = 2
	varSymbols   = 3
	varMachine   = 4
	varLocals    = 5
)

func (s *dapSession) scopes() []dap.Scope {
	var sc []dap.Scope
	if name, locals, ok := s.cFunction(); ok {
		sc = append(sc, dap.Scope{Name: "Locals of " + name, PresentationHint: "locals", VariablesReference: varLocals, NamedVariables: len(locals)})
	}
	return append(sc, []dap.Scope{
		{Name: "Registers", PresentationHint: "registers", VariablesReference: varRegisters, NamedVariables: 8},
		{Name: "Symbols", VariablesReference: varSymbols},
		{Name: "Zero page", VariablesReference: varZeroPage, NamedVariables: 16, Expensive: false},
		{Name: "Machine", VariablesReference: varMachine, NamedVariables: 5},
	}...)
}

func hex8(v uint8) string   { return fmt.Sprintf("$%02X", v) }
func hex16(v uint16) string { return fmt.Sprintf("$%04X", v) }

func (s *dapSession) variables(ref int) ([]dap.Variable, error) {
	m := s.machine()
	c := m.CPU()
	switch ref {
	case varRegisters:
		return []dap.Variable{
			{Name: "A", Value: hex8(c.A), Type: "u8"},
			{Name: "X", Value: hex8(c.X), Type: "u8"},
			{Name: "Y", Value: hex8(c.Y), Type: "u8"},
			{Name: "S", Value: hex8(c.S), Type: "u8"},
			{Name: "P", Value: fmt.Sprintf("$%02X %s", c.P, flagString(c.P)), Type: "u8"},
			{Name: "PC", Value: hex16(c.PC), Type: "u16", MemoryReference: fmt.Sprintf("0x%04X", c.PC)},
			{Name: "RAM bank", Value: hex8(m.RAMBank()), Type: "u8"},
			{Name: "ROM bank", Value: hex8(m.ROMBank()), Type: "u8"},
		}, nil
	case varZeroPage:
		vars := make([]dap.Variable, 16)
		for row := range 16 {
			var b strings.Builder
			for i := range 16 {
				fmt.Fprintf(&b, "%02X ", m.Peek(uint16(row*16+i)))
			}
			vars[row] = dap.Variable{Name: fmt.Sprintf("$%02X", row*16), Value: strings.TrimSpace(b.String()),
				MemoryReference: fmt.Sprintf("0x%04X", row*16)}
		}
		return vars, nil
	case varSymbols:
		return s.symbolVars(), nil
	case varLocals:
		return s.localVars(), nil
	case varMachine:
		stop := m.DebugStop().String()
		if held, why := s.ses.DebugStopped(); held && why != "" {
			stop = why // after stepping back, the machine is a rebuilt one: the session knows why
		}
		return []dap.Variable{
			{Name: "frame", Value: strconv.FormatUint(m.Frame(), 10)},
			{Name: "cycle", Value: strconv.FormatUint(m.Cycle(), 10)},
			{Name: "raster line", Value: strconv.FormatUint(m.Cycle()%core.CyclesPerFrame/core.CyclesPerLine, 10)},
			{Name: "stop", Value: stop},
			{Name: "cycles into frame", Value: strconv.FormatUint(m.Cycle()-(m.NextVSync()-core.CyclesPerFrame), 10)},
		}, nil
	}
	return nil, fmt.Errorf("no variables %d (the program ran since they were listed?)", ref)
}

// symbolVars are the program's data: zero-page equates and labels outside its code, each
// with the byte and the little-endian word at its address.
func (s *dapSession) symbolVars() []dap.Variable {
	var vars []dap.Variable
	add := func(name string, addr uint16) {
		b, w := s.machine().Peek(addr), uint16(s.machine().Peek(addr))|uint16(s.machine().Peek(addr+1))<<8
		vars = append(vars, dap.Variable{Name: name, Value: fmt.Sprintf("%s (word %s) at %s", hex8(b), hex16(w), hex16(addr)),
			Type: "u8", MemoryReference: fmt.Sprintf("0x%04X", addr)})
	}
	if s.info == nil {
		return vars
	}
	isData := func(sym dbginfo.Sym) bool {
		if sym.Type != "lab" || sym.Seg < 0 {
			return false
		}
		switch s.info.Segs[sym.Seg].Name {
		case "DATA", "BSS", "RODATA", "ZEROPAGE":
			return true
		}
		return false
	}
	for _, sym := range s.info.Syms {
		switch {
		case sym.Name == "" || sym.Val < 0 || sym.Val > 0xFFFF:
		case sym.Type == "equ" && sym.ZeroPage || isData(sym):
			add(sym.Name, uint16(sym.Val))
		}
	}
	// C statics and globals (not functions: their symbols are in code segments).
	for _, cs := range s.info.CSyms {
		if cs.Sym >= 0 && (cs.SC == "static" || cs.SC == "ext") && isData(s.info.Syms[cs.Sym]) {
			if v := s.info.Syms[cs.Sym].Val; v >= 0 && v <= 0xFFFF {
				add(cs.Name, uint16(v))
			}
		}
	}
	sort.SliceStable(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	return vars
}

func parseByteValue(v string) (int64, error) {
	v = strings.TrimSpace(v)
	if i := strings.IndexByte(v, ' '); i > 0 {
		v = v[:i]
	}
	switch {
	case strings.HasPrefix(v, "$"):
		return strconv.ParseInt(v[1:], 16, 32)
	case strings.HasPrefix(strings.ToLower(v), "0x"):
		return strconv.ParseInt(v[2:], 16, 32)
	case strings.HasPrefix(v, "%"):
		return strconv.ParseInt(v[1:], 2, 32)
	}
	return strconv.ParseInt(v, 10, 32)
}

// setVariable edits a register, a bank latch or a symbol's byte. Every edit goes through
// the session, which logs it as an input: going back in time and forward again replays it.
func (s *dapSession) setVariable(a dap.SetVariableArguments) (string, error) {
	v, err := parseByteValue(a.Value)
	if err != nil {
		return "", fmt.Errorf("%q: not a number ($FF, 0xFF, %%1010, 255)", a.Value)
	}
	switch a.VariablesReference {
	case varRegisters:
		switch a.Name {
		case "RAM bank", "ROM bank":
			if v < 0 || v > 0xFF {
				return "", fmt.Errorf("%s %d: want 0-$FF", a.Name, v)
			}
			latch := 0 // the bank latches are $00 (RAM) and $01 (ROM)
			if a.Name == "ROM bank" {
				latch = 1
			}
			return hex8(uint8(v)), s.ses.WriteMemory(session.SpaceCPU, 0, latch, []byte{uint8(v)})
		}
		if err := s.ses.SetRegister(a.Name, int(v)); err != nil {
			return "", err
		}
		if a.Name == "PC" {
			return hex16(s.machine().PC()), nil
		}
		return hex8(uint8(v)), nil
	case varSymbols:
		addr, err := s.address(a.Name)
		if err != nil || addr > 0xFFFF {
			return "", fmt.Errorf("%q has no address", a.Name)
		}
		if v < 0 || v > 0xFF {
			return "", fmt.Errorf("%d: want a byte, 0-$FF", v)
		}
		if err := s.ses.WriteMemory(session.SpaceCPU, 0, int(addr), []byte{uint8(v)}); err != nil {
			return "", err
		}
		return hex8(uint8(v)), nil
	}
	return "", fmt.Errorf("%s cannot be set here", a.Name)
}

// evaluate reads a register, a label's byte or an address's byte (watch and hover).
func (s *dapSession) evaluate(expr string) (dap.EvaluateResponseBody, error) {
	e := strings.TrimSpace(expr)
	c := s.machine().CPU()
	regs := map[string]string{"a": hex8(c.A), "x": hex8(c.X), "y": hex8(c.Y), "s": hex8(c.S), "sp": hex8(c.S),
		"p": hex8(c.P), "pc": hex16(c.PC)}
	if v, ok := regs[strings.ToLower(e)]; ok {
		return dap.EvaluateResponseBody{Result: v}, nil
	}
	addr, err := s.address(e)
	if err != nil || addr < 0 || addr > 0xFFFF {
		return dap.EvaluateResponseBody{}, fmt.Errorf("%q: not a register, label or address", expr)
	}
	a := uint16(addr)
	return dap.EvaluateResponseBody{
		Result:          fmt.Sprintf("%s (word %s) at %s", hex8(s.machine().Peek(a)), hex16(uint16(s.machine().Peek(a))|uint16(s.machine().Peek(a+1))<<8), hex16(a)),
		MemoryReference: fmt.Sprintf("0x%04X", a),
	}, nil
}

// memRef is a memory reference: an address in the CPU's space (0x1234, $1234, a label),
// "vram:0x1F000", or "bank:2:0xA000" for banked RAM.
type memRef struct {
	space core.Space
	bank  uint8
	addr  int64
}

func (s *dapSession) memRef(ref string, offset int) (memRef, error) {
	r := memRef{space: core.SpaceCPU}
	low := strings.ToLower(ref)
	switch {
	case strings.HasPrefix(low, "vram:"):
		r.space, ref = core.SpaceVRAM, ref[5:]
	case strings.HasPrefix(low, "bank:"):
		b, rest, ok := strings.Cut(ref[5:], ":")
		n, err := strconv.ParseUint(strings.TrimPrefix(b, "$"), 16, 8)
		if !ok || err != nil {
			return r, fmt.Errorf("%q: want bank:BB:ADDRESS", ref)
		}
		r.space, r.bank, ref = core.SpaceBanked, uint8(n), rest
	}
	a, err := s.address(ref)
	if err != nil {
		return r, err
	}
	r.addr = a + int64(offset)
	return r, nil
}

func (r memRef) limit() int64 {
	switch r.space {
	case core.SpaceVRAM:
		return 0x20000
	case core.SpaceBanked:
		return 0xC000
	}
	return 0x10000
}

func (s *dapSession) readMemory(a dap.ReadMemoryArguments) (dap.ReadMemoryResponseBody, error) {
	r, err := s.memRef(a.MemoryReference, a.Offset)
	if err != nil {
		return dap.ReadMemoryResponseBody{}, err
	}
	if a.Count < 0 || a.Count > 0x20000 {
		return dap.ReadMemoryResponseBody{}, fmt.Errorf("count %d: want 0-131072", a.Count)
	}
	lo := r.addr
	if r.space == core.SpaceBanked && lo < 0xA000 || lo < 0 {
		return dap.ReadMemoryResponseBody{}, fmt.Errorf("address $%X is outside the space", lo)
	}
	n := int(max(0, min(int64(a.Count), r.limit()-lo)))
	data := make([]byte, n)
	for i := range data {
		at := lo + int64(i)
		switch r.space {
		case core.SpaceVRAM:
			data[i] = s.machine().VERA().PeekVRAM(uint32(at))
		case core.SpaceBanked:
			data[i] = s.machine().PeekBanked(r.bank, uint16(at))
		default:
			data[i] = s.machine().Peek(uint16(at))
		}
	}
	return dap.ReadMemoryResponseBody{Address: fmt.Sprintf("0x%04X", lo), Data: base64.StdEncoding.EncodeToString(data),
		UnreadableBytes: a.Count - n}, nil
}

// writeMemory writes through the session (an input, replayed after going back): CPU
// addresses as the CPU sees them, banked RAM as bank:BB:$A000-$BFFF, VRAM.
func (s *dapSession) writeMemory(a dap.WriteMemoryArguments) (int, error) {
	r, err := s.memRef(a.MemoryReference, a.Offset)
	if err != nil {
		return 0, err
	}
	data, err := base64.StdEncoding.DecodeString(a.Data)
	if err != nil {
		return 0, fmt.Errorf("data: not base64: %v", err)
	}
	if r.addr < 0 || r.addr+int64(len(data)) > r.limit() || r.space == core.SpaceBanked && r.addr < 0xA000 {
		return 0, fmt.Errorf("$%X+%d is outside the space", r.addr, len(data))
	}
	space, bank, addr := session.SpaceCPU, 0, int(r.addr)
	switch r.space {
	case core.SpaceVRAM:
		space = session.SpaceVRAM
	case core.SpaceBanked:
		space, bank, addr = session.SpaceBanked, int(r.bank), addr-0xA000 // the session counts banked addresses from $A000
	}
	if err := s.ses.WriteMemory(space, bank, addr, data); err != nil {
		return 0, err
	}
	return len(data), nil
}

// findCRuntime notes where cc65's runtime keeps the C stack pointer (sp; c_sp from cc65
// 2.20 on) and the register bank, which C locals are addressed from.
func (s *dapSession) findCRuntime(syms []perf.Symbol) {
	for _, sym := range syms {
		switch sym.Name {
		case "sp", "c_sp":
			if s.cStack < 0 {
				s.cStack = int(sym.Addr)
			}
		case "regbank":
			if s.regBank < 0 {
				s.regBank = int(sym.Addr)
			}
		}
	}
}

// cFunction is the C function the PC is in, with its parameters and locals, when the
// debug info has them and the C runtime's stack pointer is known.
func (s *dapSession) cFunction() (name string, locals []dbginfo.CSym, ok bool) {
	if s.info == nil || s.cStack < 0 {
		return "", nil, false
	}
	fn, ok := s.info.CFunctionAt(uint32(s.machine().CPU().PC))
	if !ok {
		return "", nil, false
	}
	locals = s.info.CLocals(fn)
	return strings.TrimPrefix(s.info.Scopes[fn].Name, "_"), locals, len(locals) > 0
}

// localVars are the C function's parameters and locals. cc65 gives each auto variable an
// offset from the C stack pointer as the function was entered (its parameters at 0 and up,
// its locals below); the function's prologue then lowers the pointer by the locals' size,
// so between statements, where the stack holds nothing else, the entry pointer is the
// current one plus that size. Inside an expression that pushed temporaries the values are
// off by what was pushed. cc65's debug info has no C types: each shows its byte and word.
func (s *dapSession) localVars() []dap.Variable {
	_, locals, ok := s.cFunction()
	if !ok {
		return nil
	}
	frame := 0
	for _, l := range locals {
		if l.SC == "auto" && -l.Offs > frame {
			frame = -l.Offs
		}
	}
	m := s.machine()
	sp := int(m.Peek(uint16(s.cStack))) | int(m.Peek(uint16(s.cStack+1)))<<8
	vars := make([]dap.Variable, 0, len(locals))
	for _, l := range locals {
		var addr int
		switch {
		case l.SC == "auto":
			addr = sp + frame + l.Offs
		case s.regBank >= 0:
			addr = s.regBank + l.Offs
		default:
			continue
		}
		a := uint16(addr)
		b, w := m.Peek(a), uint16(m.Peek(a))|uint16(m.Peek(a+1))<<8
		vars = append(vars, dap.Variable{Name: l.Name, Value: fmt.Sprintf("%d (byte %s, word %s = %d) at %s", b, hex8(b), hex16(w), w, hex16(a)),
			Type: l.SC, MemoryReference: fmt.Sprintf("0x%04X", a)})
	}
	return vars
}
