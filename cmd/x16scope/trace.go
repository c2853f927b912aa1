package main

import (
	"fmt"
	"io"

	"x16scope/core"
)

// traceRing keeps the last n instructions for `run --trace N`. It implements core.Tracer;
// it is a debugging aid, so it records registers after each instruction.
type traceRing struct {
	m     *core.Machine
	ents  []traceEntry
	next  int
	count int
}

type traceEntry struct {
	pc    uint16
	bank  uint8
	bytes [3]uint8
	cpu   core.CPUState
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

func (t *traceRing) Instr(pc uint16, bank uint8, op uint8, cycles uint32, next uint16) {
	// The bytes are peeked after execution; self-modifying code may show its new bytes.
	t.push(traceEntry{pc: pc, bank: bank, cpu: t.m.CPU(), cyc: cycles,
		bytes: [3]uint8{op, t.m.Peek(pc + 1), t.m.Peek(pc + 2)}})
}

func (t *traceRing) Interrupt(kind core.Interrupt, cycles uint32) {
	t.push(traceEntry{irq: true, cpu: t.m.CPU(), cyc: cycles, bank: uint8(kind)})
}

func (t *traceRing) Wait(uint32)  {}
func (t *traceRing) Marker(uint8) {}
func (t *traceRing) VSync(uint64) {}
func (t *traceRing) Reset()       {}
func (t *traceRing) len() int     { return t.count }

func (t *traceRing) print(w io.Writer) {
	start := (t.next - t.count + len(t.ents)) % len(t.ents)
	for i := range t.count {
		e := t.ents[(start+i)%len(t.ents)]
		if e.irq {
			kind := "IRQ"
			if core.Interrupt(e.bank) == core.NMI {
				kind = "NMI"
			}
			fmt.Fprintf(w, "  ---- %s entry (%d cycles) -> PC=$%04X\n", kind, e.cyc, e.cpu.PC)
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
		fmt.Fprintf(w, "  %02X:%04X  %s %-16s %2d cyc  A=%02X X=%02X Y=%02X S=%02X P=%s\n",
			e.bank, e.pc, hex, text, e.cyc, e.cpu.A, e.cpu.X, e.cpu.Y, e.cpu.S, flagString(e.cpu.P))
	}
}
