package perf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// spanCases are the idle-skip programs, plus runs whose zones are dense (one per routine
// from the .sym files, or a grid of small zones over the program and the KERNAL), so that
// the PC crosses zone edges all the time, in wait loops too.
func spanCases(t *testing.T) []idleCase {
	cases := idleCases()
	for _, name := range []string{"busload", "busy", "flagpoll", "framed", "isrpoll", "jsrpoll", "markers", "thirty", "unframed", "waitwai"} {
		data, err := os.ReadFile("testdata/" + name + ".sym")
		if err != nil {
			t.Fatal(err)
		}
		syms, err := ParseSym(data)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, idleCase{name: name + "-sym", file: "testdata/" + name + ".prg", rom: testROM(), zones: ZonesFromSymbols(syms)})
	}
	var grid []Zone
	for a := 0x0801; a < 0x0B00; a += 7 {
		grid = append(grid, Zone{Name: fmt.Sprintf("g%04x", a), Start: uint16(a), End: uint16(a + 4), Bank: AnyBank, Idle: a%3 == 0})
	}
	for a := 0xC000; a < 0x10000; a += 0x100 {
		grid = append(grid, Zone{Name: fmt.Sprintf("k%04x", a), Start: uint16(a), End: uint16(a + 0x7F), Bank: 0})
	}
	grid = append(grid, Zone{Name: "ram", Start: 0xA000, End: 0xBFFF, Bank: 1})
	for _, name := range []string{"smoke", "keyecho"} {
		cases = append(cases, idleCase{name: name + "-grid", file: "../tests/browser/testdata/" + name + ".prg", rom: rom.Image(), zones: grid})
	}
	cases = append(cases, idleCase{name: "idlepoll", file: "../core/testdata/idlepoll.prg", rom: testROM(), zones: grid})
	// Interrupts through the built-in KERNAL's trampoline (closed by the second RTI).
	cases = append(cases, idleCase{name: "irqtramp-grid", file: "testdata/irqtramp.prg", rom: rom.Image(), zones: grid})
	// The official ROM switches ROM banks through jsrfar: bank latch writes under zones of
	// their own bank.
	for _, c := range cases {
		if c.name == "smoke-official" {
			c.name, c.zones = "smoke-official-grid", grid
			cases = append(cases, c)
			break
		}
	}
	return cases
}

// TestSpansMatchEveryInstruction runs each program on two machines, one profiled in span
// mode (the default, span.go) and one classifying every instruction, and requires the same
// frame records, zone buckets and statistics, frame by frame, to the cycle. Both use idle
// fast-forward; with it off, span mode must still agree. It also requires that span mode
// was told of few instructions, so the comparison is not between two identical runs.
func TestSpansMatchEveryInstruction(t *testing.T) {
	for _, tc := range spanCases(t) {
		prg, err := os.ReadFile(filepath.FromSlash(tc.file))
		if err != nil {
			t.Fatal(err)
		}
		// The grid runs also keep the recent-instruction ring on the span machine, alone
		// (as the page runs) and with a recorder: neither may change what the profiler sees.
		type variant struct {
			suffix string
			skip   bool
			extras spanExtras
		}
		variants := []variant{{"", true, noExtras}, {"/no-idle-skip", false, noExtras}}
		if strings.HasSuffix(tc.name, "grid") {
			variants = []variant{{"", true, ringAndRecorder}, {"/no-idle-skip", false, ringAndRecorder},
				{"/ring", true, ringOnly}, {"/ring/no-idle-skip", false, ringOnly}}
		}
		for _, vr := range variants {
			skip := vr.skip
			t.Run(tc.name+vr.suffix, func(t *testing.T) {
				c := compareSpans(t, tc.rom, prg, tc.zones, tc.frames(), skip, vr.extras)
				if c.instrs > 10000 && c.told*10 > c.instrs {
					t.Errorf("span mode was told of %d instructions of about %d: not spans", c.told, c.instrs)
				}
			})
		}
	}
}

// spanCounts is what compareSpans saw: reports to the span-mode profiler, instructions it
// was told of, edges, and about how many instructions ran.
type spanCounts struct{ reports, told, edges, instrs int }

// compareSpans runs prg on two machines, in span mode and classifying every instruction,
// for frames frames, and fails t at the first difference.
// spanExtras is what else the span machine of compareSpans keeps besides the profiler.
type spanExtras int

const (
	noExtras        spanExtras = iota
	ringOnly                   // the recent-instruction ring, as the page runs
	ringAndRecorder            // the ring and a recorder of every instruction
)

func compareSpans(t *testing.T, romImage, prg []byte, zones []Zone, frames int, skip bool, extras spanExtras) spanCounts {
	t.Helper()
	start := func(every bool) (*core.Machine, *Profiler) {
		m, err := core.New(core.Config{ROM: romImage})
		if err != nil {
			t.Fatal(err)
		}
		m.SetIdleSkip(skip)
		p := New(m)
		p.every = every
		if err := p.SetZones(zones); err != nil {
			t.Fatal(err)
		}
		p.Acquire(OwnerCLI)
		if _, err := m.StartPRG(prg); err != nil {
			t.Fatal(err)
		}
		return m, p
	}
	sm, sp := start(false)
	em, ep := start(true)
	counter := &reportCounter{Profiler: sp}
	sm.SetTracer(counter)
	sp.rewatch()
	if extras != noExtras {
		sm.KeepRecent(true)
	}
	if extras == ringAndRecorder {
		sm.SetRecorder(nullRecorder{})
	}
	for f := 0; f < frames; f++ {
		es, ee := sm.RunFrame(), em.RunFrame()
		if es != ee || sm.Cycle() != em.Cycle() || sm.CPU() != em.CPU() {
			t.Fatalf("frame %d: machines differ: %b %d %+v in span mode; %b %d %+v", f, es, sm.Cycle(), sm.CPU(), ee, em.Cycle(), em.CPU())
		}
		if sp.FrameCount() != ep.FrameCount() {
			t.Fatalf("frame %d: %d frames recorded in span mode, %d", f, sp.FrameCount(), ep.FrameCount())
		}
		if n := sp.FrameCount(); n > 0 {
			if a, b := *sp.FrameAt(n - 1), *ep.FrameAt(n - 1); a != b {
				t.Fatalf("frame %d record:\n%+v in span mode\n%+v classifying every instruction", f, a, b)
			}
			if a, b := sp.FrameBucketsAt(n-1), ep.FrameBucketsAt(n-1); !equalU32(a, b) {
				t.Fatalf("frame %d buckets differ:\n%v in span mode\n%v", f, a, b)
			}
		}
		if es&(core.EventExit|core.EventStop) != 0 {
			break
		}
	}
	js, _ := json.Marshal(sp.Stats(0))
	je, _ := json.Marshal(ep.Stats(0))
	if !bytes.Equal(js, je) {
		t.Errorf("perfStats differ:\n%s\n%s", js, je)
	}
	c := spanCounts{counter.n, counter.instrs, counter.edges, estimateInstrs(ep)}
	t.Logf("%d reports in span mode (%d instructions, %d edges) for about %d instructions", c.reports, c.told, c.edges, c.instrs)
	return c
}

// TestSpansMatchOnTrickyLoops compares span mode with classifying every instruction on small
// loops that exercise the machine's share of the loop detector: a BBR poll (its extra bus
// cycle writes, yet it is no store), a confirmed loop that writes now and then, a loop left
// by a forward branch and re-entered through JSR/RTS (a return to a lower address), nested
// store-free loops, and a loop that rewrites the store its body starts with. Each runs with no zones and with a zone ending inside its body.
func TestSpansMatchOnTrickyLoops(t *testing.T) {
	programs := map[string][]byte{
		// lda #0 / sta $10 / loop: bbr0 $10,loop
		"bbr": {0xA9, 0x00, 0x85, 0x10, 0x0F, 0x10, 0xFD},
		// loop: iny / bne skip / sta $20 / skip: bra loop
		"sometimes-writes": {0xC8, 0xD0, 0x02, 0x85, 0x20, 0x80, 0xF9},
		// loop: dex / beq out / jmp loop / out: jsr sub / bra loop / sub: rts
		"exit-and-return": {0xCA, 0xF0, 0x03, 0x4C, 0x01, 0x08, 0x20, 0x0C, 0x08, 0x80, 0xF5, 0x60},
		// outer: ldy #5 / inner: dey / bne inner / dex / bne outer / inc $30 / bra outer
		"nested": {0xA0, 0x05, 0x88, 0xD0, 0xFD, 0xCA, 0xD0, 0xF8, 0xE6, 0x30, 0x80, 0xF4},
		// loop: sta $2000 / iny / cpy #2 / bne skip / lda #$AD / sta loop / skip: bra loop:
		// the store that starts the body (so every pass writes, core/watch.go) is turned
		// into lda $2000 in the second pass, and the loop is store-free from then on.
		"rewrites-its-prefix": {0x8D, 0x00, 0x20, 0xC8, 0xC0, 0x02, 0xD0, 0x05, 0xA9, 0xAD, 0x8D, 0x01, 0x08, 0x80, 0xF1},
	}
	for name, code := range programs {
		prg := append([]byte{0x01, 0x08}, code...)
		for _, zones := range [][]Zone{nil, {{Name: "part", Start: 0x0803, End: 0x0805, Bank: AnyBank}}} {
			for _, skip := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/zones=%d/skip=%v", name, len(zones), skip), func(t *testing.T) {
					extras := noExtras
					if len(zones) != 0 {
						extras = ringAndRecorder
					}
					compareSpans(t, testROM(), prg, zones, 4, skip, extras)
				})
			}
		}
	}
}

// nullRecorder is a core.Recorder that drops what it gets.
type nullRecorder struct{}

func (nullRecorder) Instrs([]core.InstrEvent)         {}
func (nullRecorder) Repeat([]core.InstrEvent, uint32) {}
func (nullRecorder) Interrupt(core.Interrupt, uint32) {}

// reportCounter counts the machine's reports to a profiler in span mode.
type reportCounter struct {
	*Profiler
	n, instrs, edges int
}

func (r *reportCounter) Instrs(b []core.InstrEvent) { r.n++; r.instrs++; r.Profiler.Instrs(b) }
func (r *reportCounter) Edge()                      { r.n++; r.edges++; r.Profiler.Edge() }
func (r *reportCounter) Span(c uint64, code uint16) { r.n++; r.Profiler.Span(c, code) }

// estimateInstrs is a rough instruction count: cycles / 3.5.
func estimateInstrs(p *Profiler) int {
	var c uint64
	for i := 0; i < p.FrameCount(); i++ {
		c += uint64(p.FrameAt(i).Cycles)
	}
	return int(float64(c) / 3.5)
}
