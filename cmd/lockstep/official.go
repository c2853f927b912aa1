package main

// The official emulator's side: the emulator built with scripts/lockstep-patch.py's edit
// (scripts/lockstep.sh builds and caches it), run headless with the same program.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// OfficialRun is how the official emulator is run.
type OfficialRun struct {
	Emu     string // the patched emulator
	ROMPath string
	PRGPath string // "" for none
	FS      string // -fsroot, "" for none
	// Sound leaves the emulator's sound on (SDL's dummy audio driver): with -sound none its
	// YM2151 never runs, so the KERNAL's chip detection times out (docs/HARDWARE-NOTES.md,
	// "YM2151 timers at boot").
	Sound   bool
	Warp    bool // -warp: faster, for long traces
	Start   Start
	Count   uint64
	Timeout time.Duration
}

// writeOfficialTrace runs the emulator until it has written Count instructions to path.
func writeOfficialTrace(r OfficialRun, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	args := []string{"-rom", r.ROMPath, "-zeroram"}
	if r.PRGPath != "" {
		p, err := filepath.Abs(r.PRGPath)
		if err != nil {
			return err
		}
		args = append(args, "-prg", p, "-run")
	}
	if r.FS != "" {
		args = append(args, "-fsroot", r.FS)
	}
	if !r.Sound {
		args = append(args, "-sound", "none")
	}
	if r.Warp {
		args = append(args, "-warp")
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.Emu, args...)
	cmd.Dir = filepath.Dir(abs)
	env := append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy",
		"X16TRACE_FILE="+abs, "X16TRACE_COUNT="+strconv.FormatUint(r.Count, 10),
		"X16TRACE_CYCLE="+strconv.FormatUint(r.Start.Cycle, 10))
	if r.Start.HasPC {
		env = append(env, fmt.Sprintf("X16TRACE_START=%04X", r.Start.PC))
	}
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return fmt.Errorf("the official emulator did not write %d instructions within %v (a start that is never reached?)", r.Count, r.Timeout)
	}
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", r.Emu, err, out)
	}
	return nil
}
