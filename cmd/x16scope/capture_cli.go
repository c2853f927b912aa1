package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/perf"
	"x16scope/rom"
	"x16scope/savestate"
)

// captureFlags are run's and profile's --capture-at, -o and --resume.
type captureFlags struct {
	at     int
	out    string
	resume string

	// set while a capture is being taken: the state at the captured frame's start
	start      *savestate.File
	startFrame uint64
	program    string
	resumed    *capture.Capture // the file --resume loaded
	resumedAt  [2]uint64        // its frame and cycle
}

func (c *captureFlags) register(fs *flag.FlagSet, canCapture bool) {
	fs.StringVar(&c.resume, "resume", "", "start from the save state or capture `FILE` instead of a program (then no FILE.PRG is given)")
	if canCapture {
		fs.IntVar(&c.at, "capture-at", -1, "capture frame `N` (counted from power-on, as --frames): its start state, picture and profiler records, written to -o")
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
	if c.resume != "" && fs.NArg() == 0 {
		return "", nil
	}
	prg, err := parseWithFile(fs, args)
	if err == nil && c.resume != "" {
		return "", fmt.Errorf("--resume starts from %s: give no program file (%s)", c.resume, prg)
	}
	return prg, err
}

// restore builds the machine and profiler of the --resume file. Its ROM comes from the
// file (the user's own), or is found by hash among the built-in ROM, --rom and X16_ROM.
func (c *captureFlags) restore(mf *machineFlags) (*core.Machine, *perf.Profiler, error) {
	data, err := os.ReadFile(c.resume)
	if err != nil {
		return nil, nil, fmt.Errorf("--resume: %w", err)
	}
	cp, err := capture.Decode(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.resume, err)
	}
	roms := [][]byte{rom.Image()}
	for _, path := range []string{mf.rom, os.Getenv("X16_ROM")} {
		if path == "" {
			continue
		}
		img, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, fmt.Errorf("reading ROM: %w", err)
		}
		roms = append(roms, img)
	}
	opt := core.RestoreOptions{ROMs: roms}
	if mf.input.fsDir != "" {
		fsys, err := core.NewDirFS(mf.input.fsDir)
		if err != nil {
			return nil, nil, err
		}
		opt.FS = fsys
	}
	m, p, err := capture.Restore(cp.State, opt, perf.OwnerCLI)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.resume, err)
	}
	m.SetIdleSkip(!mf.noIdleSkip)
	c.resumed = cp
	c.resumedAt = [2]uint64{m.Frame(), m.Cycle()}
	return m, p, nil
}

// describeResume is the report's first line for a resumed run.
func (c *captureFlags) describeResume() string {
	s := fmt.Sprintf("resumed: %s at frame %d, cycle %d", c.resume, c.resumedAt[0], c.resumedAt[1])
	if c.resumed != nil && c.resumed.Meta.Program != "" {
		s += fmt.Sprintf(" (capture of %s, %s)", c.resumed.Meta.Program, c.resumed.Meta.Date)
	}
	return s
}

// lastFrame is the frame a run ends with: --frames counts from power-on, and a resumed
// machine (already past it, usually) runs --frames more frames.
func (c *captureFlags) lastFrame(m *core.Machine, frames int) uint64 {
	if c.resume != "" {
		return m.Frame() + uint64(frames)
	}
	return uint64(frames)
}

// beforeFrame is called before the command runs the next frame (m.Frame()+1, counted from
// power-on): at the captured frame it saves the state at its start.
func (c *captureFlags) beforeFrame(m *core.Machine, p *perf.Profiler) {
	if c.at == int(m.Frame())+1 && c.start == nil {
		c.start = capture.StateSections(m, p)
		c.startFrame = m.Frame()
	}
}

// afterFrame is called after each VSYNC: when the frame that ended (m.Frame()) was the
// captured one, the capture is written.
func (c *captureFlags) afterFrame(m *core.Machine, p *perf.Profiler, stdout io.Writer) error {
	n := int(m.Frame())
	if c.start == nil || c.at != n {
		return nil
	}
	cp, err := capture.Take(c.start, m, p, c.program, c.startFrame, time.Now())
	if err != nil {
		return err
	}
	data, err := cp.Encode()
	if err != nil {
		return err
	}
	if err := os.WriteFile(c.out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "capture: %s (frame %d, %d bytes)\n", c.out, n, len(data))
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

// programName is what captures call the program.
func programName(path string) string { return filepath.Base(path) }

// machine builds run's machine: from --resume, or from the program (with a profiler
// attached when a frame is to be captured, so the capture has its records).
func (c *captureFlags) machine(mf *machineFlags, prgPath string) (*core.Machine, *perf.Profiler, core.PRG, error) {
	if c.resume != "" {
		m, p, err := c.restore(mf)
		return m, p, core.PRG{}, err
	}
	m, prg, err := mf.newMachine(prgPath)
	if err != nil {
		return nil, nil, prg, err
	}
	c.program = programName(prgPath)
	var p *perf.Profiler
	if c.at >= 0 {
		p = perf.New(m)
		p.Acquire(perf.OwnerCLI)
	}
	return m, p, prg, nil
}

// profiled builds profile's machine and profiler: from --resume (the profiler continues
// with the saved zones, region names and target), or from the program.
func (c *captureFlags) profiled(mf *machineFlags, prgPath string, fs *flag.FlagSet) (*core.Machine, *perf.Profiler, core.PRG, error) {
	if c.resume != "" {
		m, p, err := c.restore(mf)
		return m, p, core.PRG{}, err
	}
	m, prg, err := mf.newMachine(prgPath)
	if err != nil {
		return nil, nil, prg, err
	}
	return m, perf.New(m), prg, nil
}

// applyProfileFlags sets the target and zones from the flags; a resumed profiler keeps the
// saved ones unless the flags are given.
// Routines from a zip's label files (fromZip) come first: --sym and --zones win where they
// overlap.
func (c *captureFlags) applyProfileFlags(p *perf.Profiler, fs *flag.FlagSet, fps float64, symPath, zonesPath string, prg core.PRG, fromZip []perf.Zone) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if c.resume == "" || given["fps"] {
		if err := p.SetTargetFps(fps); err != nil {
			return fmt.Errorf("--fps: %w", err)
		}
	}
	if c.resume == "" || given["zones"] || given["sym"] {
		zones, err := loadZones(symPath, zonesPath, prg)
		if err != nil {
			return err
		}
		zones = append(append([]perf.Zone(nil), fromZip...), zones...)
		if err := p.SetZones(zones); err != nil {
			return err
		}
	}
	return nil
}
