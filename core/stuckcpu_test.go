package core

import (
	"hash/fnv"
	"os"
	"testing"

	"x16scope/rom"
)

// stuckRun is drawhang.prg run on the built-in ROM for 120 frames with one of its endings
// (testdata/drawhang.s: 0 a masked jump to itself, 1 STP, 2 a counting loop that never
// exits): the hash of every frame's picture, the PSG's samples of the last 20 frames, and
// VIA1's T1 counter after frames 60 and 61.
type stuckRun struct {
	frames   [121]uint64
	sound    uint64
	t1       [2]uint8
	recentN  [2]uint64 // instructions executed by frame 10 and by frame 120
	idle     uint64    // cycles fast-forwarded
	stopSeen int       // the frame whose run reported EventStop, 0 none
}

func runStuck(t *testing.T, mode byte) stuckRun {
	t.Helper()
	prg, err := os.ReadFile("testdata/drawhang.prg")
	if err != nil {
		t.Fatal(err)
	}
	prg = append([]byte(nil), prg...)
	prg[17] = mode // `mode` at $0810
	m := newTestMachine(t, Config{ROM: rom.Image()})
	m.KeepRecent(true)
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	var r stuckRun
	for m.Frame() < 120 {
		if m.Frame() == 100 {
			m.SetSound(true)
		}
		ev := m.RunFrame()
		if ev&EventVSync == 0 {
			t.Fatalf("mode %d: frame %d ended without its VSYNC (events %b)", mode, m.Frame()+1, ev)
		}
		if ev&EventStop != 0 {
			if r.stopSeen != 0 {
				t.Fatalf("mode %d: EventStop in frame %d and again in frame %d", mode, r.stopSeen, m.Frame())
			}
			r.stopSeen = int(m.Frame())
		}
		h := fnv.New64a()
		h.Write(m.VERA().FrameView())
		r.frames[m.Frame()] = h.Sum64()
		switch m.Frame() {
		case 10:
			r.recentN[0] = m.RecentView().N
		case 60, 61:
			r.t1[m.Frame()-60] = m.Peek(0x9F04)
		}
	}
	r.recentN[1] = m.RecentView().N
	r.idle = m.IdleCycles()
	for _, s := range m.SoundView() {
		r.sound = r.sound*31 + uint64(uint16(s))
	}
	return r
}

// A program that draws and then can never go on, in the same frame, shows what it drew in
// every frame after, exactly as the same program that spins for ever: only the CPU is
// stuck. The stuck CPU costs nothing per cycle (STP executes no instruction, the masked
// jump to itself is fast-forwarded), and the sound and timers go on.
func TestStuckCPUKeepsTheMachineRunning(t *testing.T) {
	ref := runStuck(t, 2)
	if ref.stopSeen != 0 {
		t.Fatalf("the counting loop reported EventStop in frame %d", ref.stopSeen)
	}
	if ref.frames[3] == ref.frames[10] {
		t.Fatal("the reference's picture at frame 3 already shows the drawing: the test cannot tell a stale frame")
	}
	for _, mode := range []byte{0, 1} {
		r := runStuck(t, mode)
		for f := 1; f <= 120; f++ {
			if r.frames[f] != ref.frames[f] {
				t.Fatalf("mode %d: frame %d differs from the spinning program's", mode, f)
			}
		}
		if r.sound != ref.sound || r.sound == 0 {
			t.Errorf("mode %d: sound of the last frames %x, the spinning program's %x (want equal, not silent)", mode, r.sound, ref.sound)
		}
		if r.t1[0] == r.t1[1] {
			t.Errorf("mode %d: VIA1 T1 read $%02X after frames 60 and 61: the timer stopped", mode, r.t1[0])
		}
		switch mode {
		case 0:
			if r.idle < 100*CyclesPerFrame {
				t.Errorf("masked jump to itself: %d cycles fast-forwarded, want most of 117 frames", r.idle)
			}
		case 1:
			// the program starts in frame 4 on line 182 (README "Frame numbers") and its
			// drawing runs past that frame's VSYNC
			if r.stopSeen != 5 {
				t.Errorf("STP: EventStop in frame %d, want once, in frame 5", r.stopSeen)
			}
			if r.recentN[1] != r.recentN[0] {
				t.Errorf("STP: %d instructions executed after the stop", r.recentN[1]-r.recentN[0])
			}
		}
	}
}
