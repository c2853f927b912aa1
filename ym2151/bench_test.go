package ym2151

import "testing"

// BenchmarkGenerateFrame makes one 60 Hz frame of samples (932) with all 8 channels
// sounding 4-operator patches and the LFO modulating.
func BenchmarkGenerateFrame(b *testing.B) {
	c := New()
	c.Write(0x18, 0xC8)
	c.Write(0x19, 0x20)
	c.Write(0x19, 0x90)
	for ch := range uint8(8) {
		patch(c, ch, ch, 4, 0x30+ch*5)
		c.Write(0x08, 0x78|ch)
	}
	buf := make([]int32, 2*932)
	for b.Loop() {
		c.Generate(buf)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "µs/frame")
}
