package vera

// VERA's sound output: the DAC's sample stream (audio.v, dacif.v). Once per sample tick
// (every 512 VERA clocks, 48828.125 Hz) the DAC takes the PSG's sum plus the PCM output
// times its volume: a 17-bit signed value per side. Samples are made lazily, when a
// register write needs the generators brought up to its time and when the machine asks
// for them, so the stream is a function of emulated time only.
//
// With output off (nobody listens) nothing is rendered: the PCM FIFO drains in closed form
// (its fill level is visible to programs) and the PSG's phases advance in closed form, so
// turning output on later continues exactly where the voices are.

// SoundRate is the DAC's sample rate in Hz: 25 MHz / 512.
const SoundRate = 25e6 / clocksPerTick

// soundOut is the DAC sample buffer: buf holds interleaved left/right samples from sample
// base on. The PCM (which runs up to the current cycle) and the PSG (which lags by up to
// a tick, psgTicksDone) each add their part; a sample is complete when both passed it.
type soundOut struct {
	on   bool
	base uint64
	buf  []int32
}

// slot is the index in buf of DAC sample k (k >= base), growing buf with zeros.
func (o *soundOut) slot(k uint64) int {
	i := int(k-o.base) * 2
	for len(o.buf) < i+2 {
		o.buf = append(o.buf, 0, 0)
	}
	return i
}

// audioSync brings the PCM and, when someone listens, the PSG up to CPU cycle now. While
// nobody listens the PSG is only brought up to date when a register write, turning the
// output on or a save state needs it: nothing a program can read depends on it.
func (v *VERA) audioSync(now uint64) {
	v.pcm.syncTo(now, &v.snd)
	if v.snd.on {
		v.psg.syncTo(psgTicksDone(now), &v.snd)
	}
}

// SetSoundOutput turns the DAC sample stream on or off at CPU cycle now. The first sample
// after turning it on is the one after the last tick processed so far.
func (v *VERA) SetSoundOutput(on bool, now uint64) {
	v.sync(now)
	v.audioSync(now)
	v.psg.syncTo(psgTicksDone(now), &v.snd)
	if on == v.snd.on {
		return
	}
	v.snd.on = on
	if on {
		v.snd.base = v.pcm.ticks + 1
		v.snd.buf = v.snd.buf[:0]
	}
}

// SoundOutput tells whether the sample stream is on.
func (v *VERA) SoundOutput() bool { return v.snd.on }

// SoundView brings the generators up to CPU cycle now and returns the complete DAC samples
// not yet discarded: first is the number of the first one (sample k is latched at VERA
// clock 512k), lr holds left/right pairs, each the 17-bit sum PSG + PCM. lr is a view of
// VERA's own buffer, valid until the next call into the VERA.
func (v *VERA) SoundView(now uint64) (first uint64, lr []int32) {
	if !v.snd.on {
		return 0, nil
	}
	v.sync(now)
	v.audioSync(now)
	done := min(v.pcm.ticks, v.psg.done)
	if done < v.snd.base {
		return v.snd.base, nil
	}
	return v.snd.base, v.snd.buf[:int(done-v.snd.base+1)*2]
}

// DiscardSound drops the first n samples SoundView returned (at most all of them).
func (v *VERA) DiscardSound(n int) {
	if done := min(v.pcm.ticks, v.psg.done); done < v.snd.base {
		return
	} else {
		n = min(n, int(done-v.snd.base+1))
	}
	if n <= 0 {
		return
	}
	m := copy(v.snd.buf, v.snd.buf[2*n:])
	v.snd.buf = v.snd.buf[:m]
	v.snd.base += uint64(n)
}

// AudioState is VERA's sound state, for save states: the PCM FIFO and registers, and the
// PSG generator (its registers' CPU-visible copy is in VRAM).
type AudioState struct {
	FIFO        [pcmFIFOSize]byte
	FIFORead    uint16
	FIFOWrite   uint16
	Ctrl, Rate  uint8
	RateAccum   uint8
	Ticks       uint64
	PCMOut      [2]int16
	PSG         PSGState
	Output      bool    // sample stream on
	OutputFirst uint64  // DAC sample number of Pending[0:2]
	Pending     []int32 // samples made but not yet discarded (left/right), some partial
}

// AudioState returns a copy of the sound state.
func (v *VERA) AudioState() AudioState {
	v.psg.syncTo(psgTicksDone(v.clk.now), &v.snd)
	p := &v.pcm
	return AudioState{
		FIFO: p.fifo, FIFORead: p.rd, FIFOWrite: p.wr, Ctrl: p.ctrl, Rate: p.rate,
		RateAccum: p.acc, Ticks: p.ticks, PCMOut: p.out, PSG: v.psg.state(),
		Output: v.snd.on, OutputFirst: v.snd.base, Pending: append([]int32(nil), v.snd.buf...),
	}
}

// SetAudioState restores a state from AudioState.
func (v *VERA) SetAudioState(s AudioState) {
	p := &v.pcm
	p.fifo, p.rd, p.wr = s.FIFO, s.FIFORead&(pcmFIFOSize-1), s.FIFOWrite&(pcmFIFOSize-1)
	p.ctrl, p.rate, p.acc, p.ticks, p.out = s.Ctrl&0x3F, s.Rate, s.RateAccum, s.Ticks, s.PCMOut
	v.psg.setState(s.PSG)
	v.snd.on, v.snd.base = s.Output, s.OutputFirst
	v.snd.buf = append(v.snd.buf[:0], s.Pending[:len(s.Pending)&^1]...)
	if v.psg.done > p.ticks {
		v.psg.done = p.ticks
	}
	if v.snd.base > v.psg.done+1 || v.snd.base+uint64(len(v.snd.buf)/2) < p.ticks+1 {
		// Inconsistent (hand-made) state: start the stream afresh after the last tick.
		v.snd.base, v.snd.buf = p.ticks+1, v.snd.buf[:0]
		v.psg.done = p.ticks
	}
}
