package main

import (
	"flag"
	"fmt"
	"os"

	"x16scope/core"
	"x16scope/rom"
)

// machineFlags are the flags every command that builds a machine shares.
type machineFlags struct {
	rom        string
	ramKB      int
	bare       bool
	noIdleSkip bool

	// input holds --type, --keys and --fs (input.go); newMachine applies them, and the
	// command's frame loop calls feedKeys before every frame.
	input inputFlags
	// program is the FILE argument as newMachine read it (readProgramFile).
	program programFile
}

func (f *machineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.rom, "rom", "", "run on the official ROM image `FILE` (rom.bin built from X16Community/x16-rom) instead of x16scope's built-in ROM")
	fs.BoolVar(&f.bare, "bare", false, "no ROM: copy the program to memory and jump to its entry directly (interrupts off; its final RTS ends the run)")
	fs.IntVar(&f.ramKB, "ram", 512, "banked RAM size in `KB` (8-2048, a multiple of 8)")
	fs.BoolVar(&f.noIdleSkip, "no-idle-skip", false, "execute every pass of idle polling loops instead of fast-forwarding them (same results, slower: for checking)")
	f.input.register(fs)
}

// feedKeys presses the --keys scheduled up to frame, the number from power-on of the frame
// about to run (1 is the first: it ends at the first VSYNC).
func (f *machineFlags) feedKeys(m *core.Machine, frame int) {
	f.input.frame(m, frame)
}

// close releases what newMachine opened (the --fs folder).
func (f *machineFlags) close() {
	f.input.close()
}

// romName describes the ROM newMachine uses, for reports.
func (f *machineFlags) romName() string {
	switch {
	case f.rom != "":
		return "official ROM " + f.rom
	case !f.bare:
		return "x16scope built-in ROM"
	}
	return "none (program started directly)"
}

// newMachine builds a machine from the flags and starts the program file on it the way
// its ROM does (core.Machine.StartPRG): SYS pasted on the built-in ROM, LOAD and RUN on the
// official one, a direct jump with no ROM.
func (f *machineFlags) newMachine(prgPath string) (*core.Machine, core.PRG, error) {
	if err := f.check(); err != nil {
		return nil, core.PRG{}, err
	}
	cfg := core.Config{RAMKB: f.ramKB}
	switch {
	case f.rom != "":
		img, err := os.ReadFile(f.rom)
		if err != nil {
			return nil, core.PRG{}, fmt.Errorf("reading ROM: %w", err)
		}
		cfg.ROM = img
	case !f.bare:
		cfg.ROM = rom.Image()
	}
	m, err := core.New(cfg)
	if err != nil {
		return nil, core.PRG{}, err
	}
	m.SetIdleSkip(!f.noIdleSkip)
	// The stop diagnosis (outcome.go) reads the machine's ring of recent instructions.
	m.KeepRecent(true)
	prog, err := readProgramFile(prgPath)
	if err != nil {
		return nil, core.PRG{}, err
	}
	f.program = prog
	if err := f.input.attach(m); err != nil {
		return nil, core.PRG{}, err
	}
	if prog.fs != nil {
		if f.input.fsDir != "" {
			return nil, core.PRG{}, usagef("--fs and a zip's files exclude each other (both would be device 8)")
		}
		m.SetFileSystem(prog.fs)
	}
	p, err := m.StartPRG(prog.prg)
	if err != nil {
		return nil, core.PRG{}, fmt.Errorf("%s: %w", prog.name, err)
	}
	if err := f.input.started(m); err != nil {
		return nil, core.PRG{}, err
	}
	return m, p, nil
}
