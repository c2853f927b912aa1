package overlay

import (
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"x16scope/perf"
)

func TestFramesCSV(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetZones([]perf.Zone{{Name: "compute, heavy", Marker: 1}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ {
		s.Advance(noClock)
	}
	p := s.Profiler()
	rows, err := csv.NewReader(strings.NewReader(FramesCSV(p))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != p.FrameCount()+1 {
		t.Fatalf("%d rows for %d frames", len(rows), p.FrameCount())
	}
	head := rows[0]
	col := func(name string) int {
		for i, h := range head {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %q in %q", name, head)
		return -1
	}
	overruns := 0
	for k, row := range rows[1:] {
		r := p.FrameAt(k)
		get := func(name string) uint64 {
			v, err := strconv.ParseUint(row[col(name)], 10, 64)
			if err != nil {
				t.Fatalf("frame %d %s: %v", r.Frame, name, err)
			}
			return v
		}
		if get("frame") != uint64(r.Frame) || get("work") != uint64(r.Work()) || get("cycles") != uint64(r.Cycles) ||
			get("compute, heavy") != uint64(p.FrameBucketsAt(k)[perf.RegionBucket(1)]) ||
			get("region 2") != uint64(p.FrameBucketsAt(k)[perf.RegionBucket(2)]) {
			t.Fatalf("row %d = %q, record %+v", k, row, *r)
		}
		overruns += int(get("overrun"))
	}
	if overruns == 0 {
		t.Error("40 frames of smoke.prg and no overrun column set (it overruns every 16)")
	}
}
