package perf

import (
	"math"
	"testing"
)

// checkFrames asserts that every cycle is in exactly one bucket: each frame's buckets sum to
// the cycles that elapsed between its VSYNCs (the feeder starts profiling at cycle 0), and
// its zone breakdown row sums to the same.
func checkFrames(t *testing.T, f *feeder) {
	t.Helper()
	h := &f.p.hist
	prev := uint64(0) // the feeder acquires at cycle 0
	first := h.nFrames - min(h.nFrames, HistoryFrames)
	for k := first; k < h.nFrames; k++ {
		r := &h.frames[slot(k)]
		sum := uint64(r.Other) + uint64(r.Wait) + uint64(r.IRQ) + uint64(r.Regions) + uint64(r.ZoneWork) + uint64(r.ZoneIdle)
		if uint64(r.Cycles) != sum {
			t.Fatalf("frame %d: cycles %d, buckets sum to %d", r.Frame, r.Cycles, sum)
		}
		var row uint64
		for _, v := range h.row(slot(k)) {
			row += uint64(v)
		}
		if row != sum {
			t.Fatalf("frame %d: zone row sums to %d, buckets to %d", r.Frame, row, sum)
		}
		if k > first || first == 0 { // the oldest kept frame's start is gone with the ring
			if elapsed := r.EndCycle - prev; uint64(r.Cycles) != elapsed {
				t.Fatalf("frame %d: %d cycles charged, %d elapsed", r.Frame, r.Cycles, elapsed)
			}
		}
		prev = r.EndCycle
	}
}

// A 60 fps program that works W cycles then polls for VSYNC, and on every 10th frame works
// 1.2 frames instead: that frame's period spans 2 VSYNCs and overruns.
func TestPeriodsAndOverrunEvery10th(t *testing.T) {
	f := newFeeder(t)
	f.idleToVSync() // align: the first period opens at the first VSYNC
	const normal, long = 80000, 161280
	for i := 0; i < 30; i++ {
		w := uint32(normal)
		if i%10 == 9 {
			w = long
		}
		f.work(w)
		f.pollUntilVSync()
	}
	checkFrames(t, f)
	ps := f.periods()
	if len(ps) != 30 {
		t.Fatalf("%d periods, want 30", len(ps))
	}
	for i, p := range ps {
		// Per period: the work, plus the two poll passes before the loop is confirmed.
		want := PeriodRecord{Work: normal + 2*pollPass, VSyncs: 1, Budget: FrameCycles}
		if i%10 == 9 {
			want.Work, want.VSyncs, want.Flags = long+2*pollPass, 2, PeriodOverrun
		}
		if p.Work != want.Work || p.VSyncs != want.VSyncs || p.Flags != want.Flags || p.Budget != want.Budget {
			t.Errorf("period %d: %+v, want %+v", i, p, want)
		}
	}
	s := f.p.Stats(0)
	if s.Periods.Count != 30 || s.Periods.Overruns != 3 || s.Periods.Unsynced != 0 {
		t.Errorf("periods %+v: want 30, 3 overruns, 0 unsynced", s.Periods)
	}
	overrunFrames := 0
	for _, r := range f.frames() {
		if r.Flags&FrameOverrun != 0 {
			overrunFrames++
		}
	}
	if overrunFrames != 3 {
		t.Errorf("%d frames flagged overrun, want 3", overrunFrames)
	}
	wantP50 := math.Round(100*100*float64(normal+2*pollPass)/FrameCycles) / 100
	if s.Periods.Utilisation.P50 != wantP50 {
		t.Errorf("utilisation p50 %v, want %v", s.Periods.Utilisation.P50, wantP50)
	}
	if s.Periods.Work.Max != long+2*pollPass {
		t.Errorf("work max %v, want %v", s.Periods.Work.Max, long+2*pollPass)
	}
}

// The tolerance is 8 cycles per VSYNC in the period: a sub-frame budget makes it observable.
func TestOverrunTolerance(t *testing.T) {
	b := Budget{Cycles: 1000}
	if b.overrun(1008, 1) || !b.overrun(1009, 1) || b.overrun(1016, 2) || !b.overrun(1017, 2) || !b.overrun(1001, 0) {
		t.Error("overrun must be work > budget + 8 x VSYNCs")
	}
}

// A program that never waits gives unsynced periods at every 8th VSYNC: counted apart, never
// overruns, left out of the percentiles.
func TestUnsynced(t *testing.T) {
	f := newFeeder(t)
	f.work(firstVSync + 20*FrameCycles)
	checkFrames(t, f)
	ps := f.periods()
	if len(ps) != 2 {
		t.Fatalf("%d periods, want 2 (VSYNCs 8 and 16 after the first)", len(ps))
	}
	for _, p := range ps {
		if p.Flags != PeriodUnsynced || p.VSyncs != 8 {
			t.Errorf("period %+v: want unsynced, 8 VSYNCs", p)
		}
	}
	s := f.p.Stats(0)
	if s.Periods.Unsynced != 2 || s.Periods.Count != 0 || s.Periods.Overruns != 0 || s.Periods.Work.Max != 0 {
		t.Errorf("stats %+v", s.Periods)
	}
}

// A 30 fps program: 1.5 frames of work, then wait: 2-frame periods, 75% of a 2-frame budget.
func TestThirtyFps(t *testing.T) {
	f := newFeeder(t)
	if err := f.p.SetTargetFps(30); err != nil {
		t.Fatal(err)
	}
	f.idleToVSync()
	const w = FrameCycles * 3 / 2
	for i := 0; i < 10; i++ {
		f.work(w)
		f.pollUntilVSync()
	}
	checkFrames(t, f)
	s := f.p.Stats(0)
	if s.Periods.Count != 10 || s.Periods.Overruns != 0 || s.Periods.MeanVSyncs != 2 {
		t.Errorf("periods %+v: want 10, no overruns, 2 VSYNCs each", s.Periods)
	}
	want := math.Round(100*100*float64(w+2*pollPass)/(2*FrameCycles)) / 100 // 75.01
	if s.Periods.Utilisation.Max != want || s.Periods.Utilisation.P50 != want {
		t.Errorf("utilisation %+v, want %v", s.Periods.Utilisation, want)
	}
}

// Sub-frame budget: at 120 fps a period may hold 66,667 cycles of work (8e6 / 120).
func TestSubFrameBudget(t *testing.T) {
	f := newFeeder(t)
	if err := f.p.SetTargetFps(120); err != nil {
		t.Fatal(err)
	}
	f.idleToVSync()
	for _, w := range []uint32{60000, 70000, 66667 - 2*pollPass + 8, 66667 - 2*pollPass + 9} {
		f.work(w)
		f.pollUntilVSync()
	}
	ps := f.periods()
	want := []PeriodFlags{0, PeriodOverrun, 0, PeriodOverrun}
	for i, p := range ps {
		if p.Flags != want[i] || p.Budget != 66667 {
			t.Errorf("period %d (work %d): flags %v budget %d, want %v, 66667", i, p.Work, p.Flags, p.Budget, want[i])
		}
	}
}

// A framed guest: periods run $F0 to $F0, wherever the VSYNCs fall.
func TestFramedPeriods(t *testing.T) {
	f := newFeeder(t)
	f.markerStore(0x900, 0xF0) // first $F0: opens the first framed period
	for i := 0; i < 5; i++ {
		f.work(100000)
		f.markerStore(0x903, 0xF1)
		f.work(100000)
		f.markerStore(0x900, 0xF0)
	}
	checkFrames(t, f)
	ps := f.periods()
	if len(ps) != 5 {
		t.Fatalf("%d periods, want 5", len(ps))
	}
	for i, p := range ps {
		// Work: the $F0 store and the work; waiting: the $F1 store and the wait.
		if p.Work != 100007 || p.Cycles != 200014 || p.Flags != PeriodFramed {
			t.Errorf("period %d: %+v, want work 100007, cycles 200014, framed", i, p)
		}
	}
	// 200,014 cycles a period: VSYNCs fall 1 or 2 times in each.
	var vs int
	for _, p := range ps {
		vs += int(p.VSyncs)
	}
	if want := int((f.cycle - 7 - firstVSync) / FrameCycles); vs != want && vs != want+1 {
		t.Errorf("%d VSYNCs in periods, want about %d", vs, want)
	}
}

// Buckets sum to the frame's cycles in a busy mix: IRQs, zones, markers, WAI.
func TestEveryCycleInOneBucket(t *testing.T) {
	f := newFeeder(t)
	f.p.SetZones([]Zone{{Name: "a", Start: 0x2000, End: 0x20FF, Bank: AnyBank},
		{Name: "idle", Start: 0x0810, End: 0x081F, Bank: AnyBank, Idle: true}})
	for i := 0; i < 12; i++ {
		f.work(30000 + uint32(i)*7001)
		f.irq(7)
		f.work(2001)
		f.instr(0x400, iRTI, 6, 0x2000)
		if i == 6 {
			f.p.Marker(4)
		}
		f.instr(0x3000, iNOP, 5, 0x3001)
		if i%3 == 0 {
			f.idleToVSync()
		} else {
			f.pollUntilVSync()
		}
	}
	checkFrames(t, f)
	if s := f.p.Stats(0); s.Frames.Cycles != f.p.hist.frames[slot(f.p.hist.nFrames-1)].EndCycle {
		t.Errorf("window cycles %d, want %d", s.Frames.Cycles, f.p.hist.frames[slot(f.p.hist.nFrames-1)].EndCycle)
	}
}

// Percentiles by nearest rank over a window, from periods whose work is known.
func TestPercentilesAndWindow(t *testing.T) {
	f := newFeeder(t)
	f.idleToVSync()
	for i := 1; i <= 100; i++ {
		f.work(uint32(1000 * i))
		f.pollUntilVSync()
	}
	s := f.p.Stats(0)
	w := func(i int) float64 { return float64(1000*i + 2*pollPass) }
	want := Percentiles{P50: w(50), P95: w(95), P99: w(99), Max: w(100)}
	if s.Periods.Work != want {
		t.Errorf("work percentiles %+v, want %+v", s.Periods.Work, want)
	}
	if s.Periods.Count != 100 {
		t.Errorf("%d periods, want 100", s.Periods.Count)
	}
	// The last 10 frames hold the periods of works 91-100.
	s = f.p.Stats(10)
	want = Percentiles{P50: w(95), P95: w(100), P99: w(100), Max: w(100)}
	if s.Periods.Work != want || s.Periods.Count != 10 || s.Frames.Count != 10 {
		t.Errorf("last 10: %d periods, work %+v, want 10, %+v", s.Periods.Count, s.Periods.Work, want)
	}
}

// The ring keeps the last 3,600 frames.
func TestHistoryRingWraps(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < HistoryFrames+100; i++ {
		f.work(1000)
		f.idleToVSync()
	}
	checkFrames(t, f)
	s := f.p.Stats(0)
	if s.Frames.Count != HistoryFrames || s.Frames.First != 101 || s.Frames.Last != HistoryFrames+100 {
		t.Errorf("window %+v: want %d frames, 101-%d", s.Frames, HistoryFrames, HistoryFrames+100)
	}
	// Each frame: 1000 cycles of work; the WAI and its halted cycles are waiting.
	if want := uint64(HistoryFrames) * 1000; s.Cycles.Work != want {
		t.Errorf("work %d, want %d", s.Cycles.Work, want)
	}
	if s.Periods.Count != HistoryFrames || s.Periods.Work.Max != 1000 {
		t.Errorf("periods %+v", s.Periods)
	}
}

// SetZones mid-frame moves the old zones' cycles to other/wait so the frame still sums.
func TestSetZonesKeepsFrameSum(t *testing.T) {
	f := newFeeder(t)
	f.p.SetZones([]Zone{{Name: "w", Start: 0x2000, End: 0x2000, Bank: AnyBank},
		{Name: "i", Start: 0x0A00, End: 0x0A00, Bank: AnyBank, Idle: true}})
	f.work(100)
	f.instr(0x0A00, iWAI, 3, 0x0A01)
	f.p.SetZones(nil)
	if f.acc(BucketOther) != 100 || f.acc(BucketWait) != 3 {
		t.Errorf("other %d wait %d, want 100, 3", f.acc(BucketOther), f.acc(BucketWait))
	}
	f.idleToVSync()
	checkFrames(t, f)
}

func TestFrameDoesNotAllocate(t *testing.T) {
	f := newFeeder(t)
	f.p.SetZones([]Zone{{Name: "w", Start: 0x2000, End: 0x20FF, Bank: AnyBank}})
	f.idleToVSync()
	allocs := testing.AllocsPerRun(50, func() {
		f.work(1000)
		f.idleToVSync()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per frame, want 0", allocs)
	}
}

func TestBudget(t *testing.T) {
	tests := []struct {
		fps     float64
		frames  float64
		snapped bool
		cycles  uint32
	}{
		{60, 1, true, 134400},
		{59.5238, 1, true, 134400},
		{30, 2, true, 268800},
		{20, 3, true, 403200},    // r = 2.976
		{15, 4, true, 537600},    // r = 3.968
		{62, 1, true, 134400},    // r = 0.960: within 5%
		{63, 0, false, 126984},   // r = 0.945: 8e6 / 63 = 126,984.1
		{120, 0, false, 66667},   // 8e6 / 120 = 66,666.7
		{40, 0, false, 200000},   // r = 1.488: between 1 and 2
		{240, 0, false, 33333},   // a quarter frame
		{1, 60, true, 8064000},   // r = 59.52: within 5% of 60
		{7.5, 8, true, 1075200},  // r = 7.937
		{45, 0, false, 177778},   // r = 1.323
		{28.4, 2, true, 268800},  // r = 2.096: within 5% of 2 (0.1)
		{28.3, 0, false, 282686}, // r = 2.103: outside
	}
	for _, tc := range tests {
		b, err := NewBudget(tc.fps)
		if err != nil {
			t.Fatalf("%v fps: %v", tc.fps, err)
		}
		if b.Snapped != tc.snapped || b.Cycles != tc.cycles || (tc.snapped && b.Frames != tc.frames) {
			t.Errorf("%v fps: %+v, want snapped %v frames %v cycles %d", tc.fps, b, tc.snapped, tc.frames, tc.cycles)
		}
	}
	for _, bad := range []float64{0, -30, math.NaN(), math.Inf(1)} {
		if _, err := NewBudget(bad); err == nil {
			t.Errorf("%v fps accepted", bad)
		}
	}
}
