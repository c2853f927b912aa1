package overlay

import (
	"fmt"
	"html"
	"slices"
	"strings"
	"x16scope/session"

	"x16scope/perf"
)

// bucketRow is one line of the inspector's zone table.
type bucketRow struct {
	name   string
	kind   perf.Kind
	idle   bool
	cycles uint32
}

// FrameRows lists frame k's buckets with cycles, most first.
func frameRows(p *perf.Profiler, k int) []bucketRow {
	row := p.FrameBucketsAt(k)
	var out []bucketRow
	for b, v := range row {
		if v == 0 {
			continue
		}
		name, kind, idle := p.BucketInfo(b)
		out = append(out, bucketRow{name, kind, idle, v})
	}
	slices.SortStableFunc(out, func(a, b bucketRow) int { return int(b.cycles) - int(a.cycles) })
	return out
}

// The inspector is two parts, written separately (ui_js.go): FrameHTML and StatsHTML. Every
// figure carries its unit; bus clocks are marked as a lower bound (PROFILER.md section 4).

// FrameHTML is the inspector's part for frame f (0: the newest): the frame's zone table
// (cycles, % of budget), irq share, bus peak/p95/mean and the peak line, port bytes.
func FrameHTML(p *perf.Profiler, f uint32) string {
	var w strings.Builder
	k := -1
	if f != 0 {
		k = p.FrameIndex(f)
	} else if n := p.FrameCount(); n > 0 {
		k = n - 1
	}
	budget := p.Budget()
	if k < 0 {
		if f != 0 {
			fmt.Fprintf(&w, "<p class=note>frame %d is no longer in the 60 s history</p>", f)
		} else {
			w.WriteString("<p class=note>no frame recorded yet</p>")
		}
	} else {
		rec := p.FrameAt(k)
		work := rec.Work()
		label := "newest frame"
		if f != 0 {
			label = "selected frame (paused)"
		}
		fmt.Fprintf(&w, "<p><b>frame %d</b> <span class=note>(%s)</span>: %s cycles, work %s cycles = %s of the %s-cycle budget",
			rec.Frame, label, num(uint64(rec.Cycles)), num(uint64(work)), pct(uint64(work), uint64(budget.Cycles)), num(uint64(budget.Cycles)))
		if rec.Flags&perf.FrameOverrun != 0 {
			w.WriteString(" · <span class=over>a period closed here over budget</span>")
		} else if end := session.OverrunClosing(p, k); end != 0 {
			fmt.Fprintf(&w, " · <span class=over>over budget: its period's work passed the budget in this frame (the period closes in frame %d)</span>", end)
		}
		if rec.Flags&perf.FrameUnsynced != 0 {
			w.WriteString(" · <span class=note>unsynced period (no wait seen in 8 frames: add markers or an idle zone)</span>")
		}
		if rec.Flags&(perf.FramePartial|perf.FrameReset) != 0 {
			w.WriteString(" · <span class=note>partial (reset or profiling start)</span>")
		}
		w.WriteString("</p><table><tr><th>bucket</th><th>cycles</th><th>% of budget</th></tr>")
		for _, r := range frameRows(p, k) {
			// The kind in brackets when the name does not say it ("region 2 (region)"
			// would not need it either, but a named region or zone does).
			var notes []string
			if kind := r.kind.String(); kind != r.name {
				notes = append(notes, kind)
			}
			if r.idle && r.kind != perf.KindWait {
				notes = append(notes, "waiting")
			}
			note := ""
			if len(notes) > 0 {
				note = " <span class=note>(" + strings.Join(notes, ", ") + ")</span>"
			}
			fmt.Fprintf(&w, "<tr><td>%s%s</td><td>%s</td><td>%s</td></tr>",
				html.EscapeString(r.name), note, num(uint64(r.cycles)), pct(uint64(r.cycles), uint64(budget.Cycles)))
		}
		w.WriteString("</table>")
		fmt.Fprintf(&w, "<p>irq share: %s of work (%s of %s cycles)</p>", pct(uint64(rec.IRQ), uint64(work)), num(uint64(rec.IRQ)), num(uint64(work)))
		if rec.Flags&perf.FrameBus != 0 {
			fmt.Fprintf(&w, "<p>VRAM bus (bus clocks, a lower bound): peak %d clocks/line on line %d, p95 %d, mean %.1f clocks/line of 800",
				rec.BusPeak, rec.BusPeakLine, rec.BusP95, float64(rec.BusClocks)/float64(perf.LinesPerFrame))
			fmt.Fprintf(&w, "<br>data port: %s reads, %s bytes written, %s bytes into VRAM</p>",
				num(uint64(rec.PortReads)), num(uint64(rec.PortWrites)), num(uint64(rec.PortBytes)))
		} else {
			w.WriteString("<p class=note>VRAM bus figures unavailable for this frame</p>")
		}
	}
	return w.String()
}

// StatsHTML is the inspector's part for the 60-second window st (nil or empty: none):
// percentiles and overruns of the periods, irq share, bus peak and mean. It changes only
// when st is recomputed, so the page rewrites it only then.
func StatsHTML(st *perf.Stats) string {
	var w strings.Builder
	if st != nil && st.Frames.Count > 0 {
		ps := &st.Periods
		fmt.Fprintf(&w, "<p>last %.0f s (%d frames): period work p50 %s / p95 %s / p99 %s / max %s cycles; utilisation p50 %.1f%% / p95 %.1f%% / p99 %.1f%% / max %.1f%% of budget",
			float64(st.Frames.Count)/perf.MachineFps, st.Frames.Count,
			num(uint64(ps.Work.P50)), num(uint64(ps.Work.P95)), num(uint64(ps.Work.P99)), num(uint64(ps.Work.Max)),
			ps.Utilisation.P50, ps.Utilisation.P95, ps.Utilisation.P99, ps.Utilisation.Max)
		cls := ""
		if ps.Overruns > 0 {
			cls = " class=over"
		}
		fmt.Fprintf(&w, "<br><span%s>overruns: %d of %d periods</span>; unsynced periods: %d; irq share %.1f%% of work", cls, ps.Overruns, ps.Count, ps.Unsynced, st.Cycles.IRQShare)
		if b := &st.Bandwidth; b.Available {
			fmt.Fprintf(&w, "<br>bus (bus clocks, a lower bound): peak %d clocks/line (frame %d, line %d), p95 %d, mean %.1f", b.PeakClocks, b.PeakFrame, b.PeakLine, b.P95Clocks, b.MeanClocks)
		}
		w.WriteString("</p>")
	}
	return w.String()
}

// num formats a count with thousands separators.
func num(v uint64) string {
	s := fmt.Sprint(v)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// pct formats a/b as a percentage with one decimal ("-" when b is 0).
func pct(a, b uint64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", float64(a)*100/float64(b))
}
