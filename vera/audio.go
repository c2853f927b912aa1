package vera

// PCM audio (X16-HARDWARE.md 2.3, 2.4; RTL audio/pcm.v, audio/audio_fifo.v). The PSG is in
// psg.go (its registers live in VRAM $1F9C0-$1F9FF, where port writes land), the DAC sample
// stream in sound.go. The FIFO drains lazily: with nobody listening its state at any cycle
// follows in closed form from the rate and the number of 48828.125 Hz sample ticks since
// the last sync; with sound output on every tick is stepped so its sample can be heard.

const (
	pcmFIFOSize   = 4096 // 4 KB ring; it holds at most 4095 bytes
	pcmLowWater   = 1024 // AFLOW: fewer bytes than this (a quarter full)
	pcmTickNum    = 25   // sample ticks = cycle * 25 / 4096: one tick per 512 VERA clocks
	pcmTickDenom  = 4096 // (25 MHz / 512 = 48828.125 Hz), i.e. every 163.84 CPU cycles
	pcmCtrlStereo = 0x10
	pcmCtrl16Bit  = 0x20
)

// pcmState is the PCM FIFO and its registers.
type pcmState struct {
	fifo   [pcmFIFOSize]byte
	rd, wr uint16   // 12-bit ring indices; empty when equal, full when wr+1 == rd
	ctrl   uint8    // AUDIO_CTRL bits 5:0: 16-bit, stereo, volume
	rate   uint8    // AUDIO_RATE
	acc    uint8    // sample-rate accumulator: a sample is due when its bit 7 changes
	ticks  uint64   // sample ticks processed so far (the time base; never reset)
	out    [2]int16 // output register (left, right) before the volume: the last sample read
}

// pcmVolumeLog is the RTL's PCM volume table (about 2.26 dB per step, 64 = unity; pcm.v).
var pcmVolumeLog = [16]int32{0, 1, 2, 3, 4, 5, 6, 8, 11, 14, 18, 23, 30, 38, 49, 64}

// reset empties the FIFO and clears the registers and the accumulator (pcm.v:55-58).
func (p *pcmState) reset() {
	p.rd, p.wr = 0, 0
	p.ctrl, p.rate, p.acc = 0, 0, 0
	p.out = [2]int16{}
}

func (p *pcmState) len() int { return int((p.wr - p.rd) & (pcmFIFOSize - 1)) }

// aflow is ISR bit 3: the FIFO holds less than a quarter (live, cleared by refilling).
func (p *pcmState) aflow() uint8 {
	if p.len() < pcmLowWater {
		return irqAFlow
	}
	return 0
}

// bytesPerSample: 1, 2 (16-bit or stereo) or 4 (16-bit stereo).
func (p *pcmState) bytesPerSample() int {
	n := 1
	if p.ctrl&pcmCtrl16Bit != 0 {
		n *= 2
	}
	if p.ctrl&pcmCtrlStereo != 0 {
		n *= 2
	}
	return n
}

func pcmTicksAt(cycle uint64) uint64 { return cycle * pcmTickNum / pcmTickDenom }

// syncTo drains the FIFO up to CPU cycle now. Each sample tick adds AUDIO_RATE to the 8-bit
// accumulator; a sample is read when bit 7 changes (pcm.v:84-102), and it takes
// bytesPerSample bytes, or what is left if the FIFO runs dry mid-sample (pcm.v:170-173).
// With sound output on, every tick is stepped and feeds the DAC (renderTo); otherwise the
// drain is computed in closed form.
func (p *pcmState) syncTo(now uint64, snd *soundOut) {
	t := pcmTicksAt(now)
	if t <= p.ticks {
		return
	}
	if snd.on {
		p.renderTo(t, snd)
		return
	}
	n := t - p.ticks
	p.ticks = t
	if p.rate == 0 {
		return
	}
	samples, acc := rateToggles(p.acc, p.rate, n)
	p.acc = acc
	if samples == 0 || p.len() == 0 {
		return
	}
	bps := p.bytesPerSample()
	k := min(uint64(p.len()), samples*uint64(bps))
	p.rd = (p.rd + uint16(k)) & (pcmFIFOSize - 1)
	if p.len() == 0 {
		p.out = [2]int16{}
	} else {
		p.out = p.decode((p.rd - uint16(bps)) & (pcmFIFOSize - 1))
	}
}

// renderTo steps the ticks up to t. At each tick the DAC takes the output register times
// the volume (sample k of the DAC, pcm.v:238-245), then the accumulator steps and maybe a
// sample is read. The output register follows the RTL's read state machine (pcm.v:104-197):
// while the FIFO is empty it is 0, and a sample whose read empties the FIFO never reaches
// it (the machine sees the FIFO empty before DONE and returns to IDLE), so the last sample
// of a buffer that runs dry is not heard.
func (p *pcmState) renderTo(t uint64, snd *soundOut) {
	for p.ticks < t {
		p.ticks++
		if p.ticks >= snd.base {
			i := snd.slot(p.ticks)
			vol := pcmVolumeLog[p.ctrl&0x0F]
			snd.buf[i] += int32(p.out[0]) * vol >> 6
			snd.buf[i+1] += int32(p.out[1]) * vol >> 6
		}
		old := p.acc
		p.acc += p.rate
		if (old^p.acc)&0x80 == 0 || p.len() == 0 {
			continue
		}
		bps := p.bytesPerSample()
		if p.len() <= bps {
			p.rd = p.wr // read dry: the sample is dropped and the output goes to 0
			p.out = [2]int16{}
			continue
		}
		p.out = p.decode(p.rd)
		p.rd = (p.rd + uint16(bps)) & (pcmFIFOSize - 1)
	}
}

// decode reads the sample starting at FIFO index i in the current format: 8-bit samples
// are the high byte of a 16-bit one; 16-bit is little-endian; mono feeds both sides.
func (p *pcmState) decode(i uint16) [2]int16 {
	at := func(j uint16) uint16 { return uint16(p.fifo[(i+j)&(pcmFIFOSize-1)]) }
	var l, r int16
	switch p.ctrl & (pcmCtrl16Bit | pcmCtrlStereo) {
	case 0:
		l = int16(at(0) << 8)
		r = l
	case pcmCtrlStereo:
		l, r = int16(at(0)<<8), int16(at(1)<<8)
	case pcmCtrl16Bit:
		l = int16(at(0) | at(1)<<8)
		r = l
	default:
		l, r = int16(at(0)|at(1)<<8), int16(at(2)|at(3)<<8)
	}
	return [2]int16{l, r}
}

// rateToggles is the number of bit-7 changes of the accumulator over n additions of rate,
// and the accumulator after them. A step of rate <= 128 crosses at most one multiple of 128,
// so the count is how many multiples the running sum passed; a rate above 128 (invalid
// per the docs, but the RTL just adds mod 256) is a step of rate-256 downwards.
func rateToggles(acc, rate uint8, n uint64) (toggles uint64, after uint8) {
	if rate <= 128 {
		sum := uint64(acc) + n*uint64(rate)
		return sum/128 - uint64(acc)/128, uint8(sum)
	}
	d := uint64(256 - uint16(rate))
	sum := int64(acc) - int64(n*d)
	return uint64(floorDiv(int64(acc), 128) - floorDiv(sum, 128)), uint8(sum)
}

// ticksForToggles is the smallest n >= 1 with rateToggles(acc, rate, n) >= k (rate != 0, k >= 1).
func ticksForToggles(acc, rate uint8, k uint64) uint64 {
	q := uint64(acc) / 128
	if rate <= 128 {
		need := 128*(q+k) - uint64(acc) // the sum must reach 128*(q+k)
		return (need + uint64(rate) - 1) / uint64(rate)
	}
	d := uint64(256 - uint16(rate))
	// The sum must drop below 128*(q-k+1): it must fall by more than acc%128 + 128*(k-1).
	return (uint64(acc)%128+128*(k-1))/d + 1
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// aflowAt is the cycle at which the FIFO will drop below a quarter full, if it is at least
// that full now and playing.
func (p *pcmState) aflowAt() (uint64, bool) {
	n := p.len()
	if p.rate == 0 || n < pcmLowWater {
		return 0, false
	}
	bps := p.bytesPerSample()
	k := uint64((n-pcmLowWater)/bps + 1) // samples until fewer than 1024 bytes remain
	tick := p.ticks + ticksForToggles(p.acc, p.rate, k)
	return (tick*pcmTickDenom + pcmTickNum - 1) / pcmTickNum, true // first cycle of that tick
}

// peek reads AUDIO_CTRL (7 full, 6 empty, 5:0 as written), AUDIO_RATE or AUDIO_DATA (0).
func (p *pcmState) peek(reg uint8) uint8 {
	switch reg {
	case regAudioCtrl:
		n := p.len()
		return b2u(n == pcmFIFOSize-1)<<7 | b2u(n == 0)<<6 | p.ctrl
	case regAudioRate:
		return p.rate
	}
	return 0
}

// write handles AUDIO_CTRL (bit 7 empties the FIFO), AUDIO_RATE and AUDIO_DATA (one byte
// into the FIFO, dropped when it is full).
func (p *pcmState) write(reg, val uint8, now uint64, snd *soundOut) {
	p.syncTo(now, snd)
	switch reg {
	case regAudioCtrl:
		if val&0x80 != 0 {
			p.rd, p.wr = 0, 0
			p.out = [2]int16{} // empty in IDLE: the output register clears
		}
		p.ctrl = val & 0x3F
	case regAudioRate:
		p.rate = val
	case regAudioData:
		if p.len() < pcmFIFOSize-1 {
			p.fifo[p.wr] = val
			p.wr = (p.wr + 1) & (pcmFIFOSize - 1)
		}
	}
}

// PCMFIFOLen is the number of bytes in the PCM FIFO as of the last sync, for a sample
// generator.
func (v *VERA) PCMFIFOLen() int { return v.pcm.len() }

// PCMFIFOByte is the i-th oldest byte in the PCM FIFO (0 <= i < PCMFIFOLen()).
func (v *VERA) PCMFIFOByte(i int) uint8 {
	return v.pcm.fifo[(int(v.pcm.rd)+i)&(pcmFIFOSize-1)]
}
