package perf

import (
	"x16scope/vera"
)

// VERA bus accounting per frame (PROFILER.md section 4). VERA models the accesses of every
// line; this file turns them into clocks (2 per access, the uncontended cost, a lower bound)
// and per-frame figures. It runs once per VSYNC over 525 lines, never per cycle.

// LineBudget is the bus clocks of one scanline: 800 VERA clocks.
const LineBudget = vera.ClocksPerLine

// LineClocks is one line's bus use per client, in bus clocks, and the sprite renderer's wall
// clocks (a different unit, compared only with its own 798-clock budget).
type LineClocks struct {
	Layer0, Layer1, Sprite, CPUPort uint16 // bus clocks
	SpriteRender                    uint16 // sprite renderer wall clocks (VCLK)
}

// Total is the line's bus clocks over all clients.
func (l LineClocks) Total() int {
	return int(l.Layer0) + int(l.Layer1) + int(l.Sprite) + int(l.CPUPort)
}

// SpriteHeadroom is the bus clocks left for sprites after the layers and the CPU port, which
// have priority over them (X16-HARDWARE.md 4.1), or a negative number when those overfill it.
func (l LineClocks) SpriteHeadroom() int {
	return LineBudget - int(l.Layer0) - int(l.Layer1) - int(l.CPUPort)
}

// lineClocks converts VERA's access counts for one line.
func lineClocks(b *vera.LineBus) LineClocks {
	return LineClocks{
		Layer0:       sat16(2 * int(b.Layer[0])),
		Layer1:       sat16(2 * int(b.Layer[1])),
		Sprite:       sat16(2 * int(b.Sprite)),
		CPUPort:      sat16(2 * int(b.CPUAccesses)),
		SpriteRender: b.SpriteClocks,
	}
}

// frameBusStats fills r's bus fields from a completed frame's lines, and writes the
// per-line totals (heat) and per-client clocks (last).
func frameBusStats(lines *[LinesPerFrame]vera.LineBus, r *FrameRecord, heat *[LinesPerFrame]uint16,
	last *[LinesPerFrame]LineClocks) {
	peak, peakLine := -1, 0
	for y := range lines {
		b := &lines[y]
		l := lineClocks(b)
		last[y] = l
		t := l.Total()
		heat[y] = sat16(t)
		if t > peak {
			peak, peakLine = t, y
		}
		r.BusClocks += uint32(t)
		r.Layer0 += uint32(l.Layer0)
		r.Layer1 += uint32(l.Layer1)
		r.Sprite += uint32(l.Sprite)
		r.CPUPort += uint32(l.CPUPort)
		r.PortReads += uint32(b.CPURead)
		r.PortWrites += uint32(b.CPUWrite)
		r.PortBytes += uint32(b.CPUBytes)
		// Only a line whose sprites fetch can exceed their headroom: when the layers
		// alone overfill the line (two 8 bpp tile layers), a line without sprites is
		// over nothing.
		if l.Sprite > 0 && int(l.Sprite) > l.SpriteHeadroom() {
			r.SpriteOver++
		}
	}
	r.BusPeak, r.BusPeakLine = sat16(peak), uint16(peakLine)
	r.BusP95 = p95Lines(heat)
}

// p95Top is how many values rank at or above the nearest-rank 95th percentile of a frame's
// 525 lines (nearestRank(95, 525) = 498): the p95 is the 27th largest.
const p95Top = LinesPerFrame - ((95*LinesPerFrame+99)/100 - 1)

// p95Lines is the nearest-rank 95th percentile of a frame's per-line clocks. It keeps the
// p95Top largest values seen, in ascending order, instead of sorting all 525 (this runs at
// every VSYNC; most lines of a frame are equal, so most values are one compare).
func p95Lines(heat *[LinesPerFrame]uint16) uint16 {
	var top [p95Top]uint16 // ascending; top[0] is the smallest kept
	for i, v := range heat {
		if i >= p95Top && v <= top[0] {
			continue
		}
		// Insert v, dropping top[0] once the array is full.
		k := 0
		if i < p95Top {
			k = p95Top - 1 - i // fill from the top end while filling up
			top[k] = v
		} else {
			top[0] = v
		}
		for ; k+1 < p95Top && top[k] > top[k+1]; k++ {
			top[k], top[k+1] = top[k+1], top[k]
		}
	}
	return top[0]
}

// nearestRank is the index of the p-th percentile in n sorted values (nearest-rank method:
// the smallest value with at least p% of the values at or below it). n must be > 0.
func nearestRank(p, n int) int {
	return max((p*n+99)/100-1, 0)
}

func sat16(v int) uint16 { return uint16(min(max(v, 0), 0xFFFF)) }
