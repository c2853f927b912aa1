package capture

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"testing"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/rom"
	"x16scope/savestate"
)

// testROM is the perf tests' ROM: all $FF except the vectors, which point into RAM where
// their programs put handlers (NMI $0403, RESET $080D, IRQ/BRK $0400).
func testROM() []byte {
	r := bytes.Repeat([]byte{0xFF}, 0x4000)
	for i, v := range []uint16{0x0403, 0x080D, 0x0400} {
		r[0x3FFA+2*i] = uint8(v)
		r[0x3FFB+2*i] = uint8(v >> 8)
	}
	return r
}

// setup describes a program on a machine.
type setup struct {
	name   string
	prg    string
	rom    []byte // nil: empty ROM space
	ramKB  int
	zones  []perf.Zone
	before int // frames run before the save
	// input, if set, runs just before the save: input still queued in the devices then
	// must come out of the restored machine as it comes out of the original.
	input func(t testing.TB, m *core.Machine)
}

func (s setup) build(t testing.TB) (*core.Machine, *perf.Profiler) {
	t.Helper()
	m, err := core.New(core.Config{ROM: s.rom, RAMKB: s.ramKB})
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(s.prg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	p := perf.New(m)
	if err := p.SetZones(s.zones); err != nil {
		t.Fatal(err)
	}
	if err := p.SetTargetFps(30); err != nil {
		t.Fatal(err)
	}
	p.Acquire(perf.OwnerCLI)
	return m, p
}

// trace is what a run of frames shows: per frame, everything a user or test could see.
type trace []string

func record(t testing.TB, m *core.Machine, p *perf.Profiler, frames int) trace {
	t.Helper()
	var tr trace
	for i := range frames {
		ev := m.RunFrame()
		c := m.CPU()
		line := fmt.Sprintf("frame %d ev %d cycle %d frameNo %d pc %04X a %02X x %02X y %02X s %02X p %02X ram %x vram-out %x",
			i, ev, m.Cycle(), m.Frame(), c.PC, c.A, c.X, c.Y, c.S, c.P, ramHash(m), sha256.Sum256(m.VERA().FrameView()))
		if n := p.FrameCount(); n > 0 && ev&core.EventVSync != 0 {
			r := *p.FrameAt(n - 1)
			line += fmt.Sprintf(" rec %+v buckets %v", r, p.FrameBucketsAt(n-1))
			if h := p.HeatAt(n - 1); h != nil {
				line += fmt.Sprintf(" heat %x", sha256.Sum256(u16s(h[:])))
			}
		}
		tr = append(tr, line)
		if ev&(core.EventExit|core.EventStop) != 0 {
			break
		}
	}
	return tr
}

func u16s(v []uint16) []byte {
	b := make([]byte, 0, 2*len(v))
	for _, x := range v {
		b = append(b, byte(x), byte(x>>8))
	}
	return b
}

func ramHash(m *core.Machine) []byte {
	h := sha256.New()
	for a := 0; a < 0x9F00; a++ {
		h.Write([]byte{m.Peek(uint16(a))})
	}
	for b := 0; b < m.RAMBanks(); b++ {
		for a := 0xA000; a < 0xC000; a++ {
			h.Write([]byte{m.PeekBanked(uint8(b), uint16(a))})
		}
	}
	return h.Sum(nil)[:8]
}

func setups(t *testing.T) []setup {
	isr := "../perf/testdata/"
	v := "../vera/testdata/"
	list := []setup{
		{name: "isrpoll", prg: isr + "isrpoll.prg", rom: testROM(), before: 7},
		{name: "markers", prg: isr + "markers.prg", rom: testROM(), before: 5},
		{name: "framed", prg: isr + "framed.prg", rom: testROM(), before: 9},
		{name: "waitwai", prg: isr + "waitwai.prg", rom: testROM(), before: 4},
		{name: "busload", prg: isr + "busload.prg", rom: testROM(), before: 3},
		{name: "thirty-zones", prg: isr + "thirty.prg", rom: testROM(), before: 6,
			zones: []perf.Zone{{Name: "low", Start: 0x0800, End: 0x08FF, Bank: perf.AnyBank}, {Name: "nap", Start: 0x0900, End: 0x09FF, Bank: perf.AnyBank, Idle: true}, {Name: "r1", Marker: 1}}},
		{name: "raster", prg: v + "raster.prg", before: 3},
		{name: "sprites8", prg: v + "sprites8.prg", before: 5},
		{name: "lineirq", prg: v + "irq/lineirq.prg", before: 1},
		{name: "mapscroll", prg: v + "mapscroll.prg", before: 2},
		{name: "builtin-busy", prg: "../core/testdata/busy.prg", rom: rom.Image(), before: 40},
		{name: "builtin-idlepoll", prg: "../core/testdata/idlepoll.prg", rom: rom.Image(), before: 40},
		{name: "builtin-ram2048", prg: "../core/testdata/idlepoll.prg", rom: rom.Image(), ramKB: 2048, before: 30},
		{name: "builtin-input-queued", prg: "../core/testdata/idlepoll.prg", rom: rom.Image(), before: 30,
			input: func(t testing.TB, m *core.Machine) {
				if err := m.TypeText("LIST\n"); err != nil {
					t.Fatal(err)
				}
				m.MouseMove(5, -3, 1)
				m.SetJoystick(0, 0x0F0F)
				if m.KeysPending() == 0 {
					t.Fatal("no keys queued at the save")
				}
			}},
	}
	if path := os.Getenv("X16_ROM"); path != "" {
		img, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("X16_ROM: %v", err)
		}
		list = append(list, setup{name: "official-idlepoll", prg: "../core/testdata/idlepoll.prg", rom: img, before: 150})
	}
	return list
}

// TestRestoreContinuesBitIdentically: run N frames, save, run M; restore, run M again: the
// same frames, cycles, registers, memory and profiler records, and the same state after.
func TestRestoreContinuesBitIdentically(t *testing.T) {
	if os.Getenv("X16_ROM") == "" {
		t.Log("X16_ROM is not set: the official-ROM case is skipped")
	}
	const after = 20
	for _, s := range setups(t) {
		t.Run(s.name, func(t *testing.T) {
			m, p := s.build(t)
			record(t, m, p, s.before)
			if s.input != nil {
				s.input(t, m)
			}
			data, err := SaveState(m, p)
			if err != nil {
				t.Fatal(err)
			}
			want := record(t, m, p, after)
			wantEnd := StateSections(m, p)

			f, err := savestate.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			m2, p2, err := Restore(f, core.RestoreOptions{ROMs: roms(s)}, perf.OwnerCLI)
			if err != nil {
				t.Fatal(err)
			}
			got := record(t, m2, p2, after)
			if len(got) != len(want) {
				t.Fatalf("restored run has %d frames, want %d", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("frame %d after restore differs:\n got %s\nwant %s", i, got[i], want[i])
				}
			}
			gotEnd := StateSections(m2, p2)
			for i, w := range wantEnd.Sections {
				g := gotEnd.Sections[i]
				if g.Tag != w.Tag || !bytes.Equal(g.Data, w.Data) {
					t.Errorf("state after %d frames: section %q differs from the uninterrupted run's (first at byte %d of %d)", after, w.Tag, firstDiff(g.Data, w.Data), len(w.Data))
				}
			}
		})
	}
}

func roms(s setup) [][]byte {
	if s.rom == nil {
		return nil
	}
	return [][]byte{s.rom}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
