package ym2151

import "math"

// Read-only tables, computed once from their definitions.

// logSin[i] is -log2(sin((i+0.5)/256 * pi/2)) in 4.8 fixed point: a quarter sine wave in
// the log domain, as FM chips of this family store it.
var logSin = func() (t [256]uint16) {
	for i := range t {
		s := math.Sin((float64(i) + 0.5) / 256 * math.Pi / 2)
		t[i] = uint16(math.Round(-math.Log2(s) * 256))
	}
	return
}()

// expTab[i] is (2^(i/256) - 1) * 1024: the fraction of the log-to-linear conversion.
var expTab = func() (t [256]uint16) {
	for i := range t {
		t[i] = uint16(math.Round((math.Exp2(float64(i)/256) - 1) * 1024))
	}
	return
}()

// linTab[x] is the linear magnitude of log attenuation x (4.8 fixed point): the exp table's
// fraction with its hidden bit, shifted by the integer part; 0 from 13.0 on. One lookup
// instead of a lookup and a variable shift on the operator's hot path.
const linSize = 0x2000 // a power of two covering logSin's maximum plus the envelope's (2137 + 4092)

var linTab = func() (t [linSize]uint16) {
	for x := range t {
		t[x] = uint16((uint32(expTab[^x&0xFF]) | 0x400) << 2 >> (x >> 8))
	}
	return
}()

// stepTab[i] is the phase step (32-bit phase, one wave per 2^32) at octave 7 for key
// position i in 1/64 semitone from C#: 440 Hz is octave 4, note A (position 8*64), at the
// chip's sample rate of 3579545/64 Hz. Lower octaves shift it right.
var stepTab = func() (t [768]uint32) {
	fs := float64(Clock) / ClocksPerSample
	for i := range t {
		f := 440 * math.Exp2(float64(7*768+i-(4*768+8*64))/768)
		t[i] = uint32(math.Round(f * (1 << 32) / fs))
	}
	return
}()

// dt1Tab is DT1's detune per key code (octave<<2 | note>>2), in units of the 20-bit phase
// per sample (data sheet table); DT1 bit 2 subtracts it.
var dt1Tab = [4][32]uint8{
	{},
	{0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 8, 8, 8},
	{1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 16, 16, 16, 16},
	{2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 20, 22, 22, 22, 22},
}

// dt2Tab is DT2's pitch offset in 1/64 semitone: 0, +600, +781 and +950 cents.
var dt2Tab = [4]int32{0, 384, 500, 608}

// egInc[r][i] is the envelope step of rate r (0-63) at the i-th of 8 update slots.
var egInc = func() (t [64][8]uint8) {
	low := [4][8]uint8{
		{0, 1, 0, 1, 0, 1, 0, 1},
		{0, 1, 0, 1, 1, 1, 0, 1},
		{0, 1, 1, 1, 0, 1, 1, 1},
		{0, 1, 1, 1, 1, 1, 1, 1},
	}
	for r := 2; r < 48; r++ {
		t[r] = low[r&3]
	}
	for r := 48; r < 60; r++ {
		b := uint8(1) << (r/4 - 12)
		for i := range 8 {
			t[r][i] = b
			switch r & 3 {
			case 1:
				if i == 3 || i == 7 {
					t[r][i] = 2 * b
				}
			case 2:
				if i&1 == 1 {
					t[r][i] = 2 * b
				}
			case 3:
				if i != 0 && i != 4 {
					t[r][i] = 2 * b
				}
			}
		}
	}
	for r := 60; r < 64; r++ {
		t[r] = [8]uint8{8, 8, 8, 8, 8, 8, 8, 8}
	}
	return
}()

// lfoWave gives the LFO's AM (0-255) and PM (-128..127) values at position i (0-255) for
// waveform w: 0 sawtooth, 1 square, 2 triangle (3, noise, is handled by the chip).
func lfoWave(w uint8, i uint32) (am uint32, pm int32) {
	switch w {
	case 0:
		return 255 - i, int32(int8(i))
	case 1:
		if i < 128 {
			return 255, 127
		}
		return 0, -128
	default:
		if i < 128 {
			am = 255 - 2*i
		} else {
			am = 2*i - 256
		}
		switch {
		case i < 64:
			pm = int32(i * 2)
		case i < 192:
			pm = 255 - int32(i*2)
		default:
			pm = int32(i*2) - 512
		}
		return am, pm
	}
}
