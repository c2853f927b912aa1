package perf

import (
	"os"
	"testing"

	"x16scope/core"
)

// TestSymbolZonesKeepWaits: one zone per routine from the symbol file covers every
// instruction of these programs, their VSYNC waits included (a WAI, a `lda $9F27 / and #1 /
// beq -` poll, a `lda flag / beq -` poll). The zones attribute the work to routines, but the
// waiting stays waiting, so every frame's wait cycles and every period are what they are with
// no zones at all; in span mode and classifying every instruction. A zone the user declares
// over the same poll still counts as work (it outranks detection).
func TestSymbolZonesKeepWaits(t *testing.T) {
	for _, name := range []string{"waitwai", "isrpoll", "flagpoll", "thirty"} {
		for _, every := range []bool{false, true} {
			run := func(zones []Zone) *Profiler {
				m, err := core.New(core.Config{ROM: testROM()})
				if err != nil {
					t.Fatal(err)
				}
				prg, err := os.ReadFile("testdata/" + name + ".prg")
				if err != nil {
					t.Fatal(err)
				}
				p := New(m)
				p.every = every
				if err := p.SetZones(zones); err != nil {
					t.Fatal(err)
				}
				p.Acquire(OwnerCLI)
				if _, err := m.StartPRG(prg); err != nil {
					t.Fatal(err)
				}
				for range 30 {
					m.RunFrame()
				}
				return p
			}
			data, err := os.ReadFile("testdata/" + name + ".sym")
			if err != nil {
				t.Fatal(err)
			}
			syms, err := ParseSym(data)
			if err != nil {
				t.Fatal(err)
			}
			zones := ZonesFromSymbols(syms)
			plain, routines := run(nil), run(zones)
			if plain.FrameCount() != routines.FrameCount() {
				t.Fatalf("%s: %d and %d frames", name, plain.FrameCount(), routines.FrameCount())
			}
			var waited uint32
			for k := 1; k < plain.FrameCount(); k++ {
				a, b := plain.FrameAt(k), routines.FrameAt(k)
				waited += b.Wait
				if a.Wait != b.Wait || a.Cycles != b.Cycles || a.Work() != b.Work() {
					t.Errorf("%s every=%v frame %d: wait %d / work %d without zones, %d / %d with routine zones",
						name, every, a.Frame, a.Wait, a.Work(), b.Wait, b.Work())
				}
				if b.Other != 0 && b.ZoneWork == 0 {
					t.Errorf("%s frame %d: the routines got no work (other %d)", name, b.Frame, b.Other)
				}
			}
			if waited == 0 {
				t.Errorf("%s: no wait at all", name)
			}
			if a, b := plain.periodsSince(0), routines.periodsSince(0); len(a) != len(b) || len(a) == 0 {
				t.Errorf("%s: %d periods without zones, %d with routine zones", name, len(a), len(b))
			} else {
				for i := range a {
					if a[i] != b[i] || a[i].Flags&PeriodUnsynced != 0 {
						t.Errorf("%s period %d: %+v without zones, %+v with routine zones", name, i, a[i], b[i])
					}
				}
			}
			// The same ranges declared by the user outrank detection: the waits are work.
			user := append([]Zone(nil), zones...)
			for i := range user {
				user[i].Routine = false
			}
			declared := run(user)
			if r := declared.FrameAt(declared.FrameCount() - 1); r.Wait != 0 && name != "waitwai" {
				t.Errorf("%s: user zones over the poll leave %d wait cycles, want 0", name, r.Wait)
			}
		}
	}
}

// periodsSince returns the recorded periods that closed in frames from first on.
func (p *Profiler) periodsSince(first uint32) []PeriodRecord {
	h := &p.hist
	var out []PeriodRecord
	for k := h.nPeriods - min(h.nPeriods, PeriodHistory); k < h.nPeriods; k++ {
		if r := h.periods[k%PeriodHistory]; r.EndFrame >= first {
			out = append(out, r)
		}
	}
	return out
}
