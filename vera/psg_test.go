package vera

import (
	"fmt"
	"testing"
)

// rtlPSG is a clock-by-clock model of audio/psg.v and the DAC latch (dacif.v), written
// independently of psg.go: the state machine IDLE -> (FETCH_CH x5, CALC_CH) x16, the
// attribute RAM with its one-clock read latency, the per-clock LFSR and the registered
// sum. Clock e = 512k is tick k's next_sample; the DAC takes the sum register there.
type rtlPSG struct {
	attr     [64]uint8
	work     [16]uint32 // noise<<17 | phase
	lfsr     uint16
	clock    uint64
	state    int // 0 idle, 1 fetch, 2 calc
	ch, byt  int
	rdData   uint8
	curAttr  uint32
	accL     int32
	accR     int32
	sampL    int32
	sampR    int32
	outL     []int32
	outR     []int32
	firstOut uint64
}

func newRTLPSG() *rtlPSG { return &rtlPSG{lfsr: 1} }

// edge runs one clock edge; write is applied before it (visible to reads at this edge).
func (r *rtlPSG) edge() {
	e := r.clock
	nextSample := e%512 == 0 && e > 0
	if nextSample {
		r.outL = append(r.outL, r.sampL)
		r.outR = append(r.outR, r.sampR)
	}
	// Combinational values from the registers before the edge.
	rdAddr := r.ch<<2 | r.byt&3
	noiseVal := uint8(r.lfsr>>1) & 63
	lfsrNext := r.lfsr<<1 | (r.lfsr>>1^r.lfsr>>2^r.lfsr>>4^r.lfsr>>15)&1
	newRd := r.attr[rdAddr]
	switch r.state {
	case 0:
		r.sampL, r.sampR = r.accL, r.accR
		if nextSample {
			r.state, r.ch, r.byt, r.accL, r.accR = 1, 0, 0, 0, 0
		}
	case 1:
		if r.byt == 4 {
			r.state = 2
		}
		r.curAttr = uint32(r.rdData)<<24 | r.curAttr>>8
		r.byt++
	case 2:
		a := r.curAttr
		freq := a & 0xFFFF
		vol := psgVolumeLog[a>>16&63]
		left, right := a>>22&1 != 0, a>>23&1 != 0
		pw := uint8(a >> 24 & 63)
		wf := a >> 30
		w := r.work[r.ch]
		phase, noise := w&0x1FFFF, uint8(w>>17)
		var sig uint8
		switch wf {
		case 0:
			if uint8(phase>>10) > pw {
				sig = 0
			} else {
				sig = 63
			}
		case 1:
			sig = uint8(phase>>11) ^ ^pw&63
		case 2:
			t := uint8(phase>>10) & 63
			if phase&0x10000 != 0 {
				t = ^t & 63
			}
			sig = t ^ ^pw&63
		default:
			sig = noise
		}
		var np uint32
		if left || right {
			np = (phase + freq) & 0x1FFFF
		}
		if phase&0x10000 != 0 && np&0x10000 == 0 {
			noise = noiseVal
		}
		ss := int32(sig ^ 0x20)
		if ss >= 32 {
			ss -= 64
		}
		v := ss * int32(vol) >> 3
		if left {
			r.accL += v
		}
		if right {
			r.accR += v
		}
		r.work[r.ch] = uint32(noise)<<17 | np
		if r.ch == 15 {
			r.state = 0
		} else {
			r.state = 1
		}
		r.byt = 0
		r.ch = (r.ch + 1) & 15
	}
	r.rdData = newRd
	r.lfsr = lfsrNext
	r.clock++
}

type psgWriteAt struct {
	cycle    uint64
	reg, val uint8
}

// runRTL runs the model to CPU cycle end with the writes applied at their VERA clocks.
func runRTL(writes []psgWriteAt, end uint64) (l, r []int32) {
	m := newRTLPSG()
	// Align the LFSR with psg.go's convention: clock 0 of tick 0 is LFSR step 0.
	wi := 0
	for m.clock*8 < end*25 {
		for wi < len(writes) && writes[wi].cycle*25 < m.clock*8 {
			m.attr[writes[wi].reg] = writes[wi].val
			wi++
		}
		m.edge()
	}
	return m.outL, m.outR
}

// runPSG plays the same writes through VERA's port and returns DAC samples 1..n.
func runPSG(t *testing.T, writes []psgWriteAt, end uint64) (l, r []int32) {
	t.Helper()
	v := New()
	v.SetSoundOutput(true, 0)
	for _, w := range writes {
		writeVRAMAt(v, psgBase+uint32(w.reg), w.val, w.cycle)
	}
	first, lr := v.SoundView(end)
	if first != 1 {
		t.Fatalf("first sample %d, want 1", first)
	}
	for i := 0; i < len(lr); i += 2 {
		l = append(l, lr[i])
		r = append(r, lr[i+1])
	}
	return l, r
}

// comparePSG checks every DAC sample against the clock model and returns how many were
// not silent.
func comparePSG(t *testing.T, name string, writes []psgWriteAt, end uint64) int {
	t.Helper()
	wl, wr := runRTL(writes, end)
	gl, gr := runPSG(t, writes, end)
	n := min(len(wl), len(gl))
	if n < len(wl)-2 || n == 0 {
		t.Fatalf("%s: %d samples, the clock model made %d", name, len(gl), len(wl))
	}
	nonzero := 0
	for i := range n {
		if gl[i] != wl[i] || gr[i] != wr[i] {
			t.Fatalf("%s: sample %d = (%d, %d), RTL model (%d, %d)", name, i+1, gl[i], gr[i], wl[i], wr[i])
		}
		if gl[i] != 0 {
			nonzero++
		}
	}
	return nonzero
}

func voice(cycle uint64, c int, freq uint16, lr, vol, wf, pw uint8) []psgWriteAt {
	r := uint8(c * 4)
	return []psgWriteAt{
		{cycle, r, uint8(freq)}, {cycle, r + 1, uint8(freq >> 8)},
		{cycle, r + 2, lr<<6 | vol}, {cycle, r + 3, wf<<6 | pw},
	}
}

func TestPSGWaveformsMatchRTLClockModel(t *testing.T) {
	for wf := range uint8(4) {
		for _, pw := range []uint8{0, 1, 15, 31, 32, 63} {
			for _, freq := range []uint16{1, 181, 1000, 0x7FFF, 0xFFFF} {
				name := fmt.Sprintf("wf %d width %d freq %d", wf, pw, freq)
				if comparePSG(t, name, voice(100, 3, freq, 3, 63, wf, pw), 40000) == 0 && freq > 1 {
					t.Errorf("%s: silent", name)
				}
			}
		}
	}
}

func TestPSGVolumesAndSidesMatchRTLClockModel(t *testing.T) {
	var w []psgWriteAt
	for c := range 16 {
		w = append(w, voice(50, c, uint16(300+c*97), uint8(c%3+1), uint8(c*4+3), uint8(c%4), uint8(c*5))...)
	}
	if comparePSG(t, "16 voices", w, 60000) == 0 {
		t.Error("silent")
	}
}

// Writes landing inside a tick's fetch window: each voice sees a write only if its own
// fetch of that byte comes after it.
func TestPSGWriteTimingMatchesRTLClockModel(t *testing.T) {
	var w []psgWriteAt
	for c := range 16 {
		w = append(w, voice(10, c, 2000, 3, 40, 0, 32)...)
	}
	// Change every voice's volume at cycles that fall across tick 20's fetch window
	// (tick 20 starts at VERA clock 10240 = CPU cycle 3276.8).
	for i := range 64 {
		c := i % 16
		w = append(w, psgWriteAt{3270 + uint64(i), uint8(c*4 + 2), uint8(3<<6 | (i*7)&63)})
		w = append(w, psgWriteAt{3270 + uint64(i), uint8(c*4 + 3), uint8(i * 3 & 0xFF)})
	}
	if comparePSG(t, "mid-tick writes", w, 8000) == 0 {
		t.Error("silent")
	}
}

func TestPSGNoiseMatchesRTLClockModel(t *testing.T) {
	var w []psgWriteAt
	for c := range 16 {
		w = append(w, voice(10, c, uint16(4000+c*3000), 3, 63, 3, 0)...)
	}
	if comparePSG(t, "noise", w, 50000) == 0 {
		t.Error("silent")
	}
}

// Exact values: a full-volume pulse at width 63 is +1980 (signal 63 -> 31 * 511 >> 3) on
// both sides; at width 0 it is high only while phase[16:10] is 0.
func TestPSGPulseLevels(t *testing.T) {
	l, r := runPSG(t, voice(0, 0, 1024, 3, 63, 0, 63), 2000)
	for i := 1; i < len(l); i++ {
		if l[i] != 1980 || r[i] != 1980 {
			t.Fatalf("sample %d = %d/%d, want 1980", i+1, l[i], r[i])
		}
	}
	// freq 1024: phase[16:10] steps by 1 per tick, so width 0 is high 1 tick in 128.
	l, _ = runPSG(t, voice(0, 0, 1024, 1, 63, 0, 0), 500*4096/25)
	high := 0
	for _, s := range l[1:] {
		switch s {
		case 1980:
			high++
		case -2044:
		default:
			t.Fatalf("pulse sample %d", s)
		}
	}
	if high < 3 || high > 4 {
		t.Errorf("width 0 high for %d of %d samples, want 1 in 128", high, len(l)-1)
	}
}

// Turning output on after a stretch with nobody listening continues exactly as if it had
// been on throughout (closed-form skip).
func TestPSGSkipWhileSilentOutputIsExact(t *testing.T) {
	var w []psgWriteAt
	for c := range 16 {
		w = append(w, voice(20, c, uint16(777*c+13), uint8(c%3+1), 50, uint8(c%4), 20)...)
	}
	w = append(w, psgWriteAt{30000, 2, 0}, psgWriteAt{31000, 2, 0xC0 | 63}) // off, on
	ref := New()
	ref.SetSoundOutput(true, 0)
	late := New()
	for _, x := range w {
		writeVRAMAt(ref, psgBase+uint32(x.reg), x.val, x.cycle)
		writeVRAMAt(late, psgBase+uint32(x.reg), x.val, x.cycle)
	}
	late.SetSoundOutput(true, 50000)
	f1, a := ref.SoundView(90000)
	f2, b := late.SoundView(90000)
	off := int(f2-f1) * 2
	if len(b) < 400 || len(a) != off+len(b) {
		t.Fatalf("lengths %d (from %d), %d (from %d)", len(a), f1, len(b), f2)
	}
	for i := range b {
		if a[off+i] != b[i] {
			t.Fatalf("sample %d after turning on: %d, always-on %d", i/2, b[i], a[off+i])
		}
	}
}

// writeVRAMAt writes one VRAM byte through port 0 at CPU cycle now.
func writeVRAMAt(v *VERA, addr uint32, val uint8, now uint64) {
	v.Write(regCtrl, 0, now)
	v.Write(regAddrL, uint8(addr), now)
	v.Write(regAddrM, uint8(addr>>8), now)
	v.Write(regAddrH, uint8(addr>>16&1), now)
	v.Write(regData0, val, now)
}

// An audio state saved and restored into another VERA makes the same samples.
func TestAudioStateRoundTrip(t *testing.T) {
	a := New()
	a.SetSoundOutput(true, 0)
	var w []psgWriteAt
	for c := range 16 {
		w = append(w, voice(10, c, uint16(300+c*211), uint8(c%3+1), 40, uint8(c%4), 20)...)
	}
	for _, x := range w {
		writeVRAMAt(a, psgBase+uint32(x.reg), x.val, x.cycle)
	}
	a.Write(regAudioCtrl, 0x3F, 100)
	for i := range 3000 {
		a.Write(regAudioData, uint8(i*7), 100)
	}
	a.Write(regAudioRate, 100, 100)
	a.SoundView(20000)
	a.DiscardSound(1 << 20)
	st := a.AudioState()
	b := New()
	b.vram = a.vram
	b.SetAudioState(st)
	_, x := a.SoundView(60000)
	_, y := b.SoundView(60000)
	if len(x) < 400 || len(x) != len(y) {
		t.Fatalf("lengths %d, %d", len(x), len(y))
	}
	for i := range x {
		if x[i] != y[i] {
			t.Fatalf("sample %d: %d after restoring, %d before", i/2, y[i], x[i])
		}
	}
}

// Writes to the PSG registers all in one cycle (a debugger or a LOAD into VRAM while the
// machine stands still) can fill the write queue more than once; none is lost and nothing
// breaks: every register ends with the value written last.
func TestPSGWritesInOneCycle(t *testing.T) {
	r := newRig(t)
	for pass := range 5 {
		r.setAddr(0, psgBase, 0x10)
		for reg := range psgRegs {
			r.w(regData0, uint8(pass*64+reg))
		}
	}
	r.now += 2 * CyclesPerLine // a few PSG ticks later: the queue has drained
	r.v.sync(r.now)
	r.v.psg.syncTo(psgTicksDone(r.now), &r.v.snd)
	for reg := range psgRegs {
		if got, want := r.v.psg.attr[reg], uint8(4*64+reg); got != want {
			t.Fatalf("register %d: %d, want %d", reg, got, want)
		}
	}
}
