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

// Captures from the page: Capture needs the machine's state at the start of the frame it
// captures, so the session keeps the states of the newest frame starts (uncompressed
// sections, about 0.2 ms and 250 KB each natively), and a capture is only compressed when
// the user asks for one.

// FrameStates is how many frame starts the session keeps: the frames a paused user can
// capture (older ones are still shown, but their state is gone).
const FrameStates = 16

// frameStart is the state at the start of one profiler frame.
type frameStart struct {
	frame   uint32 // the profiler's number of the frame that starts here
	machine uint64 // the machine's frame count there
	state   *savestate.File
}

// frameStarts is a ring of the newest frame starts.
type frameStarts struct {
	ring [FrameStates]frameStart
	n    int
}

// ErrFrameTooOld is Capture's error for a selected frame whose start state is gone.
var ErrFrameTooOld = errors.New("frame too old to capture")

// keepFrameStart records the state now, at the start of a frame (after a VSYNC, or when a
// machine is installed).
func (s *Session) keepFrameStart() {
	p := s.prof
	next := uint32(1)
	if n := p.FrameCount(); n > 0 {
		next = p.FrameAt(n-1).Frame + 1
	}
	fs := &s.starts
	e := &fs.ring[fs.n%FrameStates]
	st := e.state
	if st == nil {
		st = &savestate.File{}
	}
	*e = frameStart{frame: next, machine: s.m.Frame(), state: capture.StateInto(st, s.m, p)}
	fs.n++
}

// startOf finds the kept state at the start of profiler frame f.
func (s *Session) startOf(f uint32) (frameStart, bool) {
	fs := &s.starts
	for i := 0; i < min(fs.n, FrameStates); i++ {
		if e := fs.ring[(fs.n-1-i)%FrameStates]; e.state != nil && e.frame == f {
			return e, true
		}
	}
	return frameStart{}, false
}

// Capture encodes a capture of profiler frame f (0: the newest completed frame): the state
// at its start, the frames up to it, its picture and metadata. The picture is made by
// running the frame again from that state on a scratch machine, exactly as whoever opens
// the capture will see it. now is the host's clock, for the date.
func (s *Session) Capture(f uint32, now time.Time) ([]byte, error) {
	p := s.prof
	n := p.FrameCount()
	if n == 0 {
		return nil, errors.New("no frame to capture yet")
	}
	if f == 0 {
		f = p.FrameAt(n - 1).Frame
	}
	start, ok := s.startOf(f)
	if !ok {
		return nil, fmt.Errorf("%w: states are kept for the newest %d frames (frame %d was asked for)", ErrFrameTooOld, FrameStates, f)
	}
	cp := &capture.Capture{
		Meta:    capture.NewMeta(s.Program(), p.Budget().TargetFps, start.machine, f, now),
		State:   start.state,
		History: p.SaveHistory(capture.HistoryWindow),
	}
	m2, _, err := capture.Open(cp, core.RestoreOptions{ROMs: s.roms()}, perf.OwnerOverlay)
	if err != nil {
		return nil, fmt.Errorf("capture does not reopen: %w", err)
	}
	if cp.PNG, err = capture.EncodePNG(m2.VERA().FrameView()); err != nil {
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
	return r
}

// restoreOptions is how a state restored into this session finds what it names: the
// ROMs by hash, and the page's data files as the host file system.
func (s *Session) restoreOptions() (core.RestoreOptions, error) {
	opts := core.RestoreOptions{ROMs: s.roms()}
	if len(s.data) > 0 {
		fsys, err := memFS(s.data)
		if err != nil {
			return core.RestoreOptions{}, err
		}
		opts.FS = fsys
	}
	return opts, nil
}

// OpenCapture replaces the running machine with a capture's: paused on the captured
// frame, whose picture and figures are the captured ones (capture.Open), ready to resume.
// A plain save state opens paused at its start. A bad file changes nothing.
func (s *Session) OpenCapture(data []byte) (capture.Meta, error) {
	cp, err := capture.Decode(data)
	if err != nil {
		return capture.Meta{}, fmt.Errorf("%w: capture: %v", ErrBadFile, err)
	}
	opts, err := s.restoreOptions()
	if err != nil {
		return capture.Meta{}, err
	}
	m, p, err := capture.Open(cp, opts, perf.OwnerOverlay)
	if err != nil {
		return capture.Meta{}, fmt.Errorf("%w: capture: %v", ErrBadFile, err)
	}
	s.targetFps = p.Budget().TargetFps
	s.zones = p.Zones()
	for r := 1; r <= perf.MaxRegion; r++ {
		if name := p.RegionName(r); name != fmt.Sprintf("region %d", r) {
			s.zones = append(s.zones, perf.Zone{Name: name, Marker: r})
		}
	}
	// The program keeps its name; Reset restarts it only if the page has its file (a
	// capture holds the program's state, not the file).
	if cp.Meta.Program != s.Program() {
		s.program = nil
		if cp.Meta.Program != "" {
			s.program = &File{Name: cp.Meta.Program}
			s.capturedProgram = s.program
		}
	}
	s.adopt(m, p)
	if cp.History != nil && p.FrameCount() > 0 {
		// The captured frame was just run again: its start is the capture's state.
		f := p.FrameAt(p.FrameCount() - 1).Frame
		s.starts.ring[s.starts.n%FrameStates] = frameStart{frame: f, machine: cp.Meta.Frame, state: cp.State}
		s.starts.n++
	}
	s.keepFrameStart()
	s.paused, s.stepPending = true, false
	return cp.Meta, nil
}

// adopt makes m and p the running machine and profiler (as install does for new ones).
func (s *Session) adopt(m *core.Machine, p *perf.Profiler) {
	s.m, s.prof = m, p
	m.KeepRecent(true)
	s.clearStop()
	s.acc = 0
	s.toOverrun = false
	s.starts.n = 0 // the ring's buffers are kept for the new machine
	for i := range s.starts.ring {
		s.starts.ring[i].frame = 0
	}
}
