package session

import (
	"fmt"
	"math"
	"sort"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/perf"
)

// Seeking: a keyframe restored and run forward with the logged inputs (timeline.go).

// rebuilt is a machine rebuilt from a keyframe, and where it is in the input log.
type rebuilt struct {
	m          *core.Machine
	p          *perf.Profiler
	fs         *core.MemFS
	next       int    // the next input to apply
	frameStart uint64 // the cycle at which its frame in progress started
}

// keyForFrame is the keyframe to rebuild the start of frame f from, keyForCycle the one for
// cycle c: the newest at or before the target that is at least a whole frame before it, so
// that the frame VERA shows when the rebuild ends was drawn by the rebuild (a keyframe holds
// no picture). The oldest keyframe serves when none is earlier: at power-on, or an opened
// capture's first frame.
func (s *Session) keyForFrame(f uint32) (*keyframe, error) {
	keys := s.tl.keys
	n := sort.Search(len(keys), func(i int) bool { return keys[i].frame > f })
	return s.pickKey(n, func(k *keyframe) bool { return k.frame == f })
}

func (s *Session) keyForCycle(c uint64) (*keyframe, error) {
	keys := s.tl.keys
	n := sort.Search(len(keys), func(i int) bool { return keys[i].cycle > c })
	return s.pickKey(n, func(k *keyframe) bool { return c < k.cycle+core.CyclesPerFrame })
}

// pickKey chooses among the first n keyframes (those at or before the target) the newest
// that is not tooNear it.
func (s *Session) pickKey(n int, tooNear func(*keyframe) bool) (*keyframe, error) {
	keys := s.tl.keys
	if n == 0 {
		first, last := s.Window()
		return nil, fmt.Errorf("%w: frames %d-%d can be reached", ErrOutsideWindow, first, last)
	}
	if n > 1 && tooNear(&keys[n-1]) {
		n--
	}
	return &keys[n-1], nil
}

// restoreKey builds a machine and profiler from keyframe k, with the records the session
// shows before it. A scratch machine (one only looked at, never run on by the user) does
// not write to the front end's own host file system again.
func (s *Session) restoreKey(k *keyframe, scratch bool) (rebuilt, error) {
	t := &s.tl
	opts := core.RestoreOptions{ROMs: s.roms(), SDCard: s.cardAt(k.card)}
	var fs *core.MemFS
	switch {
	case k.fs != nil:
		fs = k.fs.Clone()
		opts.FS = fs
	case s.cardDOS && opts.SDCard != nil:
		opts.FS = newCardFS(opts.SDCard, s.cardRO) // over the rebuilt machine's own card
	case s.opt.FS != nil && scratch:
		opts.FS = replayFS{s.opt.FS}
	case s.opt.FS != nil:
		opts.FS = s.opt.FS
	}
	if s.recorder != nil && opts.FS != nil {
		s.recorder.FileSystem = opts.FS // a capture notes the files its replay reads
		opts.FS = s.recorder
	}
	m, p, err := capture.Restore(k.state.unpack(&t.scratch), opts, s.owner)
	if err != nil {
		return rebuilt{}, fmt.Errorf("keyframe of frame %d: %w", k.frame, err)
	}
	if k.settings != t.settings {
		// The zones or the target changed since: the rebuilt profiler classifies with
		// the ones the user has now, as the running one does.
		p.SetTargetFps(s.targetFps)
		if err := p.SetZones(s.zones); err != nil {
			return rebuilt{}, err
		}
	}
	p.CopyHistory(s.displayProfiler(), k.frame)
	next := sort.Search(len(t.inputs), func(i int) bool { return t.inputs[i].cycle >= k.cycle })
	return rebuilt{m: m, p: p, fs: fs, next: next, frameStart: k.cycle}, nil
}

// replay runs r forward with the logged inputs until done says so (it is asked before any
// input at the cycle is applied: a frame's start is the state before the inputs that
// arrived there) or the cycle reaches target. It ends early when the program exits.
func (s *Session) replay(r *rebuilt, done func() bool, target uint64) {
	in := s.tl.inputs
	for r.m.Cycle() < target && (done == nil || !done()) {
		r.next = applyDue(in, r.next, r.m)
		ev := r.m.RunUntil(boundBy(in, r.next, min(target, r.m.NextVSync())))
		if ev&core.EventVSync != 0 {
			r.frameStart = r.m.Cycle()
		}
		if ev&core.EventExit != 0 {
			return
		}
	}
}

// rebuildFrame rebuilds the state at the start of frame f (on a scratch machine: see
// restoreKey).
func (s *Session) rebuildFrame(f uint32, scratch bool) (rebuilt, error) {
	first, last := s.Window()
	if f < first || f > last {
		return rebuilt{}, fmt.Errorf("%w: frame %d (frames %d-%d can be reached)", ErrOutsideWindow, f, first, last)
	}
	k, err := s.keyForFrame(f)
	if err != nil {
		return rebuilt{}, err
	}
	r, err := s.restoreKey(k, scratch)
	if err != nil {
		return rebuilt{}, err
	}
	s.replay(&r, func() bool { return r.p.FrameInProgress() >= f }, math.MaxUint64)
	if r.p.FrameInProgress() != f {
		return rebuilt{}, fmt.Errorf("frame %d could not be rebuilt: the program ended in frame %d", f, r.p.FrameInProgress())
	}
	return r, nil
}

// rebuildCycle rebuilds the state at the first instruction boundary at or after cycle c,
// for the session to run on.
func (s *Session) rebuildCycle(c uint64) (rebuilt, error) {
	if c > s.headCycle() {
		return rebuilt{}, fmt.Errorf("%w: cycle %d is after the newest point (%d)", ErrOutsideWindow, c, s.headCycle())
	}
	k, err := s.keyForCycle(c)
	if err != nil {
		return rebuilt{}, err
	}
	r, err := s.restoreKey(k, false)
	if err != nil {
		return rebuilt{}, err
	}
	s.replay(&r, nil, c)
	// A point inside a frame is where the debugger stood: what the user did there (a
	// register or memory edit, made before the next step ran) is part of what it showed.
	for in := s.tl.inputs; r.next < len(in) && in[r.next].cycle == r.m.Cycle(); r.next++ {
		in[r.next].apply(r.m)
	}
	return r, nil
}

// headCycle is the newest cycle the machine reached.
func (s *Session) headCycle() uint64 {
	if s.tl.past {
		return s.tl.headCycle
	}
	return s.m.Cycle()
}

// goTo makes a rebuilt machine the session's, in the past (or at the head, when it is
// there), paused.
func (s *Session) goTo(r rebuilt) {
	t := &s.tl
	if !t.past {
		t.past, t.headCycle, t.headFrame, t.headProf = true, s.m.Cycle(), s.prof.FrameInProgress(), s.prof
	}
	s.adopt(r.m, r.p)
	s.fs = r.fs
	t.next, t.frameStart = r.next, r.frameStart
	s.applyDebug()
	s.paused, s.stepPending = true, false
	s.atHead()
}

// atHead leaves the past when the machine is back where the head was, every input logged
// up to there applied: its state is the head's.
func (s *Session) atHead() {
	t := &s.tl
	if t.past && !t.detached && s.m.Cycle() >= t.headCycle && t.next >= len(t.inputs) {
		t.past, t.headProf = false, nil
	}
}

// replayInputs applies the logged inputs that are due at the current cycle, while in the
// past.
func (s *Session) replayInputs() {
	t := &s.tl
	if t.past {
		t.next = applyDue(t.inputs, t.next, s.m)
	}
	s.atHead()
}

// replayBound bounds a run in the past by the next logged input and the head.
func (s *Session) replayBound(target uint64) uint64 {
	t := &s.tl
	if !t.past {
		return target
	}
	return max(boundBy(t.inputs, t.next, min(target, t.headCycle)), s.m.Cycle())
}

// Seek puts the machine at the start of frame f, paused, with the picture of the frame
// before it on the screen. The bars keep every frame of the window; running on replays
// what was recorded (Resume forks: see Resume).
func (s *Session) Seek(f uint32) error {
	if s.tl.past || s.CurrentFrame() != f || s.m.Cycle() != s.tl.frameStart {
		r, err := s.rebuildFrame(f, false)
		if err != nil {
			return err
		}
		s.goTo(r)
	}
	s.Pause()
	s.dbg.stopped = false
	return nil
}

// SeekCycle puts the machine at the first instruction boundary at or after cycle c (within
// the window), paused.
func (s *Session) SeekCycle(c uint64) error {
	r, err := s.rebuildCycle(c)
	if err != nil {
		return err
	}
	s.goTo(r)
	return nil
}

// StepBack goes to the start of the frame before: from the middle of a frame, to its own
// start; from a frame's start, to the start of the one before it. Paused.
func (s *Session) StepBack() error {
	f := s.CurrentFrame()
	if s.m.Cycle() == s.tl.frameStart {
		first, _ := s.Window()
		if f <= first {
			return fmt.Errorf("%w: frame %d is the oldest the window holds", ErrOutsideWindow, f)
		}
		f--
	}
	return s.Seek(f)
}
