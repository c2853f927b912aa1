package capture

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/savestate"
)

var update = flag.Bool("update", false, "rewrite the golden save state of the current format version")

// goldenSetup is the program the golden files were saved from. Its ROM is the perf tests'
// own (not x16scope's built-in one, which changes between versions), so the file carries it
// and loads on any later x16scope.
var goldenSetup = setup{name: "golden", prg: "../perf/testdata/isrpoll.prg", rom: testROM(), before: 5}

// TestGoldenStates: every save state in testdata/golden (one per format version, never
// deleted) loads, runs, and, for the current version, re-saves to the same sections.
func TestGoldenStates(t *testing.T) {
	current := filepath.Join("testdata", "golden", "state-v1.x16s")
	if *update {
		m, p := goldenSetup.build(t)
		record(t, m, p, goldenSetup.before)
		data, err := SaveState(m, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(current), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(current, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.x16s"))
	if len(files) == 0 {
		t.Fatal("no golden save states (run with -update to write the current version's)")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := savestate.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			m, p, err := Restore(f, core.RestoreOptions{}, perf.OwnerCLI)
			if err != nil {
				t.Fatal(err)
			}
			if path == current {
				again := StateSections(m, p)
				if len(again.Sections) != len(f.Sections) {
					t.Errorf("%d sections re-saved, the file has %d", len(again.Sections), len(f.Sections))
				}
				for _, s := range f.Sections {
					if g := again.Get(s.Tag); g == nil || g.Version != s.Version || !bytes.Equal(g.Data, s.Data) {
						t.Errorf("section %q re-saves differently (first difference at byte %d)", s.Tag, firstDiff(sectionData(g), s.Data))
					}
				}
			}
			// It runs on from where it was, profiled: the program's IRQ handler counts.
			before := m.Cycle()
			tr := record(t, m, p, 10)
			if len(tr) != 10 || m.Cycle() <= before || p.FrameCount() == 0 {
				t.Fatalf("restored machine did not run 10 frames (%d, cycle %d -> %d)", len(tr), before, m.Cycle())
			}
		})
	}
}

func sectionData(s *savestate.Section) []byte {
	if s == nil {
		return nil
	}
	return s.Data
}
