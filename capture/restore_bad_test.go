package capture

import (
	"compress/flate"
	"errors"
	"os"
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/rom"
	"x16scope/savestate"
)

func goldenFile(t testing.TB) *savestate.File {
	data, err := os.ReadFile("testdata/golden/state-v1.x16s")
	if err != nil {
		t.Fatal(err)
	}
	f, err := savestate.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// without returns f's sections except tag.
func without(f *savestate.File, tag string) *savestate.File {
	g := &savestate.File{Kind: f.Kind}
	for _, s := range f.Sections {
		if s.Tag != tag {
			g.Sections = append(g.Sections, s)
		}
	}
	return g
}

func replaced(f *savestate.File, tag string, version uint16, data []byte) *savestate.File {
	g := &savestate.File{Kind: f.Kind}
	for _, s := range f.Sections {
		if s.Tag == tag {
			s = savestate.Section{Tag: tag, Version: version, Data: data}
		}
		g.Sections = append(g.Sections, s)
	}
	return g
}

func TestRestoreBadInput(t *testing.T) {
	f := goldenFile(t)
	cpu := f.Get("CPU ").Data
	for _, c := range []struct {
		name string
		file *savestate.File
		opt  core.RestoreOptions
		want string
	}{
		{"no MACH", without(f, "MACH"), core.RestoreOptions{}, "missing section \"MACH\""},
		{"no VERA", without(f, "VERA"), core.RestoreOptions{}, "missing section \"VERA\""},
		{"no stored ROM", without(f, "ROM "), core.RestoreOptions{}, "missing section \"ROM \""},
		{"future CPU section", replaced(f, "CPU ", 99, cpu), core.RestoreOptions{}, "newer"},
		{"CPU section cut", replaced(f, "CPU ", 1, cpu[:3]), core.RestoreOptions{}, "truncated"},
		{"CPU section too long", replaced(f, "CPU ", 1, append(append([]byte{}, cpu...), 0)), core.RestoreOptions{}, "left over"},
		{"VERA cut", replaced(f, "VERA", 1, f.Get("VERA").Data[:1000]), core.RestoreOptions{}, "truncated"},
		{"PERF future", replaced(f, "PERF", 9, f.Get("PERF").Data), core.RestoreOptions{}, "newer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, p, err := Restore(c.file, c.opt, perf.OwnerCLI)
			if err == nil || m != nil || p != nil {
				t.Fatalf("restored (err %v)", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not say %q", err, c.want)
			}
		})
	}
}

// A state of the built-in ROM, or of the official one, finds its ROM by hash: a reader
// without it gets an error naming the ROM it needs.
func TestRestoreNeedsItsROM(t *testing.T) {
	s := setup{name: "busy", prg: "../core/testdata/busy.prg", rom: rom.Image(), before: 3}
	m, p := s.build(t)
	record(t, m, p, s.before)
	f := StateSections(m, p)
	if f.Get("ROM ") != nil {
		t.Fatal("the built-in ROM must not be stored in states")
	}
	if _, _, err := Restore(f, core.RestoreOptions{}, perf.OwnerCLI); err == nil || !strings.Contains(err.Error(), "built-in ROM") {
		t.Fatalf("restore without the ROM: %v", err)
	}
	if _, _, err := Restore(f, core.RestoreOptions{ROMs: [][]byte{testROM()}}, perf.OwnerCLI); err == nil {
		t.Fatal("restore with another ROM succeeded")
	}
	if _, _, err := Restore(f, core.RestoreOptions{ROMs: [][]byte{testROM(), rom.Image()}}, perf.OwnerCLI); err != nil {
		t.Fatal(err)
	}
}

// FuzzRestoreSection puts arbitrary bytes into one section of a good state: Restore must
// return an error or a machine that runs a frame without panicking.
func FuzzRestoreSection(f *testing.F) {
	good := goldenFile(f)
	tags := []string{"MACH", "CPU ", "VIA1", "VIA2", "SYS ", "VERA", "PERF"}
	for i, tag := range tags {
		f.Add(uint8(i), good.Get(tag).Data)
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		tag := tags[int(which)%len(tags)]
		file := replaced(good, tag, good.Get(tag).Version, data)
		m, _, err := Restore(file, core.RestoreOptions{}, perf.OwnerCLI)
		if err != nil {
			if !errors.Is(err, savestate.ErrCorrupt) && !errors.Is(err, savestate.ErrTruncated) && !errors.Is(err, savestate.ErrMissing) && !strings.Contains(err.Error(), "ROM") && !strings.Contains(err.Error(), "zone") && !strings.Contains(err.Error(), "target") && !strings.Contains(err.Error(), "fps") {
				t.Logf("error: %v", err)
			}
			return
		}
		m.RunFrame()
	})
}

// BenchmarkSaveRestore: save (encode) and restore (decode and rebuild) a 512 KB machine
// with the built-in ROM running a program, every bank in use.
func BenchmarkSaveRestore(b *testing.B) {
	s := setup{name: "busy", prg: "../core/testdata/busy.prg", rom: rom.Image(), before: 5}
	m, p := s.build(b)
	record(b, m, p, s.before)
	// Fill every bank with a pattern that compresses like data, not like zeros.
	for bank := 0; bank < m.RAMBanks(); bank++ {
		save := m.RAMBank()
		m.Poke(0, uint8(bank))
		for a := 0xA000; a < 0xC000; a += 7 {
			m.Poke(uint16(a), uint8(a*bank>>3))
		}
		m.Poke(0, save)
	}
	opt := core.RestoreOptions{ROMs: [][]byte{rom.Image()}}
	var size int
	b.Run("save", func(b *testing.B) {
		c0 := cpuNow()
		defer func() { b.ReportMetric(float64(cpuNow()-c0)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			data, err := StateSections(m, p).Encode(flate.BestSpeed)
			if err != nil {
				b.Fatal(err)
			}
			size = len(data)
		}
		b.ReportMetric(float64(size), "bytes")
	})
	data, _ := StateSections(m, p).Encode(flate.BestSpeed)
	b.Run("restore", func(b *testing.B) {
		c0 := cpuNow()
		defer func() { b.ReportMetric(float64(cpuNow()-c0)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			f, err := savestate.Decode(data)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := Restore(f, opt, perf.OwnerCLI); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The machine alone (no profiler to rebuild): what resuming a state without the
	// overlay's 60 s of history costs.
	b.Run("restore-machine", func(b *testing.B) {
		c0 := cpuNow()
		defer func() { b.ReportMetric(float64(cpuNow()-c0)/float64(b.N), "cpu-ns/op") }()
		for b.Loop() {
			f, err := savestate.Decode(data)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := core.Restore(f, opt); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkFrameStartState is what taking the state at a frame start costs: sections, no
// compression (the session's keyframes start with it).
func BenchmarkFrameStartState(b *testing.B) {
	s := setup{name: "busy", prg: "../core/testdata/busy.prg", rom: rom.Image(), before: 5}
	m, p := s.build(b)
	record(b, m, p, s.before)
	c0 := cpuNow()
	for b.Loop() {
		StateSections(m, p)
	}
	b.ReportMetric(float64(cpuNow()-c0)/float64(b.N), "cpu-ns/op")
}
