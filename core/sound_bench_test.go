package core

import (
	"testing"
	"time"
)

// soundBenchMachine is busy.prg (a program that never waits) with, when loud, every sound
// source going: 16 PSG voices (all waveforms), 8 YM2151 channels keyed on with a 4-operator
// patch and the LFO, and the PCM FIFO refilled every frame (8-bit mono at 48.8 kHz).
func soundBenchMachine(b testing.TB, loud bool) *Machine {
	m := startedMachine(b, loadTestPRG(b, "busy.prg"))
	for range 3 {
		m.RunFrame()
	}
	if !loud {
		return m
	}
	bus := &m.bus
	w := func(a uint16, v uint8) { bus.write(a, v) }
	// PSG: port 0 at $1F9C0, increment 1.
	w(0x9F25, 0)
	w(0x9F20, 0xC0)
	w(0x9F21, 0xF9)
	w(0x9F22, 0x11)
	for v := range 16 {
		f := 500 + 97*v
		w(0x9F23, uint8(f))
		w(0x9F23, uint8(f>>8))
		w(0x9F23, 0xC0|40)
		w(0x9F23, uint8(v%4)<<6|32)
	}
	ym := func(reg, val uint8) {
		bus.cycle += 200 // past the busy flag
		w(0x9F40, reg)
		w(0x9F41, val)
	}
	ym(0x18, 0xC8)
	ym(0x19, 0x20)
	ym(0x19, 0x90)
	for ch := range uint8(8) {
		ym(0x20+ch, 0xC0|4<<3|ch)
		ym(0x28+ch, 0x30+ch*5)
		ym(0x38+ch, 0x21)
		for s := range uint8(4) {
			op := ch + 8*s
			ym(0x40+op, s+1)
			ym(0x60+op, 10+s*8)
			ym(0x80+op, 31)
			ym(0xA0+op, 0x80)
			ym(0xE0+op, 0x0F)
		}
		ym(0x08, 0x78|ch)
	}
	w(0x9F3B, 0x8F)
	w(0x9F3C, 128)
	return m
}

func runSoundBench(b *testing.B, loud, sound bool) {
	m := soundBenchMachine(b, loud)
	m.SetSound(sound)
	start := m.Cycle()
	b.ResetTimer()
	for b.Loop() {
		if loud {
			for i := range 820 { // keep the PCM FIFO playing
				m.bus.write(0x9F3D, uint8(i))
			}
		}
		m.RunFrame()
		m.SoundView()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "µs/frame")
	b.ReportMetric(float64(m.Cycle()-start)/b.Elapsed().Seconds()/8e6, "x-realtime")
}

// BenchmarkSound: whole machine frames of busy.prg, with the sound chips idle or all
// playing, and the 48 kHz output off or on. The difference between on and off is the
// cost of making the sound.
func BenchmarkSound(b *testing.B) {
	b.Run("idle-off", func(b *testing.B) { runSoundBench(b, false, false) })
	b.Run("idle-on", func(b *testing.B) { runSoundBench(b, false, true) })
	b.Run("loud-off", func(b *testing.B) { runSoundBench(b, true, false) })
	b.Run("loud-on", func(b *testing.B) { runSoundBench(b, true, true) })
}

// Making sound allocates nothing per frame once its buffers have grown.
func TestSoundAllocations(t *testing.T) {
	m := soundBenchMachine(t, true)
	m.SetSound(true)
	for range 5 {
		m.RunFrame()
		m.SoundView()
	}
	allocs := testing.AllocsPerRun(20, func() {
		for i := range 820 {
			m.bus.write(0x9F3D, uint8(i))
		}
		m.RunFrame()
		m.SoundView()
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per frame with sound on", allocs)
	}
}

// BenchmarkSoundCost runs the four variants of BenchmarkSound interleaved, 20 frames at a
// time, and reports each one's best time per frame: on a shared, loaded machine the best
// of many short interleaved runs is the figure that means something. loud-on minus loud-off
// is the cost of making the sound of all chips at full tilt.
func BenchmarkSoundCost(b *testing.B) {
	names := []string{"idle-off", "idle-on", "loud-off", "loud-on"}
	ms := make([]*Machine, 4)
	for i := range ms {
		ms[i] = soundBenchMachine(b, i >= 2)
		ms[i].SetSound(i%2 == 1)
	}
	best := []float64{1e18, 1e18, 1e18, 1e18}
	b.ResetTimer()
	for b.Loop() {
		for i, m := range ms {
			t0 := time.Now()
			for range 20 {
				if i >= 2 {
					for k := range 820 {
						m.bus.write(0x9F3D, uint8(k))
					}
				}
				m.RunFrame()
				m.SoundView()
			}
			best[i] = min(best[i], float64(time.Since(t0).Nanoseconds())/20/1000)
		}
	}
	for i, n := range names {
		b.ReportMetric(best[i], n+"-µs/frame")
	}
	b.ReportMetric(best[3]-best[2], "sound-µs/frame")
}
