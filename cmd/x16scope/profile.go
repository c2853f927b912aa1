package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"x16scope/core"
	"x16scope/perf"
)

// exitOverBudget is profile's exit status when --max-p99 fails (1 is an error, 2 usage).
const exitOverBudget = 3

// topZones is how many breakdown rows the text report lists.
const topZones = 12

// profileMain runs `x16scope profile`: it runs a program headless with the profiler on and
// prints the budget report (PROFILER.md sections 1-6) or, with --json, the perfStats object.
func profileMain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("profile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mf := machineFlags{builtinDefault: true}
	mf.register(fs)
	mf.addInputFlags(fs)
	defer mf.close()
	frames := fs.Int("frames", perf.HistoryFrames, "profile `N` frames (VSYNCs); the report covers the last 3600 at most")
	fps := fs.Float64("fps", 60, "target frame rate `FPS` that sets the budget (30 = two frames per period)")
	zonesPath := fs.String("zones", "", "zones from a JSON `FILE`: [{\"name\",\"start\",\"end\",\"bank\",\"idle\"}]")
	symPath := fs.String("sym", "", "one zone per routine from a VICE label `FILE` (ld65 -Ln)")
	asJSON := fs.Bool("json", false, "print the perfStats JSON object instead of the text report")
	maxP99 := fs.Float64("max-p99", 0, "exit with status 3 when p99 utilisation exceeds `PCT` percent (0: no check)")
	var cf captureFlags
	cf.register(fs, false)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: x16scope profile FILE.PRG [flags]\n       x16scope profile --resume FILE [flags]")
		fs.PrintDefaults()
	}
	prgPath, err := cf.parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *frames < 1 {
		return errors.New("--frames must be at least 1")
	}
	if *maxP99 < 0 {
		return errors.New("--max-p99 must not be negative")
	}
	m, p, prg, err := cf.profiled(&mf, prgPath, fs)
	if err != nil {
		return err
	}
	if err := cf.applyProfileFlags(p, fs, *fps, *symPath, *zonesPath); err != nil {
		return err
	}

	p.Acquire(perf.OwnerCLI)
	outcome := fmt.Sprintf("ran %d frames", *frames)
	for ran := 0; ran < *frames; {
		mf.feedKeys(m, ran)
		ev := m.RunFrame()
		m.DrainConsole() // the guest's console output is not part of the report
		if ev&core.EventVSync != 0 {
			ran++
		}
		if ev&(core.EventExit|core.EventStop) != 0 {
			outcome = "exited (the program returned)"
			if ev&core.EventStop != 0 {
				outcome = "stopped (STP)"
			}
			outcome += fmt.Sprintf(" after %d frames", ran)
			p.Flush()
			break
		}
	}
	p.Release(perf.OwnerCLI)
	s := p.Stats(*frames)

	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(s); err != nil {
			return err
		}
	} else {
		if cf.resume != "" {
			fmt.Fprintln(stdout, cf.describeResume())
		} else {
			fmt.Fprintf(stdout, "program: %s: %s\n", prgPath, describePRG(prg))
		}
		fmt.Fprintf(stdout, "outcome: %s\n", outcome)
		writeReport(stdout, &s)
	}
	if *maxP99 > 0 && s.Periods.Utilisation.P99 > *maxP99 {
		fmt.Fprintf(stderr, "x16scope profile: p99 utilisation %.2f%% exceeds --max-p99 %.2f%%\n", s.Periods.Utilisation.P99, *maxP99)
		return exitCode(exitOverBudget)
	}
	return nil
}

// loadZones reads the symbol file's routines, then the JSON zones (defined later, so they
// win where they overlap a routine: an idle zone drawn inside a routine works as expected).
func loadZones(symPath, zonesPath string) ([]perf.Zone, error) {
	var zones []perf.Zone
	if symPath != "" {
		data, err := os.ReadFile(symPath)
		if err != nil {
			return nil, fmt.Errorf("reading symbols: %w", err)
		}
		syms, err := perf.ParseSym(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", symPath, err)
		}
		zones = append(zones, perf.ZonesFromSymbols(syms)...)
	}
	if zonesPath != "" {
		data, err := os.ReadFile(zonesPath)
		if err != nil {
			return nil, fmt.Errorf("reading zones: %w", err)
		}
		zs, err := perf.ParseZones(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", zonesPath, err)
		}
		zones = append(zones, zs...)
	}
	return zones, nil
}
