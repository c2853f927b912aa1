package session

import (
	"errors"
	"fmt"
	"time"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/perf"
	"x16scope/rom"
	"x16scope/savestate"
)

// Captures: any frame of the window, rebuilt from the timeline (timeline.go) on a machine
// of its own, so the running one is not disturbed. A capture holds the state at the frame's
// start, the inputs that arrived during it, the records of the whole window the page shows,
// and the frame's picture.

// ErrOutsideWindow is the error for a frame or cycle the timeline cannot reach.
var ErrOutsideWindow = errors.New("outside the time-travel window")

// tagInputs is the capture section of the inputs during the captured frame (inputlog.go).
const tagInputs = "INPT"

// Capture encodes a capture of profiler frame f (0: the newest completed frame). now is the
// host's clock, for the date.
func (s *Session) Capture(f uint32, now time.Time) ([]byte, error) {
	p := s.displayProfiler()
	n := p.FrameCount()
	if n == 0 {
		return nil, errors.New("no frame to capture yet")
	}
	if f == 0 {
		f = p.FrameAt(n - 1).Frame
	}
	if _, last := s.Window(); f >= last {
		return nil, fmt.Errorf("frame %d has not finished yet (the newest finished is %d)", f, last-1)
	}
	s.recorder = newFileRecorder() // restoreKey reads the host files through it
	r, err := s.rebuildFrame(f, true)
	rec := s.recorder
	s.recorder = nil
	if err != nil {
		return nil, err
	}
	state := capture.StateSections(r.m, r.p)
	startFrame := r.m.Frame()
	from := r.next
	if c := r.m.Card(); c != nil {
		c.Image().TrackReads() // the capture carries the card's blocks the frame reads
	}
	s.replay(&r, func() bool { return r.p.FrameInProgress() > f }, ^uint64(0))
	r.m.SaveCardBlocks(state, true)
	state.Add(tagInputs, inputVersion, encodeInputs(s.tl.inputs[from:r.next]))
	state.Add(tagNames, namesVersion, encodeNames(s.nm.syms))
	if rec.FileSystem != nil && !rec.over {
		state.Add(tagFiles, filesVersion, rec.encode())
	}
	cp := &capture.Capture{
		Meta:    capture.NewMeta(s.Program(), p.Budget().TargetFps, startFrame, f, now, Version()),
		State:   state,
		History: p.SaveHistory(perf.HistoryFrames),
	}
	if cp.PNG, err = capture.EncodePNG(r.m.VERA().FrameView()); err != nil {
		return nil, err
	}
	return cp.Encode()
}

// roms are the ROM images a capture's state may name by hash.
func (s *Session) roms() [][]byte {
	r := [][]byte{rom.Image()}
	if s.rom != nil {
		r = append(r, s.rom)
	}
	return append(r, s.opt.ROMs...)
}

// restoreOptions is how a state restored into this session finds what it names: the
// ROMs by hash, and the page's data files as the host file system, with the files a
// capture carries (capture_files.go) in place.
func (s *Session) restoreOptions(carried *savestate.Section) (core.RestoreOptions, *core.MemFS, error) {
	opts := core.RestoreOptions{ROMs: s.roms(), FS: s.opt.FS}
	if (len(s.data) == 0 && carried == nil) || s.opt.FS != nil {
		return opts, nil, nil
	}
	fsys, err := memFS(s.data)
	if err != nil {
		return core.RestoreOptions{}, nil, err
	}
	if carried != nil {
		if carried.Version > filesVersion {
			return core.RestoreOptions{}, nil, fmt.Errorf("section %q version %d: %w", tagFiles, carried.Version, savestate.ErrTooNew)
		}
		if err := decodeFiles(carried, fsys); err != nil {
			return core.RestoreOptions{}, nil, err
		}
	}
	opts.FS = fsys
	return opts, fsys, nil
}

// OpenCapture replaces the running machine with a capture's: the captured frame is run
// again from its start with the inputs that arrived during it, so the picture and figures
// are the captured ones, and the machine waits, paused, at the start of the frame after it.
// The bars are the ones the capturing page showed, frames after the captured one included;
// stepping back goes to the captured frame's start, and resuming runs on from there (the
// frames after it are recorded anew). A plain save state opens paused at its start. A bad
// file changes nothing.
func (s *Session) OpenCapture(data []byte) (capture.Meta, error) {
	cp, err := capture.Decode(data)
	if err != nil {
		if errors.Is(err, savestate.ErrTooNew) {
			// The container itself is newer: its metadata cannot be read.
			err = fmt.Errorf("%v: it was made by a newer x16scope than this one (%s)", err, Version())
		}
		return capture.Meta{}, fmt.Errorf("%w: capture: %v", ErrBadFile, err)
	}
	// A section in a format this version does not read: the error names both versions.
	bad := func(err error) error {
		if errors.Is(err, savestate.ErrTooNew) {
			made := cp.Meta.Version
			if made == "" {
				made = "an x16scope that records no version"
			} else {
				made = "x16scope " + made
			}
			err = fmt.Errorf("%v: it was made by %s, this is %s: open it with that version or a newer one", err, made, Version())
		}
		return fmt.Errorf("%w: capture: %v", ErrBadFile, err)
	}
	opts, fsys, err := s.restoreOptions(cp.State.Get(tagFiles))
	if err != nil {
		return capture.Meta{}, bad(err)
	}
	var cfs *cardFS
	if opts.FS == nil && cp.State.Get("SDCD") != nil {
		// a card the built-in ROM's DOS may have served: its image exists once loaded
		cfs = &cardFS{}
		opts.FS = cfs
	}
	m, p, err := capture.Load(cp, opts, s.owner)
	if err != nil {
		return capture.Meta{}, bad(err)
	}
	s.cardDOS = false
	if c := m.Card(); cfs != nil && c != nil && m.BuiltinROM() {
		cfs.img, cfs.ro = c.Image(), c.ReadOnly()
		s.cardDOS = true
	}
	if s.opt.NoIdleSkip {
		m.SetIdleSkip(false) // the file's machine may have skipped; the results are the same
	}
	var inputs []inputEvent
	if sec := cp.State.Get(tagInputs); sec != nil {
		if inputs, err = decodeInputs(sec); err != nil {
			return capture.Meta{}, bad(err)
		}
	}
	var syms []perf.Symbol
	if sec := cp.State.Get(tagNames); sec != nil {
		if syms, err = decodeNames(sec); err != nil {
			return capture.Meta{}, bad(err)
		}
	}
	var records *perf.Profiler
	if hist := cp.HistorySection(); hist != nil {
		records = perf.New(m)
		if err := records.LoadRecords(hist); err != nil {
			return capture.Meta{}, bad(err)
		}
	}
	s.targetFps = p.Budget().TargetFps
	s.opt.RTC = m.RTCStart() // a reset powers on with the capture's clock start
	// ... and with its RAM size and keyboard layout
	s.opt.RAMKB, s.opt.Keymap = m.RAMBanks()*8, m.Keymap()
	s.zones = p.Zones()
	for r := 1; r <= perf.MaxRegion; r++ {
		if name := p.RegionName(r); name != fmt.Sprintf("region %d", r) {
			s.zones = append(s.zones, perf.Zone{Name: name, Marker: r})
		}
	}
	// The program keeps its name; Reset restarts it only if the page has its file (a
	// capture holds the program's state, not the file).
	if cp.Meta.Program != s.Program() {
		s.program, s.launch = nil, launch{}
		if f, l, ok := s.collectionProgram(cp.Meta.Program); ok {
			// A program of the loaded collection: a reset starts it again in its folder.
			s.program, s.launch, s.capturedProgram = f, l, nil
		} else if cp.Meta.Program != "" {
			s.program = &File{Name: cp.Meta.Program}
			s.capturedProgram = s.program
		}
	}
	s.tl.reset()
	s.gen++
	s.fs = fsys
	s.nm.syms, s.nm.names = syms, nil
	if records != nil {
		records.SetNames(s.routineNames())
	}
	s.adopt(m, p)
	s.keepKeyframe()
	s.tl.inputs = append(s.tl.inputs, inputs...)
	if cp.History != nil || cp.PNG != nil {
		// The captured frame, run again with its inputs.
		f := p.FrameInProgress()
		r := rebuilt{m: m, p: p, fs: fsys, frameStart: m.Cycle()}
		s.replay(&r, func() bool { return p.FrameInProgress() > f }, ^uint64(0))
		s.tl.next, s.tl.frameStart = r.next, r.frameStart
		s.keepKeyframe()
		if records != nil && records.FrameInProgress() > p.FrameInProgress() {
			// The capturing page's bars go on after this frame: shown until a run records
			// its own (nothing after this point was captured, so it cannot be replayed).
			t := &s.tl
			t.past, t.detached = true, true
			t.headCycle, t.headFrame, t.headProf = m.Cycle(), records.FrameInProgress(), records
		}
	}
	s.applyDebug()
	s.paused, s.stepPending = true, false
	return cp.Meta, nil
}

// adopt makes m and p the running machine and profiler (as install does for new ones).
func (s *Session) adopt(m *core.Machine, p *perf.Profiler) {
	s.m, s.prof = m, p
	p.SetNames(s.routineNames())
	m.KeepRecent(true)
	s.clearStop()
	s.acc = 0
	s.toOverrun = false
}
