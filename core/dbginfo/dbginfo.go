// Package dbginfo reads the debug information ld65 writes with --dbgfile (the cc65
// toolchain's .dbg format, version 2): source files, lines and the address spans their code
// occupies, segments, scopes, symbols and C symbols. A debugger maps addresses to source
// lines and back with it.
//
// The format is text, one record a line: a keyword, a tab, then comma-separated key=value
// attributes. Values are numbers (decimal or 0x hex), quoted strings, or '+'-joined lists
// of ids:
//
//	line	id=5,file=0,line=11,span=6
//	span	id=6,seg=0,start=2,size=3
//	seg	id=0,name="CODE",start=0x00080D,size=0x003E,addrsize=absolute,type=rw
//
// Unknown keywords and attributes are skipped (newer ld65 versions add them); everything
// the reader uses is checked, so a malformed or truncated file gives an error naming the
// line, never a panic or a half-built table.
package dbginfo

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Info is one parsed .dbg file. Records are indexed by their ids.
type Info struct {
	Files  []File
	Lines  []Line
	Spans  []Span
	Segs   []Seg
	Scopes []Scope
	Syms   []Sym
	CSyms  []CSym

	byAddr []lineRange // code ranges of lines, sorted by address
}

// File is a source file the program was assembled or compiled from.
type File struct {
	Name string
	Size int64
}

// Line is a source line that produced code (Spans) or none.
type Line struct {
	File, Line int
	// Type is 0 for assembler source, 1 for C source (cc65 -g), 2 for a macro expansion.
	Type  int
	Spans []int
}

// Line types.
const (
	LineAsm   = 0
	LineC     = 1
	LineMacro = 2
)

// Span is a run of bytes in a segment.
type Span struct {
	Seg         int
	Start, Size uint32
}

// Seg is a segment as linked.
type Seg struct {
	Name        string
	Start, Size uint32
	OName       string // the output file it was written to ("" for BSS-like segments)
	OOffs       int64  // its offset in that file
}

// Scope is a .proc, .scope or C function, or the file scope ("").
type Scope struct {
	Name   string
	Parent int // -1 for none
	Spans  []int
}

// Sym is an assembler symbol: a label (Type "lab") or an equate ("equ").
type Sym struct {
	Name     string
	Val      int64
	Seg      int // -1 for none
	Size     int
	Scope    int
	Type     string
	ZeroPage bool
}

// CSym is a C symbol: SC is "auto" (Offs from the C stack pointer), "reg", "static" or
// "ext" (Sym names its assembler symbol, -1 for none).
type CSym struct {
	Name  string
	Scope int
	SC    string
	Offs  int
	Sym   int
}

// lineRange is the code of one line at [lo, hi).
type lineRange struct {
	lo, hi uint32
	line   int
}

// maxRecords bounds every table, so a hostile "id=999999999" cannot allocate gigabytes.
const maxRecords = 1 << 18

// Parse reads a .dbg file.
func Parse(data []byte) (*Info, error) {
	info := &Info{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	sawVersion := false
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		kw, rest, _ := strings.Cut(text, "\t")
		if !sawVersion {
			if kw != "version" {
				return nil, fmt.Errorf("line %d: not an ld65 debug file (it starts with %q, not \"version\")", n, clip(kw))
			}
		}
		attrs, err := parseAttrs(rest)
		if err != nil {
			return nil, fmt.Errorf("line %d (%s): %v", n, clip(kw), err)
		}
		if err := info.add(kw, attrs, &sawVersion); err != nil {
			return nil, fmt.Errorf("line %d (%s): %v", n, clip(kw), err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("debug file: %v", err)
	}
	if !sawVersion {
		return nil, fmt.Errorf("empty debug file")
	}
	if err := info.check(); err != nil {
		return nil, err
	}
	info.index()
	return info, nil
}

type attrs map[string]string

func parseAttrs(s string) (attrs, error) {
	a := attrs{}
	for s != "" {
		key, rest, ok := strings.Cut(s, "=")
		if !ok || key == "" {
			return nil, fmt.Errorf("attribute %q: want key=value", clip(s))
		}
		var val string
		if strings.HasPrefix(rest, "\"") {
			// A quoted string: ld65 escapes nothing but may have commas inside.
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("attribute %s: unterminated string", clip(key))
			}
			val, rest = rest[1:1+end], rest[2+end:]
			if rest != "" && rest[0] != ',' {
				return nil, fmt.Errorf("attribute %s: text after the string", clip(key))
			}
			rest = strings.TrimPrefix(rest, ",")
		} else {
			val, rest, _ = strings.Cut(rest, ",")
		}
		a[key] = val
		s = rest
	}
	return a, nil
}

func (a attrs) num(key string) (int64, error) {
	v, ok := a[key]
	if !ok {
		return 0, fmt.Errorf("no %s", key)
	}
	n, err := strconv.ParseInt(v, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%s=%q is not a number", key, clip(v))
	}
	return n, nil
}

// opt is an optional number (def when absent).
func (a attrs) opt(key string, def int64) (int64, error) {
	if _, ok := a[key]; !ok {
		return def, nil
	}
	return a.num(key)
}

func (a attrs) list(key string) ([]int, error) {
	v, ok := a[key]
	if !ok || v == "" {
		return nil, nil
	}
	parts := strings.Split(v, "+")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.ParseInt(p, 0, 32)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%s=%q is not a list of ids", key, clip(v))
		}
		out[i] = int(n)
	}
	return out, nil
}

// slot grows a table to hold id and returns the index.
func slot[T any](tab *[]T, a attrs) (*T, error) {
	id, err := a.num("id")
	if err != nil {
		return nil, err
	}
	if id < 0 || id >= maxRecords {
		return nil, fmt.Errorf("id %d out of range", id)
	}
	if int(id) >= len(*tab) {
		*tab = append(*tab, make([]T, int(id)+1-len(*tab))...)
	}
	return &(*tab)[id], nil
}

func (info *Info) add(kw string, a attrs, sawVersion *bool) error {
	var err error
	num := func(key string) int64 {
		v, e := a.num(key)
		if err == nil {
			err = e
		}
		return v
	}
	opt := func(key string, def int64) int64 {
		v, e := a.opt(key, def)
		if err == nil {
			err = e
		}
		return v
	}
	list := func(key string) []int {
		v, e := a.list(key)
		if err == nil {
			err = e
		}
		return v
	}
	switch kw {
	case "version":
		if major := num("major"); err == nil && major != 2 {
			return fmt.Errorf("version %d: only version 2 (ld65 2.x) is read", major)
		}
		*sawVersion = true
	case "file":
		f, e := slot(&info.Files, a)
		if e != nil {
			return e
		}
		*f = File{Name: a["name"], Size: opt("size", -1)}
	case "line":
		l, e := slot(&info.Lines, a)
		if e != nil {
			return e
		}
		*l = Line{File: int(num("file")), Line: int(num("line")), Type: int(opt("type", 0)), Spans: list("span")}
	case "span":
		s, e := slot(&info.Spans, a)
		if e != nil {
			return e
		}
		start, size := num("start"), num("size")
		if err == nil && (start < 0 || size < 0 || start > 1<<24 || size > 1<<24) {
			return fmt.Errorf("start %d size %d out of range", start, size)
		}
		*s = Span{Seg: int(num("seg")), Start: uint32(start), Size: uint32(size)}
	case "seg":
		s, e := slot(&info.Segs, a)
		if e != nil {
			return e
		}
		start, size := num("start"), num("size")
		if err == nil && (start < 0 || size < 0 || start > 1<<24 || size > 1<<24) {
			return fmt.Errorf("start %d size %d out of range", start, size)
		}
		*s = Seg{Name: a["name"], Start: uint32(start), Size: uint32(size), OName: a["oname"], OOffs: opt("ooffs", -1)}
	case "scope":
		s, e := slot(&info.Scopes, a)
		if e != nil {
			return e
		}
		*s = Scope{Name: a["name"], Parent: int(opt("parent", -1)), Spans: list("span")}
	case "sym":
		s, e := slot(&info.Syms, a)
		if e != nil {
			return e
		}
		*s = Sym{Name: a["name"], Val: opt("val", 0), Seg: int(opt("seg", -1)), Size: int(opt("size", 0)),
			Scope: int(opt("scope", -1)), Type: a["type"], ZeroPage: a["addrsize"] == "zeropage"}
	case "csym":
		s, e := slot(&info.CSyms, a)
		if e != nil {
			return e
		}
		*s = CSym{Name: a["name"], Scope: int(opt("scope", -1)), SC: a["sc"], Offs: int(opt("offs", 0)), Sym: int(opt("sym", -1))}
	}
	return err
}

// check verifies that every id the reader follows names a record.
func (info *Info) check() error {
	for i, l := range info.Lines {
		if l.File < 0 || l.File >= len(info.Files) {
			return fmt.Errorf("line record %d: file %d does not exist", i, l.File)
		}
		for _, s := range l.Spans {
			if s >= len(info.Spans) {
				return fmt.Errorf("line record %d: span %d does not exist", i, s)
			}
		}
	}
	for i, s := range info.Spans {
		if s.Seg < 0 || s.Seg >= len(info.Segs) {
			return fmt.Errorf("span %d: segment %d does not exist", i, s.Seg)
		}
		if seg := info.Segs[s.Seg]; s.Start+s.Size > seg.Size {
			return fmt.Errorf("span %d: bytes %d-%d are past the end of segment %s (%d bytes)", i, s.Start, s.Start+s.Size, seg.Name, seg.Size)
		}
	}
	for i, s := range info.Scopes {
		for _, sp := range s.Spans {
			if sp >= len(info.Spans) {
				return fmt.Errorf("scope %d: span %d does not exist", i, sp)
			}
		}
	}
	for i, s := range info.Syms {
		if s.Seg >= len(info.Segs) {
			return fmt.Errorf("symbol %d: segment %d does not exist", i, s.Seg)
		}
	}
	for i, s := range info.CSyms {
		if s.Sym >= len(info.Syms) {
			return fmt.Errorf("C symbol %d: symbol %d does not exist", i, s.Sym)
		}
	}
	return nil
}

// SpanRange is the address range [lo, hi) of span id.
func (info *Info) SpanRange(id int) (lo, hi uint32) {
	s := info.Spans[id]
	lo = info.Segs[s.Seg].Start + s.Start
	return lo, lo + s.Size
}

// linePriority orders the lines that cover the same bytes: C source over assembler, and
// either over the macro expansion lines inside them.
func linePriority(t int) int {
	switch t {
	case LineC:
		return 0
	case LineAsm:
		return 1
	}
	return 2
}

func (info *Info) index() {
	for i, l := range info.Lines {
		for _, s := range l.Spans {
			lo, hi := info.SpanRange(s)
			if hi > lo {
				info.byAddr = append(info.byAddr, lineRange{lo, hi, i})
			}
		}
	}
	sort.SliceStable(info.byAddr, func(a, b int) bool {
		x, y := info.byAddr[a], info.byAddr[b]
		if x.lo != y.lo {
			return x.lo < y.lo
		}
		return linePriority(info.Lines[x.line].Type) < linePriority(info.Lines[y.line].Type)
	})
}

// LineAt finds the source line whose code holds addr, and that code's range [lo, hi).
// Among lines covering addr it prefers C source, then assembler, then macro lines, and the
// narrowest range.
func (info *Info) LineAt(addr uint32) (line int, lo, hi uint32, ok bool) {
	best := -1
	// Ranges starting at or below addr; spans are small, so a short backward walk does.
	i := sort.Search(len(info.byAddr), func(i int) bool { return info.byAddr[i].lo > addr })
	for j := i - 1; j >= 0 && j >= i-64; j-- {
		r := info.byAddr[j]
		if addr >= r.hi {
			continue
		}
		if best < 0 || better(info, r, info.byAddr[best]) {
			best = j
		}
	}
	if best < 0 {
		return 0, 0, 0, false
	}
	r := info.byAddr[best]
	return r.line, r.lo, r.hi, true
}

func better(info *Info, a, b lineRange) bool {
	pa, pb := linePriority(info.Lines[a.line].Type), linePriority(info.Lines[b.line].Type)
	if pa != pb {
		return pa < pb
	}
	return a.hi-a.lo < b.hi-b.lo
}

// FileID finds a source file by path: the same name, else the file whose name is the
// longest trailing part of path ("src/main.s" matches "/home/u/game/src/main.s").
func (info *Info) FileID(path string) (int, bool) {
	path = strings.ReplaceAll(path, "\\", "/")
	best, bestLen := -1, -1
	for i, f := range info.Files {
		name := strings.TrimPrefix(strings.ReplaceAll(f.Name, "\\", "/"), "./")
		for strings.HasPrefix(name, "../") {
			name = name[3:]
		}
		if name == "" {
			continue
		}
		if path == name || strings.HasSuffix(path, "/"+name) {
			if len(name) > bestLen {
				best, bestLen = i, len(name)
			}
		}
	}
	return best, best >= 0
}

// CodeAt finds where a breakpoint on line of file goes: the first address of that line's
// code or, if the line has none (a comment, a label alone), of the next line that has.
// It returns the line used.
func (info *Info) CodeAt(file, line int) (addr uint32, used int, ok bool) {
	bestLine := -1
	for _, l := range info.Lines {
		if l.File != file || l.Line < line || len(l.Spans) == 0 || l.Type == LineMacro {
			continue
		}
		lo, _ := info.SpanRange(l.Spans[0])
		for _, s := range l.Spans[1:] {
			if a, _ := info.SpanRange(s); a < lo {
				lo = a
			}
		}
		if bestLine < 0 || l.Line < bestLine || l.Line == bestLine && lo < addr {
			bestLine, addr = l.Line, lo
		}
	}
	return addr, bestLine, bestLine >= 0
}

// Labels are the symbols that are addresses in the program (labels, not equates).
func (info *Info) Labels() []Sym {
	var out []Sym
	for _, s := range info.Syms {
		if s.Type == "lab" && s.Name != "" {
			out = append(out, s)
		}
	}
	return out
}

// CheckProgram compares the segments written to a PRG against the file: a .dbg from
// another build has segments that do not fit the file or load elsewhere.
func (info *Info) CheckProgram(prgName string, prg []byte) error {
	if len(prg) < 2 {
		return fmt.Errorf("program is %d bytes", len(prg))
	}
	load := uint32(prg[0]) | uint32(prg[1])<<8
	for _, s := range info.Segs {
		if s.OName == "" || s.OOffs < 0 || s.Size == 0 {
			continue
		}
		if base := baseName(s.OName); prgName != "" && !strings.EqualFold(base, baseName(prgName)) {
			continue // a segment of another output file
		}
		end := s.OOffs + int64(s.Size)
		if end > int64(len(prg)) {
			return fmt.Errorf("segment %s ends at byte %d of %s, which has %d bytes: the debug file is from another build", s.Name, end, s.OName, len(prg))
		}
		if s.OOffs >= 2 && s.Start != load+uint32(s.OOffs)-2 {
			return fmt.Errorf("segment %s is at $%04X in the debug file but loads at $%04X: the debug file is from another build", s.Name, s.Start, load+uint32(s.OOffs)-2)
		}
	}
	return nil
}

func baseName(p string) string {
	p = strings.ReplaceAll(p, "\\", "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// CFunctionAt finds the C function whose code holds addr: the narrowest scope that has C
// symbols and a span containing addr. It returns the scope's id.
func (info *Info) CFunctionAt(addr uint32) (scope int, ok bool) {
	best, bestSize := -1, uint32(0)
	for _, cs := range info.CSyms {
		if cs.Scope < 0 || cs.Scope >= len(info.Scopes) || cs.Scope == best {
			continue
		}
		for _, sp := range info.Scopes[cs.Scope].Spans {
			if lo, hi := info.SpanRange(sp); addr >= lo && addr < hi && (best < 0 || hi-lo < bestSize) {
				best, bestSize = cs.Scope, hi-lo
			}
		}
	}
	return best, best >= 0
}

// CLocals are the C function scope's parameters and auto variables (storage class "auto":
// Offs from the C stack pointer at the function's entry) and register variables ("reg":
// Offs into the register bank), in the order the compiler listed them.
func (info *Info) CLocals(scope int) []CSym {
	var out []CSym
	for _, cs := range info.CSyms {
		if cs.Scope == scope && (cs.SC == "auto" || cs.SC == "reg") {
			out = append(out, cs)
		}
	}
	return out
}
