// Package capture joins the machine's and the profiler's save-state sections into the
// files users keep and share: save states (a machine and its profiler settings) and
// captures (a save state at the start of a frame, plus what the user saw of it: the
// profiler's records around it, the screenshot, and a few facts about it).
package capture

import (
	"compress/flate"
	"fmt"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/savestate"
)

// StateSections returns a save state of m and its profiler p (nil: none) as sections of
// kind KindState. Take it between runs (RunFrame returns at VSYNC: the start of a frame).
func StateSections(m *core.Machine, p *perf.Profiler) *savestate.File {
	return StateInto(&savestate.File{}, m, p)
}

// StateInto refills f with a save state of m and p, reusing its buffers (keeping one
// every frame allocates nothing once they are big enough), and returns it.
func StateInto(f *savestate.File, m *core.Machine, p *perf.Profiler) *savestate.File {
	f.Recycle()
	f.Kind = savestate.KindState
	m.SaveState(f)
	if p != nil {
		f.Put("PERF", perf.StateVersion, p.AppendState(f.Buffer("PERF")))
	}
	return f
}

// SaveState encodes a save state file of m and p. It favours speed (flate.BestSpeed):
// states are taken while the user waits.
func SaveState(m *core.Machine, p *perf.Profiler) ([]byte, error) {
	return StateSections(m, p).Encode(flate.BestSpeed)
}

// Restore builds a machine and a profiler from a decoded save state or capture. When the
// state was saved with the profiler on, the new profiler is acquired for owner and continues
// exactly where the saved one was; otherwise it is left off with the saved settings. An
// error leaves nothing behind: the caller's machine is never touched.
func Restore(f *savestate.File, opt core.RestoreOptions, owner perf.Owner) (*core.Machine, *perf.Profiler, error) {
	m, err := core.Restore(f, opt)
	if err != nil {
		return nil, nil, err
	}
	p := perf.New(m)
	if s := f.Get("PERF"); s != nil {
		if s.Version > perf.StateVersion {
			return nil, nil, fmt.Errorf("section \"PERF\" version %d: %w", s.Version, savestate.ErrTooNew)
		}
		if profiling(s) {
			p.Acquire(owner)
		}
		if err := p.LoadState(s); err != nil {
			return nil, nil, err
		}
	}
	return m, p, nil
}

// profiling reads the "profiler on" flag of a PERF section without decoding the rest
// (LoadState checks everything).
func profiling(s *savestate.Section) bool { return perf.StateProfiling(s) }
