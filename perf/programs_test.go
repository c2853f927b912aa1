package perf

import (
	"os"
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// Program tests: the ca65 programs in testdata (assembled by testdata/asm.sh; sources and
// outputs are committed) run on a real machine with the profiler attached.

// testROM is a 16 KB ROM bank 0 that is all $FF except the vectors, which point into RAM
// where the programs put their handlers: NMI -> $0403, RESET -> $080D, IRQ/BRK -> $0400.
func testROM() []byte {
	rom := make([]byte, 0x4000)
	for i := range rom {
		rom[i] = 0xFF
	}
	for i, v := range []uint16{0x0403, 0x080D, 0x0400} {
		rom[0x3FFA+2*i] = uint8(v)
		rom[0x3FFB+2*i] = uint8(v >> 8)
	}
	return rom
}

// program is a test program running on a machine with a profiler.
type program struct {
	t    *testing.T
	m    *core.Machine
	p    *Profiler
	syms map[string]uint16
}

// loadProgram starts testdata/name.prg with the test ROM and the profiler on.
func loadProgram(t *testing.T, name string) *program {
	t.Helper()
	pr, _ := startProgram(t, testROM(), name)
	pr.p.Acquire(OwnerCLI)
	return pr
}

// startProgram starts testdata/name.prg on ROM image with a profiler, not yet on, and
// returns it with the program's labels.
func startProgram(t *testing.T, image []byte, name string) (*program, []Symbol) {
	t.Helper()
	m, err := core.New(core.Config{ROM: image})
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("testdata/" + name + ".prg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	symText, err := os.ReadFile("testdata/" + name + ".sym")
	if err != nil {
		t.Fatal(err)
	}
	syms, err := ParseSym(symText)
	if err != nil {
		t.Fatal(err)
	}
	pr := &program{t: t, m: m, p: New(m), syms: map[string]uint16{}}
	for _, s := range syms {
		pr.syms[s.Name] = s.Addr
	}
	return pr, syms
}

// namedROM is a ROM image a test runs on, by name.
type namedROM struct {
	name  string
	image []byte
}

// kernalROMs is the built-in ROM and, when X16_ROM names it, the official one; without it
// the test logs that what it checks on the official KERNAL is not checked.
func kernalROMs(t *testing.T, unchecked string) []namedROM {
	t.Helper()
	roms := []namedROM{{"builtin", rom.Image()}}
	path := os.Getenv("X16_ROM")
	if path == "" {
		t.Logf("X16_ROM not set, so not checked: %s", unchecked)
		return roms
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return append(roms, namedROM{"official", data})
}

// label is a label's address from the program's symbol file.
func (pr *program) label(name string) uint16 {
	a, ok := pr.syms[name]
	if !ok {
		pr.t.Fatalf("no label %q", name)
	}
	return a
}

// run runs n frames (or until the program exits or stops).
func (pr *program) run(n int) core.Event {
	for i := 0; i < n; i++ {
		if ev := pr.m.RunFrame(); ev&(core.EventExit|core.EventStop) != 0 {
			return ev
		}
	}
	return 0
}

// peek32 reads a little-endian 32-bit value from RAM.
func (pr *program) peek32(a uint16) uint32 {
	var v uint32
	for i := 3; i >= 0; i-- {
		v = v<<8 | uint32(pr.m.Peek(a+uint16(i)))
	}
	return v
}

// total is bucket b's cycles over all recorded frames plus the frame in progress.
func (pr *program) total(b int) uint64 {
	p := pr.p
	v := uint64(p.acc[b])
	for k := 0; k < p.FrameCount(); k++ {
		v += uint64(p.FrameBucketsAt(k)[b])
	}
	return v
}

// steadyFrames returns the frames after the first skip, checking that each one's buckets
// sum to the cycles between its VSYNC and the previous one.
func (pr *program) steadyFrames(skip int) []FrameRecord {
	pr.t.Helper()
	var out []FrameRecord
	for k := 1; k < pr.p.FrameCount(); k++ {
		r, prev := pr.p.FrameAt(k), pr.p.FrameAt(k-1)
		if uint64(r.Cycles) != r.EndCycle-prev.EndCycle {
			pr.t.Fatalf("frame %d: %d cycles in buckets, %d elapsed", r.Frame, r.Cycles, r.EndCycle-prev.EndCycle)
		}
		if k > skip {
			out = append(out, *r)
		}
	}
	if len(out) == 0 {
		pr.t.Fatal("no steady frames to check")
	}
	return out
}

// TestMarkerRegionsMatchCycleCounter: the profiler's region cycles agree to the cycle with
// the program's own measurement (see testdata/markers.s for the counter arithmetic).
func TestMarkerRegionsMatchCycleCounter(t *testing.T) {
	pr := loadProgram(t, "markers")
	if ev := pr.run(10); ev&core.EventExit == 0 {
		t.Fatalf("program did not return (event %v)", ev)
	}
	c1, c2 := pr.peek32(0x30), pr.peek32(0x34)
	// counter = 3 (reset store's wait) + 2 (lda #id) + region + 7 (leave store) + 3 (latch).
	const overhead = 3 + 2 + 7 + 3
	if got, want := pr.total(RegionBucket(1)), uint64(c1-overhead); got != want {
		t.Errorf("region 1: profiler %d cycles, counter says %d (counter %d)", got, want, c1)
	}
	r2, r3 := pr.total(RegionBucket(2)), pr.total(RegionBucket(3))
	if got, want := r2+r3, uint64(c2-overhead); got != want {
		t.Errorf("regions 2+3: profiler %d+%d cycles, counter says %d (counter %d)", r2, r3, want, c2)
	}
	if r3 != 27 {
		t.Errorf("region 3: %d cycles, want 27 (its store, 7, and ten NOPs)", r3)
	}
	// Region 1's body by hand: ldx #50 (2); 50 x (lda abs,X 4, +1 on the 18 passes with
	// X >= 32... X runs 50..1, so X = 32..50 cross: 19 passes) + clc 2 + adc 2 + sta zp,X 4
	// + dex 2 + bne 3, the last bne 2; plus the entering store (7).
	if want := uint64(7 + 2 + 50*(4+2+2+4+2+3) + 19 - 1); pr.total(RegionBucket(1)) != want {
		t.Errorf("region 1: %d cycles, want %d by hand", pr.total(RegionBucket(1)), want)
	}
	if !pr.p.mk.on || pr.p.mk.errors != 0 {
		t.Errorf("marker mode %v, errors %d", pr.p.mk.on, pr.p.mk.errors)
	}
	if !strings.HasPrefix(pr.p.RegionName(3), "region 3") {
		t.Errorf("region 3 is named %q", pr.p.RegionName(3))
	}
}

// inSet reports whether v is one of want.
func inSet(v uint32, want ...uint32) bool {
	for _, w := range want {
		if v == w {
			return true
		}
	}
	return false
}

// periodsFrom returns the periods that closed in frames numbered from first on.
func (pr *program) periodsFrom(first uint32) []PeriodRecord {
	h := &pr.p.hist
	var out []PeriodRecord
	for k := h.nPeriods - min(h.nPeriods, PeriodHistory); k < h.nPeriods; k++ {
		if r := h.periods[k%PeriodHistory]; r.EndFrame >= first {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		pr.t.Fatal("no periods to check")
	}
	return out
}

// `lda flag / beq -` waits; every 10th iteration overruns (see testdata/flagpoll.s). The
// handler's 36 cycles are irq in every frame.
func TestFlagPollAndOverrunEvery10th(t *testing.T) {
	pr := loadProgram(t, "flagpoll")
	pr.run(100)
	for _, r := range pr.steadyFrames(1) {
		if r.IRQ != 36 {
			t.Errorf("frame %d: irq %d cycles, want 36", r.Frame, r.IRQ)
		}
		if over := r.Flags&FrameOverrun != 0; over != (r.Frame%10 == 1 && r.Frame > 1) {
			t.Errorf("frame %d: overrun %v", r.Frame, over)
		}
	}
	// Normal period: IRQ 36 + leaving the poll (5, or 8 when the IRQ came between lda and
	// beq) + bra 3 + stz 3 + dec 5 + bne 3 + jsr work 2013 + two unconfirmed passes 12.
	// Heavy period (two VSYNCs): see flagpoll.s; 164,640 plus the same 5 or 8.
	ps := pr.periodsFrom(2)
	// Iteration 10 (and every 10th after) is heavy and starts after the VSYNC that ends
	// frame 9: two-frame periods end in frames 11, 21, ..., 91, and frame 100 is the middle
	// of the next one. Normal periods end in frames 2-9 and then 8 after each heavy one.
	if len(ps) != 8+9+9*8 {
		t.Fatalf("%d periods, want 89 (80 normal + 9 two-frame)", len(ps))
	}
	overruns := 0
	for i, p := range ps {
		switch {
		case p.VSyncs == 1 && inSet(p.Work, 2080, 2083) && p.Flags == 0:
		case p.VSyncs == 2 && inSet(p.Work, 164645, 164648) && p.Flags == PeriodOverrun:
			overruns++
		default:
			t.Errorf("period %d: %+v", i, p)
		}
	}
	if overruns != 9 {
		t.Errorf("%d overruns, want 9", overruns)
	}
	s := pr.p.Stats(0)
	if s.Periods.Overruns != 9 || s.Periods.Unsynced != 0 || s.Markers.Mode {
		t.Errorf("stats periods %+v markers %+v", s.Periods, s.Markers)
	}
}

// WAI is waiting: per period exactly the handler, the work and the loop's branch.
func TestWAIProgram(t *testing.T) {
	pr := loadProgram(t, "waitwai")
	pr.run(20)
	for _, r := range pr.steadyFrames(1) {
		if r.IRQ != 31 || r.Work() != 2047 || r.Wait != r.Cycles-2047 {
			t.Errorf("frame %d: irq %d work %d wait %d of %d; want 31, 2047, the rest", r.Frame, r.IRQ, r.Work(), r.Wait, r.Cycles)
		}
	}
	for _, p := range pr.periodsFrom(2) {
		if p.Work != 2047 || p.VSyncs != 1 || p.Flags != 0 {
			t.Errorf("period %+v: want work 2047 in 1 VSYNC", p)
		}
	}
}

// `lda $9F27 / and #1 / beq -` with interrupts off.
func TestISRPollProgram(t *testing.T) {
	pr := loadProgram(t, "isrpoll")
	pr.run(20)
	for _, r := range pr.steadyFrames(1) {
		if r.IRQ != 0 || r.Work() != 2038 {
			t.Errorf("frame %d: irq %d work %d; want 0, 2038", r.Frame, r.IRQ, r.Work())
		}
	}
	ps := pr.periodsFrom(2)
	if len(ps) != 19 {
		t.Errorf("%d periods, want 19", len(ps))
	}
	for _, p := range ps {
		if p.Work != 2038 || p.VSyncs != 1 {
			t.Errorf("period %+v: want work 2038 in 1 VSYNC", p)
		}
	}
}

// `jsr getin / beq -` is work (JSR writes the stack) until an idle zone covers it.
func TestJSRPollNeedsIdleZone(t *testing.T) {
	pr := loadProgram(t, "jsrpoll")
	pr.run(20)
	for _, r := range pr.steadyFrames(0) {
		if r.Wait != 0 || r.ZoneIdle != 0 {
			t.Errorf("frame %d: %d waiting cycles, want none", r.Frame, r.Waiting())
		}
	}
	s := pr.p.Stats(0)
	if s.Periods.Count != 0 || s.Periods.Unsynced != 2 {
		t.Errorf("without a zone: %d periods, %d unsynced; want 0, 2 (at VSYNCs 8 and 16)", s.Periods.Count, s.Periods.Unsynced)
	}

	pr = loadProgram(t, "jsrpoll")
	zones := []Zone{
		{Name: "poll", Start: pr.label("poll"), End: pr.label("pollend") - 1, Bank: AnyBank, Idle: true},
		{Name: "getin", Start: pr.label("getin"), End: pr.label("irq") - 1, Bank: AnyBank, Idle: true},
	}
	if err := pr.p.SetZones(zones); err != nil {
		t.Fatal(err)
	}
	pr.run(20)
	for _, r := range pr.steadyFrames(1) {
		if r.Work() != 2052 || r.IRQ != 36 || r.ZoneIdle != r.Cycles-2052 {
			t.Errorf("frame %d: work %d irq %d idle %d of %d; want 2052, 36, the rest", r.Frame, r.Work(), r.IRQ, r.ZoneIdle, r.Cycles)
		}
	}
	s = pr.p.Stats(0)
	if s.Periods.Count != 19 || s.Periods.Unsynced != 0 || s.Periods.Work.Max != 2052 {
		t.Errorf("with the idle zone: %+v", s.Periods)
	}
}

// A 30 fps program gives 2-frame periods at 75% of a 2-frame budget.
func TestThirtyFpsProgram(t *testing.T) {
	pr := loadProgram(t, "thirty")
	if err := pr.p.SetTargetFps(30); err != nil {
		t.Fatal(err)
	}
	pr.run(41)
	ps := pr.periodsFrom(3) // the first period starts mid-iteration
	if len(ps) != 19 {
		t.Fatalf("%d periods, want 19", len(ps))
	}
	// Two IRQs 72 + leaving the poll (7, 10 or 12 by where the IRQ hit) + bra 3 + stz 3 +
	// jsr work15 200,613 + two unconfirmed passes 16.
	for _, p := range ps {
		if p.VSyncs != 2 || p.Flags != 0 || p.Budget != 2*FrameCycles || !inSet(p.Work, 200714, 200717, 200719) {
			t.Errorf("period %+v", p)
		}
	}
	s := pr.p.Stats(0)
	if u := s.Periods.Utilisation.P50; u < 74.67 || u > 74.68 {
		t.Errorf("utilisation p50 %v, want 74.67-74.68 (200,714-200,719 of 268,800)", u)
	}
	if s.Periods.Overruns != 0 {
		t.Errorf("%d overruns", s.Periods.Overruns)
	}
}

// Sub-frame budgets: at 240 fps (33,333 cycles) the ISR-poll program fits; at 5000 fps
// (1,600 cycles) its 2,038 cycles of work overrun every period.
func TestSubFrameBudgetProgram(t *testing.T) {
	for _, tc := range []struct {
		fps      float64
		overruns int
	}{{240, 0}, {5000, 9}} {
		pr := loadProgram(t, "isrpoll")
		pr.p.SetTargetFps(tc.fps)
		pr.run(10)
		if s := pr.p.Stats(0); s.Periods.Overruns != tc.overruns || s.Periods.Count != 9 {
			t.Errorf("%v fps: %d of %d periods overran, want %d of 9", tc.fps, s.Periods.Overruns, s.Periods.Count, tc.overruns)
		}
	}
}

// An unframed guest that never leaves a region loses only the rest of that frame.
func TestUnbalancedUnframed(t *testing.T) {
	pr := loadProgram(t, "unframed")
	pr.run(10)
	frames := pr.steadyFrames(0)
	with := 0
	for _, r := range frames {
		if r.Regions != 0 {
			with++
			if r.Regions >= r.Cycles {
				t.Errorf("frame %d: region %d of %d cycles", r.Frame, r.Regions, r.Cycles)
			}
		}
	}
	if with != 1 || pr.total(RegionBucket(1)) == 0 {
		t.Errorf("%d frames with region cycles, want 1 (region 1 total %d)", with, pr.total(RegionBucket(1)))
	}
}

// A framed guest: periods run $F0 to $F0 with exact work, and a forgotten leave costs that
// one guest frame (see testdata/framed.s).
func TestFramedProgram(t *testing.T) {
	pr := loadProgram(t, "framed")
	pr.run(12)
	ps := pr.periodsFrom(0)
	if len(ps) < 9 {
		t.Fatalf("%d periods, want at least 9", len(ps))
	}
	for i, p := range ps {
		want := uint32(2082)
		if i == 4 { // period i is iteration i+1; the 5th forgets to leave region 2
			want = 2090
		}
		if p.Work != want || p.Flags != PeriodFramed || p.VSyncs != 1 {
			t.Errorf("period %d: %+v, want work %d, framed, 1 VSYNC", i, p, want)
		}
	}
	if got := pr.total(RegionBucket(2)); got != 9 {
		t.Errorf("region 2: %d cycles, want 9", got)
	}
	if !pr.p.mk.framed {
		t.Error("guest not seen as framed")
	}
}

// Bus statistics of a fixed load (see testdata/busload.s), from the RTL's fetch state
// machine (vera/busfsm.go): every render fetches layer 0's 160 bitmap words + 2 over-fetched
// (324 clocks) and layer 1's 80 tile + 40 map words + map and tile for column 80 and tile for
// column 81 (123 words, 246 clocks): 570 clocks. A frame has 481 renders: lines 0-479 and
// one during line 479 for a line 480 never shown (recorded in row 480); rows 481-524 fetch
// nothing. CPU: 3 ADDR writes (1 slot) + 100 DATA0 writes (2 slots) = 203 slots, 406 clocks,
// in the vertical blank, 106 of them in row 480 (with the 481st render: the peak, 676).
func TestBusStatsProgram(t *testing.T) {
	pr := loadProgram(t, "busload")
	pr.run(6)
	for _, r := range pr.steadyFrames(2) {
		want := FrameRecord{BusPeak: 676, BusPeakLine: 480, BusP95: 570, BusClocks: 481*570 + 406,
			Layer0: 481 * 324, Layer1: 481 * 246, Sprite: 0, CPUPort: 406, PortReads: 0, PortWrites: 100, PortBytes: 100}
		got := FrameRecord{BusPeak: r.BusPeak, BusPeakLine: r.BusPeakLine, BusP95: r.BusP95, BusClocks: r.BusClocks,
			Layer0: r.Layer0, Layer1: r.Layer1, Sprite: r.Sprite, CPUPort: r.CPUPort, PortReads: r.PortReads,
			PortWrites: r.PortWrites, PortBytes: r.PortBytes}
		if got != want || r.Flags&FrameBus == 0 {
			t.Errorf("frame %d bus:\n got %+v\nwant %+v", r.Frame, got, want)
		}
	}
	s := pr.p.Stats(3)
	b := s.Bandwidth
	if b.ClockUnits != "bus" || b.PeakClocks != 676 || b.P95Clocks != 570 || b.MeanClocks != 523 ||
		b.PerLine.Layer0 != 296.85 || b.Port.Writes != 300 || b.Port.FXRatio != 1 {
		t.Errorf("bandwidth %+v", b)
	}
}

// A machine reset ends marker mode and closes open handlers; the frame that contains it is
// flagged (the machine does not report the reset sequence's 7 cycles).
func TestMachineReset(t *testing.T) {
	pr := loadProgram(t, "busy")
	pr.run(2)
	pr.p.Marker(5)
	pr.p.Interrupt(core.IRQ, 0)
	pr.m.Reset() // the test ROM's reset vector restarts the program at $080D
	if pr.p.mk.on || pr.p.mk.depth != 0 || pr.p.irqDepth != 0 || pr.p.pre != 0 {
		t.Errorf("after reset: marker mode %v, depth %d, irq depth %d", pr.p.mk.on, pr.p.mk.depth, pr.p.irqDepth)
	}
	pr.run(2)
	if r := pr.p.FrameAt(2); r.Flags&FrameReset == 0 || pr.p.FrameAt(3).Flags&FrameReset != 0 {
		t.Errorf("frame flags %b, %b: want the reset frame flagged, the next not", r.Flags, pr.p.FrameAt(3).Flags)
	}
	if r, prev := pr.p.FrameAt(2), pr.p.FrameAt(1); uint64(r.Cycles) != r.EndCycle-prev.EndCycle-7 {
		t.Errorf("reset frame: %d cycles charged, %d elapsed; want 7 fewer", r.Cycles, r.EndCycle-prev.EndCycle)
	}
}

// TestMarkerStoreCyclesDocumented: the README's account of the marker store's own cycles
// holds on the machine: an entering `sta $9FBC` is 7 cycles of its region (region 3 of
// markers.s is its store and ten NOPs), and a leaving store is charged after the region
// (region 2's count, from the guest's counter, excludes the store that leaves it).
func TestMarkerStoreCyclesDocumented(t *testing.T) {
	pr := loadProgram(t, "markers")
	if ev := pr.run(10); ev&core.EventExit == 0 {
		t.Fatalf("program did not return (event %v)", ev)
	}
	if r3 := pr.total(RegionBucket(3)); r3 != 7+10*2 {
		t.Errorf("region 3 = %d cycles, want 27: the entering store's 7 and ten NOPs", r3)
	}
	// Region 2: its entering store (7), ldy (2), 20 dey/bne passes (5 each, the last bne 2),
	// lda #3 (2), region 3's leaving store (7, region 2's: it follows region 3), lda (2),
	// ldx (2), 5 dex/bne passes (the last bne 2). Its own leaving store is not in it.
	if r2, want := pr.total(RegionBucket(2)), uint64(7+2+20*5-1+2+7+2+2+5*5-1); r2 != want {
		t.Errorf("region 2 = %d cycles, want %d", r2, want)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"takes 7 cycles", "enters a region", "counts to that region", "the store that leaves a", "counts to what follows"} {
		if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), want) {
			t.Errorf("README does not document the marker store's cycles: %q missing", want)
		}
	}
}
