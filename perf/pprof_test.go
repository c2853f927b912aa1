//go:build !js

package perf

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

// busyProfiled is busy.prg under the built-in KERNAL profiled for n frames, its routines
// named from busy.sym.
func busyProfiled(t *testing.T, n int) *Profiler {
	t.Helper()
	m := benchMachine(t, "builtin-busy")
	p := New(m)
	p.Acquire(OwnerCLI)
	data, err := os.ReadFile("../core/testdata/busy.sym")
	if err != nil {
		t.Fatal(err)
	}
	syms, err := ParseSym(data)
	if err != nil {
		t.Fatal(err)
	}
	p.SetNames(NewNames(syms))
	for i := 0; i < n; i++ {
		m.RunFrame()
	}
	return p
}

// stackKey is a sample's stack, innermost first, as text.
func stackKey(s *profile.Sample) string {
	var b []string
	for _, l := range s.Location {
		for _, ln := range l.Line {
			b = append(b, ln.Function.Name)
		}
	}
	return strings.Join(b, ";")
}

// treeStacks is what the samples of the last n held frames must be: each chain's stack
// (innermost first) with its self cycles and calls, from the tree and the frames' records.
func treeStacks(p *Profiler, n int) (map[string][2]int64, int64) {
	t := p.calls.tree
	held := p.FrameCount()
	out := map[string][2]int64{}
	var total int64
	for k := held - n; k < held; k++ {
		for _, e := range p.calls.ring[slot(p.firstHeld()+uint64(k))] {
			chain := t.path(nil, e.node)
			if e.node == 0 {
				chain = []RoutineKey{t.nodes[0].key}
			}
			var names []string
			for i := len(chain) - 1; i >= 0; i-- {
				names = append(names, p.names.Name(chain[i]))
			}
			key := strings.Join(names, ";")
			v := out[key]
			v[0] += int64(e.self)
			v[1] += int64(e.calls)
			out[key] = v
			total += int64(e.self)
		}
	}
	for k, v := range out {
		if v == [2]int64{} {
			delete(out, k)
		}
	}
	return out, total
}

func TestPprofMachine(t *testing.T) {
	p := busyProfiled(t, 30)
	for _, frames := range []int{0, 10} {
		var buf bytes.Buffer
		if err := p.WritePprof(&buf, frames); err != nil {
			t.Fatal(err)
		}
		prof, err := profile.Parse(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		n := frames
		if n == 0 {
			n = p.FrameCount()
		}
		want, total := treeStacks(p, n)
		var cycles int64
		var frameCycles uint64
		for k := p.FrameCount() - n; k < p.FrameCount(); k++ {
			frameCycles += uint64(p.FrameAt(k).Cycles)
		}
		got := map[string][2]int64{}
		for _, s := range prof.Sample {
			cycles += s.Value[0]
			v := got[stackKey(s)]
			got[stackKey(s)] = [2]int64{v[0] + s.Value[0], v[1] + s.Value[1]}
		}
		if cycles != total || uint64(cycles) != frameCycles {
			t.Errorf("frames %d: samples hold %d cycles; self cycles add up to %d, the frames' records to %d", frames, cycles, total, frameCycles)
		}
		if len(got) != len(want) {
			t.Errorf("frames %d: %d stacks, the tree has %d", frames, len(got), len(want))
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("frames %d: stack %s: %v, want %v", frames, k, got[k], v)
			}
		}
		if !slices.ContainsFunc(prof.Sample, func(s *profile.Sample) bool { return strings.HasPrefix(stackKey(s), "mix;") && s.Value[0] > 0 }) {
			t.Errorf("frames %d: no stack ends in mix: %v", frames, got)
		}
		if prof.SampleType[0].Type != "cycles" || prof.SampleType[1].Type != "calls" || prof.PeriodType.Type != "cycles" ||
			prof.DurationNanos != cycles*125 {
			t.Errorf("frames %d: types %v %v, duration %d ns for %d cycles", frames, prof.SampleType, prof.PeriodType, prof.DurationNanos, cycles)
		}
	}
}

// Two routines of one name in two RAM banks are two functions at two locations.
func TestPprofBanks(t *testing.T) {
	p := &Profiler{}
	p.calls.init()
	tr := p.calls.tree
	b1 := tr.child(0, RoutineAt(0xA000, 1))
	b2 := tr.child(0, RoutineAt(0xA000, 2))
	inner := tr.child(b2, RoutineAt(0x0900, 0))
	p.calls.ring[0] = []nodeEntry{{node: 0, self: 5}, {node: b1, calls: 1, self: 10, incl: 10},
		{node: b2, calls: 2, self: 20, incl: 27}, {node: inner, calls: 3, self: 7, incl: 7}}
	p.hist.nFrames = 1
	p.hist.frames[0] = FrameRecord{Frame: 1, Cycles: 42}
	p.names = NewNames([]Symbol{{Name: "far", Addr: 0xA000, Bank: AnyBank}, {Name: "leaf", Addr: 0x0900, Bank: AnyBank}})
	prof := p.Pprof(0)
	if err := prof.CheckValid(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range prof.Sample {
		got = append(got, fmt.Sprintf("%s=%d,%d", stackKey(s), s.Value[0], s.Value[1]))
	}
	slices.Sort(got)
	want := []string{"(outside calls)=5,0", "far $A000@1=10,1", "far $A000@2=20,2", "leaf;far $A000@2=7,3"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("samples %q, want %q", got, want)
	}
	addrs := map[uint64]bool{}
	for _, l := range prof.Location {
		addrs[l.Address] = true
	}
	if len(prof.Location) != 4 || len(addrs) != 4 || !addrs[0x1A000] || !addrs[0x2A000] || !addrs[0x900] {
		t.Errorf("locations at %v", addrs)
	}
}

// `go tool pprof -top` reads the file and lists the routines by their names.
func TestPprofGoTool(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH: cannot run go tool pprof")
	}
	p := busyProfiled(t, 10)
	path := filepath.Join(t.TempDir(), "busy.pb.gz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.WritePprof(f, 0); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(goBin, "tool", "pprof", "-top", path).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof -top: %v\n%s", err, out)
	}
	text := string(out)
	for _, want := range []string{"Type: cycles", "flat%", "mix", "IRQ"} {
		if !strings.Contains(text, want) {
			t.Errorf("go tool pprof -top lacks %q:\n%s", want, text)
		}
	}
	t.Logf("go tool pprof -top:\n%s", text)
}
