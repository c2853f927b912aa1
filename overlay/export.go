package overlay

import (
	"fmt"
	"slices"
	"strings"

	"x16scope/perf"
)

// FramesCSV is the profiler's per-frame records as CSV, oldest first, for the page's
// "Export profile" (beside perfStats' JSON): one row per frame held (up to 60 s), cycles by
// kind, the budget's share, flags, the VERA bus figures, then one column per zone or marker
// region that has cycles in any of them (named as in the legend).
func FramesCSV(p *perf.Profiler) string {
	var w strings.Builder
	n := p.FrameCount()
	budget := p.Budget().Cycles
	// The zone and region buckets with cycles anywhere in the window.
	var extra []int
	for k := 0; k < n; k++ {
		for b, v := range p.FrameBucketsAt(k) {
			if v == 0 || b <= perf.BucketIRQ {
				continue
			}
			if !slices.Contains(extra, b) {
				extra = append(extra, b)
			}
		}
	}
	slices.Sort(extra)
	w.WriteString("frame,cycles,work,wait,irq,other,regions,zone_work,zone_idle,work_pct_of_budget,overrun,period_end,unsynced,partial,framed,bus_peak,bus_peak_line,bus_p95,bus_mean,layer0,layer1,sprites,cpu_port,port_bytes,sprite_over_lines")
	for _, b := range extra {
		name, _, _ := bucketInfo(p, b)
		w.WriteString("," + csvField(name))
	}
	w.WriteByte('\n')
	flag := func(r *perf.FrameRecord, f perf.FrameFlags) int {
		if r.Flags&f != 0 {
			return 1
		}
		return 0
	}
	for k := 0; k < n; k++ {
		r := p.FrameAt(k)
		pct := 0.0
		if budget > 0 {
			pct = 100 * float64(r.Work()) / float64(budget)
		}
		fmt.Fprintf(&w, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%.2f,%d,%d,%d,%d,%d,%d,%d,%d,%.1f,%d,%d,%d,%d,%d,%d",
			r.Frame, r.Cycles, r.Work(), r.Waiting(), r.IRQ, r.Other, r.Regions, r.ZoneWork, r.ZoneIdle, pct,
			flag(r, perf.FrameOverrun), flag(r, perf.FramePeriodEnd), flag(r, perf.FrameUnsynced),
			flag(r, perf.FramePartial|perf.FrameReset), flag(r, perf.FrameFramed),
			r.BusPeak, r.BusPeakLine, r.BusP95, float64(r.BusClocks)/perf.LinesPerFrame,
			r.Layer0, r.Layer1, r.Sprite, r.CPUPort, r.PortBytes, r.SpriteOver)
		row := p.FrameBucketsAt(k)
		for _, b := range extra {
			v := uint32(0)
			if b < len(row) {
				v = row[b]
			}
			fmt.Fprintf(&w, ",%d", v)
		}
		w.WriteByte('\n')
	}
	return w.String()
}

// csvField quotes a field that holds a comma, a quote or a line break (RFC 4180).
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
