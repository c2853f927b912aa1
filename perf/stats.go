package perf

import (
	"math"
	"slices"

	"x16scope/vera"
)

// Stats is the profiler's summary over a window of recent frames: the object the browser
// exposes as perfStats(), the CLI prints with --json, and a capture stores. Percentiles are
// computed on demand (copy the window, sort), so a window nobody asks for costs nothing.
type Stats struct {
	Profiling bool        `json:"profiling"` // an owner holds profiling on
	Frames    FrameWindow `json:"frames"`
	Budget    Budget      `json:"budget"`
	Periods   PeriodStats `json:"periods"`
	Cycles    CycleStats  `json:"cycles"`
	// Zones is the breakdown by bucket (other, wait, irq, regions, zones) with cycles in the
	// window, most cycles first.
	Zones     []ZoneStat  `json:"zones"`
	Markers   MarkerStats `json:"markers"`
	Bandwidth Bandwidth   `json:"bandwidth"`
	// Routines is the call profile (PROFILER.md section 7): the routines with the most
	// inclusive cycles in the window, at most MaxStatRoutines.
	Routines []RoutineStat `json:"routines"`
}

// FrameWindow is the frames a Stats covers.
type FrameWindow struct {
	First  uint32 `json:"first"`  // frame number of the oldest frame
	Last   uint32 `json:"last"`   // frame number of the newest frame
	Count  int    `json:"count"`  // frames in the window
	Cycles uint64 `json:"cycles"` // CPU cycles charged in them
}

// Percentiles of a distribution (nearest-rank).
type Percentiles struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// PeriodStats summarises the periods that closed in the window. Unsynced periods (closed by
// the 8-VSYNC cap: the program gave no frame boundary) are counted apart and left out of the
// percentiles; they are never overruns.
type PeriodStats struct {
	Count    int `json:"count"`    // judged periods (synced)
	Overruns int `json:"overruns"` // of those, how many exceeded budget + 8 x VSYNCs
	Unsynced int `json:"unsynced"` // periods closed by the 8-VSYNC cap
	// Work is work cycles per period; Utilisation is work / budget in percent.
	Work        Percentiles `json:"work"`
	Utilisation Percentiles `json:"utilisation"`
	// MeanVSyncs is the mean period length in frames: 1 at 60 fps, 2 at 30 fps.
	MeanVSyncs float64 `json:"meanVsyncs"`
}

// CycleStats are the window's cycles by bucket kind. Work + Waiting = the window's cycles.
type CycleStats struct {
	Other    uint64  `json:"other"`
	Wait     uint64  `json:"wait"`
	IRQ      uint64  `json:"irq"`
	Regions  uint64  `json:"regions"`
	ZoneWork uint64  `json:"zoneWork"`
	ZoneIdle uint64  `json:"zoneIdle"`
	Work     uint64  `json:"work"`
	Waiting  uint64  `json:"waiting"`
	IRQShare float64 `json:"irqShare"` // irq cycles as a percentage of work
}

// ZoneStat is one bucket's share of the window.
type ZoneStat struct {
	Name     string  `json:"name"`
	Kind     Kind    `json:"kind"`
	Bucket   int     `json:"bucket"`
	Idle     bool    `json:"idle"` // its cycles are waiting
	Cycles   uint64  `json:"cycles"`
	Share    float64 `json:"share"`    // percentage of the window's cycles
	PerFrame float64 `json:"perFrame"` // mean cycles per frame
}

// MarkerStats describes the guest's use of the marker port.
type MarkerStats struct {
	Mode           bool   `json:"mode"`   // marker mode is on (a marker was written since reset)
	Framed         bool   `json:"framed"` // the guest writes $F0
	Depth          int    `json:"depth"`  // regions open now
	ProtocolErrors uint32 `json:"protocolErrors"`
}

// Bandwidth summarises VERA's bus over the window (PROFILER.md section 4). Every clock
// figure is bus occupancy: 2 clocks per access, the uncontended cost, so a lower bound.
type Bandwidth struct {
	ClockUnits string `json:"clockUnits"` // always "bus"
	// Model names the VERA RTL release the bus model follows ("VERA RTL v47.0.2"), the same
	// release the emulated VERA reports at DCSEL 63.
	Model      string `json:"model"`
	Available  bool   `json:"available"`  // VERA's bus model was present for these frames
	Frames     int    `json:"frames"`     // frames with bus statistics
	LineBudget int    `json:"lineBudget"` // 800 bus clocks per scanline

	PeakClocks int     `json:"peakClocks"` // busiest line of the window
	PeakLine   int     `json:"peakLine"`
	PeakFrame  uint32  `json:"peakFrame"`
	P95Clocks  int     `json:"p95Clocks"`  // 95th percentile over frames of each frame's p95
	MeanClocks float64 `json:"meanClocks"` // mean clocks per line

	// PerLine is the mean clocks per line of each client.
	PerLine ClientClocks `json:"perLine"`
	Port    PortStats    `json:"port"`
	Sprites SpriteStats  `json:"sprites"`
}

// ClientClocks splits bus clocks by client.
type ClientClocks struct {
	Layer0  float64 `json:"layer0"`
	Layer1  float64 `json:"layer1"`
	Sprites float64 `json:"sprites"`
	CPUPort float64 `json:"cpuPort"`
}

// PortStats is the CPU data port ($9F23/$9F24) over the window.
type PortStats struct {
	Reads         uint64 `json:"reads"`
	Writes        uint64 `json:"writes"` // bytes the CPU pushed
	BytesIntoVRAM uint64 `json:"bytesIntoVram"`
	// FXRatio is bytes into VRAM per CPU byte pushed: 1 without FX, up to 4 with cache writes.
	FXRatio float64 `json:"fxRatio"`
}

// SpriteStats: sprites are last on the bus and get what layers and the CPU leave.
type SpriteStats struct {
	// OverLines counts lines (over all frames of the window) whose sprite fetches exceed the
	// headroom left after the layers and the CPU port.
	OverLines uint64 `json:"overLines"`
}

// statsScratch is preallocated sorting and summing space for Stats, so a window costs
// a copy and a sort and no allocation beyond the returned breakdown.
type statsScratch struct {
	sums       [bucketSpace]uint64
	p95        [HistoryFrames]uint16
	work, util [PeriodHistory]float64
}

// Stats summarises the last n frames (all recorded frames, up to HistoryFrames, if n <= 0).
func (p *Profiler) Stats(n int) Stats {
	h := &p.hist
	s := Stats{Profiling: p.On() || p.records, Budget: p.budget}
	s.Bandwidth = Bandwidth{ClockUnits: "bus", Model: "VERA RTL " + vera.RTLTag, LineBudget: LineBudget}
	s.Markers = MarkerStats{Mode: p.mk.on, Framed: p.mk.framed, Depth: int(p.mk.depth), ProtocolErrors: p.mk.errors}
	avail := int(min(h.nFrames, HistoryFrames))
	if n <= 0 || n > avail {
		n = avail
	}
	if n == 0 {
		return s
	}
	first := h.nFrames - uint64(n)
	s.Frames = FrameWindow{First: h.frames[slot(first)].Frame, Last: h.frames[slot(h.nFrames-1)].Frame, Count: n}

	sums := p.scratch.sums[:h.stride]
	clear(sums)
	b := &s.Bandwidth
	perFrameP95 := p.scratch.p95[:0]
	var l0, l1, spr, cpu, busAll uint64
	for k := first; k < h.nFrames; k++ {
		i := slot(k)
		r := &h.frames[i]
		for j, v := range h.row(i) {
			sums[j] += uint64(v)
		}
		c := &s.Cycles
		c.Other += uint64(r.Other)
		c.Wait += uint64(r.Wait)
		c.IRQ += uint64(r.IRQ)
		c.Regions += uint64(r.Regions)
		c.ZoneWork += uint64(r.ZoneWork)
		c.ZoneIdle += uint64(r.ZoneIdle)
		if r.Flags&FrameBus == 0 {
			continue
		}
		b.Frames++
		if int(r.BusPeak) > b.PeakClocks || b.Frames == 1 {
			b.PeakClocks, b.PeakLine, b.PeakFrame = int(r.BusPeak), int(r.BusPeakLine), r.Frame
		}
		perFrameP95 = append(perFrameP95, r.BusP95)
		busAll += uint64(r.BusClocks)
		l0 += uint64(r.Layer0)
		l1 += uint64(r.Layer1)
		spr += uint64(r.Sprite)
		cpu += uint64(r.CPUPort)
		b.Port.Reads += uint64(r.PortReads)
		b.Port.Writes += uint64(r.PortWrites)
		b.Port.BytesIntoVRAM += uint64(r.PortBytes)
		b.Sprites.OverLines += uint64(r.SpriteOver)
	}
	c := &s.Cycles
	c.Work = c.Other + c.IRQ + c.Regions + c.ZoneWork
	c.Waiting = c.Wait + c.ZoneIdle
	c.IRQShare = pct(c.IRQ, c.Work)
	s.Frames.Cycles = c.Work + c.Waiting

	if b.Frames > 0 {
		b.Available = true
		lines := float64(b.Frames * LinesPerFrame)
		b.MeanClocks = round2(float64(busAll) / lines)
		b.PerLine = ClientClocks{round2(float64(l0) / lines), round2(float64(l1) / lines),
			round2(float64(spr) / lines), round2(float64(cpu) / lines)}
		slices.Sort(perFrameP95)
		b.P95Clocks = int(perFrameP95[nearestRank(95, len(perFrameP95))])
		if b.Port.Writes > 0 {
			b.Port.FXRatio = round2(float64(b.Port.BytesIntoVRAM) / float64(b.Port.Writes))
		}
	}

	s.Zones = p.breakdown(sums, n, s.Frames.Cycles)
	s.Periods = p.periodStats(s.Frames.First)
	s.Routines = p.Routines(n)
	if len(s.Routines) > MaxStatRoutines {
		s.Routines = s.Routines[:MaxStatRoutines]
	}
	return s
}

// MaxStatRoutines bounds Stats.Routines: the routines with the most inclusive cycles.
const MaxStatRoutines = 100

// breakdown lists the buckets with cycles, most first (ties: lower bucket first).
func (p *Profiler) breakdown(sums []uint64, frames int, total uint64) []ZoneStat {
	var zs []ZoneStat
	for j, v := range sums {
		if v == 0 {
			continue
		}
		k, idle := p.bucketKind(j)
		zs = append(zs, ZoneStat{Name: p.BucketName(j), Kind: k, Bucket: j, Idle: idle, Cycles: v,
			Share: pct(v, total), PerFrame: round2(float64(v) / float64(frames))})
	}
	slices.SortStableFunc(zs, func(a, b ZoneStat) int {
		switch {
		case a.Cycles > b.Cycles:
			return -1
		case a.Cycles < b.Cycles:
			return 1
		}
		return a.Bucket - b.Bucket
	})
	return zs
}

// periodStats summarises the periods that closed in frames numbered from first on.
func (p *Profiler) periodStats(first uint32) PeriodStats {
	h := &p.hist
	var ps PeriodStats
	work, util := p.scratch.work[:0], p.scratch.util[:0]
	var vs uint64
	oldest := h.nPeriods - min(h.nPeriods, PeriodHistory)
	for k := h.nPeriods; k > oldest; k-- {
		r := &h.periods[(k-1)%PeriodHistory]
		if r.EndFrame < first {
			break
		}
		if r.Flags&PeriodUnsynced != 0 {
			ps.Unsynced++
			continue
		}
		ps.Count++
		if r.Flags&PeriodOverrun != 0 {
			ps.Overruns++
		}
		vs += uint64(r.VSyncs)
		work = append(work, float64(r.Work))
		util = append(util, 100*float64(r.Work)/float64(r.Budget))
	}
	if ps.Count > 0 {
		ps.Work = percentiles(work)
		ps.Utilisation = percentiles(util)
		ps.MeanVSyncs = round2(float64(vs) / float64(ps.Count))
	}
	return ps
}

// percentiles sorts v and reads p50/p95/p99/max by nearest rank, rounded to 0.01.
func percentiles(v []float64) Percentiles {
	slices.Sort(v)
	n := len(v)
	return Percentiles{
		P50: round2(v[nearestRank(50, n)]),
		P95: round2(v[nearestRank(95, n)]),
		P99: round2(v[nearestRank(99, n)]),
		Max: round2(v[n-1]),
	}
}

func pct(part, whole uint64) float64 {
	if whole == 0 {
		return 0
	}
	return round2(100 * float64(part) / float64(whole))
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
