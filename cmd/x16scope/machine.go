package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/session"
)

// machineFlags are the flags every command that builds a machine shares.
type machineFlags struct {
	rom        string
	ramKB      int
	bare       bool
	noIdleSkip bool
	rtc        string        // --rtc as given
	rtcStart   core.RTCStart // --rtc read by check (the host's clock read there, once)
	keymap     string        // --keymap as given
	keymapIdx  int           // --keymap read by check (core.KeymapNames)
	start      string        // --start: the program of a collection to run
	list       bool          // --list: print a collection's programs

	// input holds --type, --keys and --fs (input.go); newSession applies them, and the
	// command's frame loop calls feedKeys before every frame.
	input inputFlags
	// program is the FILE argument as load read it (readProgramFile).
	program programFile
	// card is --sdcard and its flags (sdcard_cli.go).
	card cardFlags
}

func (f *machineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.rom, "rom", "", "run on the official ROM image `FILE` (rom.bin built from X16Community/x16-rom) instead of x16scope's built-in ROM")
	fs.BoolVar(&f.bare, "bare", false, "no ROM: copy the program to memory and jump to its entry directly (interrupts off; its final RTS ends the run)")
	fs.IntVar(&f.ramKB, "ram", 512, "banked RAM size in `KB` (8-2048, a multiple of 8)")
	fs.StringVar(&f.keymap, "keymap", "en-us", "keyboard layout `NAME` both ROMs type with, as x16emu -keymap takes it: "+strings.Join(core.KeymapNames[:], ", "))
	fs.StringVar(&f.rtc, "rtc", "stopped", "the real-time clock at power-on, `WHEN`: stopped (2000-01-01 00:00:00, not counting until a program sets it, as the chip and x16emu start), host (this computer's local time, counting, as x16emu -rtc) or a date and time such as 2026-12-07T12:00:00 (counting)")
	fs.BoolVar(&f.noIdleSkip, "no-idle-skip", false, "execute every pass of idle polling loops instead of fast-forwarding them (same results, slower: for checking)")
	fs.StringVar(&f.start, "start", "", "FILE is a collection (a zip or folder of programs, as the starter kit): start its program `PATH` (GAMES/BRIXX/BRIXX.PRG, or the folder GAMES/BRIXX), in its own folder with the whole collection on device 8")
	fs.BoolVar(&f.list, "list", false, "FILE is a collection: print its programs and exit")
	f.input.register(fs)
	f.card.register(fs)
}

// feedKeys presses the --keys scheduled up to frame, the number from power-on of the frame
// about to run (1 is the first: it ends at the first VSYNC).
func (f *machineFlags) feedKeys(s *session.Session, frame int) {
	f.input.frame(s, frame)
}

// close releases what newSession opened (the --fs folder).
func (f *machineFlags) close() {
	f.input.close()
	f.card.close()
}

// romName describes the ROM the session runs, for reports.
func (f *machineFlags) romName() string {
	switch {
	case f.rom != "":
		return "official ROM " + f.rom
	case !f.bare:
		return "x16scope built-in ROM"
	}
	return "none (program started directly)"
}

// newSession builds the command's session from the flags, with nothing loaded: the
// banked RAM size, the clock's start (--rtc), --bare (no ROM when none is loaded), --no-idle-skip, the --fs folder as
// its host file system, and roms as the images a --resume file may name by hash. owner
// holds its profiler.
func (f *machineFlags) newSession(owner perf.Owner, roms [][]byte) (*session.Session, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	fsys, err := f.input.attach()
	if err != nil {
		return nil, err
	}
	opt := session.Options{RAMKB: f.ramKB, Owner: owner, Bare: f.bare, NoIdleSkip: f.noIdleSkip, ROMs: roms, RTC: f.rtcStart, Keymap: f.keymapIdx}
	if fsys != nil && !f.card.asCard { // --as-card puts the folder on the card instead
		opt.FS = fsys
	}
	s, err := session.NewSessionWith(opt)
	if err != nil {
		return nil, err
	}
	if err := f.card.insert(s); err != nil {
		return nil, err
	}
	return s, nil
}

// load starts the program file on the session the way its ROM does (core.Machine.StartPRG):
// SYS pasted on the built-in ROM, LOAD and RUN on the official one (--rom), a direct jump
// with no ROM (--bare). A zip's files go on device 8 and its label files become zones.
// --type is typed once it has started.
func (f *machineFlags) load(s *session.Session, prgPath string) (core.PRG, error) {
	prog, err := readProgramFile(prgPath)
	if err != nil {
		return core.PRG{}, err
	}
	f.program = prog
	if prog.zip && f.input.fsDir != "" {
		return core.PRG{}, usagef("--fs and a zip's or folder's files exclude each other (both would be device 8)")
	}
	if (f.start != "" || f.list) && prog.collection == nil {
		return core.PRG{}, usagef("--start and --list name a program of a collection (a zip or folder of several programs); %s is one program", prgPath)
	}
	if f.rom != "" {
		img, err := os.ReadFile(f.rom)
		if err != nil {
			return core.PRG{}, fmt.Errorf("reading ROM: %w", err)
		}
		if err := s.LoadROM(img); err != nil {
			return core.PRG{}, f.loadError(err, prgPath, prog.file.Name)
		}
	}
	switch {
	case prog.collection != nil:
		err = f.startInCollection(s, &prog)
		f.program = prog
		var l listed
		if errors.As(err, &l) {
			return core.PRG{}, err
		}
	case prog.zip:
		err = s.Load(prog.files)
	default:
		err = s.LoadPRG(prog.file.Name, prog.file.Data) // whatever its name: FILE is the program
	}
	if err != nil {
		return core.PRG{}, f.loadError(err, prgPath, prog.file.Name)
	}
	p, err := core.ParsePRG(prog.prg) // it started: it parses
	if err != nil {
		return core.PRG{}, err
	}
	if err := f.input.started(s); err != nil {
		return core.PRG{}, err
	}
	return p, nil
}

// romFileName is what the session calls the ROM image LoadROM is given.
const romFileName = "rom.bin"

// loadError words a load's error for the command line: the session's "bad file: NAME: ..."
// names the files by the names it was given; here they are the paths the user typed.
func (f *machineFlags) loadError(err error, prgPath, name string) error {
	msg := strings.TrimPrefix(err.Error(), session.ErrBadFile.Error()+": ")
	switch {
	case strings.HasPrefix(msg, romFileName+" "):
		return fmt.Errorf("--rom %s%s", f.rom, strings.TrimPrefix(msg, romFileName))
	case strings.HasPrefix(msg, "ROM: "):
		return fmt.Errorf("--rom %s: %s", f.rom, strings.TrimPrefix(msg, "ROM: "))
	case strings.HasPrefix(msg, name+": "):
		return fmt.Errorf("%s: %s", prgPath, strings.TrimPrefix(msg, name+": "))
	}
	return fmt.Errorf("%s: %s", prgPath, msg)
}
