//go:build !js

// Not in the browser build: the pprof package brings its legacy-format parsers (regular
// expressions compiled at start-up, about 450 KB of wasm) for an export only the command
// line uses.

package perf

import (
	"fmt"
	"io"

	"github.com/google/pprof/profile"
)

// The call profile as a pprof profile (profile.proto, gzipped), for `go tool pprof`
// (-top, -web, -flame through its HTTP UI) and the viewers that read it (speedscope,
// Perfetto). Each chain of the calling-context tree is one sample: its stack, innermost
// routine first as pprof wants it, weighted by the cycles the chain itself ran (its self
// cycles) and the calls of its innermost routine, summed over the frames. A sample's
// stack is a real call chain, so pprof's cumulative figure of a routine is its inclusive
// cycles and its flat figure its exclusive ones.
//
// Values are CPU cycles of the emulated 65C02 at 8 MHz (125 ns each), not host time: the
// profile's period type is cycles with a period of 1, and its duration the frames'
// emulated length.
//
// pprof wants code addresses in mappings. A routine's location is at the address that is
// its RoutineKey: the entry address, the bank mapped there at bits 16-23 (a routine at
// $A000 in RAM bank 2 and one at $A000 in bank 5 are two locations and two functions),
// and for interrupts and the code outside any call the key's kind at bits 24-31; all in one
// mapping, "x16 memory", that holds the function names itself (nothing to symbolize).

// WritePprof writes the call profile of the last frames held frames (all held frames if
// frames <= 0) as a gzipped pprof profile.
func (p *Profiler) WritePprof(w io.Writer, frames int) error {
	prof := p.Pprof(frames)
	if err := prof.CheckValid(); err != nil {
		return fmt.Errorf("pprof profile: %w", err)
	}
	return prof.Write(w)
}

// Pprof is the call profile of the last frames held frames (all if frames <= 0) as a
// pprof profile (see WritePprof).
func (p *Profiler) Pprof(frames int) *profile.Profile {
	t := p.calls.tree
	held := p.FrameCount()
	if frames <= 0 || frames > held {
		frames = held
	}
	k0 := held - frames
	self := make([]uint64, len(t.nodes))
	calls := make([]uint64, len(t.nodes))
	var total uint64
	for k := k0; k < held; k++ {
		for _, e := range p.calls.ring[slot(p.firstHeld()+uint64(k))] {
			if int(e.node) >= len(t.nodes) {
				continue
			}
			self[e.node] += uint64(e.self)
			calls[e.node] += uint64(e.calls)
			total += uint64(e.self)
		}
	}

	mapping := &profile.Mapping{ID: 1, Start: 0, Limit: 1 << 32, File: "x16 memory",
		HasFunctions: true, HasFilenames: false, HasLineNumbers: false, HasInlineFrames: false}
	prof := &profile.Profile{
		SampleType: []*profile.ValueType{
			{Type: "cycles", Unit: "count"},
			{Type: "calls", Unit: "count"},
		},
		DefaultSampleType: "cycles",
		PeriodType:        &profile.ValueType{Type: "cycles", Unit: "count"},
		Period:            1,
		DurationNanos:     int64(total) * (1e9 / NativeHz),
		Mapping:           []*profile.Mapping{mapping},
	}
	if frames > 0 {
		first, last := p.FrameAt(k0).Frame, p.FrameAt(held-1).Frame
		prof.Comments = append(prof.Comments,
			fmt.Sprintf("x16scope call profile: frames %d-%d (%d frames, %d cycles)", first, last, frames, total),
			"cycles: CPU cycles of the emulated 65C02 at 8 MHz (1 cycle = 125 ns)")
	}

	names := p.pprofNames(self, calls)
	locs := make(map[uint32]*profile.Location) // by routine index
	loc := func(n uint16) *profile.Location {
		r := t.nodes[n].routine
		if l, ok := locs[r]; ok {
			return l
		}
		k := t.routines[r]
		id := uint64(len(prof.Location) + 1)
		f := &profile.Function{ID: id, Name: names[r], SystemName: names[r]}
		l := &profile.Location{ID: id, Mapping: mapping, Address: uint64(k), Line: []profile.Line{{Function: f}}}
		prof.Function = append(prof.Function, f)
		prof.Location = append(prof.Location, l)
		locs[r] = l
		return l
	}
	for n := range t.nodes {
		if self[n] == 0 && calls[n] == 0 {
			continue
		}
		// The chain, innermost first; node 0 (outside any call) stands only for itself, so
		// that the roots are the program's outermost calls and the interrupts.
		var stack []*profile.Location
		for a := uint16(n); ; a = t.nodes[a].parent {
			stack = append(stack, loc(a))
			if t.nodes[a].parent == 0 {
				break
			}
		}
		prof.Sample = append(prof.Sample, &profile.Sample{Location: stack, Value: []int64{int64(self[n]), int64(calls[n])}})
	}
	return prof
}

// pprofNames names the routines the samples use: pprof adds up functions by name, so a
// name two routines share (a label found in every bank, a routine of one name in two
// banks) is told apart by the address.
func (p *Profiler) pprofNames(self, calls []uint64) map[uint32]string {
	t := p.calls.tree
	used := map[uint32]bool{}
	for n := range t.nodes {
		if self[n] == 0 && calls[n] == 0 {
			continue
		}
		for a := uint16(n); ; a = t.nodes[a].parent {
			used[t.nodes[a].routine] = true
			if t.nodes[a].parent == 0 {
				break
			}
		}
	}
	names := make(map[uint32]string, len(used))
	count := map[string]int{}
	for r := range used {
		names[r] = p.names.Name(t.routines[r])
		count[names[r]]++
	}
	for r, s := range names {
		if a := t.routines[r].Address(); count[s] > 1 && a != "" && a != s {
			names[r] = s + " " + a
		}
	}
	return names
}
