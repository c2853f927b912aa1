package main

import (
	"flag"
	"fmt"
	"os"

	"x16scope/core"
)

// machineFlags are the flags every command that builds a machine shares.
type machineFlags struct {
	rom   string
	ramKB int
}

func (f *machineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.rom, "rom", "", "ROM image `FILE` (default: the ROM space is empty and the program starts directly)")
	fs.IntVar(&f.ramKB, "ram", 512, "banked RAM size in `KB` (8-2048, a multiple of 8)")
}

// newMachine builds a machine from the flags and starts the program file on it.
func (f *machineFlags) newMachine(prgPath string) (*core.Machine, core.PRG, error) {
	cfg := core.Config{RAMKB: f.ramKB}
	if f.rom != "" {
		rom, err := os.ReadFile(f.rom)
		if err != nil {
			return nil, core.PRG{}, fmt.Errorf("reading ROM: %w", err)
		}
		cfg.ROM = rom
	}
	m, err := core.New(cfg)
	if err != nil {
		return nil, core.PRG{}, err
	}
	file, err := os.ReadFile(prgPath)
	if err != nil {
		return nil, core.PRG{}, fmt.Errorf("reading program: %w", err)
	}
	p, err := m.StartPRG(file)
	if err != nil {
		return nil, core.PRG{}, fmt.Errorf("%s: %w", prgPath, err)
	}
	return m, p, nil
}
