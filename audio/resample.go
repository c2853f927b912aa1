// Package audio turns the machine's sound chips into one 48 kHz stereo stream: it
// resamples VERA's DAC (48828.125 Hz) and the YM2151 (55930.4 Hz) to 48 kHz on an exact
// rational time base, mixes them at the X16's relative levels, and hands the result to a
// WAV file or to the browser through a Stream. It is pure Go and deterministic: output
// sample n is a function of the chips' sample streams only.
package audio

import "math"

// Rate is the output sample rate in Hz.
const Rate = 48000

// phases is the resolution of the interpolation filter's fractional position.
const phases = 256

// kernel[p] holds the 4 taps (for input samples at offsets -1, 0, 1, 2 from the integer
// position) of a Lanczos-2 windowed sinc at fractional position p/phases, in Q15, each
// phase normalised to sum 32768 so a constant passes unchanged. Read-only.
var kernel = func() (k [phases][4]int32) {
	lanczos := func(x float64) float64 {
		if x == 0 {
			return 1
		}
		if math.Abs(x) >= 2 {
			return 0
		}
		px := math.Pi * x
		return 2 * math.Sin(px) * math.Sin(px/2) / (px * px)
	}
	for p := range phases {
		f := float64(p) / phases
		var w [4]float64
		sum := 0.0
		for t := range 4 {
			w[t] = lanczos(f - float64(t-1))
			sum += w[t]
		}
		total := int32(0)
		for t := range 4 {
			k[p][t] = int32(math.Round(w[t] / sum * 32768))
			total += k[p][t]
		}
		k[p][1] += 32768 - total // rounding: the phase sums exactly to 1.0
	}
	return
}()

// resampler converts one source to the output rate: output sample n is read at source
// position n*num/den (num/den = source rate / output rate, exact), interpolated from the
// four source samples around it. Source samples arrive in order by absolute index;
// indices before the first one pushed count as silence.
type resampler struct {
	num, den uint64
	buf      []int32 // left/right pairs from source index base on
	base     uint64
	end      uint64 // source samples [0, end) are known
}

func newResampler(num, den uint64, start uint64) resampler {
	return resampler{num: num, den: den, base: start, end: start}
}

// push appends source samples first.. (left/right pairs); a gap is filled with silence.
func (r *resampler) push(first uint64, lr []int32) {
	if first > r.end {
		for ; r.end < first; r.end++ {
			r.buf = append(r.buf, 0, 0)
		}
	}
	if first < r.end { // overlap: keep what is known
		skip := int(r.end-first) * 2
		if skip >= len(lr) {
			return
		}
		lr = lr[skip:]
	}
	r.buf = append(r.buf, lr...)
	r.end += uint64(len(lr) / 2)
}

// ready tells whether output sample n can be made: its last tap is known.
func (r *resampler) ready(n uint64) bool {
	return n*r.num/r.den+2 < r.end
}

// at returns source sample i (0 before the buffer).
func (r *resampler) at(i uint64) (int32, int32) {
	if i < r.base {
		return 0, 0
	}
	j := int(i-r.base) * 2
	return r.buf[j], r.buf[j+1]
}

// sample makes output sample n (ready(n) must hold).
func (r *resampler) sample(n uint64) (l, rr int32) {
	q := n * r.num
	i := q / r.den
	k := &kernel[(q%r.den)*phases/r.den]
	var sl, sr int64
	for t := range 4 {
		if i+uint64(t) == 0 {
			continue // before sample 0: silence
		}
		a, b := r.at(i + uint64(t) - 1)
		sl += int64(a) * int64(k[t])
		sr += int64(b) * int64(k[t])
	}
	return int32(sl >> 15), int32(sr >> 15)
}

// trim drops source samples no later output can need (those before the position of
// output n, less one tap).
func (r *resampler) trim(n uint64) {
	keep := n*r.num/r.den - 1
	if n*r.num/r.den < 1 || keep <= r.base {
		return
	}
	drop := min(int(keep-r.base), len(r.buf)/2)
	m := copy(r.buf, r.buf[2*drop:])
	r.buf = r.buf[:m]
	r.base += uint64(drop)
}
