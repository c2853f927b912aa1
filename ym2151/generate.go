package ym2151

// Generate makes len(dst)/2 samples into dst (left, right pairs, 16-bit range) and
// advances the timers with them. A silent chip (no operator sounding) costs next to
// nothing: its output is 0 and only its clocks move.
func (c *Chip) Generate(dst []int32) {
	n := len(dst) / 2
	if c.Silent() {
		clear(dst)
		c.idle(uint32(n))
	} else {
		for i := range n {
			l, r := c.sample()
			dst[2*i], dst[2*i+1] = l, r
		}
	}
	c.timers(uint32(n))
	c.Samples += uint64(n)
}

// Skip advances n samples while nobody listens. Everything a program can see moves
// exactly as in Generate (the timers and their flags, the busy flag is the caller's);
// the LFO, noise and envelope clocks move too. The operators' envelopes and phases hold
// still: synthesis is skipped, so a note sounding when output is turned on continues
// from where it was when output stopped (a key-on restarts it as usual). For a silent
// chip Skip and Generate leave the same state.
func (c *Chip) Skip(n uint64) {
	for n > 0 {
		k := uint32(min(n, 1<<20))
		c.idle(k)
		c.timers(k)
		c.Samples += uint64(k)
		n -= uint64(k)
	}
}

// idle advances a silent chip by n samples: what sample() does when no operator sounds.
func (c *Chip) idle(n uint32) {
	for range n {
		c.clockLFO()
	}
	t := uint32(c.EGDivider) + n
	c.EGCounter += t / 3
	c.EGDivider = uint8(t % 3)
	for i := range c.Ch {
		c.Ch[i].FBOut = [2]int32{}
	}
}

// clockLFO steps the noise generator and the LFO by one sample.
func (c *Chip) clockLFO() {
	// The noise LFSR (17 bits) steps twice per sample; its output is latched every
	// 32-NFRQ steps, giving Clock / (32 * (32 - NFRQ)) Hz.
	for range 2 {
		c.NoiseLFSR = (c.NoiseLFSR<<1 | (c.NoiseLFSR>>16^c.NoiseLFSR>>13^1)&1) & 0x1FFFF
		if c.NoiseCount >= 31-c.NoiseFreq {
			c.NoiseCount = 0
			c.NoiseBit = uint8(c.NoiseLFSR >> 16)
		} else {
			c.NoiseCount++
		}
	}
	// LFO: a 30-bit counter stepped by a 4.4 floating-point rate with a hidden leading 1;
	// its top 8 bits are the waveform position. Test register bit 1 holds it at 0.
	old := c.LFOCounter >> 22
	c.LFOCounter = (c.LFOCounter + (0x10|uint32(c.LFRQ&15))<<(c.LFRQ>>4)) & (1<<30 - 1)
	if c.Regs[0x01]&0x02 != 0 {
		c.LFOCounter = 0
	}
	pos := c.LFOCounter >> 22
	if pos != old {
		c.LFONoise = uint8(c.NoiseLFSR >> 9)
	}
	var am uint32
	var pm int32
	if c.LFOWave == 3 {
		am, pm = uint32(c.LFONoise), int32(c.LFONoise)-128
	} else {
		am, pm = lfoWave(c.LFOWave, pos)
	}
	c.LFOAM = am * uint32(c.AMD) >> 7
	c.LFOPM = pm * int32(c.PMD) >> 7
}

// sample makes one output sample.
func (c *Chip) sample() (l, r int32) {
	c.clockLFO()
	if c.EGDivider++; c.EGDivider == 3 {
		c.EGDivider = 0
		c.EGCounter++
		c.clockEG()
	}
	for ch := range c.Ch {
		out := c.channel(ch)
		if c.Ch[ch].RL&1 != 0 {
			l += out
		}
		if c.Ch[ch].RL&2 != 0 {
			r += out
		}
	}
	return clamp16(l), clamp16(r)
}

func clamp16(v int32) int32 { return max(-32768, min(32767, v)) }

// clockEG steps every operator's envelope once (every third sample).
func (c *Chip) clockEG() {
	for i := range c.Op {
		o := &c.Op[i]
		if o.Att >= attMax && o.Stage != stAttack {
			o.Att = attMax
			continue
		}
		ch := &c.Ch[i&7]
		var r uint8
		switch o.Stage {
		case stAttack:
			r = c.rate(o, ch, o.AR)
		case stDecay:
			r = c.rate(o, ch, o.D1R)
		case stSustain:
			r = c.rate(o, ch, o.D2R)
		default:
			r = c.rate(o, ch, o.RR<<1|1)
		}
		shift := uint32(0)
		if r < 44 {
			shift = 11 - uint32(r>>2)
		}
		if c.EGCounter&(1<<shift-1) != 0 {
			continue
		}
		inc := uint16(egInc[r][c.EGCounter>>shift&7])
		switch o.Stage {
		case stAttack:
			if r >= 62 {
				o.Att = 0
			} else if inc != 0 {
				o.Att = uint16(int32(o.Att) + (^int32(o.Att)*int32(inc))>>4)
			}
			if o.Att == 0 {
				o.Stage = stDecay
			}
		default:
			o.Att = min(attMax, o.Att+inc)
		}
		if o.Stage == stDecay {
			sl := uint16(o.D1L) << 5
			if o.D1L == 15 {
				sl = 0x3E0
			}
			if o.Att >= sl {
				o.Stage = stSustain
			}
		}
	}
}

// step is operator o's phase step this sample, from its cache unless a register or the
// PM it depends on changed.
func (c *Chip) step(o *Operator, ch *Channel) uint32 {
	var pm int32
	if ch.PMS != 0 {
		pm = c.LFOPM
	}
	if !o.stepOK || o.stepFor != pm {
		o.step, o.stepFor, o.stepOK = computeStep(o, ch, pm), pm, true
	}
	return o.step
}

// computeStep is the phase step: key position from KC/KF plus DT2 and the LFO's PM (pm,
// scaled by the channel's PMS), the octave shift, DT1, then the multiplier (0 = one half).
func computeStep(o *Operator, ch *Channel, pm int32) uint32 {
	note := int32(ch.KC & 15)
	pos := int32(ch.KC>>4)*768 + (note-note>>2)*64 + int32(ch.KF) + dt2Tab[o.DT2]
	if pm != 0 {
		if ch.PMS < 6 {
			pm >>= 6 - ch.PMS
		} else {
			pm <<= ch.PMS - 5
		}
		pos += pm
	}
	pos = max(0, min(8*768-1, pos))
	s := stepTab[pos%768] >> (7 - pos/768)
	d := uint32(dt1Tab[o.DT1&3][ch.KC>>2]) << 12
	if o.DT1&4 != 0 {
		s -= d
	} else {
		s += d
	}
	if o.MUL == 0 {
		return s >> 1
	}
	return s * uint32(o.MUL)
}

// opOut is the operator's 14-bit output for a 10-bit phase and attenuation.
func opOut(phase, env uint32) int32 {
	i := phase & 0xFF
	if phase&0x100 != 0 {
		i ^= 0xFF
	}
	x := uint32(logSin[i]) + env<<2
	v := int32((uint32(expTab[^x&0xFF]) | 0x400) << 2 >> (x >> 8))
	if phase&0x200 != 0 {
		return -v
	}
	return v
}

// operator steps operator o's phase and returns its output with phase modulation mod (in
// 10-bit phase units); am is the channel's AM attenuation for operators with AM enabled.
func (c *Chip) operator(o *Operator, ch *Channel, am uint32, mod int32) int32 {
	if o.Att >= attMax && o.Stage != stAttack {
		return 0 // silent; its phase restarts at the next key-on
	}
	o.Phase += c.step(o, ch)
	e := uint32(o.Att) + uint32(o.TL)<<3
	if o.AMEn != 0 {
		e += am
	}
	return opOut((o.Phase>>22+uint32(mod))&0x3FF, min(e, attMax))
}

// noise is channel 7's C2 when noise is on: a square of the noise bit at the operator's
// envelope level (its phase still steps).
func (c *Chip) noise(o *Operator, ch *Channel, am uint32) int32 {
	if o.Att >= attMax && o.Stage != stAttack {
		return 0
	}
	o.Phase += c.step(o, ch)
	e := uint32(o.Att) + uint32(o.TL)<<3
	if o.AMEn != 0 {
		e += am
	}
	v := opOut(0x100, min(e, attMax))
	if c.NoiseBit != 0 {
		return -v
	}
	return v
}

// channel computes channel n's output through its connection algorithm. Operators are
// M1, C1, M2, C2 = slots 0, 2, 1, 3; modulation is an output halved; M1 feeds back the
// sum of its last two outputs shifted by 10-FB.
func (c *Chip) channel(n int) int32 {
	ch := &c.Ch[n]
	if c.silentChannel(n) {
		ch.FBOut = [2]int32{}
		return 0
	}
	m1, m2, c1, c2 := &c.Op[n&7], &c.Op[n&7+8], &c.Op[n&7+16], &c.Op[n&7+24]
	var am uint32
	if ch.AMS != 0 {
		am = c.LFOAM << (ch.AMS - 1)
	}
	var fb int32
	if ch.FB != 0 {
		fb = (ch.FBOut[0] + ch.FBOut[1]) >> (10 - ch.FB)
	}
	o1 := c.operator(m1, ch, am, fb)
	ch.FBOut[1], ch.FBOut[0] = ch.FBOut[0], o1
	if n == 7 && c.NoiseEnable {
		// C2 is the noise; what would modulate it is still computed (phases step).
		switch ch.CON {
		case 0, 1, 2, 3:
			var o2, o3 int32
			switch ch.CON {
			case 0:
				o2 = c.operator(c1, ch, am, o1>>1)
				o3 = c.operator(m2, ch, am, o2>>1)
			case 1:
				o2 = c.operator(c1, ch, am, 0)
				o3 = c.operator(m2, ch, am, (o1+o2)>>1)
			case 2:
				o2 = c.operator(c1, ch, am, 0)
				o3 = c.operator(m2, ch, am, o2>>1)
			default:
				o2 = c.operator(c1, ch, am, o1>>1)
				o3 = c.operator(m2, ch, am, 0)
			}
			_ = o3
			return c.noise(c2, ch, am)
		case 4:
			o2 := c.operator(c1, ch, am, o1>>1)
			c.operator(m2, ch, am, 0)
			return o2 + c.noise(c2, ch, am)
		case 5:
			m := o1 >> 1
			return c.operator(c1, ch, am, m) + c.operator(m2, ch, am, m) + c.noise(c2, ch, am)
		case 6:
			return c.operator(c1, ch, am, o1>>1) + c.operator(m2, ch, am, 0) + c.noise(c2, ch, am)
		default:
			return o1 + c.operator(c1, ch, am, 0) + c.operator(m2, ch, am, 0) + c.noise(c2, ch, am)
		}
	}
	switch ch.CON {
	case 0:
		o2 := c.operator(c1, ch, am, o1>>1)
		o3 := c.operator(m2, ch, am, o2>>1)
		return c.operator(c2, ch, am, o3>>1)
	case 1:
		o2 := c.operator(c1, ch, am, 0)
		o3 := c.operator(m2, ch, am, (o1+o2)>>1)
		return c.operator(c2, ch, am, o3>>1)
	case 2:
		o2 := c.operator(c1, ch, am, 0)
		o3 := c.operator(m2, ch, am, o2>>1)
		return c.operator(c2, ch, am, (o1+o3)>>1)
	case 3:
		o2 := c.operator(c1, ch, am, o1>>1)
		o3 := c.operator(m2, ch, am, 0)
		return c.operator(c2, ch, am, (o2+o3)>>1)
	case 4:
		o2 := c.operator(c1, ch, am, o1>>1)
		o3 := c.operator(m2, ch, am, 0)
		return o2 + c.operator(c2, ch, am, o3>>1)
	case 5:
		m := o1 >> 1
		return c.operator(c1, ch, am, m) + c.operator(m2, ch, am, m) + c.operator(c2, ch, am, m)
	case 6:
		return c.operator(c1, ch, am, o1>>1) + c.operator(m2, ch, am, 0) + c.operator(c2, ch, am, 0)
	default:
		return o1 + c.operator(c1, ch, am, 0) + c.operator(m2, ch, am, 0) + c.operator(c2, ch, am, 0)
	}
}

func (c *Chip) silentChannel(n int) bool {
	for s := 0; s < 32; s += 8 {
		if o := &c.Op[n+s]; o.Att < attMax || o.Stage == stAttack {
			return false
		}
	}
	return true
}
