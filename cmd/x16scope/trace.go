package main

import (
	"fmt"
	"io"

	"x16scope/core"
)

// traceRing keeps the last n instructions for `run --trace N`. It implements core.Recorder.
type traceRing struct {
	m     *core.Machine
	ents  []traceEntry
	next  int
	count int
}

type traceEntry struct {
	pc    uint16
	next  uint16
	bank  uint8
	bytes [3]uint8
	cyc   uint32
	irq   bool
}

func newTraceRing(m *core.Machine, n int) *traceRing {
	return &traceRing{m: m, ents: make([]traceEntry, n)}
}

func (t *traceRing) push(e traceEntry) {
	t.ents[t.next] = e
	t.next = (t.next + 1) % len(t.ents)
	if t.count < len(t.ents) {
		t.count++
	}
}

func (t *traceRing) Instrs(batch []core.InstrEvent) {
	for _, e := range batch {
		// The operand bytes are peeked when the batch arrives (within 256 instructions of
		// execution); self-modifying code may show its new bytes.
		t.push(traceEntry{pc: e.PC(), next: e.Next(), bank: e.Bank(), cyc: e.Cycles(),
			bytes: [3]uint8{e.Op(), t.m.Peek(e.PC() + 1), t.m.Peek(e.PC() + 2)}})
	}
}

// Repeat records the passes of an idle loop the machine fast-forwarded, as far back as the
// ring reaches.
func (t *traceRing) Repeat(pass []core.InstrEvent, times uint32) {
	for range min(int(times), len(t.ents)/len(pass)+1) {
		t.Instrs(pass)
	}
}

func (t *traceRing) Interrupt(kind core.Interrupt, cycles uint32) {
	t.push(traceEntry{irq: true, next: t.m.CPU().PC, cyc: cycles, bank: uint8(kind)})
}

func (t *traceRing) len() int { return t.count }

func (t *traceRing) print(w io.Writer) {
	start := (t.next - t.count + len(t.ents)) % len(t.ents)
	for i := range t.count {
		e := t.ents[(start+i)%len(t.ents)]
		if e.irq {
			kind := "IRQ"
			if core.Interrupt(e.bank) == core.NMI {
				kind = "NMI"
			}
			fmt.Fprintf(w, "  ---- %s entry (%d cycles) -> PC=$%04X\n", kind, e.cyc, e.next)
			continue
		}
		b := e.bytes
		text, size := core.Disassemble(e.pc, func(a uint16) uint8 { return b[(a-e.pc)%3] })
		hex := ""
		for j := range 3 {
			if j < size {
				hex += fmt.Sprintf("%02X ", b[j])
			} else {
				hex += "   "
			}
		}
		fmt.Fprintf(w, "  %02X:%04X  %s %-16s %2d cyc  -> $%04X\n", e.bank, e.pc, hex, text, e.cyc, e.next)
	}
}
