// Command lockstep runs one program on the official emulator and on x16scope, both with the
// official ROM, records a trace of every instruction (cycle, beam position, PC, registers,
// banks) and every VERA register write on each, and reports the first instruction where
// the two differ, with the instructions before it on both sides. It finds in minutes what
// frame pictures show only as "something differs".
//
//	go run ./cmd/lockstep -emu PATCHED_X16EMU [flags] [PRG]
//
// scripts/lockstep.sh builds the patched official emulator (scripts/lockstep-patch.py) and
// runs this command; CONTRIBUTING.md ("Lockstep against the official emulator") explains
// the known legitimate differences. With no PRG the machines boot to BASIC's prompt and
// wait there. -official and -x16 compare two trace files already written.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"x16scope/core"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "lockstep:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("lockstep", flag.ContinueOnError)
	emu := fs.String("emu", "", "the official emulator built with scripts/lockstep-patch.py's edit")
	romPath := fs.String("rom", os.Getenv("X16_ROM"), "the official ROM (default $X16_ROM)")
	from := fs.String("from", "poweron", "where both traces start: poweron, entry (the program's entry: its SYS address, else its load address), pc:HEX (the PC's first visit) or cycle:N")
	count := fs.Uint64("n", 3_000_000, "instructions to trace")
	cycles := fs.Bool("cycles", true, "compare each instruction's cycle (from the trace's start)")
	drift := fs.Bool("drift", false, "with -cycles: list each change in the offset between the two clocks and go on to the first difference in what the code does")
	banks := fs.Bool("banks", true, "compare the RAM and ROM bank registers")
	vera := fs.Bool("vera", true, "compare VERA register writes")
	context := fs.Int("context", 20, "instructions shown before the difference")
	hostFS := fs.String("fs", "", "serve this folder as device 8 on both (the official emulator's -fsroot)")
	sound := fs.Bool("sound", true, "run the official emulator with sound on (SDL's dummy driver); off, its YM2151 never runs")
	warp := fs.Bool("warp", false, "run the official emulator with -warp")
	allow := fs.String("allow", "", "comma-separated PCs (hex) whose instruction may leave A, X, Y, P different (device reads whose extra bits the code masks)")
	allowRead := fs.String("allow-read", "9F00,9F01,9F0F", "comma-separated addresses (hex): an instruction with one as its absolute operand may leave A, X, Y, P different (VIA1 ports B and A: the I2C, serial and game-pad pins, whose unconnected bits the two emulators read differently and the KERNAL masks)")
	keep := fs.String("keep", "", "write the traces into this folder (official.trace, x16scope.trace) and keep them")
	offTrace := fs.String("official", "", "compare this official trace file instead of running the emulator")
	x16Trace := fs.String("x16", "", "compare this x16scope trace file instead of running x16scope")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: lockstep -emu PATCHED_X16EMU [flags] [PRG]\n       lockstep -official FILE -x16 FILE [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	opts := Options{Cycles: *cycles, Banks: *banks, VERA: *vera, Context: *context, PowerOn: *from == "poweron", Drift: *drift}
	var err error
	if opts.Allow, err = hexSet(*allow); err != nil {
		return fmt.Errorf("-allow: %w", err)
	}
	if opts.AllowRead, err = hexSet(*allowRead); err != nil {
		return fmt.Errorf("-allow-read: %w", err)
	}
	if *offTrace != "" && *x16Trace != "" {
		return compareFiles(*offTrace, *x16Trace, opts)
	}
	if fs.NArg() > 1 {
		return fmt.Errorf("one program at most (got %d)", fs.NArg())
	}
	var prgPath string
	var prg []byte
	if fs.NArg() == 1 {
		prgPath = fs.Arg(0)
		var err error
		if prg, err = os.ReadFile(prgPath); err != nil {
			return err
		}
	}
	start, err := parseStart(*from, prg)
	if err != nil {
		return err
	}
	dir := *keep
	if dir == "" {
		if dir, err = os.MkdirTemp("", "lockstep"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	offPath, x16Path := filepath.Join(dir, "official.trace"), filepath.Join(dir, "x16scope.trace")
	if *offTrace != "" {
		offPath = *offTrace
	} else {
		if *emu == "" {
			return fmt.Errorf("-emu: the patched official emulator is needed (scripts/lockstep.sh builds it)")
		}
		if *romPath == "" {
			return fmt.Errorf("-rom (or X16_ROM): the official ROM is needed")
		}
		r := OfficialRun{Emu: *emu, ROMPath: *romPath, PRGPath: prgPath, FS: *hostFS, Sound: *sound,
			Warp: *warp, Start: start, Count: *count, Timeout: 10 * time.Minute}
		if err := writeOfficialTrace(r, offPath); err != nil {
			return err
		}
	}
	if *x16Trace != "" {
		x16Path = *x16Trace
	} else {
		image, err := os.ReadFile(*romPath)
		if err != nil {
			return err
		}
		spec := RunSpec{ROM: image, PRG: prg, FS: *hostFS, Start: start, Count: *count}
		if err := writeX16Trace(spec, x16Path); err != nil {
			return fmt.Errorf("x16scope: %w", err)
		}
	}
	return compareFiles(offPath, x16Path, opts)
}

// hexSet reads a comma-separated list of hex addresses.
func hexSet(list string) (map[uint16]bool, error) {
	set := map[uint16]bool{}
	for _, a := range strings.Split(list, ",") {
		if a = strings.TrimPrefix(strings.TrimSpace(a), "$"); a == "" {
			continue
		}
		v, err := strconv.ParseUint(a, 16, 16)
		if err != nil {
			return nil, fmt.Errorf("%q is not a hex address", a)
		}
		set[uint16(v)] = true
	}
	return set, nil
}

// parseStart reads -from.
func parseStart(from string, prg []byte) (Start, error) {
	switch {
	case from == "poweron":
		return Start{}, nil
	case from == "entry":
		if prg == nil {
			return Start{}, fmt.Errorf("-from entry needs a program")
		}
		p, err := core.ParsePRG(prg)
		if err != nil {
			return Start{}, err
		}
		return Start{PC: p.Entry, HasPC: true}, nil
	case strings.HasPrefix(from, "pc:"):
		pc, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimPrefix(from, "pc:"), "$"), 16, 16)
		if err != nil {
			return Start{}, fmt.Errorf("-from %s: want pc:HEX", from)
		}
		return Start{PC: uint16(pc), HasPC: true}, nil
	case strings.HasPrefix(from, "cycle:"):
		c, err := strconv.ParseUint(strings.TrimPrefix(from, "cycle:"), 10, 64)
		if err != nil {
			return Start{}, fmt.Errorf("-from %s: want cycle:N", from)
		}
		return Start{Cycle: c}, nil
	}
	return Start{}, fmt.Errorf("-from %q: want poweron, entry, pc:HEX or cycle:N", from)
}

// compareFiles compares two trace files and prints the report.
func compareFiles(offPath, x16Path string, opts Options) error {
	res, err := compareTraceFiles(offPath, x16Path, opts)
	if err != nil {
		return err
	}
	res.Report(os.Stdout)
	return nil
}

func compareTraceFiles(offPath, x16Path string, opts Options) (Result, error) {
	fo, err := os.Open(offPath)
	if err != nil {
		return Result{}, err
	}
	defer fo.Close()
	fx, err := os.Open(x16Path)
	if err != nil {
		return Result{}, err
	}
	defer fx.Close()
	ro, err := NewTraceReader(fo)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", offPath, err)
	}
	rx, err := NewTraceReader(fx)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", x16Path, err)
	}
	return Compare(ro, rx, opts)
}
