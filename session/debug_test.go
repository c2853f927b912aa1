package session

import (
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

func readTestFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// demoSession runs dapdemo (the debugger's test program, cmd/x16scope/testdata) with its
// debug file.
func demoSession(t testing.TB) *Session {
	t.Helper()
	s := newSession(t)
	if err := s.LoadPRG("dapdemo.prg", readTestFile(t, "../cmd/x16scope/testdata/dapdemo.prg")); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDebugInfo("dapdemo.dbg", readTestFile(t, "../cmd/x16scope/testdata/dapdemo.dbg")); err != nil {
		t.Fatal(err)
	}
	return s
}

// tickUntilStopped advances displayed frames until the debugger stops the machine.
func tickUntilStopped(t *testing.T, s *Session) DebugView {
	t.Helper()
	for range 30 {
		s.Advance(noClock)
		if stopped, _ := s.DebugStopped(); stopped {
			return s.View(-1, 12)
		}
	}
	t.Fatalf("not stopped after 30 ticks (PC $%04X)", s.Machine().PC())
	return DebugView{}
}

func TestPageBreakpointAndSteps(t *testing.T) {
	s := demoSession(t)
	if err := s.ToggleBreakpoint(0x0812); err != nil { // again: jsr work
		t.Fatal(err)
	}
	v := tickUntilStopped(t, s)
	if v.PC != 0x0812 || v.Source != "dapdemo.s:15" || !strings.Contains(v.Why, "breakpoint") || v.Running {
		t.Fatalf("stop: PC $%04X source %q why %q running %v", v.PC, v.Source, v.Why, v.Running)
	}
	var cur *DisLine
	for i := range v.Disasm {
		if v.Disasm[i].Current {
			cur = &v.Disasm[i]
		}
	}
	if cur == nil || cur.Addr != 0x0812 || cur.Label != "again" || !cur.Break || cur.Text != "JSR $0825" || cur.Bytes != "20 25 08" {
		t.Fatalf("current disassembly line %+v in %+v", cur, v.Disasm)
	}
	if v.Disasm[0].Addr >= 0x0812 {
		t.Errorf("no disassembly before the PC: starts at $%04X", v.Disasm[0].Addr)
	}
	// Stopped, the machine does not run.
	if tk := s.Advance(noClock); tk.Cycles != 0 {
		t.Errorf("a tick while stopped ran %d cycles", tk.Cycles)
	}
	if err := s.DebugStep("line"); err != nil {
		t.Fatal(err)
	}
	if v := tickUntilStopped(t, s); v.PC != 0x0815 || v.Source != "dapdemo.s:16" || v.X != 100 {
		t.Errorf("after a line step: PC $%04X %s X=%d, want $0815 dapdemo.s:16 X=100", v.PC, v.Source, v.X)
	}
	s.DebugStep("instruction")
	if v := tickUntilStopped(t, s); v.PC != 0x0817 {
		t.Errorf("after an instruction step: PC $%04X, want $0817", v.PC)
	}
	s.DebugContinue()
	tickUntilStopped(t, s) // the breakpoint again, next frame
	s.DebugStep("instruction")
	if v := tickUntilStopped(t, s); v.PC != 0x0825 || len(v.Stack) < 2 {
		t.Fatalf("into the call: PC $%04X stack %v", v.PC, v.Stack)
	}
	s.DebugStep("out")
	if v := tickUntilStopped(t, s); v.PC != 0x0815 {
		t.Errorf("step out: PC $%04X, want $0815", v.PC)
	}
	s.ToggleBreakpoint(0x0812) // off
	s.DebugStep("frame")
	v = tickUntilStopped(t, s)
	if !strings.Contains(v.Why, "frame") {
		t.Errorf("step frame stopped for %q", v.Why)
	}
	if err := s.DebugStep("sideways"); err == nil {
		t.Error("an unknown step was accepted")
	}
}

func TestPageRegisterEdits(t *testing.T) {
	s := demoSession(t)
	if err := s.SetRegister("A", 5); err == nil {
		t.Error("a register edit while running was accepted")
	}
	s.DebugBreak()
	for _, tc := range []struct {
		name string
		v    int
	}{{"A", 0x12}, {"X", 0x34}, {"PC", 0x0815}, {"C", 1}, {"N", 1}} {
		if err := s.SetRegister(tc.name, tc.v); err != nil {
			t.Fatal(err)
		}
	}
	c := s.Machine().CPU()
	if c.A != 0x12 || c.X != 0x34 || c.PC != 0x0815 || c.P&0x81 != 0x81 {
		t.Errorf("registers %+v", c)
	}
	for _, tc := range []struct {
		name string
		v    int
	}{{"A", 256}, {"PC", 0x10000}, {"C", 2}, {"Q", 1}} {
		if err := s.SetRegister(tc.name, tc.v); err == nil {
			t.Errorf("%s = %d accepted", tc.name, tc.v)
		}
	}
}

func TestPageMemory(t *testing.T) {
	s := demoSession(t)
	for _, sp := range []struct {
		space string
		bank  int
		addr  int
	}{{SpaceCPU, 0, 0x40}, {SpaceBanked, 3, 0x10}, {SpaceVRAM, 0, 0x1F000}} {
		if err := s.WriteMemory(sp.space, sp.bank, sp.addr, []byte{1, 2, 3}); err != nil {
			t.Fatalf("%s: %v", sp.space, err)
		}
		b, err := s.ReadMemory(sp.space, sp.bank, sp.addr, 3)
		if err != nil || string(b) != "\x01\x02\x03" {
			t.Errorf("%s read back %v %v", sp.space, b, err)
		}
	}
	if b := s.Machine().PeekBanked(3, 0xA010); b != 1 {
		t.Errorf("banked write landed elsewhere: bank 3 $A010 = %d", b)
	}
	for _, tc := range []struct {
		space      string
		bank, addr int
	}{{"flash", 0, 0}, {SpaceBanked, 64, 0}, {SpaceVRAM, 0, 0x20000}, {SpaceCPU, 0, -1}} {
		if _, err := s.ReadMemory(tc.space, tc.bank, tc.addr, 1); err == nil {
			t.Errorf("read %s bank %d $%X accepted", tc.space, tc.bank, tc.addr)
		}
	}
	if err := s.WriteMemory(SpaceCPU, 0, 0xC000, []byte{1}); err == nil {
		t.Error("a ROM write was accepted")
	}
	// The end of a space clips a read.
	if b, _ := s.ReadMemory(SpaceCPU, 0, 0xFFFE, 8); len(b) != 2 {
		t.Errorf("read past $FFFF gave %d bytes", len(b))
	}
}

func TestPageVERAViewers(t *testing.T) {
	s := demoSession(t)
	pal := s.Palette()
	if pal[0] != 0x000000 || pal[1] != 0xFFFFFF {
		t.Errorf("reset palette entries 0, 1: %06X %06X", pal[0], pal[1])
	}
	// Sprite 5: 8bpp 16x8 at VRAM $04000, x=300 y=20, z=3, hflip, palette offset 2; its
	// first pixel is colour 1 (+ offset: 33), its second transparent.
	attr := []byte{0x00, 0x82, 0x2C, 0x01, 0x14, 0x00, 0x0D, 0x12}
	s.WriteMemory(SpaceVRAM, 0, 0x1FC00+5*8, attr)
	s.WriteMemory(SpaceVRAM, 0, 0x04000, []byte{1, 0})
	sp := s.Sprites()[5]
	want := Sprite{Index: 5, Addr: 0x4000, BPP: 8, X: 300, Y: 20, Z: 3, HFlip: true, W: 16, H: 8, PalOff: 2}
	if sp != want {
		t.Errorf("sprite 5: %+v, want %+v", sp, want)
	}
	w, h, pix, err := s.SpriteRGBA(5)
	if err != nil || w != 16 || h != 8 || len(pix) != 16*8*4 {
		t.Fatalf("sprite picture %dx%d (%d bytes) %v", w, h, len(pix), err)
	}
	c := pal[33]
	if pix[0] != uint8(c>>16) || pix[1] != uint8(c>>8) || pix[2] != uint8(c) || pix[3] != 0xFF || pix[7] != 0 {
		t.Errorf("sprite pixels %v, want colour 33 (%06X) then transparent", pix[:8], c)
	}
	if _, _, _, err := s.SpriteRGBA(128); err == nil {
		t.Error("sprite 128 accepted")
	}
	// Tiles: a 1 bpp 8x8 tile whose first row is $81.
	s.WriteMemory(SpaceVRAM, 0, 0x08000, []byte{0x81})
	w, h, pix, err = s.TilesRGBA(0x08000, 1, 8, 8, 2, 0)
	if err != nil || w != 16 || h != 8 {
		t.Fatalf("tiles %dx%d %v", w, h, err)
	}
	if pix[0] != 0xFF || pix[4] != 0 || pix[7*4] != 0xFF || pix[7] != 0xFF {
		t.Errorf("1 bpp row: %v", pix[:32])
	}
	for _, bad := range [][5]int{{3, 8, 8, 1, 0}, {4, 12, 8, 1, 0}, {4, 8, 8, 0, 0}, {4, 8, 8, 1, 16}} {
		if _, _, _, err := s.TilesRGBA(0, bad[0], bad[1], bad[2], bad[3], bad[4]); err == nil {
			t.Errorf("tiles %v accepted", bad)
		}
	}
}

// TestPageProfilerTies: the frame-budget and region ties stop the machine in the frame
// that goes over, and only once.
func TestPageProfilerTies(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("busy.prg", readTestFile(t, "../perf/testdata/busy.prg")); err != nil {
		t.Fatal(err)
	}
	s.BreakOnOverrun(true)
	v := tickUntilStopped(t, s)
	if !strings.Contains(v.Why, "ran past its budget") || v.Overrun {
		t.Errorf("overrun tie: why %q, still armed %v", v.Why, v.Overrun)
	}
	if w, _ := s.Profiler().LiveWork(); w <= uint64(s.Profiler().Budget().Cycles) || w > uint64(s.Profiler().Budget().Cycles)+tieChunk+16 {
		t.Errorf("stopped with %d cycles of work in the period, budget %d", w, s.Profiler().Budget().Cycles)
	}

	s = newSession(t)
	if err := s.LoadPRG("markers.prg", readTestFile(t, "../perf/testdata/markers.prg")); err != nil {
		t.Fatal(err)
	}
	if err := s.BreakOnRegion(1, 0.1); err != nil {
		t.Fatal(err)
	}
	v = tickUntilStopped(t, s)
	if !strings.Contains(v.Why, "region 1 ran past 0.1%") {
		t.Errorf("region tie: why %q", v.Why)
	}
	for _, bad := range []struct {
		n     int
		share float64
	}{{0x70, 10}, {-1, 10}, {1, 0}, {1, 2000}} {
		if err := s.BreakOnRegion(bad.n, bad.share); err == nil {
			t.Errorf("region %d share %v accepted", bad.n, bad.share)
		}
	}
}

func TestPageDebugInfoErrors(t *testing.T) {
	s := demoSession(t)
	if err := s.LoadDebugInfo("bad.dbg", []byte("nonsense")); err == nil || !strings.Contains(err.Error(), "bad.dbg") {
		t.Errorf("malformed .dbg: %v", err)
	}
	other := readTestFile(t, "../cmd/x16scope/testdata/dapdemo.dbg")
	other = []byte(strings.Replace(string(other), "start=0x00080D", "start=0x00090D", 1))
	if err := s.LoadDebugInfo("other.dbg", other); err == nil || !strings.Contains(err.Error(), "another build") {
		t.Errorf(".dbg of another build: %v", err)
	}
	if v := s.View(-1, 4); !v.HaveDbg {
		t.Error("a refused .dbg dropped the good one")
	}
	// Breakpoints survive a reset (a new machine).
	s.ToggleBreakpoint(0x0812)
	s.Reset()
	if v := tickUntilStopped(t, s); v.PC != 0x0812 {
		t.Errorf("after reset: stopped at $%04X", v.PC)
	}
	if err := s.SetBreakpoint(0x10000, core.AnyBank, true); err == nil {
		t.Error("breakpoint $10000 accepted")
	}
}

func TestPageWatchSpecs(t *testing.T) {
	s := demoSession(t)
	// The ROM boots before the program starts (the KERNAL writes zero page too): watch the
	// program's counter once the program runs.
	for i := 0; i < 10 && s.Machine().Starting(); i++ {
		s.Advance(noClock)
	}
	if err := s.SetWatchSpecs(`[{"space":"cpu","access":"w","addr":48}]`); err != nil { // counter
		t.Fatal(err)
	}
	if v := tickUntilStopped(t, s); !strings.Contains(v.Why, "watchpoint") || v.PC != 0x0814 && v.PC != 0x0817 && v.PC != 0x0810 {
		t.Errorf("watch on counter: %q at $%04X", v.Why, v.PC)
	}
	for _, bad := range []string{`[{"space":"disk","access":"w","addr":1}]`, `[{"space":"cpu","access":"","addr":1}]`,
		`[{"space":"cpu","access":"r","addr":65536}]`, `[{"space":"cpu","access":"r","addr":-1}]`, `{`} {
		if err := s.SetWatchSpecs(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if v := s.View(-1, 1); len(v.Watches) != 1 {
		t.Errorf("refused lists replaced the watchpoints: %+v", v.Watches)
	}
}

// TestPageToolbarLeavesDebugStop: the toolbar's Resume and Step frame run a machine the
// debugger stopped, and a debugger stop shows as paused.
func TestPageToolbarLeavesDebugStop(t *testing.T) {
	s := demoSession(t)
	s.DebugBreak()
	if !s.Paused() {
		t.Error("a debugger stop does not show as paused")
	}
	s.StepFrame()
	if tk := s.Advance(noClock); tk.VSyncs != 1 {
		t.Errorf("Step frame after a debugger stop ran %d frames", tk.VSyncs)
	}
	s.DebugBreak()
	s.Resume()
	if tk := s.Advance(noClock); tk.Cycles == 0 {
		t.Error("Resume after a debugger stop ran nothing")
	}
}

// "Break at the start of the next overrun frame": when the period passes its budget the
// session goes back to the start of the frame in progress and stops there, with the profiler's
// history kept; continuing runs the same frame again, which overruns again.
func TestPageBreakAtOverrunStart(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("busy.prg", readTestFile(t, "../perf/testdata/busy.prg")); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		s.Advance(noClock) // some history first
	}
	s.BreakAtOverrunStart(true)
	v := tickUntilStopped(t, s)
	if !strings.Contains(v.Why, "at the start of frame") {
		t.Fatalf("why %q", v.Why)
	}
	m := s.Machine()
	if !s.InPast() {
		t.Fatal("going back to the frame's start left the machine at the head")
	}
	// The machine stands at a frame start: the cycle just after a VSYNC.
	if got := m.NextVSync() - m.Cycle(); got < core.CyclesPerFrame-64 {
		t.Errorf("stopped %d cycles before the next VSYNC, want a frame start", got)
	}
	if n := s.Profiler().FrameCount(); n < 5 {
		t.Errorf("the profiler holds %d frames after going back: the history was lost", n)
	}
	frame := s.CurrentFrame()
	// Continue: the same frame runs again and goes past its budget again.
	s.BreakOnOverrun(true)
	s.DebugContinue()
	v = tickUntilStopped(t, s)
	if !strings.Contains(v.Why, "ran past its budget") {
		t.Fatalf("after continuing: why %q", v.Why)
	}
	if f := s.CurrentFrame(); f != frame {
		t.Errorf("the overrun after continuing is in frame %d, want %d again", f, frame)
	}
}
