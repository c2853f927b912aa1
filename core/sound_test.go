package core

import (
	"crypto/sha256"
	"fmt"
	"math"
	"testing"
)

// playPRG runs a test program with sound on until it returns and gives its 48 kHz output,
// collected every `chunk` frames (the result must not depend on it), and the output
// sample number at which the program started.
func playPRG(t *testing.T, name string, chunk int) (lr []int16, start uint64) {
	t.Helper()
	m := startedMachine(t, loadTestPRG(t, name))
	m.SetSound(true)
	start = m.SoundSample()
	for f := 0; ; f++ {
		ev := m.RunFrame()
		if f%chunk == 0 || ev&EventExit != 0 {
			lr = append(lr, m.SoundView()...)
		}
		if ev&EventExit != 0 {
			return lr, start
		}
		if f > 2000 {
			t.Fatalf("%s did not return", name)
		}
	}
}

// segment is a stretch of sound: first and last output sample, and the pitch of its
// middle half measured on one side.
type segment struct {
	start, end int
	hz         float64
}

// segments splits one side of a stereo stream into sounding stretches (1 ms windows
// above a threshold, gaps of at least 5 ms between them).
func segments(lr []int16, side int, thresh float64) []segment {
	return segmentsAt(lr, 48000, side, thresh)
}

// segmentsAt is segments for a stream at rate Hz.
func segmentsAt(lr []int16, rate, side int, thresh float64) []segment {
	win := rate / 1000
	var segs []segment
	in := false
	quiet := 0
	for w := 0; (w+1)*win*2 <= len(lr); w++ {
		sum := 0.0
		for i := w * win; i < (w+1)*win; i++ {
			v := float64(lr[2*i+side])
			sum += v * v
		}
		loud := math.Sqrt(sum/float64(win)) > thresh
		switch {
		case loud && !in:
			// Find the first sample over the threshold inside this window.
			s := w * win
			for s < (w+1)*win && math.Abs(float64(lr[2*s+side])) < thresh {
				s++
			}
			segs = append(segs, segment{start: s})
			in, quiet = true, 0
		case !loud && in:
			if quiet++; quiet == 5 {
				segs[len(segs)-1].end = (w - 4) * win
				in = false
			}
		case loud:
			quiet = 0
		}
	}
	if in {
		segs[len(segs)-1].end = len(lr) / 2
	}
	for i := range segs {
		s := &segs[i]
		q := (s.end - s.start) / 4
		s.hz = pitch(lr, side, s.start+q, s.end-q) * float64(rate) / 48000
	}
	return segs
}

// pitch measures the frequency between samples a and b by interpolated rising zero
// crossings of the mean-removed signal.
func pitch(lr []int16, side, a, b int) float64 {
	mean := 0.0
	for i := a; i < b; i++ {
		mean += float64(lr[2*i+side])
	}
	mean /= float64(b - a)
	first, last, n := -1.0, -1.0, 0
	for i := a + 1; i < b; i++ {
		x, y := float64(lr[2*(i-1)+side])-mean, float64(lr[2*i+side])-mean
		if x < 0 && y >= 0 {
			t := float64(i-1) + -x/(y-x)
			if first < 0 {
				first = t
			} else {
				n++
			}
			last = t
		}
	}
	if n == 0 {
		return 0
	}
	return float64(n) / (last - first) * 48000
}

func cents(f, want float64) float64 { return 1200 * math.Log2(f/want) }

func hashSamples(lr []int16) string {
	h := sha256.New()
	for _, v := range lr {
		h.Write([]byte{byte(v), byte(v >> 8)})
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

const frameSamples = CyclesPerFrame * 48000.0 / CPUHz // 806.4 output samples per frame

func TestPSGProgramNotes(t *testing.T) {
	lr, _ := playPRG(t, "psgpcm.prg", 1)
	psg := func(f int) float64 { return float64(f) * 48828.125 / 131072 }
	want := []struct {
		hz   float64
		side int
	}{
		{psg(702), 0}, {psg(885), 0}, {psg(1052), 0}, {psg(1181), 0}, {-1, 0}, {psg(1405), 0},
		{12207.03125 / 64, 0}, {24414.0625 / 32, 0},
	}
	segs := segments(lr, 0, 300)
	if len(segs) != len(want) {
		for _, s := range segs {
			t.Logf("segment %d-%d %.2f Hz", s.start, s.end, s.hz)
		}
		t.Fatalf("%d sounding stretches, want %d", len(segs), len(want))
	}
	for i, w := range want {
		s := segs[i]
		if w.hz > 0 && math.Abs(cents(s.hz, w.hz)) > 1 {
			t.Errorf("note %d: %.3f Hz, want %.3f (%.2f cents)", i, s.hz, w.hz, cents(s.hz, w.hz))
		}
		if i > 0 && i < 6 {
			// PSG notes last 20 frames; they start 30 frames apart. (The first note starts
			// mid-frame: its wait is shorter.)
			if d := float64(s.end-s.start) - 20*frameSamples; math.Abs(d) > 48 {
				t.Errorf("note %d lasts %d samples, want %.0f", i, s.end-s.start, 20*frameSamples)
			}
			if i > 1 {
				if d := float64(s.start-segs[i-1].start) - 30*frameSamples; math.Abs(d) > 48 {
					t.Errorf("note %d starts %d samples after the previous, want %.0f", i, s.start-segs[i-1].start, 30*frameSamples)
				}
			}
		}
	}
	// Voice 5 plays on the left only, and so does the 16-bit stereo PCM.
	if r := segments(lr, 1, 300); len(r) != 6 {
		t.Errorf("right side: %d stretches, want 6", len(r))
	}
	// 8-bit PCM: 4095 bytes at 12207 Hz, the last one unheard.
	if d := float64(segs[6].end-segs[6].start) - 4094*48000/12207.03125; math.Abs(d) > 60 {
		t.Errorf("PCM 8-bit lasts %d samples, want %.0f", segs[6].end-segs[6].start, 4094*48000/12207.03125)
	}
}

func TestSoundSameWhateverTheChunking(t *testing.T) {
	for _, prg := range []string{"psgpcm.prg", "ymmusic.prg"} {
		a, sa := playPRG(t, prg, 1)
		b, sb := playPRG(t, prg, 7)
		if sa != sb || len(a) != len(b) || hashSamples(a) != hashSamples(b) {
			t.Errorf("%s: %d samples (%s) collected each frame, %d (%s) every 7 frames", prg, len(a), hashSamples(a), len(b), hashSamples(b))
		}
	}
}

func TestYMProgramNotes(t *testing.T) {
	lr, _ := playPRG(t, "ymmusic.prg", 3)
	keys := []float64{440, 523.2511, 587.3295, 659.2551, 783.9909, 880, 220, 110, 329.6276}
	segs := segments(lr, 0, 300)
	if len(segs) != len(keys) {
		for _, s := range segs {
			t.Logf("segment %d-%d %.2f Hz", s.start, s.end, s.hz)
		}
		t.Fatalf("%d sounding stretches, want %d", len(segs), len(keys))
	}
	for i, hz := range keys[:8] {
		s := segs[i]
		if math.Abs(cents(s.hz, hz)) > 1 {
			t.Errorf("note %d: %.3f Hz, want %.3f (%.2f cents)", i, s.hz, hz, cents(s.hz, hz))
		}
		if i > 1 {
			if d := float64(s.start-segs[i-1].start) - 30*frameSamples; math.Abs(d) > 48 {
				t.Errorf("note %d starts %d samples after the previous, want %.0f", i, s.start-segs[i-1].start, 30*frameSamples)
			}
		}
	}
	if got, want := hashSamples(lr), ymMusicGolden; got != want {
		t.Errorf("ymmusic output hash %s, want %s", got, want)
	}
}

const ymMusicGolden = "ebf9a27213e00de6"
