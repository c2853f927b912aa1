// Package ym2151 is the Yamaha YM2151 (OPM) FM synthesizer: 8 channels of 4 operators, the
// 8 connection algorithms, feedback, detune 1/2, key scaling, the envelope generator, the
// LFO, noise, and timers A and B. It runs at the chip's own sample rate, one sample per 64
// clocks of its 3.579545 MHz clock, and knows nothing of the CPU: the caller advances it
// by samples (Generate or Skip) and writes registers between samples.
//
// The synthesis follows the chip's published structure (data sheet and application
// manual, and public die analyses of its OPN/OPM family): a 10-bit log-sine/exp operator,
// 10-bit attenuation envelopes stepped every 3 samples with the family's rate tables,
// phase steps from a 768-step-per-octave key table. Outputs are 14-bit per operator,
// summed per channel and over channels.
package ym2151

const (
	// Clock is the X16's YM2151 clock in Hz.
	Clock = 3579545
	// ClocksPerSample: the chip computes one output sample every 64 clocks.
	ClocksPerSample = 64
	// BusyClocks is how long the busy flag stays set after a data write.
	BusyClocks = 64

	attMax = 0x3FF
)

// Envelope stages.
const (
	stAttack uint8 = iota
	stDecay
	stSustain
	stRelease
)

// Operator is one of the 32 operators: its registers and its state. Operators are
// numbered as the registers are: channel + 8*slot, slots M1, M2, C1, C2.
type Operator struct {
	DT1, MUL, TL, KS, AR, AMEn, D1R, DT2, D2R, D1L, RR uint8

	Phase uint32 // 32-bit phase; the top 10 bits index the sine
	Att   uint16 // envelope attenuation, 10 bits (0 loudest)
	Stage uint8
	KeyOn bool

	// The phase step depends on registers and the LFO's PM only: it is kept until one of
	// them changes (stepFor is the PM value it was computed for).
	step    uint32
	stepFor int32
	stepOK  bool
}

// Channel is one channel's registers and feedback memory.
type Channel struct {
	RL, FB, CON, KC, KF, PMS, AMS uint8
	FBOut                         [2]int32 // M1's last two outputs
}

// State is the whole chip: what a save state needs.
type State struct {
	Regs [256]uint8
	Op   [32]Operator
	Ch   [8]Channel

	LFOCounter uint32 // 30 bits; the top 8 are the waveform position
	LFRQ       uint8
	AMD, PMD   uint8
	LFOWave    uint8
	LFOAM      uint32 // current AM value after depth (0-255)
	LFOPM      int32  // current PM value after depth (-128..127)
	LFONoise   uint8  // the noise byte latched at the last LFO step (waveform 3)

	NoiseLFSR   uint32
	NoiseCount  uint8
	NoiseBit    uint8
	NoiseEnable bool
	NoiseFreq   uint8
	EGCounter   uint32
	EGDivider   uint8
	TimerA      uint16 // 10-bit load value
	TimerB      uint8
	Mode        uint8  // register $14 bits 3:0 (IRQ enables, load)
	CountA      uint32 // samples until timer A overflows (when running)
	CountB      uint32 // samples until timer B overflows
	Flags       uint8  // status bits 1:0 (timer B, timer A)
	Samples     uint64 // samples made or skipped since reset
}

// Chip is one YM2151.
type Chip struct {
	State
}

// New returns a chip after reset.
func New() *Chip {
	c := &Chip{}
	c.Reset()
	return c
}

// Reset is the IC (initial clear) pin: every register 0, envelopes silent.
func (c *Chip) Reset() {
	c.State = State{NoiseLFSR: 1}
	for i := range c.Op {
		c.Op[i].Att = attMax
		c.Op[i].Stage = stRelease
	}
}

// Status is the status register: bit 7 busy (the caller tracks the busy time), bit 1
// timer B overflowed, bit 0 timer A overflowed.
func (c *Chip) Status() uint8 { return c.Flags }

// IRQ is the chip's interrupt output: a timer flag is set (flags are only set while that
// timer's IRQ is enabled).
func (c *Chip) IRQ() bool { return c.Flags != 0 }

// periodA and periodB are the timers' periods in samples: timer A counts 64 clocks (one
// sample) per step, timer B 1024 clocks (16 samples).
func (c *Chip) periodA() uint32 { return 1024 - uint32(c.TimerA) }
func (c *Chip) periodB() uint32 { return 16 * (256 - uint32(c.TimerB)) }

// NextIRQ is the number of samples from now until a timer overflow would raise the IRQ,
// or false if none will (timers stopped, IRQs disabled, or the IRQ is already up).
func (c *Chip) NextIRQ() (uint64, bool) {
	if c.Flags != 0 {
		return 0, false
	}
	n, ok := uint64(0), false
	if c.Mode&0x05 == 0x05 {
		n, ok = uint64(c.CountA), true
	}
	if c.Mode&0x0A == 0x0A && (!ok || uint64(c.CountB) < n) {
		n, ok = uint64(c.CountB), true
	}
	return n, ok
}

// timers advances the timers by n samples.
func (c *Chip) timers(n uint32) {
	if c.Mode&0x01 != 0 {
		if n >= c.CountA {
			if c.Mode&0x04 != 0 {
				c.Flags |= 0x01
			}
			p := c.periodA()
			c.CountA = p - (n-c.CountA)%p
		} else {
			c.CountA -= n
		}
	}
	if c.Mode&0x02 != 0 {
		if n >= c.CountB {
			if c.Mode&0x08 != 0 {
				c.Flags |= 0x02
			}
			p := c.periodB()
			c.CountB = p - (n-c.CountB)%p
		} else {
			c.CountB -= n
		}
	}
}

// Write writes register reg.
func (c *Chip) Write(reg, val uint8) {
	c.Regs[reg] = val
	switch {
	case reg == 0x01:
		// Bit 1 holds the LFO in reset (test register).
	case reg == 0x08:
		c.keyOn(val&7, val>>3&0x0F)
	case reg == 0x0F:
		c.NoiseEnable, c.NoiseFreq = val&0x80 != 0, val&0x1F
	case reg == 0x10:
		c.TimerA = c.TimerA&3 | uint16(val)<<2
	case reg == 0x11:
		c.TimerA = c.TimerA&^3 | uint16(val&3)
	case reg == 0x12:
		c.TimerB = val
	case reg == 0x14:
		// Bits 5/4 clear the flags; a load bit going 0 -> 1 starts its timer from a full
		// period; 0 stops it.
		c.Flags &^= val >> 4 & 3
		if val&0x01 != 0 && c.Mode&0x01 == 0 {
			c.CountA = c.periodA()
		}
		if val&0x02 != 0 && c.Mode&0x02 == 0 {
			c.CountB = c.periodB()
		}
		c.Mode = val & 0x0F
	case reg == 0x18:
		c.LFRQ = val
	case reg == 0x19:
		if val&0x80 != 0 {
			c.PMD = val & 0x7F
		} else {
			c.AMD = val & 0x7F
		}
	case reg == 0x1B:
		c.LFOWave = val & 3
	case reg >= 0x20 && reg < 0x40:
		for s := uint8(0); s < 32; s += 8 {
			c.Op[reg&7+s].stepOK = false
		}
		ch := &c.Ch[reg&7]
		switch reg & 0x38 {
		case 0x20:
			ch.RL, ch.FB, ch.CON = val>>6, val>>3&7, val&7
		case 0x28:
			ch.KC = val & 0x7F
		case 0x30:
			ch.KF = val >> 2
		case 0x38:
			ch.PMS, ch.AMS = val>>4&7, val&3
		}
	case reg >= 0x40:
		o := &c.Op[reg&0x1F]
		o.stepOK = false
		switch reg & 0xE0 {
		case 0x40:
			o.DT1, o.MUL = val>>4&7, val&0x0F
		case 0x60:
			o.TL = val & 0x7F
		case 0x80:
			o.KS, o.AR = val>>6, val&0x1F
		case 0xA0:
			o.AMEn, o.D1R = val>>7, val&0x1F
		case 0xC0:
			o.DT2, o.D2R = val>>6, val&0x1F
		case 0xE0:
			o.D1L, o.RR = val>>4, val&0x0F
		}
	}
}

// keyOn sets the key state of channel ch's operators: mask bit 0 M1, 1 C1, 2 M2, 3 C2.
func (c *Chip) keyOn(ch, mask uint8) {
	slots := [4]uint8{0, 2, 1, 3} // mask bit -> register slot (M1, C1, M2, C2)
	for b, s := range slots {
		o := &c.Op[int(ch)+8*int(s)]
		on := mask>>b&1 != 0
		if on && !o.KeyOn {
			o.Stage = stAttack
			o.Phase = 0
			if c.rate(o, &c.Ch[ch], o.AR) >= 62 {
				o.Att = 0
				o.Stage = stDecay
			}
		} else if !on && o.KeyOn {
			o.Stage = stRelease
		}
		o.KeyOn = on
	}
}

// rate is the effective envelope rate (0-63) of a 5-bit rate r with key scaling.
func (c *Chip) rate(o *Operator, ch *Channel, r uint8) uint8 {
	if r == 0 {
		return 0
	}
	return min(63, 2*r+(ch.KC>>2)>>(3-o.KS))
}

// Silent tells whether every operator is silent and stays so until a key-on: then the
// output is 0 and Skip gives the same state Generate would.
func (c *Chip) Silent() bool {
	for i := range c.Op {
		if o := &c.Op[i]; o.Att < attMax || o.Stage == stAttack {
			return false
		}
	}
	return true
}
