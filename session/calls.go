package session

import (
	"errors"
	"fmt"
	"math"

	"x16scope/core/dbginfo"
	"x16scope/perf"
	"x16scope/rom"
)

// The call profile for front ends: routine names from the files the user gave, and the
// timeline of any frame of the window, recomputed by running the frame again from its
// keyframe with the recording on (perf/timeline.go).

// ErrFrameNotDone is returned for the timeline of a frame that has not finished yet.
var ErrFrameNotDone = errors.New("frame not finished")

// names is what the session knows of routine names.
type names struct {
	syms  []perf.Symbol // from the label and debug files given with the program
	names *perf.Names
	// timeline cache: the last frame's timeline, valid while the recording it came from
	// is what a new run would give (same machine, settings and inputs).
	cache      *perf.Timeline
	cacheKey   timelineKey
	timelineMs float64 // host time of the last timeline computed, when the front end gave a clock
}

type timelineKey struct {
	gen, forks uint64
	settings   int
	frame      uint32
}

// addNames adds the labels of a bundle's symbol and debug files; a new program starts the
// list again. Bad debug files are refused before anything changes.
func (s *Session) addNames(b Bundle) error {
	var add []perf.Symbol
	for _, f := range b.Debug {
		info, err := dbginfo.Parse(f.Data)
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrBadFile, f.Name, err)
		}
		add = append(add, perf.DebugSymbols(info)...)
	}
	for _, f := range b.Symbols {
		syms, err := perf.ParseSym(f.Data)
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrBadFile, f.Name, err)
		}
		add = append(add, syms...)
	}
	if b.Program != nil {
		s.nm.syms = nil
	}
	if len(add) == 0 && b.Program == nil && b.ROM == nil {
		return nil
	}
	// Newer files name first: a label that moved since takes its new address.
	s.nm.syms = append(add, s.nm.syms...)
	s.nm.names = nil
	return nil
}

// routineNames is the names for the running ROM and program: the user's labels, then the
// built-in ROM's own when it runs (by default, or given as a file).
func (s *Session) routineNames() *perf.Names {
	if s.nm.names == nil {
		syms := s.nm.syms
		if s.rom == nil || rom.Is(s.rom) {
			if rs, err := perf.ParseSym([]byte(rom.Symbols())); err == nil {
				for _, r := range rs {
					if r.Addr >= 0xC000 && r.Bank == perf.AnyBank {
						r.Bank = 0 // the built-in ROM's labels are its KERNAL bank's
					}
					syms = append(syms, r)
				}
			}
		}
		s.nm.names = perf.NewNames(syms)
	}
	return s.nm.names
}

// RoutineNames is the names the call profile gives routines.
func (s *Session) RoutineNames() *perf.Names { return s.routineNames() }

// Routines is the call profile over the window (frame 0), or of one frame of it.
func (s *Session) Routines(frame uint32) ([]perf.RoutineStat, error) {
	p := s.displayProfiler()
	if frame == 0 {
		return p.Routines(0), nil
	}
	k := p.FrameIndex(frame)
	if k < 0 {
		first, last := s.Window()
		return nil, fmt.Errorf("%w: frame %d has no record (frames %d-%d can be reached)", ErrOutsideWindow, frame, first, last)
	}
	return p.FrameRoutines(k), nil
}

// Timeline is frame f's timeline: every call with its cycles, interrupts, waiting. The
// frame must be in the window and finished.
func (s *Session) Timeline(f uint32) (*perf.Timeline, error) {
	key := timelineKey{s.gen, s.tl.forks, s.tl.settings, f}
	if s.nm.cache != nil && s.nm.cacheKey == key {
		return s.nm.cache, nil
	}
	var t0 float64
	if s.clock != nil {
		t0 = s.clock()
	}
	var tl *perf.Timeline
	err := s.Timelines(f, f, func(t *perf.Timeline) error { tl = t; return nil })
	if err != nil {
		return nil, err
	}
	if s.clock != nil {
		s.nm.timelineMs = s.clock() - t0
	}
	s.nm.cache, s.nm.cacheKey = tl, key
	return tl, nil
}

// TimelineMs is the host time the last timeline took to compute (0 without a clock).
func (s *Session) TimelineMs() float64 { return s.nm.timelineMs }

// Timelines runs frames first to last again on a scratch machine with the timeline
// recorded, and hands each to fn in order (it stops at fn's first error).
func (s *Session) Timelines(first, last uint32, fn func(*perf.Timeline) error) error {
	done := s.displayProfiler().FrameInProgress()
	if s.tl.past && !s.tl.detached {
		done = s.tl.headFrame
	}
	if last >= done {
		return fmt.Errorf("%w: frame %d (the newest finished frame is %d)", ErrFrameNotDone, last, done-1)
	}
	if first > last {
		return fmt.Errorf("frames %d-%d: the first is after the last", first, last)
	}
	r, err := s.rebuildFrame(first, true)
	if err != nil {
		return err
	}
	r.p.SetNames(s.routineNames())
	r.p.RecordTimeline(true)
	for f := first; f <= last; f++ {
		s.replay(&r, func() bool { return r.p.FrameInProgress() > f }, math.MaxUint64)
		tl := r.p.LastTimeline()
		if tl == nil || tl.Frame != f {
			return fmt.Errorf("frame %d could not be run again: the program ended in frame %d", f, r.p.FrameInProgress())
		}
		if err := fn(tl); err != nil {
			return err
		}
	}
	return nil
}
