package session

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/perf"
)

// stubPRG is a PRG at $0801 with the BASIC line "10 SYS2061" followed by code at $080D
// (X16-HARDWARE.md 7.4).
func stubPRG(code ...byte) []byte {
	p := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0x00, 0x00, 0x00}
	return append(p, code...)
}

func smokePRG(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../tests/browser/testdata/smoke.prg")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newSession(t testing.TB) *Session {
	t.Helper()
	s, err := NewSession()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// noClock is an elapsed-time function for ticks that must not depend on it.
func noClock() float64 { return 0 }

func TestAdvanceRunsRealTimeAtSpeed(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	// 100%: 8,000,000 / 60 = 133,333.3 cycles per displayed frame; the run stops at the
	// first instruction boundary at or after the target (one instruction or interrupt entry
	// later: at most 7 cycles, plus wait states on slow I/O).
	for _, tc := range []struct {
		speed int
		want  uint64
	}{{100, 133_333}, {25, 33_333}, {400, 533_333}} {
		s.SetSpeed(tc.speed)
		s.acc = 0
		tk := s.Advance(noClock)
		if tk.Cycles < tc.want || tk.Cycles > tc.want+16 {
			t.Errorf("speed %d%%: one tick ran %d cycles, want %d (+ at most one instruction)", tc.speed, tk.Cycles, tc.want)
		}
	}
	s.SetSpeed(1000)
	if s.Speed() != MaxSpeed {
		t.Errorf("speed clamps to %d, got %d", MaxSpeed, s.Speed())
	}
}

func TestWarpIsBoundedByTheClock(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	s.SetWarp(true)
	// A fake clock that advances 1 ms per call: warp checks it after each quarter of a
	// machine frame, so it must stop after the slice that reaches WarpBudgetMs (12 ms):
	// 12 slices, 3 frames, the machine at a frame start again.
	s.StepFrame() // to a frame start
	s.Advance(noClock)
	s.Resume()
	ms := 0.0
	tk := s.Advance(func() float64 { ms += 1; return ms })
	// (Runs end on whole instructions, so a slice may end a few cycles off.)
	near := func(got, want uint64) bool { return got+8 >= want && got <= want+8 }
	if tk.VSyncs != 3 || !near(tk.Cycles, 3*core.CyclesPerFrame) {
		t.Errorf("warp ran %d frames (%d cycles) with a 1 ms/slice clock and a %.0f ms budget, want 3 (%d)", tk.VSyncs, tk.Cycles, WarpBudgetMs, 3*core.CyclesPerFrame)
	}
	// A budget that ends inside a frame stops there: 5 slices is 1.25 frames.
	s.SetWarpBudget(5)
	ms = 0
	tk = s.Advance(func() float64 { ms += 1; return ms })
	if tk.VSyncs != 1 || !near(tk.Cycles, 5*core.CyclesPerFrame/warpSlices) {
		t.Errorf("a 5 ms budget ran %d cycles (%d frames), want %d", tk.Cycles, tk.VSyncs, 5*core.CyclesPerFrame/warpSlices)
	}
	s.SetWarpBudget(0)
	// A clock that never advances still stops at MaxWarpFrames.
	tk = s.Advance(noClock)
	if tk.VSyncs != MaxWarpFrames {
		t.Errorf("warp with a frozen clock ran %d frames, want the cap %d", tk.VSyncs, MaxWarpFrames)
	}
}

// WarpMore is warp in the browser's idle time: bounded by its budget like a warp tick,
// and nothing at all unless warp alone is running (a step stays for the next tick).
func TestWarpMoreRunsOnlyInWarp(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	ms := 0.0
	clock := func() float64 { ms += 1; return ms }
	if tk := s.WarpMore(clock, 5); tk.Cycles != 0 {
		t.Errorf("without warp WarpMore ran %d cycles", tk.Cycles)
	}
	s.StepFrame() // to a frame start, so that slices are whole quarters
	s.Advance(noClock)
	s.Resume()
	s.SetWarp(true)
	if tk := s.WarpMore(clock, 0); tk.Cycles != 0 {
		t.Errorf("with no budget WarpMore ran %d cycles", tk.Cycles)
	}
	ms = 0
	start := s.Machine().Cycle()
	tk := s.WarpMore(clock, 5)
	if want := uint64(5 * core.CyclesPerFrame / warpSlices); tk.Cycles+8 < want || tk.Cycles > want+8 || s.Machine().Cycle()-start != tk.Cycles {
		t.Errorf("a 5 ms budget at 1 ms a slice ran %d cycles, want %d", tk.Cycles, want)
	}
	s.StepFrame()
	if tk := s.WarpMore(clock, 5); tk.Cycles != 0 {
		t.Errorf("with a step pending WarpMore ran %d cycles", tk.Cycles)
	}
	if tk := s.Advance(noClock); tk.VSyncs != 1 || !s.Paused() {
		t.Errorf("the step after WarpMore ran %d frames (paused %v), want 1 and paused", tk.VSyncs, s.Paused())
	}
	if tk := s.WarpMore(clock, 5); tk.Cycles != 0 {
		t.Errorf("paused, WarpMore ran %d cycles", tk.Cycles)
	}
	s.Resume()
	s.RunToOverrun()
	if tk := s.WarpMore(clock, 5); tk.Cycles != 0 {
		t.Errorf("running to an overrun, WarpMore ran %d cycles", tk.Cycles)
	}
}

func TestStepFramePauses(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	s.Pause()
	if tk := s.Advance(noClock); tk.Cycles != 0 {
		t.Fatalf("paused tick ran %d cycles", tk.Cycles)
	}
	f := s.Machine().Frame()
	s.StepFrame()
	tk := s.Advance(noClock)
	if tk.VSyncs != 1 || s.Machine().Frame() != f+1 {
		t.Fatalf("step ran %d VSYNCs (frame %d -> %d), want exactly 1", tk.VSyncs, f, s.Machine().Frame())
	}
	if tk := s.Advance(noClock); tk.Cycles != 0 || !s.Paused() {
		t.Fatalf("after a step the session must stay paused, ran %d cycles", tk.Cycles)
	}
}

func TestBadFileLeavesTheProgramRunning(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	s.Advance(noClock)
	m, cyc := s.Machine(), s.Machine().Cycle()
	for _, bad := range [][]File{
		{{"x.prg", []byte{0x01}}},                 // too short for a load address
		{{"x.prg", []byte{0x00, 0xC0, 1, 2, 3}}},  // loads into ROM
		{{"x.zip", []byte("PK\x03\x04garbage")}},  // corrupt zip
		{{"rom.bin", make([]byte, 1000)}},         // not whole ROM banks
		{{"z.json", []byte(`[{"name":"x"}]`)}},    // zone without a range
		{{"l.sym", []byte("nonsense line here")}}, // not a label file
	} {
		if err := s.Load(bad); err == nil {
			t.Errorf("loading %s succeeded", bad[0].Name)
		}
		if s.Machine() != m || s.Program() != "smoke.prg" || s.Machine().Cycle() != cyc {
			t.Fatalf("a bad %s replaced or changed the running program", bad[0].Name)
		}
	}
	if tk := s.Advance(noClock); tk.Cycles == 0 {
		t.Fatal("the program no longer runs after bad drops")
	}
}

func TestZonesAndSymbolsLoadWithoutRestart(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	m := s.Machine()
	err := s.Load([]File{{"z.json", []byte(`[{"name":"poll","start":"$0860","end":"$0866","idle":true},{"name":"compute","marker":1}]`)}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Machine() != m {
		t.Fatal("a zone file restarted the program")
	}
	z := s.Zones()
	if len(z) != 2 || z[0].Name != "poll" || !z[0].Idle || z[1].Marker != 1 {
		t.Fatalf("zones = %+v", z)
	}
	if got := s.Profiler().RegionName(1); got != "compute" {
		t.Fatalf("region 1 is named %q, want compute", got)
	}
	// A data file joins the host file system without a restart.
	if err := s.Load([]File{{"LEVEL1.BIN", []byte{1, 2, 3}}}); err != nil {
		t.Fatal(err)
	}
	if s.Machine() != m {
		t.Fatal("a data file restarted the program")
	}
	found := false
	for _, f := range s.HostFiles() {
		found = found || f.Name == "LEVEL1.BIN"
	}
	if !found {
		t.Fatalf("host files %v lack LEVEL1.BIN", s.HostFiles())
	}
}

func TestMarkersReachTheProfiler(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		s.Advance(noClock)
	}
	p := s.Profiler()
	n := p.FrameCount()
	if n < 8 {
		t.Fatalf("profiler recorded %d frames in 10 ticks", n)
	}
	// smoke.s pushes 64 bytes through DATA0 in region 2 every frame: 64 STY DATA0
	// (4 cycles) + DEY (2) + BNE (3, 2 on the last) = 64*9-1 = 575 cycles, plus the marker
	// writes around it.
	row := p.FrameBucketsAt(n - 2)
	if got := row[perf.RegionBucket(2)]; got < 575 || got > 700 {
		t.Errorf("region 2 has %d cycles in a frame, want about 600 (575 for the loop)", got)
	}
	if row[perf.RegionBucket(1)] == 0 || row[perf.BucketWait] == 0 {
		t.Errorf("a frame should have compute (region 1) and waiting cycles: %v", row[:4])
	}
	if r := p.FrameAt(n - 2); r.PortWrites != 64 {
		t.Errorf("data port writes in a frame = %d, want 64", r.PortWrites)
	}
}

func TestRunToOverrunStopsOnAnOverrun(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	s.RunToOverrun()
	for i := 0; i < 10 && s.SeekingOverrun(); i++ {
		s.Advance(noClock)
	}
	if s.SeekingOverrun() || !s.Paused() {
		t.Fatal("RunToOverrun did not stop within 10 ticks (smoke.s overruns every 16 frames)")
	}
	// It selects the frame in which the period's work passed the budget. smoke.s frames its
	// work with $F0 right after a VSYNC; its long pass (about 205,000 cycles) fills the
	// frame it starts in and spills into the next, the selected one; the profiler flags the
	// frame after that, where the next $F0 closes the period.
	f := s.OverrunFrame()
	p := s.Profiler()
	k := p.FrameIndex(f)
	if k < 1 || k+1 >= p.FrameCount() {
		t.Fatalf("selected frame %d is not held with its neighbours", f)
	}
	if p.FrameAt(k+1).Flags&perf.FrameOverrun == 0 {
		t.Errorf("the frame after the selected %d is not the one flagged as an overrun", f)
	}
	budget := p.Budget().Cycles
	if w := p.FrameAt(k - 1).Work(); w < budget*9/10 {
		t.Errorf("the frame before the selected %d worked %d cycles; the long pass fills it (budget %d)", f, w, budget)
	}
	if w := p.FrameAt(k).Work(); w == 0 || w >= budget {
		t.Errorf("the selected frame %d worked %d cycles, want the long pass's remainder", f, w)
	}
	for j := 0; j <= k; j++ {
		if p.FrameAt(j).Flags&perf.FrameOverrun != 0 {
			t.Fatalf("frame %d overran before the one it stopped on (%d)", p.FrameAt(j).Frame, f)
		}
	}
}

func TestStopsAreDiagnosed(t *testing.T) {
	for _, tc := range []struct {
		name string
		code []byte
		want string
	}{
		{"stp", []byte{0x78, 0xDB}, "STP at $080E"}, // SEI; STP
		// VERA's address registers made to hold JMP $9F20, then jumped to: a loop in the
		// I/O page whatever the boot left in the other registers.
		{"io", []byte{0x78, 0xA9, 0x4C, 0x8D, 0x20, 0x9F, 0xA9, 0x20, 0x8D, 0x21, 0x9F, 0xA9, 0x9F, 0x8D, 0x22, 0x9F,
			0x4C, 0x20, 0x9F}, "I/O page at $9F20"}, // SEI; LDA/STA $9F20-$9F22; JMP $9F20
		{"selfloop", []byte{0x78, 0x4C, 0x0E, 0x08}, "jump to itself at $080E"}, // SEI; JMP *
		{"return", []byte{0x60}, "returned"},                                    // RTS to READY
		{"exit", []byte{0x4C, 0xFF, 0xFF}, "PC reached $FFFF"},                  // JMP $FFFF
		// JSR $FF65: the page's panel names the call the built-in ROM lacks
		{"unimplemented", []byte{0x20, 0x65, 0xFF}, "unimplemented KERNAL call PFKEY (not in the X16 KERNAL: use extapi pfkey, A=7) ($FF65) at $080D"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t)
			if err := s.LoadPRG(tc.name+".prg", stubPRG(tc.code...)); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 5 && s.Stopped() == ""; i++ {
				s.Advance(noClock)
			}
			if !strings.Contains(string(s.Stopped()), tc.want) {
				t.Fatalf("stop reason %q, want it to mention %q", s.Stopped(), tc.want)
			}
			// A program that ended through $FFFF runs nothing more; a stuck CPU stops
			// only itself and a return leaves the READY prompt running: the machine runs
			// on (a frame a tick at 100 %). All keep the last instructions as they were
			// when the stop was found.
			recent := s.Recent(8)
			if len(recent) == 0 {
				t.Fatal("no recent instructions kept")
			}
			tk := s.Advance(noClock)
			if ended := tc.name == "exit"; s.Ended() != ended || (tk.Cycles == 0) != ended {
				t.Fatalf("ended %v, ran %d cycles after the stop, want ended %v", s.Ended(), tk.Cycles, ended)
			}
			if got := s.Recent(8); fmt.Sprint(got) != fmt.Sprint(recent) {
				t.Fatalf("recent instructions changed after the stop: %v, were %v", got, recent)
			}
			if !strings.Contains(string(s.Stopped()), tc.want) {
				t.Fatalf("stop reason now %q, want it kept", s.Stopped())
			}
		})
	}
}

func TestRecentEndsWithTheStoppingInstruction(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("stp.prg", stubPRG(0xEA, 0x78, 0xDB)); err != nil { // NOP; SEI; STP
		t.Fatal(err)
	}
	advanceUntilStopped(s) // the ROM boots first: the program starts at its prompt
	r := s.Recent(3)
	if len(r) != 3 || r[0].PC != 0x080D || r[0].Op != 0xEA || r[1].Op != 0x78 || r[2].PC != 0x080F || r[2].Op != 0xDB {
		t.Fatalf("recent = %+v, want NOP $080D, SEI $080E, STP $080F", r)
	}
	if r[0].Next != 0x080E || r[1].Next != 0x080F {
		t.Fatalf("next PCs %04X %04X, want $080E $080F", r[0].Next, r[1].Next)
	}
}

// ringOf is a machine's recent-instruction ring holding events, oldest first.
func ringOf(events []core.InstrEvent) *core.Recent {
	r := &core.Recent{}
	for _, e := range events {
		r.Ring[r.N%core.RecentSize] = e
		r.N++
	}
	return r
}

func TestBRKLoopIsDiagnosed(t *testing.T) {
	// Running through zeroed memory executes BRK after BRK; the diagnosis looks at the
	// ring only, so build one.
	s := newSession(t)
	batch := make([]core.InstrEvent, recentSize)
	for i := range batch {
		batch[i] = core.MakeInstrEvent(uint16(0x3000+2*i), 0x3000, 7, opBRK, 0)
	}
	if got := diagnose(0, s.Machine(), ringOf(batch)); !strings.Contains(string(got), "BRK loop") {
		t.Fatalf("diagnosis %q, want a BRK loop", got)
	}
	for i := range batch {
		op := uint8(0xEA)
		if i%4 == 0 {
			op = opBRK // a quarter BRKs: a program that uses BRK, not a loop
		}
		batch[i] = core.MakeInstrEvent(uint16(0x0900+i), uint16(0x0901+i), 2, op, 0)
	}
	if got := diagnose(0, s.Machine(), ringOf(batch)); strings.Contains(string(got), "BRK") {
		t.Fatalf("diagnosis %q for a program with occasional BRKs", got)
	}
}

func TestResetRestartsTheProgram(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("stp.prg", stubPRG(0x78, 0xDB)); err != nil {
		t.Fatal(err)
	}
	advanceUntilStopped(s)
	if s.Stopped() == "" {
		t.Fatal("program did not stop")
	}
	s.Reset()
	if s.Stopped() != "" || s.Program() != "stp.prg" {
		t.Fatalf("after reset: stopped %q, program %q", s.Stopped(), s.Program())
	}
	advanceUntilStopped(s)
	if s.Stopped() == "" {
		t.Fatal("the restarted program should reach its STP again")
	}
}

// The crash view lists the newest instructions of the ring, oldest first, when more have
// run than it holds; a PC in the I/O page is diagnosed as a jump into nowhere.
func TestRecentLastAndIOPage(t *testing.T) {
	batch := make([]core.InstrEvent, 200)
	for i := range batch {
		batch[i] = core.MakeInstrEvent(uint16(i), uint16(i+1), 2, 0xEA, 0)
	}
	r := ringOf(batch)
	got := recentLast(r, recentSize)
	if len(got) != recentSize || got[0].PC != 200-recentSize || got[recentSize-1].PC != 199 || got[recentSize-1].Next != 200 {
		t.Fatalf("last %d: first PC %d, last PC %d next %d", len(got), got[0].PC, got[recentSize-1].PC, got[recentSize-1].Next)
	}
	m := newSession(t).Machine() // the built-in ROM, waiting at READY
	if d := diagnose(0, m, r); d != "" {
		t.Fatalf("diagnosis %q for NOPs", d)
	}
	r.IOPC = 0x9F23
	if d := diagnose(0, m, r); !strings.Contains(string(d), "I/O page at $9F23") {
		t.Fatalf("diagnosis %q, want a jump into the I/O page at $9F23", d)
	}
}

// Dropping the same label or zone file twice does not duplicate zones.
func TestSameZonesTwiceAreNotDuplicated(t *testing.T) {
	s := newSession(t)
	sym, err := os.ReadFile("../tests/browser/testdata/smoke.sym")
	if err != nil {
		t.Fatal(err)
	}
	zonesJSON := []byte(`[{"name":"compute","marker":1},{"name":"loop","start":"$0810","end":"$0820"}]`)
	if err := s.Load([]File{{Name: "smoke.prg", Data: smokePRG(t)}, {Name: "smoke.sym", Data: sym}}); err != nil {
		t.Fatal(err)
	}
	once := len(s.Zones())
	if once == 0 {
		t.Fatal("smoke.sym gave no zones")
	}
	for i := 0; i < 2; i++ {
		if err := s.Load([]File{{Name: "smoke.sym", Data: sym}, {Name: "z.json", Data: zonesJSON}}); err != nil {
			t.Fatal(err)
		}
		if n := len(s.Zones()); n != once+2 {
			t.Fatalf("load %d: %d zones, want %d (the label file's %d and the 2 of the JSON)", i+1, n, once+2, once)
		}
	}
	// A region renamed by a later file keeps one entry, with the new name.
	if err := s.Load([]File{{Name: "z2.json", Data: []byte(`[{"name":"maths","marker":1}]`)}}); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, z := range s.Zones() {
		if z.Marker == 1 {
			names = append(names, z.Name)
		}
	}
	if len(names) != 1 || names[0] != "maths" {
		t.Errorf("region 1 is named %q, want just maths", names)
	}
}

// The page says what a load did with files it did not run.
func TestLoadSummary(t *testing.T) {
	s := newSession(t)
	sym, _ := os.ReadFile("../tests/browser/testdata/smoke.sym")
	for _, tc := range []struct {
		files []File
		want  string
	}{
		{[]File{{Name: "smoke.prg", Data: smokePRG(t)}, {Name: "TBL/A.BIN", Data: []byte{1}}}, "started smoke.prg, with TBL/A.BIN on device 8"},
		{[]File{{Name: "notes.txt", Data: []byte("hi")}}, "notes.txt is not a program: put on device 8 (the host file system) for the running program to open; drop a .prg to run one"},
		{[]File{{Name: "a.bin", Data: []byte{1}}, {Name: "b.bin", Data: []byte{2}}}, "2 files (a.bin, b.bin) are not programs"},
		{[]File{{Name: "data.zip", Data: makeZip(t, map[string]string{"LEVEL1.DAT": "a", "LEVEL2.DAT": "b"})}}, "data.zip holds no program (.prg) to run: 2 files (LEVEL1.DAT, LEVEL2.DAT) now on device 8"},
		{[]File{{Name: "smoke.sym", Data: sym}}, "zones added from smoke.sym"},
		{[]File{{Name: "smoke.sym", Data: sym}}, "zones from smoke.sym updated (no new ones)"},
	} {
		if err := s.Load(tc.files); err != nil {
			t.Fatal(err)
		}
		if got := s.LoadSummary(); !strings.Contains(got, tc.want) {
			t.Errorf("loading %s: summary %q, want %q", tc.files[0].Name, got, tc.want)
		}
	}
}

// A bad PRG's error names the file and the problem, as the command line does.
func TestBadPRGErrorsNameTheProblem(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{nil, "bad file: e.prg: 0 bytes, too short"},
		{[]byte{0x00, 0x9F, 1}, "bad file: e.prg: load address $9F00 is in the I/O page"},
		{append([]byte{0x01, 0x08}, make([]byte, 0x10000)...), "bad file: e.prg: 65536 bytes at $0801 run past the end of the 64 KB"},
	} {
		err := s.Load([]File{{Name: "e.prg", Data: tc.data}})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("error %v, want it to begin %q", err, tc.want)
		}
	}
}

// advanceUntilStopped advances a few display frames or until the program stops: the ROM
// boots before the program starts (StartPRG runs no frames).
func advanceUntilStopped(s *Session) {
	for i := 0; i < 5 && s.Stopped() == ""; i++ {
		s.Advance(noClock)
	}
}
