package core_test

import (
	"bytes"
	"encoding/json"
	"hash/crc32"
	"os"
	"testing"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/rom"
)

// Idle-loop fast-forward with the official KERNAL (X16_ROM). A program waiting in
// `jsr GETIN / beq -` there runs, every pass, BASIC's jump table and jsrfar (a RAM
// trampoline that stores its target, rewrites return addresses on the stack and switches
// ROM banks through $01), the KERNAL's jump table (trapped PCs) and kbdbuf_get (which
// switches the RAM bank through $00): a pass that writes, but puts back every byte it
// writes (core/idle.go, idle_writes.go, idle_traps.go).

// idleOfficialCase is a program waiting in the official KERNAL, with the profiler's zones.
type idleOfficialCase struct {
	name, file string
	zones      []perf.Zone
	keys       bool // the program stores the keys it gets (idlegetin.s)
}

var idleOfficialCases = []idleOfficialCase{
	// GETIN called from BASIC's bank (4), through jsrfar; zones on the KERNAL and BASIC.
	{name: "text40", file: "testdata/bench/text40.prg", zones: []perf.Zone{
		{Name: "kernal", Start: 0xC000, End: 0xFFFF, Bank: 0},
		{Name: "basic", Start: 0xC000, End: 0xFFFF, Bank: 4},
	}},
	// GETIN called with the KERNAL's bank selected; a zone on the program's wait, one on
	// GETIN's buffer routine marked idle.
	{name: "idlegetin", file: "testdata/idlegetin.prg", keys: true, zones: []perf.Zone{
		{Name: "wait", Start: 0x0812, End: 0x0816, Bank: perf.AnyBank},
		{Name: "kbdbuf", Start: 0xF076, End: 0xF09E, Bank: 0, Idle: true},
	}},
	// The same with the profiler watching nothing but the whole machine.
	{name: "idlegetin-nozones", file: "testdata/idlegetin.prg", keys: true},
}

// startIdleCase starts a case on the given ROM with the profiler on and the
// recent-instruction ring kept (as the page runs it).
func startIdleCase(t *testing.T, image []byte, tc idleOfficialCase, skip bool) (*core.Machine, *perf.Profiler) {
	t.Helper()
	m, err := core.New(core.Config{ROM: image})
	if err != nil {
		t.Fatal(err)
	}
	m.SetIdleSkip(skip)
	m.KeepRecent(true)
	p := perf.New(m)
	if err := p.SetZones(tc.zones); err != nil {
		t.Fatal(err)
	}
	p.Acquire(perf.OwnerCLI)
	prg, err := os.ReadFile(tc.file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	return m, p
}

// lowMemHash hashes the CPU's view of memory ($0000-$FFFF as mapped now).
func lowMemHash(m *core.Machine) uint32 {
	var buf [0x10000]byte
	for a := range buf {
		buf[a] = m.Peek(uint16(a))
	}
	return crc32.ChecksumIEEE(buf[:])
}

// bankedHash hashes every RAM bank.
func bankedHash(m *core.Machine) uint32 {
	h := crc32.NewIEEE()
	var buf [0x2000]byte
	for bank := range m.RAMBanks() {
		for a := range buf {
			buf[a] = m.PeekBanked(uint8(bank), 0xA000+uint16(a))
		}
		h.Write(buf[:])
	}
	return h.Sum32()
}

// TestIdleOfficialInvisible runs each program on two machines, one fast-forwarding idle
// loops and one executing every pass, through the official KERNAL's boot, BASIC's LOAD and
// RUN, the wait, two typed keys and the wait again, and requires the same machine, memory,
// recent instructions (banks included), picture and profile, frame by frame; and that the
// wait was fast-forwarded (without jsrfar's and kbdbuf_get's stores accepted, and the
// KERNAL's jump-table traps, nothing of it is).
func TestIdleOfficialInvisible(t *testing.T) {
	image := officialROM(t)
	const frames, typeAt = 160, 120
	for _, tc := range idleOfficialCases {
		t.Run(tc.name, func(t *testing.T) {
			fast, pf := startIdleCase(t, image, tc, true)
			slow, ps := startIdleCase(t, image, tc, false)
			var waitCycles, waitIdle uint64
			for f := range frames {
				if f == typeAt {
					for _, m := range []*core.Machine{fast, slow} {
						if err := m.TypeText("HI"); err != nil {
							t.Fatal(err)
						}
					}
				}
				c0, i0 := fast.Cycle(), fast.IdleCycles()
				ef, es := fast.RunFrame(), slow.RunFrame()
				if f >= typeAt-20 && f < typeAt {
					waitCycles += fast.Cycle() - c0
					waitIdle += fast.IdleCycles() - i0
				}
				if ef != es || fast.Cycle() != slow.Cycle() || fast.CPU() != slow.CPU() {
					t.Fatalf("frame %d: event %b cycle %d CPU %+v with fast-forward; %b, %d, %+v without",
						f, ef, fast.Cycle(), fast.CPU(), es, slow.Cycle(), slow.CPU())
				}
				if lowMemHash(fast) != lowMemHash(slow) {
					t.Fatalf("frame %d: memory differs", f)
				}
				rf, rs := fast.RecentView(), slow.RecentView()
				if rf.N != rs.N || rf.Ring != rs.Ring {
					t.Fatalf("frame %d: recent instructions differ (%d kept, %d without fast-forward)", f, rf.N, rs.N)
				}
				if pf.FrameCount() != ps.FrameCount() {
					t.Fatalf("frame %d: %d frames recorded, %d without fast-forward", f, pf.FrameCount(), ps.FrameCount())
				}
				if n := pf.FrameCount(); n > 0 {
					if a, b := *pf.FrameAt(n - 1), *ps.FrameAt(n - 1); a != b {
						t.Fatalf("frame %d record:\n%+v with fast-forward\n%+v without", f, a, b)
					}
					if a, b := pf.FrameBucketsAt(n-1), ps.FrameBucketsAt(n-1); !bytes.Equal(u32Bytes(a), u32Bytes(b)) {
						t.Fatalf("frame %d buckets differ:\n%v\n%v", f, a, b)
					}
				}
			}
			if bankedHash(fast) != bankedHash(slow) {
				t.Error("banked RAM differs")
			}
			if !bytes.Equal(fast.VERA().FrameView(), slow.VERA().FrameView()) {
				t.Error("pictures differ")
			}
			jf, _ := json.Marshal(pf.Stats(0))
			js, _ := json.Marshal(ps.Stats(0))
			if !bytes.Equal(jf, js) {
				t.Errorf("perfStats differ:\n%s\n%s", jf, js)
			}
			if slow.IdleCycles() != 0 {
				t.Errorf("fast-forward off, yet %d cycles skipped", slow.IdleCycles())
			}
			share := float64(waitIdle) / float64(waitCycles)
			t.Logf("%.1f%% of the waiting frames' cycles fast-forwarded", 100*share)
			if share < 0.9 {
				t.Errorf("only %.1f%% of the waiting frames' cycles fast-forwarded, want at least 90%%", 100*share)
			}
			if tc.keys {
				if n := fast.Peek(0x0400); n != 2 || fast.Peek(0x0410) != 'H' || fast.Peek(0x0411) != 'I' {
					t.Errorf("the program got %d keys (%02X %02X), want H and I", n, fast.Peek(0x0410), fast.Peek(0x0411))
				}
			}
		})
	}
}

func u32Bytes(v []uint32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return b
}

// executedPerFrame runs a program past its start and returns the cycles per frame the CPU
// really executed (not fast-forwarded) over 60 frames of its wait, with the profiler on.
func executedPerFrame(t *testing.T, image []byte, file string) uint64 {
	t.Helper()
	m, _ := startIdleCase(t, image, idleOfficialCase{file: file}, true)
	for range 90 {
		m.RunFrame()
	}
	c0, i0 := m.Cycle(), m.IdleCycles()
	for range 60 {
		m.RunFrame()
	}
	return (m.Cycle() - c0 - (m.IdleCycles() - i0)) / 60
}

// TestIdleOfficialCost: a program waiting for a key in GETIN costs the CPU emulation at
// most twice as much on the official KERNAL as on the built-in one (the difference is the
// official interrupt handler's keyboard, mouse and joystick scan, which runs in full).
// Without fast-forward of the official wait, it executes every cycle of every frame.
func TestIdleOfficialCost(t *testing.T) {
	official := officialROM(t)
	for _, file := range []string{"testdata/bench/text40.prg", "testdata/idlegetin.prg"} {
		b := executedPerFrame(t, rom.Image(), file)
		o := executedPerFrame(t, official, file)
		t.Logf("%s: %d cycles a frame executed on the built-in ROM, %d on the official", file, b, o)
		if o > 2*b {
			t.Errorf("%s: %d cycles a frame executed on the official ROM, more than twice the built-in's %d", file, o, b)
		}
	}
}
