package core

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"sync"
	"testing"
)

func loadTestPRG(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func startedMachine(t testing.TB, prg []byte) *Machine {
	t.Helper()
	m, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	return m
}

// memoryHash hashes everything a program can change: RAM, banked RAM, VRAM and registers.
func memoryHash(m *Machine) string {
	h := sha256.New()
	h.Write(m.bus.ram[:ioStart])
	h.Write(m.bus.banked)
	for a := uint32(0); a < 0x20000; a++ {
		h.Write([]byte{m.vera.PeekVRAM(a)})
	}
	s := m.CPU()
	h.Write([]byte{s.A, s.X, s.Y, s.S, s.P, byte(s.PC), byte(s.PC >> 8)})
	return hex.EncodeToString(h.Sum(nil))
}

func runFrames(m *Machine, n int) {
	for range n {
		m.RunFrame()
	}
}

func TestMachineFrameTiming(t *testing.T) {
	m := startedMachine(t, loadTestPRG(t, "busy.prg"))
	for i := 1; i <= 3; i++ {
		ev := m.RunFrame()
		if ev&EventVSync == 0 {
			t.Fatalf("frame %d: no VSYNC event (events %b)", i, ev)
		}
		// A frame ends within one instruction after VSYNC (the longest is 8 cycles,
		// plus 3 wait cycles per slow I/O access).
		want := uint64(vsyncOffset + (i-1)*CyclesPerFrame)
		if c := m.Cycle(); c < want || c > want+16 {
			t.Errorf("frame %d ended at cycle %d, want %d..%d", i, c, want, want+16)
		}
		if m.Frame() != uint64(i) {
			t.Errorf("Frame() = %d, want %d", m.Frame(), i)
		}
	}
}

func TestMachineDeterministic(t *testing.T) {
	prg := loadTestPRG(t, "busy.prg")
	a, b := startedMachine(t, prg), startedMachine(t, prg)
	runFrames(a, 20)
	runFrames(b, 20)
	if a.Cycle() != b.Cycle() {
		t.Fatalf("cycles differ: %d vs %d", a.Cycle(), b.Cycle())
	}
	if ha, hb := memoryHash(a), memoryHash(b); ha != hb {
		t.Fatalf("memory differs: %s vs %s", ha, hb)
	}
	// The program really ran: it writes VRAM and changes the page it copies.
	if a.vera.PeekVRAM(0) == 0 && a.vera.PeekVRAM(1) == 0 {
		t.Error("busy.prg wrote nothing to VRAM")
	}
	if a.Peek(0x3000) == 0 {
		t.Error("busy.prg never incremented $3000")
	}
}

func TestTwoMachinesInParallel(t *testing.T) {
	prg := loadTestPRG(t, "busy.prg")
	ref := startedMachine(t, prg)
	runFrames(ref, 10)
	want := memoryHash(ref)

	var wg sync.WaitGroup
	got := make([]string, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := startedMachine(t, prg)
			runFrames(m, 10)
			got[i] = memoryHash(m)
		}()
	}
	wg.Wait()
	for i, h := range got {
		if h != want {
			t.Errorf("machine %d in parallel: hash %s, want %s", i, h, want)
		}
	}
}

func TestMachineRunAllocs(t *testing.T) {
	m := startedMachine(t, loadTestPRG(t, "busy.prg"))
	m.RunFrame()
	if n := testing.AllocsPerRun(20, func() { m.RunFrame() }); n != 0 {
		t.Errorf("RunFrame allocates %.1f times per frame, want 0", n)
	}
}

// BenchmarkMachine runs whole frames of a program that never waits: CPU, bus, I/O, VIAs
// and VERA (rendering included once it is wired) together.
func BenchmarkMachine(b *testing.B) {
	m := startedMachine(b, loadTestPRG(b, "busy.prg"))
	m.RunFrame()
	start := m.Cycle()
	b.ResetTimer()
	for b.Loop() {
		m.RunFrame()
	}
	cycles := float64(m.Cycle() - start)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(cycles/sec/1e6, "Mcycles/s")
	b.ReportMetric(cycles/sec/8e6, "x-realtime")
}

func TestFrameCountAtBoundaries(t *testing.T) {
	m := newTestMachine(t, Config{})
	tests := []struct {
		cycle     uint64
		frame     uint64
		nextVSync uint64
	}{
		{0, 0, 122880},
		{122879, 0, 122880},
		{122880, 1, 122880 + 134400},
		{122880 + 134399, 1, 122880 + 134400},
		{122880 + 134400, 2, 122880 + 2*134400},
	}
	for _, tc := range tests {
		m.bus.cycle = tc.cycle
		if got := m.Frame(); got != tc.frame {
			t.Errorf("cycle %d: Frame() = %d, want %d", tc.cycle, got, tc.frame)
		}
		if got := m.NextVSync(); got != tc.nextVSync {
			t.Errorf("cycle %d: NextVSync() = %d, want %d", tc.cycle, got, tc.nextVSync)
		}
	}
}

// VERA is serviced only at the lines that can change its interrupt output (vera.NextEvent);
// a run that ends between them leaves it caught up, so SCANLINE (which Peek reads without
// syncing, for the debugger) is the beam's line at the run's end, in every line of a frame.
func TestScanlineIsCurrentAfterARun(t *testing.T) {
	m := newTestMachine(t, Config{})
	copy(m.bus.ram[0x1000:], []byte{0xA5, 0x30, 0x80, 0xFC}) // lda $30 / bra -4: idle, no VERA reads
	m.cpu.PC = 0x1000
	m.cpu.P |= flagI
	for target := uint64(1000); target < 2*CyclesPerFrame; target += 3*CyclesPerLine + 77 {
		m.RunUntil(target)
		line := m.Cycle() / CyclesPerLine % LinesPerFrame
		want := uint8(line + 1)
		if line >= 511 {
			want = map[bool]uint8{true: 0, false: 0xFF}[line == 511]
		}
		if got := m.VERA().Peek(0x08); got != want {
			t.Fatalf("after a run to cycle %d (line %d): SCANLINE %d, want %d", m.Cycle(), line, got, want)
		}
	}
}
