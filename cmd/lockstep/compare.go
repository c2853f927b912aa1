package main

// The comparer: two traces (official emulator, x16scope) read side by side, record by
// record, up to the first record where they differ.

import (
	"fmt"
	"io"
	"strings"

	"x16scope/core"
)

// Options says what counts as a difference.
type Options struct {
	// Cycles compares each instruction's cycle, counted from the trace's first instruction
	// (the two machines may count from a different origin; where the trace starts is the
	// same instruction in both).
	Cycles bool
	// Banks compares the RAM and ROM bank registers.
	Banks bool
	// VERA compares the writes to VERA's registers (address and value).
	VERA bool
	// Context is how many instructions before the difference the report shows.
	Context int
	// PowerOn: the traces start at power-on, where the 65C02's reset defines only I and D
	// (W65C02S data sheet, 3.11: N, V, Z and C are undefined), so the first instruction's
	// P is compared in those two bits only.
	PowerOn bool
	// Allow lists PCs whose instruction may leave the registers different (a read of a
	// device register both emulate differently in bits the code then masks, as a VIA
	// port's unconnected pins): a difference in A, X, Y or P from the next instruction on
	// is counted once and tolerated until the registers agree again; the PC, the cycles
	// and the writes are compared all along, so a difference that changes the flow stops
	// the comparison where it does.
	Allow map[uint16]bool
	// AllowRead is Allow for every instruction with an absolute operand in the set (a
	// device register read wherever the code reads it).
	AllowRead map[uint16]bool
	// Drift, with Cycles, does not stop at a cycle difference: it notes each instruction
	// where the offset between the two clocks changes (Result.Drifts) and compares the
	// cycles from there with the new offset, so one run lists every timing difference up
	// to the first difference in what the code does.
	Drift bool
}

// Drift is a change in the offset between the two clocks.
type Drift struct {
	Instr    uint64 // instructions both agreed on before it
	Off, X16 Record // the instruction where it shows (the one before it took the time)
	PrevOff  Record // the instruction before (the one that took a different time, or the interrupt entry)
	PrevX16  Record
	By       int64 // x16scope's cycles minus the official emulator's, since the last drift
}

// pMask drops P's bits 4 and 5: the 65C02 has no B or bit 5 flip-flop (they exist only in
// the byte PHP and interrupts push), and emulators keep them as they like.
const pMask = 0xCF

// resetDefined are the flags a reset sets: I and D.
const resetDefined = 0x0C

// Divergence is the first difference found.
type Divergence struct {
	Instr     uint64   // instructions both traces agreed on before it
	What      []string // what differs, in words
	Off, X16  Record   // the two differing records
	HistOff   []Record // the records before and including Off (Context instructions)
	HistX16   []Record
	OffOrigin uint64 // each trace's first cycle (Cycles are compared from there)
	X16Origin uint64
}

// Result is what Compare found.
type Result struct {
	Instrs     uint64      // instructions compared
	Tolerated  []string    // the first allowed differences (Options.Allow)
	Allowed    uint64      // how many there were
	Drifts     []Drift     // Options.Drift: where the clocks' offset changed
	Divergence *Divergence // nil when none was found
	// OffEnded/X16Ended: which trace ended first when both agreed to the end of the
	// shorter (both when they ended together).
	OffEnded, X16Ended bool
}

// history keeps the last records of one trace, for the report.
type history struct {
	recs   []Record
	n      int // records kept
	instrs int // instructions to keep
}

func newHistory(instrs int) *history {
	return &history{recs: make([]Record, 4*instrs+16), instrs: instrs}
}

func (h *history) add(r *Record) {
	h.recs[h.n%len(h.recs)] = *r
	h.n++
}

// last returns the kept records from the instrs-th instruction from the end.
func (h *history) last() []Record {
	from := max(0, h.n-len(h.recs))
	seen := 0
	start := h.n
	for i := h.n - 1; i >= from; i-- {
		start = i
		if h.recs[i%len(h.recs)].Kind == kindInstr {
			seen++
			if seen == h.instrs {
				break
			}
		}
	}
	out := make([]Record, 0, h.n-start)
	for i := start; i < h.n; i++ {
		out = append(out, h.recs[i%len(h.recs)])
	}
	return out
}

// Compare reads both traces to the first difference or the end of the shorter.
func Compare(off, x16 *TraceReader, o Options) (Result, error) {
	var res Result
	ho, hx := newHistory(max(o.Context, 1)), newHistory(max(o.Context, 1))
	var ro, rx Record
	var originOff, originX16 uint64
	first := true
	var prevOff, prevX16 Record // the last instructions
	tolerating := false         // registers differ after an allowed instruction, until they agree
	for {
		eo := nextRecord(off, &ro, o.VERA)
		ex := nextRecord(x16, &rx, o.VERA)
		if eo != nil && eo != io.EOF {
			return res, fmt.Errorf("official trace: %w", eo)
		}
		if ex != nil && ex != io.EOF {
			return res, fmt.Errorf("x16scope trace: %w", ex)
		}
		if eo == io.EOF || ex == io.EOF {
			res.OffEnded, res.X16Ended = eo == io.EOF, ex == io.EOF
			return res, nil
		}
		po, px := ro.P, rx.P
		if first && ro.Kind == kindInstr && rx.Kind == kindInstr {
			originOff, originX16, first = ro.Cycle, rx.Cycle, false
			if o.PowerOn {
				ro.P, rx.P = ro.P&resetDefined, rx.P&resetDefined
			}
		}
		what := differ(&ro, &rx, originOff, originX16, o)
		ro.P, rx.P = po, px
		ho.add(&ro)
		hx.add(&rx)
		if o.Drift && o.Cycles && ro.Kind == kindInstr && rx.Kind == kindInstr {
			if by := int64(rx.Cycle-originX16) - int64(ro.Cycle-originOff); by != 0 {
				res.Drifts = append(res.Drifts, Drift{Instr: res.Instrs, Off: ro, X16: rx, PrevOff: prevOff, PrevX16: prevX16, By: by})
				originX16 += uint64(by)
				what = differ(&ro, &rx, originOff, originX16, o)
			}
		}
		if len(what) == 0 || ro.Kind != kindInstr {
			tolerating = false
		} else if (tolerating || prevOff.PC == prevX16.PC && o.allowed(&prevOff)) && registersOnly(&ro, &rx, originOff, originX16, o) {
			if !tolerating {
				res.Allowed++
				if len(res.Tolerated) < 5 {
					res.Tolerated = append(res.Tolerated, fmt.Sprintf("instruction %d, after $%04X: %s", res.Instrs, prevOff.PC, strings.Join(what, "; ")))
				}
			}
			tolerating, what = true, nil
		}
		if ro.Kind == kindInstr {
			prevOff, prevX16 = ro, rx
		}
		if len(what) > 0 {
			res.Divergence = &Divergence{Instr: res.Instrs, What: what, Off: ro, X16: rx,
				HistOff: ho.last(), HistX16: hx.last(), OffOrigin: originOff, X16Origin: originX16}
			return res, nil
		}
		if ro.Kind == kindInstr {
			res.Instrs++
		}
	}
}

// nextRecord reads the next record, skipping VERA writes unless they are compared.
func nextRecord(t *TraceReader, r *Record, vera bool) error {
	for {
		if err := t.Next(r); err != nil {
			return err
		}
		if r.Kind == kindInstr || vera {
			return nil
		}
	}
}

// allowed tells whether the instruction r may leave the registers different.
func (o Options) allowed(r *Record) bool {
	if o.Allow[r.PC] {
		return true
	}
	if len(o.AllowRead) == 0 {
		return false
	}
	_, size := core.Disassemble(r.PC, func(a uint16) uint8 { return r.Bytes[(a-r.PC)%3] })
	return size == 3 && o.AllowRead[uint16(r.Bytes[1])|uint16(r.Bytes[2])<<8]
}

// registersOnly tells whether two instruction records differ in nothing but A, X, Y and P.
func registersOnly(a, b *Record, originA, originB uint64, o Options) bool {
	c, d := *a, *b
	c.A, c.X, c.Y, c.P = d.A, d.X, d.Y, d.P
	return len(differ(&c, &d, originA, originB, o)) == 0
}

// differ lists what differs between two records.
func differ(a, b *Record, originA, originB uint64, o Options) []string {
	if a.Kind != b.Kind {
		if a.Kind == kindWrite {
			return []string{fmt.Sprintf("the official emulator writes $%02X to $%04X here, x16scope does not", a.Value, a.Addr)}
		}
		return []string{fmt.Sprintf("x16scope writes $%02X to $%04X here, the official emulator does not", b.Value, b.Addr)}
	}
	var what []string
	if a.Kind == kindWrite {
		if a.Addr != b.Addr || a.Value != b.Value {
			what = append(what, fmt.Sprintf("VERA write $%04X=$%02X (official) vs $%04X=$%02X (x16scope)", a.Addr, a.Value, b.Addr, b.Value))
		}
		return what
	}
	if a.PC != b.PC {
		what = append(what, fmt.Sprintf("PC $%04X vs $%04X", a.PC, b.PC))
	}
	for _, f := range []struct {
		name string
		x, y uint8
	}{{"A", a.A, b.A}, {"X", a.X, b.X}, {"Y", a.Y, b.Y}, {"S", a.S, b.S}, {"P", a.P & pMask, b.P & pMask}} {
		if f.x != f.y {
			what = append(what, fmt.Sprintf("%s $%02X vs $%02X", f.name, f.x, f.y))
		}
	}
	if o.Banks && (a.RAMBank != b.RAMBank || a.ROMBank != b.ROMBank) {
		what = append(what, fmt.Sprintf("banks RAM %d ROM %d vs RAM %d ROM %d", a.RAMBank, a.ROMBank, b.RAMBank, b.ROMBank))
	}
	if o.Cycles {
		ca, cb := a.Cycle-originA, b.Cycle-originB
		if ca != cb {
			what = append(what, fmt.Sprintf("cycle +%d vs +%d (x16scope %+d)", ca, cb, int64(cb-ca)))
		}
	}
	if a.PC == b.PC {
		// Only the instruction's own bytes: the ones after it may be data that differs.
		_, size := core.Disassemble(a.PC, func(x uint16) uint8 { return a.Bytes[(x-a.PC)%3] })
		if string(a.Bytes[:size]) != string(b.Bytes[:size]) {
			what = append(what, fmt.Sprintf("code at PC % X vs % X", a.Bytes[:size], b.Bytes[:size]))
		}
	}
	return what
}

// flagString is P as letters, upper case for a set flag.
func flagString(p uint8) string {
	const names = "NV-BDIZC"
	var s strings.Builder
	for i := 0; i < 8; i++ {
		c := names[i]
		if p&(0x80>>i) == 0 && c != '-' {
			c += 'a' - 'A'
		}
		s.WriteByte(c)
	}
	return s.String()
}

// FormatRecord is one line of a report: an instruction with its disassembly, or a write.
func FormatRecord(r *Record, origin uint64) string {
	if r.Kind == kindWrite {
		return fmt.Sprintf("%34s VERA $%04X <- $%02X", "", r.Addr, r.Value)
	}
	bank := "--"
	switch {
	case r.PC >= 0xC000:
		bank = fmt.Sprintf("%02X", r.ROMBank)
	case r.PC >= 0xA000:
		bank = fmt.Sprintf("%02X", r.RAMBank)
	}
	text, size := core.Disassemble(r.PC, func(a uint16) uint8 { return r.Bytes[(a-r.PC)%3] })
	bytes := fmt.Sprintf("% X", r.Bytes[:size])
	return fmt.Sprintf("%10d +%-9d %3d:%03d %s:%04X  %-8s  %-16s A=%02X X=%02X Y=%02X S=%02X P=%s",
		r.Cycle, r.Cycle-origin, r.Line, r.Col, bank, r.PC, bytes, text, r.A, r.X, r.Y, r.S, flagString(r.P))
}

// Report writes the result in words.
func (res Result) Report(w io.Writer) {
	if res.Allowed > 0 {
		fmt.Fprintf(w, "%d allowed register differences (-allow), the first:\n", res.Allowed)
		for _, t := range res.Tolerated {
			fmt.Fprintln(w, "  "+t)
		}
	}
	if len(res.Drifts) > 0 {
		total := int64(0)
		for _, d := range res.Drifts {
			total += d.By
		}
		fmt.Fprintf(w, "%d cycle drifts (-drift), x16scope %+d cycles in all (%+.2f lines):\n", len(res.Drifts), total, float64(total)/core.CyclesPerLine)
		// By the instruction that took the time (the PC before the drift shows).
		type key struct {
			pc uint16
			by int64
		}
		groups := map[key][]int{}
		var order []key
		for i, d := range res.Drifts {
			k := key{d.PrevOff.PC, d.By}
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], i)
		}
		for _, k := range order {
			g := groups[k]
			d := &res.Drifts[g[0]]
			fmt.Fprintf(w, "  %6d x %+d after %s\n         first at instruction %d, official cycle %d (line %d)\n",
				len(g), k.by, FormatRecord(&d.PrevOff, 0), d.Instr, d.Off.Cycle, d.Off.Line)
		}
	}
	d := res.Divergence
	if d == nil {
		fmt.Fprintf(w, "no divergence in %d instructions", res.Instrs)
		switch {
		case res.OffEnded && res.X16Ended:
			fmt.Fprintln(w, " (both traces ended)")
		case res.OffEnded:
			fmt.Fprintln(w, " (the official trace ended first)")
		default:
			fmt.Fprintln(w, " (the x16scope trace ended first)")
		}
		return
	}
	at := func(r *Record, hist []Record) *Record {
		if r.Kind == kindInstr {
			return r
		}
		for i := len(hist) - 1; i >= 0; i-- {
			if hist[i].Kind == kindInstr {
				return &hist[i]
			}
		}
		return r
	}
	ao, ax := at(&d.Off, d.HistOff), at(&d.X16, d.HistX16)
	fmt.Fprintf(w, "first divergence at instruction %d: %s\n", d.Instr, strings.Join(d.What, "; "))
	fmt.Fprintf(w, "  official: cycle %d (+%d from its trace's start), line %d, col %d\n", ao.Cycle, ao.Cycle-d.OffOrigin, ao.Line, ao.Col)
	fmt.Fprintf(w, "  x16scope: cycle %d (+%d from its trace's start), line %d, col %d\n", ax.Cycle, ax.Cycle-d.X16Origin, ax.Line, ax.Col)
	fmt.Fprintf(w, "\n%10s %-10s %7s %-7s  %-8s  %-16s registers before it\n", "cycle", "+start", "line:col", "bank:PC", "bytes", "instruction")
	fmt.Fprintln(w, "official emulator:")
	for i := range d.HistOff {
		fmt.Fprintln(w, FormatRecord(&d.HistOff[i], d.OffOrigin))
	}
	fmt.Fprintln(w, "x16scope:")
	for i := range d.HistX16 {
		fmt.Fprintln(w, FormatRecord(&d.HistX16[i], d.X16Origin))
	}
}
