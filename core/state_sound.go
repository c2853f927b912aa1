package core

import (
	"x16scope/savestate"
	"x16scope/ym2151"
)

// The YM2151's save-state section ("YM  "): the whole chip (registers, operators' phases and
// envelopes, LFO, noise, timers) and its bus interface. Files written before the chip was
// synthesized have only its register file (in MACH); restoreYMRegisters rebuilds a chip
// from that.
const ymStateVersion = 1

func (m *Machine) saveYM(f *savestate.File) {
	y := &m.bus.ym
	y.syncTo(m.bus.cycle)
	c := &y.chip.State
	e := savestate.Enc{B: f.Buffer("YM  ")}
	e.Raw(c.Regs[:])
	for i := range c.Op {
		o := &c.Op[i]
		for _, v := range [...]uint8{o.DT1, o.MUL, o.TL, o.KS, o.AR, o.AMEn, o.D1R, o.DT2, o.D2R, o.D1L, o.RR, o.Stage} {
			e.U8(v)
		}
		e.U32(o.Phase)
		e.U16(o.Att)
		e.Bool(o.KeyOn)
	}
	for i := range c.Ch {
		ch := &c.Ch[i]
		for _, v := range [...]uint8{ch.RL, ch.FB, ch.CON, ch.KC, ch.KF, ch.PMS, ch.AMS} {
			e.U8(v)
		}
		e.U32(uint32(ch.FBOut[0]))
		e.U32(uint32(ch.FBOut[1]))
	}
	e.U32(c.LFOCounter)
	for _, v := range [...]uint8{c.LFRQ, c.AMD, c.PMD, c.LFOWave, c.LFONoise} {
		e.U8(v)
	}
	e.U32(c.LFOAM)
	e.U32(uint32(c.LFOPM))
	e.U32(c.NoiseLFSR)
	e.U8(c.NoiseCount)
	e.U8(c.NoiseBit)
	e.Bool(c.NoiseEnable)
	e.U8(c.NoiseFreq)
	e.U32(c.EGCounter)
	e.U8(c.EGDivider)
	e.U16(c.TimerA)
	e.U8(c.TimerB)
	e.U8(c.Mode)
	e.U32(c.CountA)
	e.U32(c.CountB)
	e.U8(c.Flags)
	e.U64(c.Samples)
	e.U8(y.addr)
	e.Bool(y.wrote)
	e.U64(y.lastData)
	e.U64(y.done)
	e.U64(y.dropped)
	f.Put("YM  ", ymStateVersion, e.B)
}

func (m *Machine) loadYM(s *savestate.Section) error {
	d := savestate.NewDec(s)
	var c ym2151.State
	d.Raw(c.Regs[:])
	for i := range c.Op {
		o := &c.Op[i]
		for _, p := range [...]*uint8{&o.DT1, &o.MUL, &o.TL, &o.KS, &o.AR, &o.AMEn, &o.D1R, &o.DT2, &o.D2R, &o.D1L, &o.RR, &o.Stage} {
			*p = d.U8()
		}
		o.Phase = d.U32()
		o.Att = d.U16() & 0x3FF
		o.KeyOn = d.Bool()
	}
	for i := range c.Ch {
		ch := &c.Ch[i]
		for _, p := range [...]*uint8{&ch.RL, &ch.FB, &ch.CON, &ch.KC, &ch.KF, &ch.PMS, &ch.AMS} {
			*p = d.U8()
		}
		ch.FBOut[0] = int32(d.U32())
		ch.FBOut[1] = int32(d.U32())
	}
	c.LFOCounter = d.U32()
	for _, p := range [...]*uint8{&c.LFRQ, &c.AMD, &c.PMD, &c.LFOWave, &c.LFONoise} {
		*p = d.U8()
	}
	c.LFOAM = d.U32()
	c.LFOPM = int32(d.U32())
	c.NoiseLFSR = d.U32()
	c.NoiseCount = d.U8()
	c.NoiseBit = d.U8()
	c.NoiseEnable = d.Bool()
	c.NoiseFreq = d.U8()
	c.EGCounter = d.U32()
	c.EGDivider = d.U8()
	c.TimerA = d.U16() & 0x3FF
	c.TimerB = d.U8()
	c.Mode = d.U8()
	c.CountA = d.U32()
	c.CountB = d.U32()
	c.Flags = d.U8() & 3
	c.Samples = d.U64()
	st := YMState{Chip: c}
	st.Addr = d.U8()
	st.Wrote = d.Bool()
	st.LastData = d.U64()
	st.Samples = d.U64()
	dropped := d.U64()
	if err := d.Done(); err != nil {
		return err
	}
	m.setYMState(st)
	m.bus.ym.dropped = dropped
	return nil
}

// restoreYMRegisters rebuilds the chip of a file that has only its register file: every
// register is written again except key-on ($08), the timers' control ($14) and the test
// register ($01), which would start notes, timers or an LFO reset that the file cannot say
// were running.
func (m *Machine) restoreYMRegisters(regs *[256]uint8, addr uint8) {
	y := &m.bus.ym
	for r := range 256 {
		if r != 0x01 && r != 0x08 && r != 0x14 {
			y.chip.Write(uint8(r), regs[r])
		}
	}
	y.chip.Regs = *regs
	y.addr = addr
}
