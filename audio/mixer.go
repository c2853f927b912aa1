package audio

// Relative levels (X16-HARDWARE.md audio notes). VERA's DAC value (PSG + PCM, 17 bits) is
// doubled and the YM2151's 16-bit output added as it is: the loudest single PSG voice is
// then 1/8 of full scale, as measured on the developer board and used by the official
// emulator. A peak limiter keeps the sum in 16 bits: when a sample would clip, the gain
// drops just enough, then recovers by 1/65536 per sample.
const (
	veraGain  = 2
	ymGain    = 1
	unityGain = 1 << 16
)

// Source sample rates as exact fractions of the output rate (num/den source samples per
// output sample): VERA 25 MHz/512, the YM2151 3579545 Hz/64.
const (
	veraNum, veraDen = 25_000_000, 512 * Rate
	ymNum, ymDen     = 3_579_545, 64 * Rate
)

// Mixer makes the 48 kHz stereo stream from the chips' sample streams.
type Mixer struct {
	vera, ym resampler
	next     uint64 // next output sample
	gain     int32  // limiter gain, Q16
	out      []int16
}

// NewMixer returns a mixer whose first output sample is first (output sample n is at
// time n/48000 s after power-on).
func NewMixer(first uint64) *Mixer {
	m := &Mixer{next: first, gain: unityGain}
	m.vera = newResampler(veraNum, veraDen, first*veraNum/veraDen)
	m.ym = newResampler(ymNum, ymDen, first*ymNum/ymDen)
	return m
}

// PushVERA adds VERA DAC samples (sample index k is VERA clock 512k).
func (m *Mixer) PushVERA(first uint64, lr []int32) { m.vera.push(first, lr) }

// PushYM adds YM2151 samples (sample index j is YM clock 64j).
func (m *Mixer) PushYM(first uint64, lr []int32) { m.ym.push(first, lr) }

// Next is the number of the next output sample Mix will make.
func (m *Mixer) Next() uint64 { return m.next }

// Mix makes every output sample both sources now cover and returns them (left/right
// int16 pairs). The slice is reused by the next call.
func (m *Mixer) Mix() []int16 {
	m.out = m.out[:0]
	for m.vera.ready(m.next) && m.ym.ready(m.next) {
		vl, vr := m.vera.sample(m.next)
		yl, yr := m.ym.sample(m.next)
		l := veraGain*vl + ymGain*yl
		r := veraGain*vr + ymGain*yr
		if amp := max(abs32(l), abs32(r)); amp > 32767 {
			m.gain = min(m.gain, int32(int64(32767)<<16/int64(amp)))
		}
		m.out = append(m.out, int16(int64(l)*int64(m.gain)>>16), int16(int64(r)*int64(m.gain)>>16))
		if m.gain < unityGain {
			m.gain++
		}
		m.next++
	}
	m.vera.trim(m.next)
	m.ym.trim(m.next)
	return m.out
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}
