package perf

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"x16scope/vera"
)

// Per-frame bus figures from hand-made line data (X16-HARDWARE.md 4.3-4.5: an 8 bpp bitmap
// layer fetches 160 words a line; a 4 bpp 8x8 tile layer 80 tile + 40 map words).
func TestFrameBusStats(t *testing.T) {
	var lines [LinesPerFrame]vera.LineBus
	for y := 0; y < 480; y++ {
		lines[y].Layer[0] = 160 // 320 clocks
		lines[y].Layer[1] = 120 // 240 clocks
	}
	// Line 100: a sprite line and CPU port traffic: 10 writes (2 slots each) and 4 reads.
	lines[100].Sprite = 100 // 200 clocks: exceeds the 800 - 560 - 48 = 192 left
	lines[100].SpriteClocks = 500
	lines[100].CPURead, lines[100].CPUWrite = 4, 10
	lines[100].CPUAccesses = 24 // 48 clocks
	lines[100].CPUBytes = 40    // FX cache writes: 4 bytes each
	// Line 200: sprites that fit: 560 + 2*40 = 640.
	lines[200].Sprite = 40
	// Vertical blank: CPU uploads only.
	for y := 480; y < LinesPerFrame; y++ {
		lines[y].CPUWrite, lines[y].CPUAccesses, lines[y].CPUBytes = 32, 64, 32
	}
	var r FrameRecord
	var heat [LinesPerFrame]uint16
	var last [LinesPerFrame]LineClocks
	frameBusStats(&lines, &r, &heat, &last)

	if r.BusPeak != 808 || r.BusPeakLine != 100 {
		t.Errorf("peak %d on line %d, want 808 on line 100", r.BusPeak, r.BusPeakLine)
	}
	// 45 blank lines of 128 clocks, 478 of 560, one of 640, one of 808: the 499th smallest is 560.
	if r.BusP95 != 560 {
		t.Errorf("p95 %d, want 560", r.BusP95)
	}
	wantTotal := uint32(480*560 + 200 + 48 + 80 + 45*128)
	if r.BusClocks != wantTotal {
		t.Errorf("clocks %d, want %d", r.BusClocks, wantTotal)
	}
	if r.Layer0 != 480*320 || r.Layer1 != 480*240 || r.Sprite != 280 || r.CPUPort != 48+45*128 {
		t.Errorf("clients %d %d %d %d", r.Layer0, r.Layer1, r.Sprite, r.CPUPort)
	}
	if r.PortReads != 4 || r.PortWrites != 10+45*32 || r.PortBytes != 40+45*32 {
		t.Errorf("port %d reads %d writes %d bytes", r.PortReads, r.PortWrites, r.PortBytes)
	}
	if r.SpriteOver != 1 {
		t.Errorf("sprite-over lines %d, want 1", r.SpriteOver)
	}
	if heat[100] != 808 || heat[0] != 560 || heat[500] != 128 {
		t.Errorf("heat %d %d %d", heat[100], heat[0], heat[500])
	}
	l := last[100]
	if l != (LineClocks{Layer0: 320, Layer1: 240, Sprite: 200, CPUPort: 48, SpriteRender: 500}) || l.SpriteHeadroom() != 192 {
		t.Errorf("line 100 %+v headroom %d", l, l.SpriteHeadroom())
	}
}

// When the layers alone use more than a line's 800 clocks (two 8 bpp 8x8 tile layers, 202
// accesses each with the over-fetch), the sprites' headroom is negative: only the lines
// where sprites fetch are over it.
func TestSpriteOverOnlyWhereSpritesFetch(t *testing.T) {
	var lines [LinesPerFrame]vera.LineBus
	for y := 0; y < 480; y++ {
		lines[y].Layer[0], lines[y].Layer[1] = 202, 202 // 808 clocks: headroom -8
	}
	lines[10].Sprite, lines[11].Sprite = 8, 1
	var r FrameRecord
	var heat [LinesPerFrame]uint16
	var last [LinesPerFrame]LineClocks
	frameBusStats(&lines, &r, &heat, &last)
	if last[0].SpriteHeadroom() != -8 {
		t.Fatalf("headroom %d, want -8", last[0].SpriteHeadroom())
	}
	if r.SpriteOver != 2 {
		t.Errorf("sprite-over lines %d, want 2 (the two lines with sprite fetches)", r.SpriteOver)
	}
}

func TestNearestRank(t *testing.T) {
	for _, tc := range []struct{ p, n, want int }{
		{95, 525, 498}, {50, 100, 49}, {99, 100, 98}, {100, 7, 6}, {50, 1, 0}, {95, 20, 18}, {1, 1000, 9},
	} {
		if got := nearestRank(tc.p, tc.n); got != tc.want {
			t.Errorf("nearestRank(%d, %d) = %d, want %d", tc.p, tc.n, got, tc.want)
		}
	}
}

// LinesAt keeps the per-client split of every frame the heatmap shows (not only the newest),
// so a clicked column shows its own frame. smoke.prg pushes its 64 port bytes at a different
// line every frame, so the frames' splits differ.
func TestLinesAtKeepsEachHeatmapFrame(t *testing.T) {
	prg, err := os.ReadFile("../tests/browser/testdata/smoke.prg")
	if err != nil {
		t.Fatal(err)
	}
	m, p := startProfiled(t, prg)
	const frames = HeatFrames + 10
	var seen [frames][LinesPerFrame]LineClocks
	for f := 0; f < frames; f++ {
		m.RunFrame()
		seen[f] = *p.LinesAt(p.FrameCount() - 1) // the newest
	}
	if p.FrameCount() != frames {
		t.Fatalf("%d frames", p.FrameCount())
	}
	distinct := 0
	for k := 0; k < frames; k++ {
		got := p.LinesAt(k)
		if k < frames-HeatFrames {
			if got != nil {
				t.Fatalf("frame %d is older than the %d kept, yet LinesAt has it", k, HeatFrames)
			}
			continue
		}
		if got == nil || *got != seen[k] {
			t.Fatalf("LinesAt(%d) is not what it was when that frame was the newest", k)
		}
		heat := p.HeatAt(k)
		for y, l := range got {
			if l.Total() != int(heat[y]) {
				t.Fatalf("frame %d line %d: split totals %d, heatmap %d", k, y, l.Total(), heat[y])
			}
		}
		if k > 0 && seen[k] != seen[k-1] {
			distinct++
		}
	}
	if distinct < HeatFrames/2 {
		t.Errorf("only %d frames differ from the one before: the test would not notice a stale split", distinct)
	}
}

// p95Lines agrees with sorting and taking the nearest rank, on frames shaped like real ones
// (runs of equal lines, a few peaks) and on adversarial orders.
func TestP95LinesMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 2000; trial++ {
		var heat [LinesPerFrame]uint16
		switch trial % 4 {
		case 0: // random
			for i := range heat {
				heat[i] = uint16(rng.IntN(1200))
			}
		case 1: // ascending
			for i := range heat {
				heat[i] = uint16(i * 3)
			}
		case 2: // descending
			for i := range heat {
				heat[i] = uint16(2000 - i*3)
			}
		default: // a frame: 480 equal lines, blank lines, a few peaks
			for i := range heat {
				if i < 480 {
					heat[i] = 560
				}
			}
			for k := rng.IntN(60); k > 0; k-- {
				heat[rng.IntN(LinesPerFrame)] = uint16(rng.IntN(900))
			}
		}
		sorted := heat
		slices.Sort(sorted[:])
		want := sorted[nearestRank(95, LinesPerFrame)]
		if got := p95Lines(&heat); got != want {
			t.Fatalf("trial %d: p95 %d, sorting gives %d", trial, got, want)
		}
	}
}
