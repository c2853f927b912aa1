package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/session"
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
	mf := machineFlags{}
	mf.register(fs)
	defer mf.close()
	frames := fs.Int("frames", perf.HistoryFrames, "profile until frame `N` has ended (frames count from power-on, as the report's frame numbers; with --resume too, default 3600 frames after the resumed one); the report covers the last 3600 at most")
	fps := fs.Float64("fps", 60, "target frame rate `FPS` that sets the budget (30 = two frames per period)")
	zonesPath := fs.String("zones", "", "zones from a JSON `FILE`: [{\"name\",\"start\",\"end\",\"bank\",\"idle\"}]")
	symPath := fs.String("sym", "", "one zone per routine from a VICE label `FILE` (ld65 -Ln)")
	asJSON := fs.Bool("json", false, "print the perfStats JSON object instead of the text report")
	maxP99 := fs.Float64("max-p99", 0, "exit with status 3 when p99 utilisation exceeds `PCT` percent (0: no check)")
	skip := fs.Int("skip", defaultSkip, "with --max-p99, the first `N` frames are warm-up (loading, set-up): not judged")
	wantReturn := fs.Bool("want-return", false, "exit with status 7 unless the program returned (to READY) within --frames")
	var cf captureFlags
	cf.register(fs, false)
	var ex exportFlags
	ex.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: x16scope profile FILE.PRG [flags]\n       x16scope profile --resume FILE [flags]\n\nFrames count from power-on, resumed or not: --resume FILE --frames N profiles up to frame N,\nwhich must come after the captured frame; the report covers the capture's records too.")
		fs.PrintDefaults()
	}
	if wantsKeyNames(args) {
		printKeyNames(stdout)
		return nil
	}
	cf.card = &mf.card.path
	cf.asCard = &mf.card.asCard
	prgPath, err := cf.parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *frames < 1 {
		return usagef("--frames must be at least 1")
	}
	if *maxP99 < 0 {
		return usagef("--max-p99 must not be negative")
	}
	if *skip < 0 {
		return usagef("--skip must not be negative")
	}
	if _, err := perf.NewBudget(*fps); err != nil {
		return usagef("--fps: %v", err)
	}
	if err := ex.check(); err != nil {
		return err
	}
	ses, prg, err := cf.start(&mf, prgPath, perf.OwnerCLI)
	if err != nil {
		return err
	}
	last, err := cf.lastFrame(fs, *frames, perf.HistoryFrames)
	if err != nil {
		return err
	}
	if err := cf.applyProfileFlags(ses, fs, *fps, *symPath, *zonesPath, prg); err != nil {
		return err
	}
	if err := loadSymNames(ses, *symPath); err != nil {
		return err
	}
	m, p := ses.Machine(), ses.RunningProfiler()
	if !p.On() {
		p.Acquire(perf.OwnerCLI) // a save state taken with the profiler off
	}
	if err := ex.start(ses); err != nil {
		return err
	}
	defer ex.abandon()
	// Frames count from power-on, for a resumed run too.
	end := ranOut(last, cf.resume != "", cf.resumeAt[0], *wantReturn)
	ran, stuck := 0, false
	for m.Frame() < last {
		mf.feedKeys(ses, int(m.Frame())+1)
		before := m.Cycle()
		ev := ses.RunFrame()
		m.DrainConsole() // the guest's console output is not part of the report
		if ev&core.EventVSync != 0 {
			ran++
		}
		if err := ex.afterFrame(ses); err != nil {
			return err
		}
		if o, stops := watch(ev, m); stops && !stuck {
			// A stuck CPU stops only itself: the machine runs on and every frame up to
			// --frames is profiled. An ended program (it returned) runs no more.
			end, stuck = o, true
			end.text += fmt.Sprintf(" in frame %d", stopFrame(ev, m))
			if o.ended {
				if !atFrameStart(m) {
					p.Flush() // the frame of the return, up to it
				}
				break
			}
		}
		if m.Cycle() == before {
			break
		}
	}
	p.Release(perf.OwnerCLI)
	var cardNote strings.Builder
	if err := mf.card.finish(ses, &cardNote); err != nil {
		return err
	}
	s := p.Stats(int(last))
	if err := ex.finish(ses, p); err != nil {
		return err
	}

	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(s); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stdout, "x16scope: %s\n", session.Version()) // the build, for CI logs and bug reports
		if cf.resume != "" {
			fmt.Fprintln(stdout, cf.describeResume())
		} else {
			mf.describeProgram(stdout, prg)
			mf.card.describe(stdout)
		}
		fmt.Fprintf(stdout, "outcome: %s\n", end.text)
		fmt.Fprint(stdout, cardNote.String())
		writeReport(stdout, &s)
		ex.describe(stdout)
	}
	if end.code != 0 {
		fmt.Fprintf(stderr, "x16scope profile: %s (exit status %d)\n", end.text, end.code)
		return exitCode(end.code)
	}
	if *maxP99 > 0 {
		return checkP99(p, stdout, stderr, *asJSON, *maxP99, *skip, ran)
	}
	return nil
}

// loadZones reads the symbol file's routines (its labels that the program's code does not
// use only as a branch target or data, perf.RoutineLabels), then the JSON zones (defined
// later, so they win where they overlap a routine: an idle zone drawn inside a routine works
// as expected).
func loadZones(symPath, zonesPath string, prg core.PRG) ([]perf.Zone, error) {
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
		syms = perf.RoutineLabels(syms, prg.Load, prg.Entry, prg.Data)
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

// exactPct prints the p99 with enough decimals to show it is above the limit (90.0037, not
// 90.00, when the limit is 90).
func exactPct(p99, limit float64) string {
	for d := 2; d < 8; d++ {
		s := strconv.FormatFloat(p99, 'f', d, 64)
		if v, _ := strconv.ParseFloat(s, 64); v > limit {
			return s
		}
	}
	return strconv.FormatFloat(p99, 'g', -1, 64)
}
