package vera

import (
	"fmt"

	"x16scope/savestate"
)

// AudioStateVersion is the version of VERA's sound section ("VAUD"): the PSG's generators
// (attribute RAM as they see it, phases, noise, the pending register writes) and the PCM
// output register. The FIFO and the rate are machine-visible and live in "VERA". The
// sample stream (who listens, samples not yet collected) is not machine state: a restored
// machine's listener starts a fresh stream.
const AudioStateVersion = 1

// AppendAudioState appends the sound section to into (allocation-free when into has room).
func (v *VERA) AppendAudioState(into []byte) []byte {
	v.psg.syncTo(psgTicksDone(v.clk.now), &v.snd)
	e := savestate.Enc{B: into}
	s := &v.psg
	e.Raw(s.attr[:])
	for i := range s.phase {
		e.U32(s.phase[i])
		e.U8(s.noise[i])
	}
	e.U32(uint32(s.out[0]))
	e.U32(uint32(s.out[1]))
	e.U64(s.done)
	e.U8(uint8(s.nq))
	for _, w := range s.queue[:s.nq] {
		e.U64(w.tick)
		e.U8(w.reg)
		e.U8(w.val)
	}
	e.U16(uint16(v.pcm.out[0]))
	e.U16(uint16(v.pcm.out[1]))
	return e.B
}

// LoadAudioState restores the sound section; on an error nothing is changed.
func (v *VERA) LoadAudioState(sec *savestate.Section) error {
	d := savestate.NewDec(sec)
	var s psgState
	d.Raw(s.attr[:])
	for i := range s.phase {
		s.phase[i] = d.U32() & psgPhaseMask
		s.noise[i] = d.U8() & 63
	}
	s.out[0] = int32(d.U32())
	s.out[1] = int32(d.U32())
	s.done = d.U64()
	s.nq = int(d.U8())
	if s.nq > psgQueueSize {
		return fmt.Errorf("save state: %w: %d queued PSG writes, at most %d", savestate.ErrCorrupt, s.nq, psgQueueSize)
	}
	for i := range s.queue[:s.nq] {
		s.queue[i] = psgWrite{d.U64(), d.U8() & (psgRegs - 1), d.U8()}
	}
	out := [2]int16{int16(d.U16()), int16(d.U16())}
	if err := d.Done(); err != nil {
		return err
	}
	v.psg = s
	if v.psg.done > v.pcm.ticks {
		v.psg.done = v.pcm.ticks
	}
	v.pcm.out = out
	v.snd = soundOut{buf: v.snd.buf[:0]}
	return nil
}
