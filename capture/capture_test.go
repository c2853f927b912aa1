package capture

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"x16scope/core"
	"x16scope/perf"
)

// TestOpenShowsTheCapturedFrame: a capture loaded elsewhere and its frame run again shows
// the same picture and the same figures for the captured frame and the frames before it,
// and resuming it runs as the original went on.
func TestOpenShowsTheCapturedFrame(t *testing.T) {
	for _, s := range setups(t) {
		t.Run(s.name, func(t *testing.T) {
			m, p := s.build(t)
			record(t, m, p, s.before)
			start, startFrame := StateSections(m, p), m.Frame()
			if ev := m.RunFrame(); ev&core.EventVSync == 0 {
				t.Skip("the program ended before the captured frame")
			}
			// A capture as the session makes one: the state at the frame's start, the
			// records up to it, the picture after it.
			shot, err := EncodePNG(m.VERA().FrameView())
			if err != nil {
				t.Fatal(err)
			}
			cp := &Capture{
				Meta:    NewMeta(s.name+".prg", p.Budget().TargetFps, startFrame, p.FrameAt(p.FrameCount()-1).Frame, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), "v0.0.0-test"),
				State:   start,
				History: p.SaveHistory(perf.HistoryFrames),
				PNG:     shot,
			}
			data, err := cp.Encode()
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("capture: %d bytes (PNG %d, records of %d frames)", len(data), len(cp.PNG), p.FrameCount())
			back, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if back.Meta != cp.Meta {
				t.Fatalf("metadata %+v, want %+v", back.Meta, cp.Meta)
			}
			m2, p2, err := Load(back, core.RestoreOptions{ROMs: roms(s)}, perf.OwnerOverlay)
			if err != nil {
				t.Fatal(err)
			}
			m2.RunFrame() // the captured frame, once more
			if again, _ := EncodePNG(m2.VERA().FrameView()); !bytes.Equal(again, cp.PNG) {
				t.Error("the opened capture's picture differs from its screenshot")
			}
			n, n2 := p.FrameCount(), p2.FrameCount()
			if n2 != n {
				t.Fatalf("opened profiler holds %d frames, want %d", n2, n)
			}
			for k := 1; k <= n2; k++ {
				if a, b := frameText(p, n-k), frameText(p2, n2-k); a != b {
					t.Fatalf("frame %d from the newest differs:\n got %s\nwant %s", k-1, b, a)
				}
			}
			if a, b := p.FrameAt(n-1).Frame, back.Meta.ProfFrame; a != b {
				t.Errorf("metadata names frame %d, the captured one is %d", b, a)
			}
			if a, b := fmt.Sprint(p.Stats(0).Frames), fmt.Sprint(p2.Stats(0).Frames); a != b {
				t.Errorf("statistics differ:\n got %s\nwant %s", b, a)
			}
			want, got := record(t, m, p, 10), record(t, m2, p2, 10)
			for i := range want {
				if i >= len(got) || got[i] != want[i] {
					t.Fatalf("resumed frame %d differs", i)
				}
			}
		})
	}
}

func frameText(p *perf.Profiler, k int) string {
	s := fmt.Sprintf("%+v %v", *p.FrameAt(k), p.FrameBucketsAt(k))
	if h := p.HeatAt(k); h != nil {
		s += fmt.Sprint(h[:], p.LinesAt(k)[:])
	}
	return s
}
