package core

import "testing"

// waitTally is a Tracer that adds up what it is told: instruction cycles (every one is
// reported) and cycles halted in WAI.
type waitTally struct{ instrs, wait uint64 }

func (w *waitTally) Instrs(b []InstrEvent) {
	for _, e := range b {
		w.instrs += uint64(e.Cycles())
	}
}
func (w *waitTally) Span(uint64, uint16)         {}
func (w *waitTally) Edge()                       {}
func (w *waitTally) Repeat([]InstrEvent, uint32) {}
func (w *waitTally) Interrupt(Interrupt, uint32) {}
func (w *waitTally) Wait(c uint32)               { w.wait += uint64(c) }
func (w *waitTally) Marker(uint8)                {}
func (w *waitTally) VSync(uint64)                {}
func (w *waitTally) Reset()                      {}

// WAI with interrupts masked: VERA's line interrupt (line 100, mid-frame, where nothing else
// is reported) wakes it without being taken, and the instructions after it are not waiting.
// Every cycle is told exactly once, as an instruction or as a halt.
func TestWaitWithInterruptsMasked(t *testing.T) {
	m := newTestMachine(t, Config{})
	code := []byte{
		0x78,      // sei
		0xA9, 100, //       lda #100
		0x8D, 0x28, 0x9F, // sta IRQLINE_L
		0xA9, 0x02, //      lda #2
		0x8D, 0x26, 0x9F, // sta IEN: LINE
		0xCB,             // loop: wai
		0xEE, 0x00, 0x03, // inc $0300
		0xA9, 0x02, //      lda #2
		0x8D, 0x27, 0x9F, // sta ISR: acknowledge LINE
		0x80, 0xF5, //      bra loop
	}
	for i, v := range code {
		m.Poke(0x0200+uint16(i), v)
	}
	m.SetCPU(CPUState{PC: 0x0200, S: 0xFF})
	m.RunFrame()
	w := &waitTally{}
	m.SetTracer(w)
	start, before := m.Cycle(), m.Peek(0x0300)
	const frames = 10
	for range frames {
		m.RunFrame()
	}
	if got := m.Peek(0x0300) - before; got != frames {
		t.Fatalf("the loop ran %d times in %d frames", got, frames)
	}
	const loop = 3 + 6 + 2 + 4 + 3 // wai, inc abs, lda #, sta abs, bra
	if w.instrs != frames*loop || w.instrs+w.wait != m.Cycle()-start {
		t.Errorf("%d instruction cycles and %d halted in %d; want %d and the rest", w.instrs, w.wait, m.Cycle()-start, frames*loop)
	}
}
