package perf

import (
	"bytes"
	"encoding/json"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// idleCase is a program run twice, with and without idle-loop fast-forward.
type idleCase struct {
	name  string
	file  string
	rom   []byte
	zones []Zone
	// minIdle is the least share of cycles fast-forwarding must skip (0: none at all may be
	// skipped, because the program never waits in a loop that qualifies).
	minIdle float64
	// long runs 200 frames instead of 40 (the official ROM boots and LOADs first).
	long bool
}

func (c *idleCase) frames() int {
	if c.long {
		return 200
	}
	return 40
}

func idleCases() []idleCase {
	z := []Zone{{Name: "z", Start: 0x0810, End: 0x0840, Bank: AnyBank}}
	var cases []idleCase
	for _, name := range []string{"busload", "flagpoll", "framed", "isrpoll", "jsrpoll", "markers", "thirty", "unframed", "waitwai"} {
		cases = append(cases, idleCase{name: name, file: "testdata/" + name + ".prg", rom: testROM(), zones: z})
	}
	cases = append(cases,
		idleCase{name: "busy", file: "testdata/busy.prg", rom: testROM()},
		// smoke polls VERA's ISR between marker regions; with the built-in ROM it is started
		// through BASIC, and the KERNAL's own loops run too.
		idleCase{name: "smoke", file: "../tests/browser/testdata/smoke.prg", rom: testROM(), minIdle: 0.3},
		idleCase{name: "smoke-builtin", file: "../tests/browser/testdata/smoke.prg", rom: rom.Image(),
			zones: []Zone{{Name: "kernal", Start: 0xC000, End: 0xFFFF, Bank: 0}}, minIdle: 0.3},
		idleCase{name: "keyecho-builtin", file: "../tests/browser/testdata/keyecho.prg", rom: rom.Image()},
		// text40 waits in `jsr GETIN / beq -`, through the KERNAL's jump table, PHP/SEI/PLP
		// and nested JSRs: idle, with the profiler watching the KERNAL or the program.
		idleCase{name: "text40-builtin", file: "../core/testdata/bench/text40.prg", rom: rom.Image(), minIdle: 0.4,
			zones: []Zone{{Name: "kernal", Start: 0xC000, End: 0xFFFF, Bank: 0}}},
		idleCase{name: "text40-builtin-zone", file: "../core/testdata/bench/text40.prg", rom: rom.Image(), minIdle: 0.4, zones: z},
	)
	// With the official ROM (X16_ROM), its own loops run too: LOAD, the screen editor.
	if path := os.Getenv("X16_ROM"); path != "" {
		if official, err := os.ReadFile(path); err == nil {
			cases = append(cases,
				idleCase{name: "smoke-official", file: "../tests/browser/testdata/smoke.prg", rom: official, minIdle: 0.3, long: true},
				idleCase{name: "keyecho-official", file: "../tests/browser/testdata/keyecho.prg", rom: official, long: true})
		}
	}
	for i := range cases {
		switch cases[i].name {
		case "flagpoll", "isrpoll", "busload", "framed", "unframed":
			// Each frame ends in `lda flag / beq -` or `lda $9F27 / and #1 / beq -`, which
			// fills most of the frame.
			cases[i].minIdle = 0.5
		case "thirty":
			cases[i].minIdle = 0.1 // polls in the second frame of each 30 fps period
		case "jsrpoll":
			cases[i].minIdle = 0.3 // `jsr getin / beq -` after 2,000 cycles of work a period
		}
	}
	return cases
}

// TestIdleSkipIsInvisible runs each program on two machines, one fast-forwarding idle loops
// (core/idle.go) and one executing every pass, and requires the same machine, the same
// picture and the same profile, frame by frame, to the cycle. It also requires that the
// fast-forward really happened where a program waits in such a loop, so that the comparison
// is not between two identical slow runs.
func TestIdleSkipIsInvisible(t *testing.T) {
	for _, tc := range idleCases() {
		t.Run(tc.name, func(t *testing.T) {
			prg, err := os.ReadFile(filepath.FromSlash(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			start := func(skip bool) (*core.Machine, *Profiler) {
				m, err := core.New(core.Config{ROM: tc.rom})
				if err != nil {
					t.Fatal(err)
				}
				m.SetIdleSkip(skip)
				p := New(m)
				if err := p.SetZones(tc.zones); err != nil {
					t.Fatal(err)
				}
				p.Acquire(OwnerCLI)
				if _, err := m.StartPRG(prg); err != nil {
					t.Fatal(err)
				}
				return m, p
			}
			fast, pf := start(true)
			slow, ps := start(false)
			for f := 0; f < tc.frames(); f++ {
				ef, es := fast.RunFrame(), slow.RunFrame()
				if ef != es || fast.Cycle() != slow.Cycle() || fast.CPU() != slow.CPU() {
					t.Fatalf("frame %d: event %b cycle %d CPU %+v with fast-forward; %b, %d, %+v without",
						f, ef, fast.Cycle(), fast.CPU(), es, slow.Cycle(), slow.CPU())
				}
				if pf.FrameCount() != ps.FrameCount() {
					t.Fatalf("frame %d: %d frames recorded, %d without fast-forward", f, pf.FrameCount(), ps.FrameCount())
				}
				if n := pf.FrameCount(); n > 0 {
					if a, b := *pf.FrameAt(n - 1), *ps.FrameAt(n - 1); a != b {
						t.Fatalf("frame %d record:\n%+v with fast-forward\n%+v without", f, a, b)
					}
					if a, b := pf.FrameBucketsAt(n-1), ps.FrameBucketsAt(n-1); !equalU32(a, b) {
						t.Fatalf("frame %d buckets differ:\n%v\n%v", f, a, b)
					}
				}
				if ef&(core.EventExit|core.EventStop) != 0 {
					break
				}
			}
			if memHash(fast) != memHash(slow) {
				t.Error("memory differs")
			}
			if !bytes.Equal(fast.VERA().FrameView(), slow.VERA().FrameView()) {
				t.Error("pictures differ")
			}
			jf, _ := json.Marshal(pf.Stats(0))
			js, _ := json.Marshal(ps.Stats(0))
			if !bytes.Equal(jf, js) {
				t.Errorf("perfStats differ:\n%s\n%s", jf, js)
			}
			share := float64(fast.IdleCycles()) / float64(fast.Cycle())
			t.Logf("%.1f%% of cycles fast-forwarded", 100*share)
			if slow.IdleCycles() != 0 {
				t.Errorf("fast-forward off, yet %d cycles skipped", slow.IdleCycles())
			}
			if tc.minIdle == 0 && share > 0.05 {
				t.Errorf("%.1f%% skipped in a program that should not qualify", 100*share)
			}
			if share < tc.minIdle {
				t.Errorf("only %.1f%% of cycles skipped, want at least %.0f%%", 100*share, 100*tc.minIdle)
			}
		})
	}
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// memHash hashes the CPU's view of memory, banked RAM included (Peek paths only).
func memHash(m *core.Machine) uint32 {
	h := crc32.NewIEEE()
	var buf [0x10000]byte
	for a := range buf {
		buf[a] = m.Peek(uint16(a))
	}
	h.Write(buf[:])
	for bank := 0; bank < m.RAMBanks(); bank++ {
		for a := 0; a < 0x2000; a++ {
			buf[a] = m.PeekBanked(uint8(bank), uint16(a))
		}
		h.Write(buf[:0x2000])
	}
	return h.Sum32()
}
