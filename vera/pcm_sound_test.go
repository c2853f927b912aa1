package vera

import (
	"fmt"
	"testing"
)

// pcmRun plays bytes through the FIFO in format ctrl at rate from cycle 0 and returns DAC
// samples 1..n as left/right pairs.
func pcmRun(t *testing.T, ctrl, rate uint8, data []uint8, ticks uint64) []int32 {
	t.Helper()
	v := New()
	v.SetSoundOutput(true, 0)
	v.Write(regAudioCtrl, 0x80|ctrl, 0)
	for _, b := range data {
		v.Write(regAudioData, b, 0)
	}
	v.Write(regAudioRate, rate, 0)
	end := (ticks*4096 + 24) / 25 // the first cycle of tick `ticks`
	first, lr := v.SoundView(end)
	if first != 1 {
		t.Fatalf("first sample %d", first)
	}
	return append([]int32(nil), lr...)
}

func TestPCMFormatsExact(t *testing.T) {
	data := []uint8{0x01, 0x80, 0xFF, 0x7F, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0, 0x00, 0x40, 0xC0, 0x55, 0xAA}
	cases := []struct {
		ctrl uint8
		bps  int
		dec  func(b []uint8) (int32, int32)
	}{
		{0x0F, 1, func(b []uint8) (int32, int32) { v := int32(int8(b[0])) << 8; return v, v }},
		{0x1F, 2, func(b []uint8) (int32, int32) { return int32(int8(b[0])) << 8, int32(int8(b[1])) << 8 }},
		{0x2F, 2, func(b []uint8) (int32, int32) { v := int32(int16(uint16(b[0]) | uint16(b[1])<<8)); return v, v }},
		{0x3F, 4, func(b []uint8) (int32, int32) {
			return int32(int16(uint16(b[0]) | uint16(b[1])<<8)), int32(int16(uint16(b[2]) | uint16(b[3])<<8))
		}},
	}
	for _, c := range cases {
		n := len(data) / c.bps // samples in the FIFO
		lr := pcmRun(t, c.ctrl, 128, data, uint64(n+3))
		// Tick k reads sample k-1 (0-based); the DAC takes it at tick k+1. The sample whose
		// read empties the FIFO is never output, and the output is 0 from then on.
		for k := 1; k <= n+2; k++ {
			var wl, wr int32
			if k >= 2 && k-2 < n && (k-2+1)*c.bps < len(data) {
				wl, wr = c.dec(data[(k-2)*c.bps:])
			}
			if gl, gr := lr[2*(k-1)], lr[2*(k-1)+1]; gl != wl || gr != wr {
				t.Errorf("ctrl $%02X sample %d = %d/%d, want %d/%d", c.ctrl, k, gl, gr, wl, wr)
			}
		}
	}
}

// Rate r: a sample is read when bit 7 of the accumulator (stepped by r each tick) changes.
func TestPCMRatesExact(t *testing.T) {
	data := make([]uint8, 300)
	for i := range data {
		data[i] = uint8(i + 1)
	}
	for _, rate := range []uint8{1, 7, 32, 64, 100, 127, 128, 129, 200, 255} {
		lr := pcmRun(t, 0x0F, rate, data, 700)
		var acc uint8
		read, out := 0, int32(0)
		for k := 1; k <= len(lr)/2; k++ {
			if got := lr[2*(k-1)]; got != out {
				t.Fatalf("rate %d tick %d = %d, want %d", rate, k, got, out)
			}
			old := acc
			acc += rate
			if (old^acc)&0x80 != 0 && read < len(data) {
				out = int32(int8(data[read])) << 8
				read++
				if read == len(data) {
					out = 0 // the read that empties the FIFO is never output
				}
			}
		}
		if read == 0 {
			t.Fatalf("rate %d read nothing", rate)
		}
	}
}

func TestPCMVolumeTable(t *testing.T) {
	want := []int32{0, 1, 2, 3, 4, 5, 6, 8, 11, 14, 18, 23, 30, 38, 49, 64}
	for vol := range uint8(16) {
		lr := pcmRun(t, 0x20|vol, 128, []uint8{0x00, 0x40, 0x00, 0xC0, 0, 0}, 4)
		// 0x4000 * vol >> 6, then -0x4000 * vol >> 6.
		if lr[2] != 0x4000*want[vol]>>6 || lr[4] != -0x4000*want[vol]>>6 {
			t.Errorf("volume %d: %d, %d", vol, lr[2], lr[4])
		}
	}
}

// The FIFO reset clears the output register at once; the drain stays exact across it.
func TestPCMResetSilences(t *testing.T) {
	v := New()
	v.SetSoundOutput(true, 0)
	v.Write(regAudioCtrl, 0x0F, 0)
	for range 100 {
		v.Write(regAudioData, 0x40, 0)
	}
	v.Write(regAudioRate, 128, 0)
	v.Write(regAudioCtrl, 0x8F, 2000) // tick 12 was the last before cycle 2000
	_, lr := v.SoundView(3000)
	for k := 1; k <= len(lr)/2; k++ {
		want := int32(0x4000)
		if k < 2 || k > 12 {
			want = 0
		}
		if lr[2*(k-1)] != want {
			t.Fatalf("sample %d = %d, want %d", k, lr[2*(k-1)], want)
		}
	}
	if v.PCMFIFOLen() != 0 {
		t.Error(fmt.Sprint("FIFO not empty: ", v.PCMFIFOLen()))
	}
}

// The FIFO drains the same with output on and off (closed form versus stepping).
func TestPCMDrainSameWithOutput(t *testing.T) {
	for _, ctrl := range []uint8{0, 0x10, 0x20, 0x30} {
		for _, rate := range []uint8{1, 50, 128, 150} {
			a, b := New(), New()
			b.SetSoundOutput(true, 0)
			for _, v := range []*VERA{a, b} {
				v.Write(regAudioCtrl, 0x80|ctrl, 0)
				fillFIFO(v, 3001, 0)
				v.Write(regAudioRate, rate, 0)
			}
			for c := uint64(1000); c < 400000; c += 7919 {
				a.SyncTo(c)
				b.SyncTo(c)
				if a.PCMFIFOLen() != b.PCMFIFOLen() || a.pcm.out != b.pcm.out {
					t.Fatalf("ctrl %02X rate %d cycle %d: %d/%v bytes, with output %d/%v", ctrl, rate, c, a.PCMFIFOLen(), a.pcm.out, b.PCMFIFOLen(), b.pcm.out)
				}
			}
		}
	}
}
