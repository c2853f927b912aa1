package overlay

import "x16scope/perf"

// Series of the bar chart, bottom to top: irq, up to zoneSeries named zones or marker
// regions (in the order they first had cycles), the rest of the zones together, other
// work, then waiting (automatic wait detection and idle zones).
const (
	seriesIRQ        = 0
	zoneSeries       = 8
	seriesMoreZones  = 1 + zoneSeries
	seriesOther      = seriesMoreZones + 1
	seriesWait       = seriesOther + 1
	seriesCount      = seriesWait + 1
	unassignedSeries = 0xFF
)

// seriesColors are the bar colours per series.
var seriesColors = [seriesCount]uint32{
	0xe8663cff,                                                                                     // irq
	0x9b6bffff, 0x3fc7b0ff, 0xf2c14eff, 0xe86fb5ff, 0x7fd04bff, 0x55a7ffff, 0xc9a27eff, 0x6fe0e0ff, // zones
	0x8a8f99ff, // more zones
	0x4f7fc0ff, // other work
	0x2c313bff, // waiting
}

// BarSource turns the profiler's frame ring into chart bars. Each frame's bar is computed
// once and cached by frame number, so a displayed frame costs only the new machine frames.
type BarSource struct {
	prof    *perf.Profiler
	gen     int // zone generation the cache was built for
	cache   [perf.HistoryFrames]Bar
	valid   [perf.HistoryFrames]uint32 // frame number held in each cache slot
	idle    []bool                     // per bucket: its cycles are waiting
	series  []uint8                    // per bucket: the series it is drawn in
	names   [seriesCount]string
	nextZon int
	view    []Bar
}

// reset binds the source to a profiler and zone generation, forgetting everything.
func (b *BarSource) reset(p *perf.Profiler, gen int) {
	b.prof, b.gen = p, gen
	clear(b.valid[:])
	b.idle, b.series = b.idle[:0], b.series[:0]
	b.nextZon = 0
	b.names = [seriesCount]string{seriesIRQ: "irq", seriesMoreZones: "more zones", seriesOther: "other work", seriesWait: "waiting"}
}

// Bars returns the newest n frames' bars, oldest first. The slice is reused by the next
// call: frames still wanted stay where they are (moved down as old ones drop out) and only
// the new ones are looked up, so a displayed frame costs the machine frames it ran.
func (b *BarSource) Bars(p *perf.Profiler, gen, n int) []Bar {
	if p != b.prof || gen != b.gen {
		b.reset(p, gen)
		b.view = b.view[:0]
	}
	total := p.FrameCount()
	n = min(n, total)
	if n == 0 {
		b.view = b.view[:0]
		return b.view
	}
	first := p.FrameAt(total - n).Frame
	keep := 0
	if len(b.view) > 0 {
		// Frame numbers are consecutive: the view holds b.view[0].Frame on.
		if drop := int(first) - int(b.view[0].Frame); drop >= 0 && drop <= len(b.view) {
			keep = min(len(b.view)-drop, n)
			copy(b.view, b.view[drop:drop+keep])
		}
	}
	b.view = b.view[:keep]
	for k := total - n + keep; k < total; k++ {
		rec := p.FrameAt(k)
		i := int(rec.Frame % perf.HistoryFrames)
		if b.valid[i] != rec.Frame || rec.Frame == 0 {
			b.cache[i] = b.compute(rec, p.FrameBucketsAt(k))
			b.valid[i] = rec.Frame
		}
		b.view = append(b.view, b.cache[i])
	}
	return b.view
}

// compute builds one frame's bar.
func (b *BarSource) compute(rec *perf.FrameRecord, row []uint32) Bar {
	bar := Bar{Frame: rec.Frame, Work: rec.Work(),
		Over:  rec.Flags&perf.FrameOverrun != 0,
		Reset: rec.Flags&(perf.FrameReset|perf.FramePartial) != 0}
	bar.Segs[seriesIRQ] = rec.IRQ
	bar.Segs[seriesOther] = rec.Other
	bar.Segs[seriesWait] = rec.Wait + rec.ZoneIdle
	for bk := perf.RegionBucket(1); bk < len(row); bk++ {
		if row[bk] == 0 {
			continue
		}
		s := b.seriesOf(bk)
		if s == unassignedSeries {
			continue // idle zone: already in waiting
		}
		bar.Segs[s] += row[bk]
	}
	return bar
}

// seriesOf returns the series of bucket bk, assigning a zone series on first sight.
func (b *BarSource) seriesOf(bk int) uint8 {
	for len(b.series) <= bk {
		j := len(b.series)
		_, _, idle := b.prof.BucketInfo(j)
		b.idle = append(b.idle, idle)
		b.series = append(b.series, unassignedSeries)
		if !idle {
			b.series[j] = 0 // 0: not yet assigned (irq is never a zone bucket)
		}
	}
	switch s := b.series[bk]; {
	case b.idle[bk]:
		return unassignedSeries
	case s != 0:
		return s
	}
	s := uint8(seriesMoreZones)
	if b.nextZon < zoneSeries {
		s = uint8(1 + b.nextZon)
		b.nextZon++
		name, _, _ := bucketInfo(b.prof, bk)
		b.names[s] = name
	}
	b.series[bk] = s
	return s
}

// Legend lists the series in use with their colours (for the chart's legend).
func (b *BarSource) Legend() []LegendItem {
	out := []LegendItem{{b.names[seriesIRQ], seriesColors[seriesIRQ]}}
	for s := 1; s <= b.nextZon; s++ {
		out = append(out, LegendItem{b.names[s], seriesColors[s]})
	}
	if b.nextZon >= zoneSeries {
		out = append(out, LegendItem{b.names[seriesMoreZones], seriesColors[seriesMoreZones]})
	}
	return append(out, LegendItem{b.names[seriesOther], seriesColors[seriesOther]},
		LegendItem{b.names[seriesWait], seriesColors[seriesWait]})
}

// LegendItem is one series' name and colour.
type LegendItem struct {
	Name  string
	Color uint32
}

// SeriesColors are the colours to render bars from this source with.
func SeriesColors() []uint32 { return seriesColors[:] }
