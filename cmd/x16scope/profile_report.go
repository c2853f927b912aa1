package main

import (
	"fmt"
	"io"
	"strconv"

	"x16scope/perf"
)

// writeReport prints the budget report: the same numbers as the perfStats object.
func writeReport(w io.Writer, s *perf.Stats) {
	fr := s.Frames
	if fr.Count == 0 {
		fmt.Fprintln(w, "no frames recorded")
		return
	}
	fmt.Fprintf(w, "frames: %d (%d-%d), %s cycles\n", fr.Count, fr.First, fr.Last, group(fr.Cycles))
	b := s.Budget
	kind := "frames"
	if !b.Snapped {
		kind = "frames, not a whole number of VSYNCs"
	}
	fmt.Fprintf(w, "budget: %g fps = %.3f %s = %s cycles per period (native 8 MHz)\n",
		b.TargetFps, b.Frames, kind, group(uint64(b.Cycles)))

	ps := s.Periods
	fmt.Fprintf(w, "periods: %d judged, %d over budget, %d unsynced; mean length %.2f frames\n",
		ps.Count, ps.Overruns, ps.Unsynced, ps.MeanVSyncs)
	if ps.Count > 0 {
		u, k := ps.Utilisation, ps.Work
		fmt.Fprintf(w, "utilisation: p50 %.2f%%  p95 %.2f%%  p99 %.2f%%  max %.2f%%\n", u.P50, u.P95, u.P99, u.Max)
		fmt.Fprintf(w, "work per period: p50 %s  p95 %s  p99 %s  max %s cycles\n",
			group(uint64(k.P50)), group(uint64(k.P95)), group(uint64(k.P99)), group(uint64(k.Max)))
	}
	if ps.Unsynced > 0 {
		fmt.Fprintln(w, "note: unsynced periods never waited at a VSYNC, so they give no frame to judge;"+
			" mark the frame with $9FBC markers or declare the wait loop an idle zone")
	}

	c := s.Cycles
	all := c.Work + c.Waiting
	fmt.Fprintf(w, "cycles: work %s%% (other %s%%, irq %s%%, regions %s%%, zones %s%%), waiting %s%%\n",
		share(c.Work, all), share(c.Other, all), share(c.IRQ, all), share(c.Regions, all), share(c.ZoneWork, all),
		share(c.Waiting, all))
	fmt.Fprintf(w, "irq share of work: %.2f%%\n", c.IRQShare)

	fmt.Fprintf(w, "top zones by cycles:\n  %14s %8s %12s  %-7s %s\n", "cycles", "share", "per frame", "kind", "name")
	for i, z := range s.Zones {
		if i == topZones {
			fmt.Fprintf(w, "  ... %d more\n", len(s.Zones)-topZones)
			break
		}
		name := z.Name
		if z.Idle && z.Kind == perf.KindZone {
			name += " (idle)"
		}
		fmt.Fprintf(w, "  %14s %7.2f%% %12.0f  %-7s %s\n", group(z.Cycles), z.Share, z.PerFrame, z.Kind, name)
	}

	mk := s.Markers
	switch {
	case !mk.Mode:
		fmt.Fprintln(w, "markers: none written (automatic wait detection on)")
	case mk.Framed:
		fmt.Fprintf(w, "markers: on, framed ($F0/$F1); %d protocol errors\n", mk.ProtocolErrors)
	default:
		fmt.Fprintf(w, "markers: on, unframed; %d protocol errors\n", mk.ProtocolErrors)
	}

	bw := s.Bandwidth
	if !bw.Available {
		fmt.Fprintln(w, "bus: no complete frame")
		return
	}
	fmt.Fprintf(w, "bus (clockUnits: bus = 2 clocks per VRAM access, uncontended, a lower bound; %d per line):\n", bw.LineBudget)
	fmt.Fprintf(w, "  peak %d clocks on line %d (frame %d); p95 %d; mean %.2f per line\n",
		bw.PeakClocks, bw.PeakLine, bw.PeakFrame, bw.P95Clocks, bw.MeanClocks)
	pl := bw.PerLine
	fmt.Fprintf(w, "  mean per line: layer0 %.2f, layer1 %.2f, sprites %.2f, cpu port %.2f\n",
		pl.Layer0, pl.Layer1, pl.Sprites, pl.CPUPort)
	fmt.Fprintf(w, "  cpu port: %s reads, %s writes, %s bytes into VRAM (%.2f per byte pushed)\n",
		group(bw.Port.Reads), group(bw.Port.Writes), group(bw.Port.BytesIntoVRAM), bw.Port.FXRatio)
	fmt.Fprintf(w, "  sprites over the headroom left by layers and cpu: %d lines\n", bw.Sprites.OverLines)
}

// share is part/whole as a percentage with two decimals.
func share(part, whole uint64) string {
	if whole == 0 {
		return "0.00"
	}
	return strconv.FormatFloat(100*float64(part)/float64(whole), 'f', 2, 64)
}

// group writes n with thousands separators: 134,400.
func group(n uint64) string {
	s := strconv.FormatUint(n, 10)
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
