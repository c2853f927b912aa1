package session

import (
	"cmp"
	"fmt"
	"path"
	"strings"

	"x16scope/collection"
	"x16scope/core"
	"x16scope/perf"
	"x16scope/rom"
	"x16scope/sdcard"
)

// Speed limits of the speed control, in percent of the X16's 8 MHz.
const (
	MinSpeed     = 25
	MaxSpeed     = 400
	DefaultSpeed = 100
)

// Bounds on the emulation done for one displayed frame, so the page stays responsive
// whatever the program does.
const (
	// maxFramesPerTick caps normal-speed catch-up after the tab stalled: at most 4 machine
	// frames per displayed frame (400% speed needs exactly that).
	maxFramesPerTick = 4
	// WarpBudgetMs is the host time warp may spend per displayed frame (of about 16.7 ms),
	// leaving the rest for drawing and the browser.
	WarpBudgetMs = 12.0
	// MaxWarpFrames caps warp even when the clock says there is time left.
	MaxWarpFrames = 120
	// warpSlices is how many pieces warp cuts a machine frame into, looking at the clock
	// after each: stopping only between whole frames left, on average, half a frame's host
	// time of the budget unused (about a tenth of it at 8x).
	warpSlices = 4
	// displayHz is the rate the session is ticked at (ebiten's default TPS).
	displayHz = 60
)

// Session is one running machine and what the user did to it: the loaded ROM and program,
// pause, speed and warp, and why the program stopped if it did. All methods run on the one
// goroutine that owns the session (in the browser: ebiten's update loop and JS callbacks,
// which never interleave because Go's wasm port is single-threaded and the emulation loop
// makes no JS calls).
type Session struct {
	m    *core.Machine
	prof *perf.Profiler

	// Profiler settings, kept across loads (each load builds a new machine and profiler).
	zones     []perf.Zone
	targetFps float64

	rom     []byte  // user ROM image, nil for none
	opt     Options // how the front end builds its machines
	program *File   // the program started on load and on reset
	data    []File  // host file system content

	paused bool
	speed  int
	warp   bool
	// warpBudget is the host time warp may spend per displayed frame when the frontend
	// measures what the frame can afford (SetWarpBudget); 0 means WarpBudgetMs.
	warpBudget float64
	acc        uint64 // sub-cycle remainder of the speed accumulator, in cycles x 100 x displayHz

	loaded string // what the last successful Load did, in words (LoadSummary)

	stepPending bool // run to the next VSYNC, then pause
	toOverrun   bool // run (as in warp) until a frame's period overruns, then pause on it
	overrunAt   uint32
	// stop is why the program can no longer go on by itself ("" while it can), kept from
	// the run that found it until a load or reset. Only the CPU is stuck: the machine runs
	// on (VERA scans out, the sound plays, the timers count), and after a return to the
	// built-in ROM's READY prompt it runs on there; only an exit through $FFFF (ended)
	// leaves nothing to run.
	stop      StopReason
	ended     bool
	stopTrace []Instr // the newest instructions when the stop was found
	stopRegs  string  // the crash panel's register line then (CrashRegs)

	dbg    debugState     // breakpoints and stepping (debug.go)
	tl     timeline       // keyframes and inputs over the window: seek, step back, capture (timeline.go)
	nm     names          // routine names and the last frame timeline (calls.go)
	fs     *core.MemFS    // the host file system given to the machine, nil for none
	gen    uint64         // counts the machines loads and resets built (Generation)
	events core.Event     // what the runs of the current RunFrame reported
	clock  func() float64 // the host's clock for timing keyframes, nil for none (SetClock)
	toExit bool           // RunFrame returns at an exit (a return to READY), before the VSYNC
	// owner is who holds the profiler: the page's overlay, or the DAP server or CLI.
	owner perf.Owner
	// capturedProgram is the program an opened capture names: it has no file to start.
	capturedProgram *File

	card    *sdcard.Image // the SD card as put in (sdcard.go), nil for none
	cardRO  bool          // its write-protect switch
	cardNow *sdcard.Image // while InsertCard builds: the new card's image
	// coll is the programs of the collection loaded (nil: none); launch is how the running
	// program was started from it (collection.go).
	coll   []collection.Program
	launch launch
	// recorder, while a capture is made, notes the host files its replay reads.
	recorder *fileRecorder
	// cardDOS: device 8 is the card, served by the built-in ROM's host DOS (carddos.go)
	cardDOS bool
	// cardNote is what the last machine built could not do with the card (ErrCardBoot)
	cardNote error
	// cardColl: coll is the card's collection (cardcollection.go)
	cardColl bool
}

// NewSession builds a session with an empty machine (no ROM, no program), running, for
// the page's overlay.
func NewSession() (*Session, error) { return NewSessionWith(Options{}) }

// Options are what a front end other than the page sets for its session.
type Options struct {
	// RAMKB is the banked RAM size (0: 512 KB, the default machine).
	RAMKB int
	// Owner holds the profiler (0: perf.OwnerOverlay).
	Owner perf.Owner
	// Bare builds machines with no ROM at all when no ROM is loaded: programs start
	// directly (the CLI's --bare).
	Bare bool
	// NoIdleSkip executes every pass of idle loops instead of fast-forwarding them.
	NoIdleSkip bool
	// FS is a host file system of the front end's own (the CLI's --fs folder), used
	// instead of the data files loaded. Going back in time does not take back what the
	// program wrote to it (only an in-memory one's files are kept with the keyframes).
	FS core.FileSystem
	// ROMs are more ROM images a capture or save state may name by hash (the CLI's
	// --rom and X16_ROM), besides the built-in one and the one loaded.
	ROMs [][]byte
	// RTC is the real-time clock at power-on of every machine the session builds (the zero
	// value: 2000-01-01 00:00:00, stopped, as the chip powers on). ParseRTC reads the
	// front ends' names for it.
	RTC core.RTCStart
	// Keymap is the keyboard layout at power-on, an index into core.KeymapNames (0: en-us),
	// as the official emulator's -keymap gives it to both ROMs.
	Keymap int
}

// NewSessionWith builds a session with an empty machine, running.
func NewSessionWith(o Options) (*Session, error) {
	s := &Session{speed: DefaultSpeed, targetFps: 60, dbg: debugState{raster: -1}, owner: cmp.Or(o.Owner, perf.OwnerOverlay), opt: o}
	m, err := s.build(nil)
	if err != nil {
		return nil, err
	}
	s.install(m, nil)
	return s, nil
}

// build makes a machine for a user ROM image, or with the built-in ROM when there is none
// (so a dropped PRG has a KERNAL: its IRQ handler, keyboard, GETIN, CHROUT).
func (s *Session) build(user []byte) (*core.Machine, error) {
	cfg := core.Config{ROM: user, RAMKB: s.opt.RAMKB, RTC: s.opt.RTC, Keymap: s.opt.Keymap,
		SDCard: s.cardForBuild(), SDCardReadOnly: s.cardRO}
	if user == nil && !s.opt.Bare {
		cfg.ROM = rom.Image()
	}
	m, err := core.New(cfg)
	if err != nil {
		return nil, err
	}
	m.SetIdleSkip(!s.opt.NoIdleSkip)
	return m, nil
}

// install makes m the running machine, with a fresh profiler that carries the session's
// zones and target, and starts a new timeline. The session owns profiling for as long as
// it lives, so the profiler is on from the first cycle (PROFILER.md section 5).
func (s *Session) install(m *core.Machine, fs *core.MemFS) {
	p := perf.New(m)
	p.SetTargetFps(s.targetFps)
	p.SetZones(s.zones)
	p.Acquire(s.owner)
	s.gen++
	s.tl.reset()
	s.fs = fs
	_, s.cardDOS = m.FileSystem().(*cardFS)
	s.adopt(m, p)
	s.keepKeyframe()
	s.applyDebug()
}

// Generation changes whenever a load or reset builds a new machine, which starts with
// nothing plugged in (a seek does not change it: the machine it rebuilds had what was given).
func (s *Session) Generation() uint64 { return s.gen }

// Profiler is the profiler whose records the page shows: the running machine's, or, while
// the machine is in the past (after a seek), the head's, with every frame of the window.
func (s *Session) Profiler() *perf.Profiler { return s.displayProfiler() }

// RunningProfiler is the running machine's own profiler (the same as Profiler at the head).
func (s *Session) RunningProfiler() *perf.Profiler { return s.prof }

// SetTargetFps sets the budget's target frame rate.
func (s *Session) SetTargetFps(fps float64) error {
	if err := s.prof.SetTargetFps(fps); err != nil {
		return err
	}
	s.targetFps = fps
	s.tl.settings++
	return nil
}

// TargetFps is the budget's target frame rate.
func (s *Session) TargetFps() float64 { return s.targetFps }

// SetZones replaces the zone list (address zones and marker region names).
func (s *Session) SetZones(z []perf.Zone) error {
	if err := s.prof.SetZones(z); err != nil {
		return err
	}
	s.zones = append([]perf.Zone(nil), z...)
	s.tl.settings++
	return nil
}

// Zones is the zone list.
func (s *Session) Zones() []perf.Zone { return append([]perf.Zone(nil), s.zones...) }

// auxZones turns symbol and zone files into zones added to the current list, checked
// before anything changes. Loading the same files again changes nothing: a routine from a
// label file replaces the address zone of the same name (a label names one routine, which
// may have moved since the program was rebuilt), a marker region's name replaces the
// region's earlier name, and a zone equal to one already listed is not added twice.
func (s *Session) auxZones(b Bundle) ([]perf.Zone, error) {
	zones := append([]perf.Zone(nil), s.zones...)
	// With the program's bytes at hand, labels its code only branches to or reads as data
	// make no zone of their own (perf.RoutineLabels).
	var code *core.PRG
	if f := cmp.Or(b.Program, s.program); f != nil {
		if p, err := core.ParsePRG(f.Data); err == nil {
			code = &p
		}
	}
	for _, f := range b.Symbols {
		syms, err := perf.ParseSym(f.Data)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrBadFile, f.Name, err)
		}
		if code != nil {
			syms = perf.RoutineLabels(syms, code.Load, code.Entry, code.Data)
		}
		for _, z := range perf.ZonesFromSymbols(syms) {
			zones = mergeZone(zones, z, func(old perf.Zone) bool { return old.Marker == 0 && old.Name == z.Name })
		}
	}
	for _, f := range b.Zones {
		zs, err := perf.ParseZones(f.Data)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrBadFile, f.Name, err)
		}
		for _, z := range zs {
			zones = mergeZone(zones, z, func(old perf.Zone) bool { return old == z || z.Marker != 0 && old.Marker == z.Marker })
		}
	}
	if len(zones) > perf.MaxZones {
		return nil, fmt.Errorf("%w: %d zones, at most %d", ErrBadFile, len(zones), perf.MaxZones)
	}
	return zones, nil
}

// mergeZone replaces the first zone same says z replaces, else appends z.
func mergeZone(zones []perf.Zone, z perf.Zone, same func(perf.Zone) bool) []perf.Zone {
	for i := range zones {
		if same(zones[i]) {
			zones[i] = z
			return zones
		}
	}
	return append(zones, z)
}

// Machine is the running machine (replaced on every load).
func (s *Session) Machine() *core.Machine { return s.m }

// Load applies a set of files: a ROM is installed, a program started, data files put on
// the host file system. Nothing changes unless every file is good: a bad drop leaves the
// running program alone and returns an error for the banner.
func (s *Session) Load(files []File) error {
	b, err := Classify(files)
	if err != nil {
		return err
	}
	return s.apply(b)
}

// apply loads a bundle (Load's second half).
func (s *Session) apply(b Bundle) error {
	zones, err := s.auxZones(b)
	if err != nil {
		return err
	}
	saved := s.nm
	if err := s.addNames(b); err != nil {
		return err
	}
	rom := s.rom
	if b.ROM != nil {
		rom = b.ROM
	}
	prog := s.program
	data := s.data
	if b.Program != nil || b.Collection != nil {
		prog = nil
		if b.Program != nil {
			p := *b.Program
			prog = &p
		}
		data = b.Data
	} else if len(b.Data) > 0 {
		data = append(append([]File(nil), s.data...), b.Data...)
	}
	s.loaded = loadSummary(b, len(zones)-len(s.zones))
	if b.ROM == nil && b.Program == nil && b.Collection == nil {
		// Data, symbol or zone files only: the program keeps running.
		if len(b.Data) > 0 {
			// New data files join the running program's host file system (an input: a
			// replay gives the machine the same files at the same cycle).
			fsys, err := memFS(data)
			if err != nil {
				return err
			}
			if err := s.logInput(inputEvent{kind: inFiles, fs: fsys, text: s.launch.dir}); err != nil {
				return err
			}
			s.fs, _ = s.m.FileSystem().(*core.MemFS) // the machine's own copy, which it writes
		}
		if err := s.SetZones(zones); err != nil {
			s.nm = saved
			return fmt.Errorf("%w: %v", ErrBadFile, err)
		}
		s.data = data
		s.prof.SetNames(s.routineNames())
		return nil
	}
	l := launch{}
	if b.Program == nil && b.ROM != nil {
		l = s.launch // a new ROM restarts the program where it was started
	}
	if b.Program != nil {
		l = launch{dir: b.StartDir, autoboot: b.StartDir != ""}
	}
	m, fs, err := s.start(rom, prog, data, l)
	if err != nil {
		s.nm = saved
		return err
	}
	if b.Collection != nil || b.Program != nil {
		s.coll, s.cardColl = b.Collection, false
	}
	s.rom, s.program, s.data, s.zones, s.launch = rom, prog, data, zones, l
	s.install(m, fs)
	return nil
}

// LoadPRG starts a program file (the JS API's loadPRG, the CLI and DAP server), whatever
// its name ends in (X16 programs are often named without .prg); it is also on the host
// file system, as a dropped PRG is.
func (s *Session) LoadPRG(name string, data []byte) error {
	if name == "" {
		name = "program.prg"
	}
	f := File{Name: name, Data: data}
	return s.apply(Bundle{Program: &f, Data: []File{f}})
}

// LoadROM installs a ROM image and resets (the JS API's loadROM).
func (s *Session) LoadROM(data []byte) error {
	return s.Load([]File{{Name: "rom.bin", Data: data}})
}

// ForgetROM drops the user ROM and restarts on the built-in one.
func (s *Session) ForgetROM() error {
	m, fs, err := s.start(nil, s.program, s.data, s.launch)
	if err != nil {
		return err
	}
	s.rom = nil
	s.nm.names = nil // the built-in ROM's labels join
	s.install(m, fs)
	return nil
}

// start builds a machine for a ROM and starts a program on it (either may be absent),
// with the data files as its host file system, device 8 in the launch's folder.
func (s *Session) start(rom []byte, prog *File, data []File, l launch) (*core.Machine, *core.MemFS, error) {
	m, err := s.build(rom)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: ROM: %v", ErrBadFile, err)
	}
	s.cardNote = nil
	fsys, err := s.attachFS(m, data, l)
	if err != nil {
		return nil, nil, err
	}
	if s.opt.FS == nil && len(data) == 0 && s.servesCard(rom, data) {
		// the built-in ROM's host DOS serves the card; with no program it boots AUTOBOOT.X16
		boot, note := s.serveCard(m, prog == nil, l)
		s.cardNote = note
		if boot != nil {
			if _, err := m.StartPRG(boot.Data); err != nil {
				s.cardNote = fmt.Errorf("%w: the card's %s: %v", ErrCardBoot, boot.Name, err)
			}
		}
	}
	if prog != nil && prog != s.capturedProgram && isBAS(prog.Name) {
		// BASIC as text (a link's start_bas): typed into the official BASIC.
		if err := m.StartBAS(prog.Data); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", prog.Name, err)
		}
	} else if prog != nil && prog != s.capturedProgram && !(l.autoboot && m.OfficialROM()) {
		// An opened capture names its program without the file; the official ROM boots a
		// collection's program through its folder's AUTOBOOT.X16.
		if _, err := m.StartPRG(prog.Data); err != nil {
			// "bad PRG file: 0 bytes, ..." reads as "bad file: x.prg: 0 bytes, ...".
			msg := strings.TrimPrefix(err.Error(), core.ErrPRG.Error()+": ")
			return nil, nil, fmt.Errorf("%w: %s: %s", ErrBadFile, prog.Name, msg)
		}
	}
	return m, fsys, nil
}

// isBAS tells a program in BASIC text (.bas) from a program file.
func isBAS(name string) bool { return strings.EqualFold(path.Ext(name), ".bas") }

// Reset restarts: the program is loaded and started afresh (a direct start needs no ROM),
// or, with no program, the machine resets into its ROM.
func (s *Session) Reset() {
	if s.program != nil || s.servesCard(s.rom, s.data) { // the card's AUTOBOOT.X16 runs again
		if m, fs, err := s.start(s.rom, s.program, s.data, s.launch); err == nil {
			s.install(m, fs)
			return
		}
	}
	s.logInput(inputEvent{kind: inReset}) // a reset of the same machine: it runs on from it
	s.clearStop()
}

// KeysPending is how many key codes the guest has not read yet.
func (s *Session) KeysPending() int { return s.m.KeysPending() }

// RunToOverrun runs at warp speed until a period overruns its budget, then pauses with
// the number of the frame in which its work passed the budget in OverrunFrame.
func (s *Session) RunToOverrun() {
	s.paused = false
	s.stepPending = false
	s.toOverrun = true
	s.overrunAt = 0
	s.dbg.stopped = false
}

// SeekingOverrun tells whether RunToOverrun is still looking.
func (s *Session) SeekingOverrun() bool { return s.toOverrun }

// OverrunFrame is the frame RunToOverrun stopped at (0: none yet).
func (s *Session) OverrunFrame() uint32 { return s.overrunAt }

// HasROM tells whether a user ROM is installed (else the built-in ROM runs).
func (s *Session) HasROM() bool { return s.rom != nil }

// Program is the name of the loaded program, or "".
func (s *Session) Program() string {
	if s.program == nil {
		return ""
	}
	return s.program.Name
}

// HostFiles are the files on the host file system.
func (s *Session) HostFiles() []File { return s.data }

// Pause, Resume and the run controls. Resuming in the past forks: the frames after the
// current one are dropped and recorded again as the program runs on (timeline.go); a step
// replays what was recorded.
func (s *Session) Pause()  { s.paused = true; s.stepPending = false; s.toOverrun = false }
func (s *Session) Resume() { s.fork(); s.paused = false; s.acc = 0; s.dbg.stopped = false }

// Paused tells whether the user or the debugger paused (a stopped program is not "paused").
func (s *Session) Paused() bool { return s.paused || s.dbg.stopped }

// StepFrame runs to the next VSYNC at the next tick, then pauses.
func (s *Session) StepFrame() { s.paused = true; s.stepPending = true; s.dbg.stopped = false }

// SetSpeed sets the speed in percent, clamped to 25-400.
func (s *Session) SetSpeed(pct int) {
	s.speed = min(max(pct, MinSpeed), MaxSpeed)
}

// Speed is the speed in percent.
func (s *Session) Speed() int { return s.speed }

// SetWarp turns warp (as fast as the host allows, bounded per displayed frame) on or off.
func (s *Session) SetWarp(on bool) { s.warp = on; s.acc = 0 }

// SetWarpBudget sets the host milliseconds warp may spend per displayed frame (0: the
// default WarpBudgetMs). The browser sets what its frame has left after presenting.
func (s *Session) SetWarpBudget(ms float64) { s.warpBudget = max(ms, 0) }

// warpBudgetMs is the budget in force.
func (s *Session) warpBudgetMs() float64 {
	if s.warpBudget > 0 {
		return s.warpBudget
	}
	return WarpBudgetMs
}

// Warp tells whether warp is on.
func (s *Session) Warp() bool { return s.warp }

// Stopped is why the program stopped, or "" while it runs.
func (s *Session) Stopped() StopReason { return s.stop }

// Recent returns the last n executed instructions, oldest first.
func (s *Session) Recent(n int) []Instr {
	if s.stop != "" {
		return s.stopTrace[max(0, len(s.stopTrace)-n):]
	}
	return recentLast(s.m.RecentView(), n)
}

// Ended tells whether the program ended with nothing left to run (PC reached $FFFF): the
// machine then runs no more. A stuck CPU (STP, a masked jump to itself, a BRK loop) and a
// return to the built-in ROM's READY prompt are Stopped but not Ended.
func (s *Session) Ended() bool { return s.ended }

// Returned tells whether the program returned to the built-in ROM's READY prompt.
func (s *Session) Returned() bool { _, ok := s.m.Returned(); return ok }

// noteStop keeps the diagnosis of a program that can no longer go on, with the
// instructions and registers that led there (the ring moves on while the machine runs).
func (s *Session) noteStop(why StopReason, ended bool) {
	s.stop, s.ended = why, ended
	s.stopTrace = recentLast(s.m.RecentView(), recentSize)
	s.stopRegs = CrashRegs(s.m)
}

// clearStop forgets the diagnosis: a new machine, a reset.
func (s *Session) clearStop() {
	s.stop, s.ended, s.stopTrace, s.stopRegs = "", false, nil, ""
}

// Tick is what one displayed frame did.
type Tick struct {
	Cycles uint64 // CPU cycles emulated
	VSyncs int    // machine frames completed
}

// Advance runs the machine for one displayed frame: speed% of real time normally (carrying
// the remainder), whole frames within the warp budget in warp, one frame for a step. elapsed
// returns host milliseconds since the tick began; only warp consults it. It never runs
// more than maxFramesPerTick (or MaxWarpFrames) machine frames.
func (s *Session) Advance(elapsed func() float64) Tick {
	var t Tick
	if s.ended || s.dbg.stopped {
		return t
	}
	switch {
	case s.stepPending:
		s.stepPending = false
		s.runTo(s.m.NextVSync(), &t)
	case s.paused:
	case s.toOverrun:
		for i := 0; i < MaxWarpFrames && !s.ended && s.toOverrun && !s.dbg.stopped; i++ {
			s.runTo(s.m.NextVSync(), &t)
			if n := s.prof.FrameCount(); n > 0 {
				if r := s.prof.FrameAt(n - 1); r.Flags&perf.FrameOverrun != 0 {
					s.toOverrun, s.paused, s.overrunAt = false, true, OverrunStart(s.prof, n-1)
				}
			}
			if elapsed() >= s.warpBudgetMs() {
				break
			}
		}
	case s.warp:
		s.runWarp(elapsed, s.warpBudgetMs(), &t)
	default:
		// cycles this tick = 8 MHz x speed/100 / displayHz, carried exactly in integers.
		s.acc += 8_000_000 * uint64(s.speed)
		const unit = 100 * displayHz
		n := s.acc / unit
		s.acc -= n * unit
		if limit := uint64(maxFramesPerTick * core.CyclesPerFrame); n > limit {
			n, s.acc = limit, 0
		}
		s.runTo(s.m.Cycle()+n, &t)
	}
	return t
}

// runWarp runs warp until elapsed() reaches budget ms, in slices of a frame, so the budget
// is spent to within a slice; the frame in progress is finished at the next run (the
// screen shows the last whole frame).
func (s *Session) runWarp(elapsed func() float64, budget float64, t *Tick) {
	const slice = core.CyclesPerFrame / warpSlices
	for t.VSyncs < MaxWarpFrames && !s.ended && !s.dbg.stopped {
		s.runTo(min(s.m.Cycle()+slice, s.m.NextVSync()), t)
		if elapsed() >= budget {
			break
		}
	}
}

// WarpMore runs more of warp, for budget ms by elapsed, in host time found free between
// displayed frames (the browser's idle callback, which knows when the next frame is
// due). It does nothing unless warp alone is running: not paused, stepping, stopped or
// running to an overrun, which only Advance drives. Its frames belong to the next
// displayed frame, which shows the last of them.
func (s *Session) WarpMore(elapsed func() float64, budget float64) Tick {
	var t Tick
	if !s.warp || s.paused || s.stepPending || s.toOverrun || s.ended || s.dbg.stopped || budget <= 0 {
		return t
	}
	s.runWarp(elapsed, budget, &t)
	return t
}

// runTo runs until a cycle, stopping early when the program stops. In the past it replays
// the logged inputs as their cycles come, and reaches the head with the head's state.
func (s *Session) runTo(target uint64, t *Tick) {
	m, start, frame := s.m, s.m.Cycle(), s.m.Frame()
	if s.tl.detached {
		s.fork() // an opened capture's later bars: nothing recorded leads there
	}
	for s.m.Cycle() < target && !s.ended && !s.dbg.stopped {
		s.replayInputs()
		// Runs stop at each VSYNC, where a keyframe may be due.
		ev := s.m.RunUntil(s.debugChunk(s.replayBound(min(target, s.m.NextVSync()))))
		s.events |= ev
		if ev&core.EventVSync != 0 {
			s.keepKeyframe()
		}
		if s.debugAfter(ev) {
			break
		}
		if s.stop == "" || ev&core.EventExit != 0 {
			kind, why := Diagnose(ev, s.m, s.m.RecentView())
			if ev&(core.EventStop|core.EventExit) != 0 && why == "" {
				kind, why = StopSTP, "stopped"
			}
			if why != "" {
				// A return to the built-in ROM's READY prompt leaves a machine that runs on
				// there (its cursor blinks, SYS can be typed); a return through $FFFF
				// (--bare's convention) leaves nothing to run.
				s.noteStop(why, kind == StopReturn && !s.Returned())
			}
		}
		if s.toExit && ev&core.EventExit != 0 {
			break
		}
	}
	s.atHead()
	if s.m != m {
		return // the debugger went back to a frame's start on a rebuilt machine (debug_rewind.go)
	}
	t.Cycles += s.m.Cycle() - start
	t.VSyncs += int(s.m.Frame() - frame)
}

// RunFrame runs the machine to its next VSYNC, for front ends that pace frames themselves
// (the DAP server, the CLI), whether or not the session is paused: up to a debugger stop or
// an exit (a return to READY: the next RunFrame goes on from there), through the recorded
// inputs in the past. It returns what the runs reported (EventVSync,
// EventStop, EventExit, EventBreak); Stopped and DebugStopped say what they mean.
func (s *Session) RunFrame() core.Event {
	var t Tick
	s.events = 0
	s.toExit = true
	s.runTo(s.m.NextVSync(), &t)
	s.toExit = false
	return s.events
}

// memFS puts files on an in-memory host file system (device 8).
func memFS(data []File) (*core.MemFS, error) {
	files := make(map[string][]byte, len(data))
	for _, f := range data {
		files[f.Name] = f.Data
	}
	// The session holds the files and never changes them: the file system shares them
	// (a collection is held once, however many machines and keyframes see it).
	fsys, err := core.NewMemFSShared(files)
	if err != nil {
		return nil, fmt.Errorf("%w: host files: %v", ErrBadFile, err)
	}
	return fsys, nil
}

// StopRegs is the crash panel's register line as the stop was found (CrashRegs then).
func (s *Session) StopRegs() string { return s.stopRegs }
