package vera

// The PSG: 16 voices computed as the RTL computes them (audio/psg.v), so a voice's samples
// are exact. Once per sample tick (every 512 VERA clocks, 48828.125 Hz) the generator walks
// the voices in order, 6 clocks each: it fetches the voice's 4 attribute bytes, makes the
// voice's 6-bit signal from the phase as it was *before* this tick, adds the frequency to
// the 17-bit phase (or clears it when neither side is on), scales the signal by the log
// volume and accumulates left and right. The sum reaches the DAC at the next tick.
//
// Timing inside a tick (clock 0 = next_sample): attribute byte b of voice c is read at clock
// 1+b+6c, and voice c's noise value is taken from the free-running LFSR at clock 6+6c. A
// register write is therefore seen by the tick whose fetch of that byte comes after it:
// writes are queued with that tick (psgWrite) and applied when the generator gets there.

const (
	psgVoices    = 16
	psgPhaseMask = 1<<17 - 1
	psgPhaseTop  = 1 << 16
	psgRegs      = 64

	psgClocksPerVoice = 6  // FETCH_CH (5 clocks) + CALC_CH
	psgFetchClock     = 1  // clock of attribute byte 0 of voice 0
	psgCalcClock      = 6  // clock of voice 0's CALC_CH (the noise sample)
	psgLastFetch      = 95 // past the last attribute fetch (byte 3 of voice 15 at clock 94)
	psgQueueSize      = 64

	lfsrPeriod = 65535 // the 16-bit LFSR (taps 15, 4, 2, 1) has a maximal period

	// vclkPerCycle8 is VERA clocks per CPU cycle times 8 (25 MHz / 8 MHz = 25/8).
	vclkPerCycle8 = 25
	clocksPerTick = 512
)

// psgVolumeLog is the RTL's volume table: 0.5 dB per step, linear below 4 (psg.v).
var psgVolumeLog = [64]uint16{
	0, 4, 8, 12, 16, 17, 18, 20, 21, 22, 23, 25, 26, 28, 30, 31,
	33, 35, 37, 40, 42, 45, 47, 50, 53, 56, 60, 63, 67, 71, 75, 80,
	85, 90, 95, 101, 107, 113, 120, 127, 135, 143, 151, 160, 170, 180, 191, 202,
	214, 227, 241, 255, 270, 286, 303, 321, 341, 361, 382, 405, 429, 455, 482, 511,
}

// lfsrNoise[i] is bits 6:1 of the noise LFSR i clocks after it left its reset value 1. It
// steps every VERA clock: {lfsr[14:0], lfsr[1]^lfsr[2]^lfsr[4]^lfsr[15]} (psg.v). Read-only.
var lfsrNoise = makeLFSRNoise()

func makeLFSRNoise() *[lfsrPeriod]uint8 {
	var t [lfsrPeriod]uint8
	s := uint16(1)
	for i := range t {
		t[i] = uint8(s>>1) & 0x3F
		s = s<<1 | (s>>1^s>>2^s>>4^s>>15)&1
	}
	return &t
}

// noiseAt is the noise value voice c takes at sample tick k. The LFSR's phase against the
// sample clock after power-on is not observable by a program; it is fixed here as clock 0
// = tick 0's next_sample.
func noiseAt(k uint64, c int) uint8 {
	return lfsrNoise[(k*clocksPerTick+psgCalcClock+uint64(c)*psgClocksPerVoice)%lfsrPeriod]
}

// psgWrite is a register write waiting for the tick that first sees it.
type psgWrite struct {
	tick     uint64
	reg, val uint8
}

// PSGState is the generator's state: what a save state needs (the attribute bytes the
// generator sees are also in VRAM, where the CPU wrote them, but a queued write may not
// have reached the generator yet).
type PSGState struct {
	Attr  [psgRegs]uint8    // attribute RAM as the generator sees it (4 bytes per voice)
	Phase [psgVoices]uint32 // 17-bit phase accumulators (working RAM)
	Noise [psgVoices]uint8  // 6-bit noise values (working RAM)
	Out   [2]int32          // the last tick's sum (left, right), reaching the DAC next tick
	Done  uint64            // sample ticks processed
	Queue []PSGQueued       // writes not yet seen by the generator, oldest tick first
}

// PSGQueued is one write waiting for its tick.
type PSGQueued struct {
	Tick     uint64
	Reg, Val uint8
}

type psgState struct {
	attr  [psgRegs]uint8
	phase [psgVoices]uint32
	noise [psgVoices]uint8
	out   [2]int32
	done  uint64
	queue [psgQueueSize]psgWrite
	nq    int
}

// psgTicksDone is the last tick the PSG may process by CPU cycle now: one whose every
// attribute fetch lies at or before now, so no later write can belong to it.
func psgTicksDone(now uint64) uint64 {
	c := now * vclkPerCycle8
	if c < 8*psgLastFetch {
		return 0
	}
	return (c - 8*psgLastFetch) / (8 * clocksPerTick)
}

// psgWriteTick is the first tick whose fetch of register reg comes after a write at CPU
// cycle now: the smallest k with 512k + 1 + b + 6c > now*25/8.
func psgWriteTick(reg uint8, now uint64) uint64 {
	off := uint64(psgFetchClock) + uint64(reg&3) + uint64(reg>>2)*psgClocksPerVoice
	c := now * vclkPerCycle8
	if c < 8*off {
		return 0
	}
	return (c-8*off)/(8*clocksPerTick) + 1
}

// write queues a register write at CPU cycle now (sorted by tick; writes to one register
// keep their order because their ticks never decrease).
func (s *psgState) write(reg, val uint8, now uint64, snd *soundOut) {
	reg &= psgRegs - 1
	s.syncTo(psgTicksDone(now), snd)
	t := max(psgWriteTick(reg, now), s.done+1)
	if s.nq == psgQueueSize {
		// Cannot happen with CPU-paced writes (the queue spans two ticks, ~330 cycles),
		// but writes all in one cycle can fill it (a debugger or a LOAD into VRAM poking
		// the registers while the machine stands still), and a full queue must not lose a
		// write: the oldest takes effect at once, a tick or two early. (Rendering up to its
		// tick instead would run the sound ahead of the machine's time.)
		w := s.queue[0]
		s.attr[w.reg] = w.val
		copy(s.queue[:], s.queue[1:s.nq])
		s.nq--
	}
	i := s.nq
	for i > 0 && s.queue[i-1].tick > t {
		s.queue[i] = s.queue[i-1]
		i--
	}
	s.queue[i] = psgWrite{t, reg, val}
	s.nq++
}

// syncTo processes ticks up to and including k: rendering each into snd when it is on,
// or advancing the voices in closed form when nobody listens. Queued writes are applied
// at the start of their tick.
func (s *psgState) syncTo(k uint64, snd *soundOut) {
	for s.done < k {
		end := k
		if s.nq > 0 && s.queue[0].tick <= end {
			end = s.queue[0].tick - 1
		}
		if end > s.done {
			if snd.on {
				for t := s.done + 1; t <= end; t++ {
					s.renderTick(t, snd)
				}
			} else {
				s.skip(s.done, end)
			}
			s.done = end
		}
		// Apply every write due at the next tick.
		n := 0
		for n < s.nq && s.queue[n].tick <= s.done+1 {
			w := s.queue[n]
			s.attr[w.reg] = w.val
			n++
		}
		if n > 0 {
			copy(s.queue[:], s.queue[n:s.nq])
			s.nq -= n
		}
	}
}

// voiceSignal is the voice's 6-bit signal before the sign flip (psg.v signal generation).
func voiceSignal(wf, pw uint8, phase uint32, noise uint8) uint8 {
	switch wf {
	case 0: // pulse: high while phase[16:10] <= width
		if uint8(phase>>10) > pw {
			return 0
		}
		return 63
	case 1: // sawtooth, XORed with the inverted width (width 63 = plain)
		return uint8(phase>>11) ^ (^pw & 63)
	case 2: // triangle, likewise
		t := uint8(phase>>10) & 63
		if phase&psgPhaseTop != 0 {
			t = ^t & 63
		}
		return t ^ (^pw & 63)
	}
	return noise
}

// renderTick runs tick k: the previous sum goes to the DAC sample k, then every voice.
func (s *psgState) renderTick(k uint64, snd *soundOut) {
	if k >= snd.base {
		i := snd.slot(k)
		snd.buf[i] += s.out[0]
		snd.buf[i+1] += s.out[1]
	}
	s.step(k)
}

// step runs every voice for tick k and leaves their sum in s.out.
func (s *psgState) step(k uint64) {
	var l, r int32
	for c := range psgVoices {
		a := s.attr[c*4 : c*4+4 : c*4+4]
		p := s.phase[c]
		lr := a[2] >> 6
		if lr == 0 && p == 0 {
			continue // silent and stays so: phase held at 0, no noise sample
		}
		sig := voiceSignal(a[3]>>6, a[3]&63, p, s.noise[c])
		var np uint32
		if lr != 0 {
			np = (p + (uint32(a[0]) | uint32(a[1])<<8)) & psgPhaseMask
		}
		if p&psgPhaseTop != 0 && np&psgPhaseTop == 0 {
			s.noise[c] = noiseAt(k, c)
		}
		s.phase[c] = np
		// 6-bit signed signal times the 9-bit volume, bits 14:3 of the product.
		v := int32(int8((sig^0x20)<<2)>>2) * int32(psgVolumeLog[a[2]&63]) >> 3
		if lr&1 != 0 {
			l += v
		}
		if lr&2 != 0 {
			r += v
		}
	}
	s.out = [2]int32{l, r}
}

// skip advances the voices from tick a to tick b (b > a) while nobody listens: every tick
// but the last in closed form, the last one stepped so the sum register is exact.
func (s *psgState) skip(a, b uint64) {
	if n := b - 1 - a; n > 0 {
		for c := range psgVoices {
			at := s.attr[c*4 : c*4+4 : c*4+4]
			p := s.phase[c]
			freq := uint64(at[0]) | uint64(at[1])<<8
			if at[2]>>6 == 0 {
				if p&psgPhaseTop != 0 {
					s.noise[c] = noiseAt(a+1, c)
				}
				s.phase[c] = 0
				continue
			}
			total := uint64(p) + n*freq
			// Bit 16 falls exactly when the phase wraps (a step is below 2^16); the last
			// wrap in (a, b-1] is the one whose noise value stays.
			if wraps := total >> 17; wraps > 0 {
				j := ((wraps << 17) - uint64(p) + freq - 1) / freq
				s.noise[c] = noiseAt(a+j, c)
			}
			s.phase[c] = uint32(total) & psgPhaseMask
		}
	}
	s.step(b)
}

// State returns a copy of the generator's state.
func (s *psgState) state() PSGState {
	st := PSGState{Attr: s.attr, Phase: s.phase, Noise: s.noise, Out: s.out, Done: s.done}
	for _, w := range s.queue[:s.nq] {
		st.Queue = append(st.Queue, PSGQueued{w.tick, w.reg, w.val})
	}
	return st
}

func (s *psgState) setState(st PSGState) {
	s.attr, s.phase, s.noise, s.out, s.done = st.Attr, st.Phase, st.Noise, st.Out, st.Done
	for i := range s.phase {
		s.phase[i] &= psgPhaseMask
		s.noise[i] &= 63
	}
	s.nq = 0
	for _, w := range st.Queue {
		if s.nq < psgQueueSize {
			s.queue[s.nq] = psgWrite{w.Tick, w.Reg & (psgRegs - 1), w.Val}
			s.nq++
		}
	}
}
