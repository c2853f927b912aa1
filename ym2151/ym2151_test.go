package ym2151

import (
	"crypto/sha256"
	"fmt"
	"math"
	"testing"
)

// sine sets channel ch to a single carrier (algorithm 7, only C2 keyed) at key code kc.
func sine(c *Chip, ch uint8, kc, kf uint8) {
	c.Write(0x20+ch, 0xC7) // both sides, no feedback, algorithm 7
	c.Write(0x28+ch, kc)
	c.Write(0x30+ch, kf<<2)
	op := ch + 24 // C2
	c.Write(0x40+op, 0x01)
	c.Write(0x60+op, 0)
	c.Write(0x80+op, 31)
	c.Write(0xA0+op, 0)
	c.Write(0xC0+op, 0)
	c.Write(0xE0+op, 0x0F)
	for _, m := range []uint8{0, 8, 16} { // the other operators silent
		c.Write(0x60+ch+m, 127)
	}
	c.Write(0x08, 0x40|ch)
}

// frequency measures the frequency of the left output by rising zero crossings.
func frequency(buf []int32) float64 {
	first, last, n := -1.0, -1.0, 0
	for i := 2; i < len(buf); i += 2 {
		a, b := buf[i-2], buf[i]
		if a < 0 && b >= 0 {
			t := float64(i/2-1) + float64(-a)/float64(b-a)
			if first < 0 {
				first = t
			} else {
				n++
			}
			last = t
		}
	}
	return float64(n) / (last - first) * Clock / ClocksPerSample
}

func cents(f, want float64) float64 { return 1200 * math.Log2(f/want) }

func TestPitch(t *testing.T) {
	cases := []struct {
		kc, kf uint8
		want   float64
	}{
		{0x4A, 0, 440},                       // A4
		{0x4E, 0, 440 * math.Exp2(3.0/12)},   // C5 (C is the top note of the octave code)
		{0x40, 0, 440 * math.Exp2(-8.0/12)},  // C#4
		{0x2A, 0, 110},                       // A2
		{0x6A, 32, 1760 * math.Exp2(0.5/12)}, // A6 plus half a semitone
		{0x0A, 0, 27.5},                      // A0
	}
	for _, cs := range cases {
		c := New()
		sine(c, 3, cs.kc, cs.kf)
		buf := make([]int32, 2*Clock/ClocksPerSample)
		c.Generate(buf)
		if d := cents(frequency(buf), cs.want); math.Abs(d) > 0.5 {
			t.Errorf("KC $%02X KF %d: %.3f Hz, want %.3f (%.2f cents off)", cs.kc, cs.kf, frequency(buf), cs.want, d)
		}
	}
}

func TestPeakLevel(t *testing.T) {
	c := New()
	sine(c, 0, 0x4A, 0)
	buf := make([]int32, 2*4000)
	c.Generate(buf)
	peak := int32(0)
	for _, v := range buf[1000:] {
		peak = max(peak, v)
	}
	// A full-level operator is 14-bit: (2042 << 2) = 8168 at the crest, sampled near it.
	if peak < 8100 || peak > 8168 {
		t.Errorf("peak %d, want about 8168", peak)
	}
	c.Write(0x60+24, 8) // TL 8 = -6 dB
	c.Generate(buf)
	peak = 0
	for _, v := range buf[1000:] {
		peak = max(peak, v)
	}
	if peak < 4040 || peak > 4090 {
		t.Errorf("TL 8 peak %d, want half", peak)
	}
}

// Timer A overflows every 1024-NA samples, timer B every 16*(256-NB); the flag (and IRQ)
// rises only with its IRQ enabled, and a reset bit clears it.
func TestTimers(t *testing.T) {
	for _, na := range []uint16{0, 1, 500, 1023} {
		c := New()
		c.Write(0x10, uint8(na>>2))
		c.Write(0x11, uint8(na&3))
		c.Write(0x14, 0x05) // load A, IRQ A
		want := uint64(1024 - na)
		if n, ok := c.NextIRQ(); !ok || n != want {
			t.Errorf("NA %d: NextIRQ %d %v, want %d", na, n, ok, want)
		}
		c.Skip(want - 1)
		if c.IRQ() {
			t.Errorf("NA %d: IRQ one sample early", na)
		}
		c.Skip(1)
		if !c.IRQ() || c.Status() != 1 {
			t.Errorf("NA %d: no IRQ after %d samples (status %02X)", na, want, c.Status())
		}
		c.Write(0x14, 0x15) // reset flag A, keep running
		if c.IRQ() {
			t.Errorf("NA %d: flag not cleared", na)
		}
		c.Skip(want)
		if !c.IRQ() {
			t.Errorf("NA %d: no second overflow one period later", na)
		}
	}
	for _, nb := range []uint8{0, 200, 255} {
		c := New()
		c.Write(0x12, nb)
		c.Write(0x14, 0x0A)
		want := 16 * uint64(256-uint16(nb))
		buf := make([]int32, 2*(want-1))
		c.Generate(buf)
		if c.IRQ() {
			t.Errorf("NB %d: early", nb)
		}
		c.Generate(buf[:2])
		if !c.IRQ() || c.Status() != 2 {
			t.Errorf("NB %d: no IRQ after %d samples", nb, want)
		}
	}
	// Without the IRQ enable the timer runs but sets no flag.
	c := New()
	c.Write(0x14, 0x01)
	c.Skip(5000)
	if c.IRQ() || c.Status() != 0 {
		t.Error("flag set with IRQ disabled")
	}
	if _, ok := c.NextIRQ(); ok {
		t.Error("NextIRQ with IRQ disabled")
	}
}

// Envelope times: a rate-r decay step happens every 2^(11-r/4) EG clocks (3 samples each).
func TestDecayTiming(t *testing.T) {
	c := New()
	sine(c, 0, 0x4A, 0)
	// D1R 10 with key scaling 0: rate 2*10 + (key code 18 >> 3) = 22, one update slot per
	// 2^(11-22/4) = 64 EG clocks, stepping by the pattern {0,1,1,1,0,1,1,1}.
	c.Write(0xE0+24, 0xFF)
	run(c, 3) // attack is instant (AR 31)
	if o := &c.Op[24]; o.Stage != stDecay || o.Att != 0 {
		t.Fatalf("after attack: stage %d att %d", o.Stage, o.Att)
	}
	c.Write(0xA0+24, 10)
	run(c, 3*64*8*10) // 80 update slots
	if got := c.Op[24].Att; got < 59 || got > 61 {
		t.Errorf("attenuation after 80 slots at rate 22 = %d, want 60", got)
	}
}

// golden hashes the samples of a patch: our synthesis must not change unnoticed.
func golden(c *Chip, n int) string {
	buf := make([]int32, 2*n)
	c.Generate(buf)
	h := sha256.New()
	for _, v := range buf {
		h.Write([]byte{byte(v), byte(v >> 8)})
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

func patch(c *Chip, ch, con, fb uint8, kc uint8) {
	c.Write(0x20+ch, 0xC0|fb<<3|con)
	c.Write(0x28+ch, kc)
	c.Write(0x38+ch, 0x21) // PMS 2, AMS 1
	for s := uint8(0); s < 4; s++ {
		op := ch + 8*s
		c.Write(0x40+op, s*16+s+1) // DT1, MUL
		c.Write(0x60+op, 20+s*6)
		c.Write(0x80+op, 0x40|(28-s))
		c.Write(0xA0+op, 0x80|(8+s))
		c.Write(0xC0+op, s<<6|4)
		c.Write(0xE0+op, 0x47)
	}
}

func TestGoldenPatches(t *testing.T) {
	got := map[uint8]string{}
	for con := range uint8(8) {
		c := New()
		c.Write(0x18, 0xC0)
		c.Write(0x19, 0x40)
		c.Write(0x19, 0x90)
		c.Write(0x1B, con&3)
		patch(c, con, con, 5, 0x3A+con)
		c.Write(0x08, 0x78|con)
		h := golden(c, 8000)
		c.Write(0x08, con) // key off: release
		got[con] = h + golden(c, 4000)
	}
	for con := range uint8(8) {
		if g, w := got[con], goldenPatch[con]; g != w {
			t.Errorf("algorithm %d: %s, want %s", con, g, w)
		}
	}
}

var goldenPatch = [8]string{
	"b1c2339186ea6122bc2e748c75ab63f8",
	"a98a297d64a24e1bd76e3b91fa8485f2",
	"d1a8abd9e1a67f7be5e291576d59887d",
	"6d392ae2777401a7ababf9aab03054c0",
	"1b8ccf744d21c8f1caf5cd1bbea298f0",
	"d6e4600fccf37f6939be9c5519a1b3d8",
	"f3e0389e41fb05ab2a66b5e3ff05a67f",
	"1cac9a1ef49a4b56de76c8b115098d44",
}

func TestSkipMatchesGenerateWhenSilent(t *testing.T) {
	a, b := New(), New()
	for _, c := range []*Chip{a, b} {
		c.Write(0x18, 0x83)
		c.Write(0x0F, 0x85)
		patch(c, 2, 4, 3, 0x44)
	}
	buf := make([]int32, 2*12345)
	a.Generate(buf)
	b.Skip(12345)
	a.Write(0x08, 0x7A)
	b.Write(0x08, 0x7A)
	if ga, gb := golden(a, 5000), golden(b, 5000); ga != gb {
		t.Errorf("after skip: %s, after generate: %s", gb, ga)
	}
}

func run(c *Chip, n int) { c.Generate(make([]int32, 2*n)) }

// Noise on channel 7's C2 (with every algorithm), through our synthesis: must not change
// unnoticed.
func TestGoldenNoise(t *testing.T) {
	for con := range uint8(8) {
		c := New()
		c.Write(0x0F, 0x80|uint8(con*3))
		patch(c, 7, con, 3, 0x40)
		c.Write(0x08, 0x7F)
		if got, want := golden(c, 6000), goldenNoise[con]; got != want {
			t.Errorf("noise, algorithm %d: %s, want %s", con, got, want)
		}
	}
}

var goldenNoise = [8]string{
	"cf7e30072a955402",
	"39bd2e567b602626",
	"08f9db9dee59f317",
	"2000a0597b2e3b71",
	"81103fc971106136",
	"cde6544bc2255abc",
	"bb3f8b5ca272c380",
	"7bea0e10d1220e33",
}
