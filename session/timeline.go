package session

import (
	"sort"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/perf"
	"x16scope/savestate"
	"x16scope/sdcard"
)

// Time travel over the profiler's whole window (60 s): the session keeps a keyframe (a save
// state of the machine and its profiler, packed into shared blocks, keyframes.go) every
// keyEvery frames, and every input with the cycle it arrived at (inputlog.go). Any earlier
// state is a keyframe restored and run forward with the inputs logged after it: the machine
// is deterministic, so the run lands on exactly the state the first run had.
//
// After a seek the machine is "in the past": behind the head, the newest point it reached.
// The bars still show the head's records (the profiler that recorded them is kept). Running
// on from there replays the logged inputs, and the machine reaches the head again with the
// state it had. Anything new (the user resumes, a key, a debugger write) forks instead: the
// keyframes and inputs after the current point are dropped, and the frames after it are
// recorded again as the machine runs.

// keyEvery is how many frames apart keyframes are. A seek restores the keyframe at least a
// frame before its target and runs up to keyEvery frames again, nearly all of its time
// (BenchmarkSeek). At 15, a program that never waits took 18-23 ms natively at the 95th
// percentile and 139 ms in wasm under Node, too near the page's 150 ms; at 10 the benchmark
// programs take 14-22 ms natively and 37-93 ms in wasm. A minute of keyframes then holds
// 4-39 MB for 80 programs (TestTimelineMemoryForAFullWindow with X16_PROGRAMS), the page's
// budget being 64.
const keyEvery = 10

// keyframe is the state at the start of one frame.
type keyframe struct {
	frame uint32 // the profiler's number of the frame that starts here
	cycle uint64
	state *packedState
	fs    *core.MemFS      // the host files then (a clone), nil for none
	card  *sdcard.Snapshot // the SD card's written blocks then, nil for no card
	// settings is the profiler settings' generation then: a machine rebuilt from a
	// keyframe taken before the zones or target changed gets the current ones.
	settings int
}

// timeline is the session's time travel: keyframes, inputs and, while in the past, the head.
type timeline struct {
	keys    []keyframe
	inputs  []inputEvent
	zero    []byte         // the all-zero block every keyframe shares
	pool    blockPool      // blocks of dropped keyframes, reused
	scratch savestate.File // the buffer keyframes are saved into before packing

	// frameStart is the cycle at which the frame in progress started (a VSYNC was just
	// processed there, or the machine was built or restored there).
	frameStart uint64

	past      bool           // behind the head: running on replays the inputs logged
	next      int            // the next input to replay (index into inputs), while past
	headCycle uint64         // where the head is, while past
	headFrame uint32         // the frame in progress at the head
	headProf  *perf.Profiler // the head's records, shown while past
	settings  int            // counts changes of the profiler's zones and target (keyframe.settings)
	forks     uint64         // counts forks: frames after one may have run differently

	kept   int     // keyframes taken since the session was built (KeyframeStats)
	keptMs float64 // the host time they took, when the front end gave a clock

	// detached: the head's records came with an opened capture, which carries nothing to
	// replay up to them; they are shown until the machine runs on from the head.
	detached bool
}

// reset forgets everything: a new machine starts a new timeline.
func (t *timeline) reset() {
	clear(t.keys[:cap(t.keys)]) // drop the packed states and file systems they hold
	clear(t.inputs[:cap(t.inputs)])
	t.keys, t.inputs = t.keys[:0], t.inputs[:0]
	t.past, t.detached, t.next, t.headProf = false, false, 0, nil
	if t.zero == nil {
		t.zero = make([]byte, blockSize)
	}
}

// keepKeyframe takes a keyframe of the machine at the start of frame (if one is due) and
// drops keyframes and inputs the window no longer needs. Called at every frame start.
func (s *Session) keepKeyframe() {
	t := &s.tl
	t.frameStart = s.m.Cycle()
	if t.past {
		return // the keyframes up to the head exist
	}
	frame := s.prof.FrameInProgress()
	if n := len(t.keys); n > 0 {
		last := &t.keys[n-1]
		if last.cycle == s.m.Cycle() || frame > last.frame && frame < last.frame+keyEvery {
			return // kept here already, or not due
		}
	}
	s.takeKeyframe(frame)
}

// takeKeyframe keeps the state now as the keyframe of frame.
func (s *Session) takeKeyframe(frame uint32) {
	t := &s.tl
	if s.clock != nil {
		t0 := s.clock()
		defer func() { t.keptMs += s.clock() - t0 }()
	}
	t.kept++
	var prev *packedState
	if n := len(t.keys); n > 0 {
		prev = t.keys[n-1].state
	}
	capture.StateInto(&t.scratch, s.m, s.prof)
	k := keyframe{frame: frame, cycle: s.m.Cycle(), state: packState(&t.scratch, prev, t.zero, &t.pool), settings: t.settings}
	if s.fs != nil {
		k.fs = s.fs.Clone()
	}
	k.card = s.cardSnapshot()
	t.keys = append(t.keys, k)
	s.pruneTimeline()
}

// pruneTimeline drops the keyframes older than the profiler's window, keeping one at or
// before its oldest frame so that every bar can be reached, and the inputs before it.
func (s *Session) pruneTimeline() {
	t := &s.tl
	p := s.displayProfiler()
	if p.FrameCount() == 0 {
		return
	}
	oldest := p.FrameAt(0).Frame
	drop := 0
	for drop+1 < len(t.keys) && t.keys[drop+1].frame <= oldest {
		drop++
	}
	if drop == 0 {
		return
	}
	for i := range drop {
		t.pool.release(t.keys[i].state, t.keys[i+1].state, t.zero)
	}
	t.keys = append(t.keys[:0], t.keys[drop:]...)
	first := sort.Search(len(t.inputs), func(i int) bool { return t.inputs[i].cycle >= t.keys[0].cycle })
	t.inputs = append(t.inputs[:0], t.inputs[first:]...)
	t.next = max(0, t.next-first)
}

// logInput applies an input to the running machine and logs it. In the past it forks first:
// the input is new, so what was logged after this point no longer happens.
func (s *Session) logInput(e inputEvent) error {
	s.fork()
	e.cycle = s.m.Cycle()
	if err := e.apply(s.m); err != nil {
		return err
	}
	s.tl.inputs = append(s.tl.inputs, e)
	return nil
}

// fork makes the current point the head: keyframes after it and the inputs not replayed
// yet are dropped, and the profiler running now (with the records up to here) is the one
// shown. It does nothing at the head.
func (s *Session) fork() {
	t := &s.tl
	if !t.past {
		return
	}
	t.forks++
	now := s.m.Cycle()
	keep := sort.Search(len(t.keys), func(i int) bool { return t.keys[i].cycle > now })
	clear(t.keys[keep:])
	t.keys = t.keys[:keep]
	clear(t.inputs[t.next:])
	t.inputs = t.inputs[:t.next]
	t.past, t.detached, t.headProf = false, false, nil
}

// displayProfiler is the profiler whose records the page shows: the head's while in the
// past, else the running one.
func (s *Session) displayProfiler() *perf.Profiler {
	if s.tl.past && s.tl.headProf != nil {
		return s.tl.headProf
	}
	return s.prof
}

// Window is the range of frames Seek can go to: first is the oldest frame whose start can be
// rebuilt, last the frame in progress at the head (the newest point the machine reached).
// Frames are the profiler's numbers, which count from power-on for a program the page
// started.
func (s *Session) Window() (first, last uint32) {
	t := &s.tl
	last = s.prof.FrameInProgress()
	if t.past && !t.detached {
		last = t.headFrame
	}
	if len(t.keys) == 0 {
		return last, last
	}
	first = t.keys[0].frame
	if p := s.displayProfiler(); p.FrameCount() > 0 {
		first = max(first, p.FrameAt(0).Frame)
	}
	return min(first, last), last
}

// CurrentFrame is the number of the frame the machine is in.
func (s *Session) CurrentFrame() uint32 { return s.prof.FrameInProgress() }

// InPast tells whether the machine is behind the head (after a seek or a step back).
func (s *Session) InPast() bool { return s.tl.past }

// FramesAhead is how many frames the head is ahead of the machine (0 at the head): the bars
// after the current frame that resuming drops.
func (s *Session) FramesAhead() int {
	if !s.tl.past {
		return 0
	}
	return int(s.tl.headFrame) - int(s.prof.FrameInProgress())
}

// TimelineBytes is the memory the keyframes and inputs hold: the blocks each keyframe does
// not share with the one before it, plus the inputs (an estimate of the bytes of Go memory
// they keep alive).
func (s *Session) TimelineBytes() int {
	n := 0
	for _, k := range s.tl.keys {
		n += k.state.fresh + len(k.state.sections)*64
		for _, sec := range k.state.sections {
			n += len(sec.blocks) * 24
		}
	}
	for _, e := range s.tl.inputs {
		n += 80 + len(e.text) + len(e.data)
	}
	return n
}

// Keyframes is how many keyframes the session holds.
func (s *Session) Keyframes() int { return len(s.tl.keys) }

// SetClock gives the session the host's clock in milliseconds (performance.now in the
// page), used for nothing but timing the keyframes it keeps (KeyframeStats): the machine's
// run never depends on it.
func (s *Session) SetClock(now func() float64) { s.clock = now }

// KeyframeStats is how many keyframes the session has taken since it was built and the host
// milliseconds they took (0 without a clock).
func (s *Session) KeyframeStats() (kept int, ms float64) { return s.tl.kept, s.tl.keptMs }
