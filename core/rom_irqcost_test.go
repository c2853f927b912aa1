package core_test

import (
	"testing"

	"x16scope/core"
)

type waitCounter struct{ wait, irq uint64 }

func (w *waitCounter) Instrs([]core.InstrEvent)         {}
func (w *waitCounter) Span(uint64, uint16)              {}
func (w *waitCounter) Edge()                            {}
func (w *waitCounter) Repeat([]core.InstrEvent, uint32) {}
func (w *waitCounter) Interrupt(core.Interrupt, uint32) { w.irq++ }
func (w *waitCounter) Wait(c uint32)                    { w.wait += uint64(c) }
func (w *waitCounter) Marker(uint8)                     {}
func (w *waitCounter) VSync(uint64)                     {}
func (w *waitCounter) Reset()                           {}

// TestBuiltinIRQCost measures the idle KERNAL's cycles per frame: at the READY prompt the
// CPU sleeps in WAI, so every non-waiting cycle is the VSYNC handler (I2C key poll, SNES
// scan, jiffy clock). X16-HARDWARE.md 7.3 puts the official handler at 2,300-3,500.
func TestBuiltinIRQCost(t *testing.T) {
	m := bootBuiltin(t)
	m.RunFrame()
	m.RunFrame()
	w := &waitCounter{}
	m.SetTracer(w)
	start := m.Cycle()
	for i := 0; i < 10; i++ {
		m.RunFrame()
	}
	busy := (m.Cycle() - start - w.wait) / 10
	t.Logf("idle KERNAL: %d cycles per frame outside WAI, %d interrupts in 10 frames", busy, w.irq)
	if w.irq != 10 {
		t.Errorf("%d interrupts in 10 frames, want 10", w.irq)
	}
	if busy < 1500 || busy > 4000 {
		t.Errorf("idle handler costs %d cycles per frame, want 1,500-4,000", busy)
	}
}
