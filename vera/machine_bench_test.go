package vera_test

import (
	"os"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// BenchmarkMachineFrame runs whole frames of the whole machine as a user sees it: the
// built-in ROM has booted to its 80x60 text screen (layer 1 on, KERNAL interrupt handler
// running every frame) and a program that never waits (core/testdata/busy.prg: memory
// copies, VRAM streaming through DATA0, arithmetic) has been started through it. Every
// line is rendered and composed.
func BenchmarkMachineFrame(b *testing.B) {
	m, err := core.New(core.Config{ROM: rom.Image()})
	if err != nil {
		b.Fatal(err)
	}
	prg, err := os.ReadFile("../core/testdata/busy.prg")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		b.Fatal(err)
	}
	for range 3 {
		m.RunFrame()
	}
	if m.VERA().Peek(0x09)&0x20 == 0 { // DC_VIDEO with DCSEL 0: layer 1 must be on
		b.Fatal("the text layer is not displayed: the benchmark would not render anything")
	}
	start := m.Cycle()
	b.ResetTimer()
	for b.Loop() {
		m.RunFrame()
	}
	cycles := float64(m.Cycle() - start)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(cycles/sec/1e6, "Mcycles/s")
	b.ReportMetric(cycles/sec/8e6, "x-realtime")
}
