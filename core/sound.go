package core

import "x16scope/audio"

// Sound: the machine's 48 kHz stereo output, mixed from VERA's DAC (PSG + PCM) and the
// YM2151 (audio.Mixer). It is made lazily: chips render their samples when a register
// write needs them brought up to its cycle and when SoundView is called, so the stream is a
// function of emulated time only — the same program gives the same samples at any speed
// and however often SoundView is called. With sound off (the default) nothing is synthesized:
// the PCM FIFO drains and the PSG advances in closed form, the YM2151's timers run, and
// programs see exactly the same registers. The audio players call it: cmd/wasm's
// sound_js.go and cmd/x16scope's wav.go.

// CPUHz is the CPU clock: 8 MHz.
const CPUHz = 8_000_000

// soundState is the mixer when sound is on.
type soundState struct {
	mix *audio.Mixer
}

// SetSound turns the sound output on or off at the current cycle. Output sample n is at
// n/48000 s after power-on; the first one after turning on is the first at or after now.
func (m *Machine) SetSound(on bool) {
	b := &m.bus
	now := b.cycle
	if on == (m.snd.mix != nil) {
		return
	}
	m.vera.SetSoundOutput(on, now)
	b.ym.syncTo(now)
	b.ym.render = on
	b.ym.buf, b.ym.base = b.ym.buf[:0], b.ym.done
	m.snd.mix = nil
	if on {
		m.snd.mix = audio.NewMixer((now*audio.Rate + CPUHz - 1) / CPUHz)
	}
}

// SoundOn tells whether sound output is on.
func (m *Machine) SoundOn() bool { return m.snd.mix != nil }

// SoundView brings the chips up to the current cycle and returns the 48 kHz stereo samples
// (left/right pairs) made since the last call; nil when sound is off. The slice is a view
// of the mixer's buffer, reused by the next call. Call it every frame or so: samples wait in the chips until then.
func (m *Machine) SoundView() []int16 {
	mix := m.snd.mix
	if mix == nil {
		return nil
	}
	b := &m.bus
	now := b.cycle
	first, lr := m.vera.SoundView(now)
	mix.PushVERA(first, lr)
	m.vera.DiscardSound(len(lr) / 2)
	b.ym.syncTo(now)
	mix.PushYM(b.ym.base, b.ym.buf)
	b.ym.base += uint64(len(b.ym.buf) / 2)
	b.ym.buf = b.ym.buf[:0]
	return mix.Mix()
}

// SoundSample is the number of the next 48 kHz sample SoundView will return (n/48000 s after
// power-on).
func (m *Machine) SoundSample() uint64 {
	if m.snd.mix == nil {
		return 0
	}
	return m.snd.mix.Next()
}
