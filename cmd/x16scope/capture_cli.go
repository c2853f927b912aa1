package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/perf"
	"x16scope/session"
)

// captureFlags are run's and profile's --capture-at, -o and --resume.
type captureFlags struct {
	at     int
	out    string
	resume string

	card     *string      // --sdcard: with it, no program file boots from the card
	asCard   *bool        // --as-card: with it, no program file boots the --fs folder's card
	meta     capture.Meta // the --resume file's
	isCapt   bool         // the --resume file is a capture (else a plain save state)
	resumeAt [2]uint64    // the frame (VSYNCs from power-on) and cycle the resumed run starts at
}

func (c *captureFlags) register(fs *flag.FlagSet, canCapture bool) {
	fs.StringVar(&c.resume, "resume", "", "start from the save state or capture `FILE` instead of a program (then no FILE.PRG is given); --frames still counts from power-on and must be after the captured frame")
	if canCapture {
		fs.IntVar(&c.at, "capture-at", -1, "capture frame `N` (counted from power-on, as --frames; any frame of the last 60 s of the run): its start state, the inputs during it, its picture and the profiler records up to it, written to -o")
		fs.StringVar(&c.out, "o", "", "write the capture to `FILE` (with --capture-at)")
	}
}

// check validates the combination once flags are parsed.
func (c *captureFlags) check() error {
	if c.at >= 0 && c.out == "" {
		return errors.New("--capture-at needs -o FILE")
	}
	if c.out != "" && c.at < 0 {
		return errors.New("-o needs --capture-at N")
	}
	return nil
}

// parseArgs parses flags and the program file, which --resume makes optional.
func (c *captureFlags) parseArgs(fs *flag.FlagSet, args []string) (string, error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", exitCode(0)
		}
		return "", exitCode(2)
	}
	if (c.resume != "" || c.card != nil && *c.card != "" || c.asCard != nil && *c.asCard) && fs.NArg() == 0 {
		return "", nil // --resume, or --sdcard booting from the card
	}
	prg, err := parseWithFile(fs, args)
	if err == nil && c.resume != "" {
		return "", fmt.Errorf("--resume starts from %s: give no program file (%s)", c.resume, prg)
	}
	return prg, err
}

// start builds the command's session and starts what it runs: the --resume file, or the
// program. For a program it returns the program as parsed.
func (c *captureFlags) start(mf *machineFlags, prgPath string, owner perf.Owner) (*session.Session, core.PRG, error) {
	if c.resume == "" {
		s, err := mf.newSession(owner, nil)
		if err != nil {
			return nil, core.PRG{}, err
		}
		if mf.card.asCard {
			prg, err := mf.startAsCard(s, prgPath)
			return s, prg, err
		}
		if prgPath == "" {
			return s, core.PRG{}, mf.bootCard(s) // --sdcard with no program
		}
		prg, err := mf.load(s, prgPath)
		return s, prg, err
	}
	s, err := c.open(mf, owner)
	return s, core.PRG{}, err
}

// open builds a session on the --resume file. A capture opens as the page opens it: its
// frame run again from its start with the inputs that arrived during it, the machine then at
// the start of the frame after; a plain save state opens at its start. Its ROM is the file's
// own, or is found by hash among the built-in ROM, --rom and X16_ROM.
func (c *captureFlags) open(mf *machineFlags, owner perf.Owner) (*session.Session, error) {
	data, err := os.ReadFile(c.resume)
	if err != nil {
		return nil, fmt.Errorf("--resume: %w", err)
	}
	var roms [][]byte
	for _, path := range []string{mf.rom, os.Getenv("X16_ROM")} {
		if path == "" {
			continue
		}
		img, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading ROM: %w", err)
		}
		roms = append(roms, img)
	}
	s, err := mf.newSession(owner, roms)
	if err != nil {
		return nil, err
	}
	meta, err := s.OpenCapture(data)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), session.ErrBadFile.Error()+": ")
		return nil, fmt.Errorf("%s: %s", c.resume, strings.TrimPrefix(msg, "capture: "))
	}
	m := s.Machine()
	c.meta, c.isCapt = meta, meta.Date != ""
	c.resumeAt = [2]uint64{m.Frame(), m.Cycle()}
	mf.input.skipTo(m.Frame())
	if err := mf.input.started(s); err != nil {
		return nil, err
	}
	return s, nil
}

// describeResume is the report's first line for a resumed run.
func (c *captureFlags) describeResume() string {
	if !c.isCapt {
		return fmt.Sprintf("resumed: %s, a save state at the end of frame %d (cycle %d)", c.resume, c.resumeAt[0], c.resumeAt[1])
	}
	s := fmt.Sprintf("resumed: %s, frame %d run again; on from cycle %d", c.resume, c.resumeAt[0], c.resumeAt[1])
	if c.meta.Program != "" {
		s += fmt.Sprintf(" (capture of %s, %s)", c.meta.Program, c.meta.Date)
	}
	if note := c.meta.VersionNote(session.Version()); note != "" {
		s += "; " + note
	}
	return s
}

// lastFrame is the frame the run ends with. Frames count from power-on, resumed or not:
// --frames N ends at the end of frame N. A resumed run without --frames runs def frames on
// from where it resumed; with a --frames at or before it, there is nothing to run.
func (c *captureFlags) lastFrame(fs *flag.FlagSet, frames, def int) (uint64, error) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "frames" })
	if c.resume == "" {
		return uint64(frames), nil
	}
	from := c.resumeAt[0]
	if !given {
		return from + uint64(def), nil
	}
	if uint64(frames) <= from {
		what := fmt.Sprintf("%s is a capture of frame %d", c.resume, from)
		if !c.isCapt {
			what = fmt.Sprintf("%s is a save state at the end of frame %d", c.resume, from)
		}
		return 0, usagef("--frames %d: %s, and --frames counts from power-on: give a frame after it (%d or more)", frames, what, from+1)
	}
	return uint64(frames), nil
}

// afterFrame is called after each frame: once the run has finished the frame to capture,
// the capture is taken (the session rebuilds that frame from its time-travel window) and
// written.
func (c *captureFlags) afterFrame(s *session.Session, stdout io.Writer) error {
	if c.at < 1 || uint64(c.at) > s.Machine().Frame() {
		return nil
	}
	data, err := s.Capture(uint32(c.at), time.Now())
	if err != nil {
		return fmt.Errorf("--capture-at %d: %v", c.at, err)
	}
	if err := os.WriteFile(c.out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "capture: %s (frame %d, %d bytes)\n", c.out, c.at, len(data))
	c.at = -1
	return nil
}

// missed reports a --capture-at frame the run never reached.
func (c *captureFlags) missed() error {
	if c.at >= 0 && c.out != "" {
		return fmt.Errorf("--capture-at %d: the run ended before that frame", c.at)
	}
	return nil
}

// applyProfileFlags sets the target and zones from the flags; a resumed session keeps the
// saved ones unless the flags are given. Routines from a zip's label files (which the
// session made zones of when it loaded the zip) come first: --sym and --zones win where they
// overlap.
func (c *captureFlags) applyProfileFlags(s *session.Session, fs *flag.FlagSet, fps float64, symPath, zonesPath string, prg core.PRG) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if c.resume == "" || given["fps"] {
		if err := s.SetTargetFps(fps); err != nil {
			return fmt.Errorf("--fps: %w", err)
		}
	}
	if c.resume == "" || given["zones"] || given["sym"] {
		zones, err := loadZones(symPath, zonesPath, prg)
		if err != nil {
			return err
		}
		if c.resume == "" {
			zones = append(s.Zones(), zones...)
		}
		if err := s.SetZones(zones); err != nil {
			return err
		}
	}
	return nil
}
