package perf

import (
	"fmt"
	"reflect"
	"sort"
	"testing"

	"x16scope/core"
)

// The call profile against the guest's own clock: testdata/calls.s and farcall.s time their
// calls with the $9FB8 cycle counter (testdata/stamp.inc) and the figures the profiler gives
// (window routines, the frame's timeline) must be those, to the cycle, in span mode, in
// every-instruction mode and with the timeline recorded.

// irqCycles is calls.s's interrupt by hand (W65C02S data sheet): entry 7 + jmp 3 + pha 3 +
// lda abs 4 + inc zp 5 + pla 4 + rti 6.
const irqCycles = 7 + 3 + 3 + 4 + 5 + 4 + 6

// callsRecDepth is calls.s's RECDEPTH: rec's calls.
const callsRecDepth = 5

// profMode is how the profiler is told of instructions.
type profMode int

const (
	modeSpans    profMode = iota // the default: spans
	modeEvery                    // every instruction reported
	modeTimeline                 // every instruction, each frame's timeline recorded
)

func (m profMode) String() string { return [...]string{"spans", "every", "timeline"}[m] }

var profModes = []profMode{modeSpans, modeEvery, modeTimeline}

// stampRun is a stamping program running with a profiler.
type stampRun struct {
	*program
	timelines []*Timeline // each frame's, in timeline mode
}

// startStamped starts testdata/name.prg on image with a profiler in mode, named by the
// program's labels.
func startStamped(t *testing.T, image []byte, name string, mode profMode) *stampRun {
	t.Helper()
	pr, syms := startProgram(t, image, name)
	r := &stampRun{program: pr}
	r.p.SetNames(NewNames(syms))
	r.p.every = mode != modeSpans
	r.p.Acquire(OwnerCLI)
	if mode == modeTimeline {
		r.p.RecordTimeline(true)
	}
	return r
}

// runUntilDone runs frames until the program sets done, and one more.
func (r *stampRun) runUntilDone(maxFrames int) {
	r.t.Helper()
	done := r.label("done")
	for f := 0; f < maxFrames; f++ {
		finished := r.m.Peek(done) != 0
		if ev := r.m.RunFrame(); ev&core.EventStop != 0 {
			r.t.Fatalf("the CPU stopped (event %v) at $%04X", ev, r.m.CPU().PC)
		}
		if tl := r.p.LastTimeline(); tl != nil {
			r.timelines = append(r.timelines, tl)
		}
		if finished {
			return
		}
	}
	r.t.Fatalf("done not set after %d frames (PC $%04X)", maxFrames, r.m.CPU().PC)
}

// stamp is the counter value stamp n latched.
func (r *stampRun) stamp(n int) uint32 {
	a := r.label("stamps") + uint16(4*n)
	var v uint32
	for i := 3; i >= 0; i-- {
		v = v<<8 | uint32(r.m.Peek(a+uint16(i)))
	}
	return v
}

// d is the cycles of the code between stamps a and b: their difference less the
// calibration pair's (stamps 0 and 1, back to back).
func (r *stampRun) d(a, b int) uint64 {
	r.t.Helper()
	cal := r.stamp(1) - r.stamp(0)
	if cal == 0 || cal > 100 {
		r.t.Fatalf("calibration pair %d cycles apart: the program did not stamp", cal)
	}
	diff := r.stamp(b) - r.stamp(a)
	if diff < cal {
		r.t.Fatalf("stamps %d..%d: %d cycles, less than the calibration %d", a, b, diff, cal)
	}
	return uint64(diff - cal)
}

// routineWant is a routine's expected window figures.
type routineWant struct {
	name              string
	calls, incl, excl uint64
}

// byName indexes routine statistics by name.
func byName(stats []RoutineStat) map[string]RoutineStat {
	out := map[string]RoutineStat{}
	for _, s := range stats {
		out[s.Name] = s
	}
	return out
}

// checkRoutines compares the window figures with want.
func checkRoutines(t *testing.T, stats []RoutineStat, want []routineWant) {
	t.Helper()
	got := byName(stats)
	for _, w := range want {
		s, ok := got[w.name]
		if !ok {
			t.Errorf("%s: not in the call profile", w.name)
			continue
		}
		if s.Calls != w.calls || s.Inclusive != w.incl || s.Exclusive != w.excl {
			t.Errorf("%s: calls %d, inclusive %d, exclusive %d; the guest measured %d, %d, %d",
				w.name, s.Calls, s.Inclusive, s.Exclusive, w.calls, w.incl, w.excl)
		}
	}
}

// edge finds the callee (or caller) named name among edges.
func edge(edges []CallEdge, name string) (CallEdge, bool) {
	for _, e := range edges {
		if e.Name == name {
			return e, true
		}
	}
	return CallEdge{}, false
}

// timedSlice is a recorded call with its timeline and inclusive cycles.
type timedSlice struct {
	Slice
	tl   *Timeline
	incl uint32
	name string
}

func (s timedSlice) start() uint64 { return s.tl.StartCycle + uint64(s.Start) }
func (s timedSlice) end() uint64   { return s.tl.StartCycle + uint64(s.End) }

// slices is every recorded slice, in order of start, named.
func (r *stampRun) slices() []timedSlice {
	var out []timedSlice
	names := r.p.RoutineNames()
	for _, tl := range r.timelines {
		incl := tl.Inclusive()
		for i, s := range tl.Slices {
			out = append(out, timedSlice{Slice: s, tl: tl, incl: incl[i], name: names.Name(s.Routine)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start() < out[j].start() })
	return out
}

// timedCall is a call the guest stamped: the n-th (from 0) recorded slice of routine name
// runs from the JSR right after stamp before to the instruction right before stamp after;
// less is the interrupt cycles inside it.
type timedCall struct {
	name          string
	n             int
	before, after int
	less          uint64
	depth         int // -1: not checked
}

// checkTimedCalls holds the timeline to the guest's stamps: each call's slice is as long as
// the guest measured, its inclusive that less the interrupts, and every slice starts and
// ends the same number of cycles from its stamps' latches (the STAMP code's cycles after
// and before its latch), so the slices sit where the guest saw the calls.
func (r *stampRun) checkTimedCalls(all []timedSlice, calls []timedCall) {
	t := r.t
	t.Helper()
	var startOff, endOff int64
	for i, c := range calls {
		var found []timedSlice
		for _, s := range all {
			if s.name == c.name && s.Lane == 0 {
				found = append(found, s)
			}
		}
		if c.n >= len(found) {
			t.Errorf("%s: %d slices in the timeline, want a %d-th", c.name, len(found), c.n+1)
			continue
		}
		s := found[c.n]
		what := fmt.Sprintf("%s (call %d, stamps %d..%d)", c.name, c.n+1, c.before, c.after)
		d := r.d(c.before, c.after)
		if got := uint64(s.End - s.Start); got != d {
			t.Errorf("%s: slice %d cycles, the guest measured %d", what, got, d)
		}
		if uint64(s.incl) != d-c.less {
			t.Errorf("%s: inclusive %d, the guest measured %d less %d of interrupts", what, s.incl, d, c.less)
		}
		if s.Flags != 0 {
			t.Errorf("%s: flags %b: the call should lie in one frame", what, s.Flags)
		}
		if c.depth >= 0 && int(s.Depth) != c.depth {
			t.Errorf("%s: depth %d, want %d", what, s.Depth, c.depth)
		}
		so := int64(s.start()) - int64(r.stamp(c.before))
		eo := int64(s.end()) - int64(r.stamp(c.after))
		if i == 0 {
			startOff, endOff = so, eo
		} else if so != startOff || eo != endOff {
			t.Errorf("%s: starts %d and ends %d cycles from its stamps, the first call %d and %d",
				what, so, eo, startOff, endOff)
		}
	}
}

// TestCallProfileMatchesGuestCounter: calls.s's seven cases on the test ROM.
func TestCallProfileMatchesGuestCounter(t *testing.T) {
	var first []RoutineStat
	for _, mode := range profModes {
		t.Run(mode.String(), func(t *testing.T) {
			r := startStamped(t, testROM(), "calls", mode)
			r.runUntilDone(10)
			stats := r.p.Routines(0)
			checkCallsProgram(t, r, stats)
			if mode == modeTimeline {
				checkCallsTimeline(t, r)
			}
			if first == nil {
				first = stats
			} else if !reflect.DeepEqual(stats, first) {
				t.Errorf("routines differ from span mode's:\n%v\n%v", stats, first)
			}
		})
	}
}

func checkCallsProgram(t *testing.T, r *stampRun, stats []RoutineStat) {
	if n := r.m.Peek(0x30); n != 1 {
		t.Fatalf("%d interrupts taken in case 3, want 1", n)
	}
	// The handler by hand: the same routine, once interrupted, once not.
	noIRQ, withIRQ := r.d(10, 11), r.d(12, 13)
	if withIRQ-noIRQ != irqCycles {
		t.Errorf("longr: %d cycles interrupted, %d not: the handler is %d, want %d by hand", withIRQ, noIRQ, withIRQ-noIRQ, irqCycles)
	}
	a, b, c := r.d(2, 3), r.d(4, 5), r.d(6, 7)
	outer, inner := r.d(14, 15), r.d(16, 17)
	ra, rb := r.d(22, 24), r.d(23, 24)
	want := []routineWant{
		{"nest_a", 1, a, a - b},
		{"nest_b", 1, b, b - c},
		{"nest_c", 1, c, c},
		{"rec", callsRecDepth, r.d(8, 9), r.d(8, 9)}, // the outer call's inclusive, counted once
		{"longr", 2, noIRQ + withIRQ - irqCycles, noIRQ + withIRQ - irqCycles},
		{"IRQ", 1, irqCycles, irqCycles},
		{"pop_outer", 1, outer, outer - inner},
		{"pop_inner", 1, inner, inner},
		{"tail_first", 1, r.d(18, 19), r.d(18, 19)}, // tail_other's cycles included
		{"dispatch", 1, r.d(20, 21), r.d(20, 21)},   // jumped's cycles included
		{"reset_a", 1, ra, ra - rb},
		{"reset_b", 1, rb, rb},
	}
	checkRoutines(t, stats, want)
	got := byName(stats)
	if len(stats) != len(want)+1 {
		names := []string{}
		for _, s := range stats {
			names = append(names, s.Name)
		}
		t.Errorf("routines %v: want the %d above and (outside calls) only", names, len(want))
	}
	for _, e := range []struct{ from, to string }{{"nest_a", "nest_b"}, {"nest_b", "nest_c"}, {"pop_outer", "pop_inner"}, {"reset_a", "reset_b"}} {
		callee, ok := edge(got[e.from].Callees, e.to)
		caller, ok2 := edge(got[e.to].Callers, e.from)
		if !ok || !ok2 || callee.Calls != 1 || callee.Inclusive != got[e.to].Inclusive ||
			caller.Calls != callee.Calls || caller.Inclusive != callee.Inclusive {
			t.Errorf("%s -> %s: callee edge %+v, caller edge %+v; want 1 call of %d cycles", e.from, e.to, callee, caller, got[e.to].Inclusive)
		}
	}
	if e, ok := edge(got["rec"].Callees, "rec"); !ok || e.Calls != callsRecDepth-1 {
		t.Errorf("rec -> rec: %+v, want %d calls", e, callsRecDepth-1)
	}
}

func checkCallsTimeline(t *testing.T, r *stampRun) {
	all := r.slices()
	r.checkTimedCalls(all, []timedCall{
		{"nest_a", 0, 2, 3, 0, 0},
		{"nest_b", 0, 4, 5, 0, 1},
		{"nest_c", 0, 6, 7, 0, 2},
		{"rec", 0, 8, 9, 0, 0},
		{"longr", 0, 10, 11, 0, 0},
		{"longr", 1, 12, 13, irqCycles, 0},
		{"pop_outer", 0, 14, 15, 0, 0},
		{"pop_inner", 0, 16, 17, 0, 1},
		{"tail_first", 0, 18, 19, 0, 0},
		{"dispatch", 0, 20, 21, 0, 0},
		{"reset_a", 0, 22, 24, 0, 0},
		{"reset_b", 0, 23, 24, 0, 1},
	})
	counts := map[string]int{}
	var recs []timedSlice
	var irq *timedSlice
	var longr2 *timedSlice
	for i, s := range all {
		counts[s.name]++
		switch {
		case s.name == "rec":
			recs = append(recs, s)
		case s.name == "IRQ":
			irq = &all[i]
		case s.name == "longr" && counts["longr"] == 2:
			longr2 = &all[i]
		}
	}
	want := map[string]int{"nest_a": 1, "nest_b": 1, "nest_c": 1, "rec": callsRecDepth, "longr": 2, "IRQ": 1,
		"pop_outer": 1, "pop_inner": 1, "tail_first": 1, "dispatch": 1, "reset_a": 1, "reset_b": 1}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("slices per routine %v, want %v", counts, want)
	}
	// Recursion: each level inside the one before, one deeper.
	for i := 1; i < len(recs); i++ {
		p, s := recs[i-1], recs[i]
		if s.Depth != p.Depth+1 || s.start() <= p.start() || s.end() >= p.end() || s.incl >= p.incl {
			t.Errorf("rec level %d %+v is not inside level %d %+v", i, s.Slice, i-1, p.Slice)
		}
	}
	// The interrupt: its own root, inside the second longr call.
	if irq == nil || longr2 == nil {
		t.Fatal("no interrupt or no second longr slice")
	}
	if irq.Lane != 1 || irq.Depth != 0 || irq.End-irq.Start != irqCycles || irq.incl != irqCycles {
		t.Errorf("interrupt slice %+v (inclusive %d): want lane 1, depth 0, %d cycles", irq.Slice, irq.incl, irqCycles)
	}
	if irq.start() <= longr2.start() || irq.end() >= longr2.end() {
		t.Errorf("interrupt %d-%d is not inside longr's second call %d-%d", irq.start(), irq.end(), longr2.start(), longr2.end())
	}
}

// TestFarCallProfileMatchesGuestCounter: testdata/farcall.s's far calls through JSRFAR on
// the built-in ROM (which enters the target by RTS) and, with X16_ROM, the official one
// (which enters it by JSR to its jmpfr trampoline): each is one call named by its target,
// as long as the guest measured around the JSR $FF6E, and neither the trampoline nor JSRFAR
// is a routine of its own.
func TestFarCallProfileMatchesGuestCounter(t *testing.T) {
	roms := kernalROMs(t, "the official KERNAL's JSRFAR")
	for _, rm := range roms {
		var first []RoutineStat
		for _, mode := range profModes {
			t.Run(rm.name+"/"+mode.String(), func(t *testing.T) {
				r := startStamped(t, rm.image, "farcall", mode)
				r.runUntilDone(600)
				stats := r.p.Routines(0)
				checkFarCalls(t, r, stats)
				if mode == modeTimeline {
					checkFarCallTimeline(t, r)
				}
				// Every run is the same machine run from power-on (boot included), so the
				// whole window's figures agree between modes.
				if first == nil {
					first = stats
				} else if !reflect.DeepEqual(stats, first) {
					t.Errorf("routines differ from span mode's")
				}
			})
		}
	}
}

// trampolineName reports whether a routine is JSRFAR's own code rather than a target: the
// jump-table slot $FF6E (any bank), the official KERNAL's jmpfr at $02DF, or its RAM part
// jsrfar3 at $02C4.
func trampolineName(s RoutineStat) bool {
	a := s.Key.Addr()
	return s.Key.Kind() == KeyRoutine && (a == 0xFF6E || a == 0x02DF || a == 0x02C4) ||
		s.Name == "JSRFAR" || s.Name == "jmpfr"
}

func checkFarCalls(t *testing.T, r *stampRun, stats []RoutineStat) {
	banked, b1 := r.d(2, 3), r.d(8, 9)
	low, l2 := r.d(6, 7), r.d(10, 11)
	rdtim := r.d(4, 5)
	checkRoutines(t, stats, []routineWant{
		{"banked", 1, banked, banked - b1},
		{"leaf1", 1, b1, b1},
		{"lowfar", 1, low, low - l2},
		{"leaf2", 1, l2, l2},
	})
	got := byName(stats)
	// RDTIM is called by nothing else; KERNAL code it calls (none in either ROM) would be
	// its callees.
	if s, ok := got["RDTIM"]; !ok || s.Calls != 1 || s.Inclusive != rdtim || s.Exclusive != rdtim || s.Key != RoutineAt(0xFFDE, 0) {
		t.Errorf("RDTIM: %+v; the guest measured 1 call of %d cycles at $FFDE@0", s, rdtim)
	}
	if s := got["banked"]; s.Key != RoutineAt(0xA000, 1) {
		t.Errorf("banked is %s, want $A000@1", s.Key.Address())
	}
	for _, e := range []struct{ from, to string }{{"banked", "leaf1"}, {"lowfar", "leaf2"}} {
		if callee, ok := edge(got[e.from].Callees, e.to); !ok || callee.Calls != 1 || len(got[e.from].Callees) != 1 {
			t.Errorf("%s's callees %+v: want %s alone, once", e.from, got[e.from].Callees, e.to)
		}
	}
	// The far calls' caller is the routine the program runs in (start on the built-in ROM,
	// which SYSes by JSR; a BASIC routine on the official one, whose SYS jumps): the
	// trampoline is no caller between.
	prog := farCaller(t, got)
	if r.m.BuiltinROM() && prog != "start" {
		t.Errorf("the far calls are called from %q, want start", prog)
	}
	for _, name := range []string{"banked", "RDTIM", "lowfar"} {
		if e, ok := edge(got[prog].Callees, name); !ok || e.Calls != 1 || e.Inclusive != got[name].Inclusive {
			t.Errorf("%s -> %s: %+v, want 1 call of %d cycles", prog, name, e, got[name].Inclusive)
		}
		if c := got[name].Callers; len(c) != 1 || c[0].Name != prog {
			t.Errorf("%s's callers %+v: want %s alone", name, c, prog)
		}
	}
	// No trampoline between the program and its far calls, nor below them. (The window's
	// other far calls, the ROM's own, are TestKernalFarCallsNamedByTarget's.)
	for _, name := range []string{prog, "banked", "RDTIM", "lowfar"} {
		for _, e := range got[name].Callees {
			if trampolineName(got[e.Name]) {
				t.Errorf("%s calls %s (%s)", name, e.Name, got[e.Name].Address)
			}
		}
	}
}

// farCaller is the name of banked's one caller.
func farCaller(t *testing.T, got map[string]RoutineStat) string {
	t.Helper()
	c := got["banked"].Callers
	if len(c) != 1 {
		t.Fatalf("banked's callers %+v: want one", c)
	}
	return c[0].Name
}

func checkFarCallTimeline(t *testing.T, r *stampRun) {
	all := r.slices()
	r.checkTimedCalls(all, []timedCall{
		{"banked", 0, 2, 3, 0, -1},
		{"leaf1", 0, 8, 9, 0, -1},
		{"RDTIM", 0, 4, 5, 0, -1},
		{"lowfar", 0, 6, 7, 0, -1},
		{"leaf2", 0, 10, 11, 0, -1},
	})
	// Between the first far call's JSR and the last one's return, only the far calls' targets
	// and their callees ran in the program's lane, the targets one below their caller.
	prog := farCaller(t, byName(r.p.Routines(0)))
	from, to := ^uint64(0), uint64(0)
	for _, s := range all {
		switch s.name {
		case "banked":
			from = min(from, s.start())
		case "lowfar":
			to = max(to, s.end())
		}
	}
	progDepth := -1
	for _, s := range all {
		if s.name == prog && s.Lane == 0 && s.start() < from && s.end() > to {
			progDepth = int(s.Depth)
		}
	}
	if progDepth < 0 {
		t.Fatalf("no slice of %s around the far calls", prog)
	}
	startDepth := uint8(progDepth)
	seen := map[string]int{}
	for _, s := range all {
		if s.Lane != 0 || s.start() < from || s.end() > to {
			continue
		}
		seen[s.name]++
		want := startDepth + 1
		if s.name == "leaf1" || s.name == "leaf2" {
			want++
		}
		if s.Depth != want {
			t.Errorf("%s at depth %d, want %d (%s at %d)", s.name, s.Depth, want, prog, startDepth)
		}
	}
	if want := map[string]int{"banked": 1, "leaf1": 1, "RDTIM": 1, "lowfar": 1, "leaf2": 1}; !reflect.DeepEqual(seen, want) {
		t.Errorf("calls in the far calls' stretch %v, want %v", seen, want)
	}
}

// TestKernalFarCallsNamedByTarget: the ROMs' own far calls, which JSR their bank's JSRFAR
// code directly (the routine $FF6E jumps to in that bank) rather than $FF6E, are far calls
// too: no routine in the window may be a JSRFAR entry or the official jmpfr trampoline.
//
// Without that rule (a JSR to $FF6E alone taken for a far call), on the
// built-in ROM kernal.s's `jsr jsrfar` is a call of "$D3A3@0" (jsrfar), its target's cycles
// inside; on the official ROM the KERNAL's, BASIC's and bank 12's `jsr jsrfar`/`bjsrfar`/
// `bajsrfar` are calls of $F9A5@0, $EA08@4, $FA80@12 with "$02DF" (jmpfr) below them and
// the target below that.
func TestKernalFarCallsNamedByTarget(t *testing.T) {
	for _, rm := range kernalROMs(t, "the official KERNAL's far calls") {
		image := rm.image
		t.Run(rm.name, func(t *testing.T) {
			// Each bank's JSRFAR entry: the target of the JMP in its $FF6E slot.
			entries := map[RoutineKey]bool{}
			for b := 0; (b+1)*0x4000 <= len(image); b++ {
				if o := b*0x4000 + 0x3F6E; image[o] == 0x4C {
					entries[RoutineAt(uint16(image[o+1])|uint16(image[o+2])<<8, uint8(b))] = true
				}
			}
			r := startStamped(t, image, "farcall", modeSpans)
			r.runUntilDone(600)
			for _, s := range r.p.Routines(0) {
				if entries[s.Key] || trampolineName(s) {
					t.Errorf("%s (%s) is a routine: %d calls, %d cycles, callees %+v", s.Name, s.Address, s.Calls, s.Inclusive, s.Callees)
				}
			}
		})
	}
}
