package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// officialRun is what the official emulator showed: frame N, and the frame in which its CPU
// first reached the program's entry (0 when it never did or the entry is not known).
type officialRun struct {
	Picture *image.RGBA
	Start   uint64
}

var startLine = regexp.MustCompile(`(?m)^x16shot: start frame (\d+)$`)

// runOfficial runs the official emulator, built with scripts/official-shot.sh's edit, on
// the program file (a path): -prg FILE -run as its users start programs, dir (if any) as
// its host file system, RAM zeroed at power-on (x16scope's RAM starts zeroed; random RAM would
// make the runs differ from each other) and VIA #2 fitted (-via2: the X16's boards carry
// it at $9F10, and x16scope has it). It runs in real time (10 s for 600 frames, mostly
// asleep): its YM2151 advances only as its audio thread takes samples, so in warp a
// program timed by the YM2151's timers (music players, the KERNAL's chip detection) runs
// slower than the CPU. With warp (a quick look, not the table) the edit leaves warp two
// frames before the shot, as warp skips drawing the layers in most frames. entry is the
// address whose first execution marks the program's start, or -1.
func runOfficial(ctx context.Context, emu, rom, dir, file string, entry int, n uint64, work string, warp bool) (officialRun, error) {
	shot := filepath.Join(work, "official.png")
	args := []string{"-rom", rom, "-prg", file, "-run", "-zeroram", "-via2"}
	if dir != "" {
		args = append(args, "-fsroot", dir)
	}
	if warp {
		args = append(args, "-warp")
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emu, args...)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy",
		"X16SHOT_FRAME="+strconv.FormatUint(n, 10), "X16SHOT_FILE="+shot)
	if entry >= 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("X16SHOT_ENTRY=%04X", entry))
	}
	out, err := cmd.CombinedOutput()
	_ = os.WriteFile(filepath.Join(work, "official.log"), out, 0o644)
	var r officialRun
	if m := startLine.FindSubmatch(out); m != nil {
		r.Start, _ = strconv.ParseUint(string(m[1]), 10, 64)
	}
	f, ferr := os.Open(shot)
	if ferr != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return r, fmt.Errorf("the official emulator reached no frame %d in 3 minutes", n)
		}
		return r, fmt.Errorf("the official emulator saved no frame %d (%v; see official.log)", n, err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return r, fmt.Errorf("the official emulator's frame: %v", err)
	}
	r.Picture = toRGBA(img)
	_ = os.WriteFile(filepath.Join(work, "official.frame"), []byte(strconv.FormatUint(n, 10)), 0o644)
	return r, nil
}

// earlierOfficial is the official emulator's run of frame n kept in work by an earlier
// comparison (official.png, official.log and official.frame), read before work is
// cleared: the official emulator's picture does not change with x16scope, so -reuse-official
// reruns only x16scope. ok is false when there is none for frame n.
type earlierOfficial struct {
	png, log []byte
}

func readEarlierOfficial(work string, n uint64) (earlierOfficial, bool) {
	frame, err := os.ReadFile(filepath.Join(work, "official.frame"))
	if err != nil || string(frame) != strconv.FormatUint(n, 10) {
		return earlierOfficial{}, false
	}
	p, err1 := os.ReadFile(filepath.Join(work, "official.png"))
	l, err2 := os.ReadFile(filepath.Join(work, "official.log"))
	return earlierOfficial{p, l}, err1 == nil && err2 == nil
}

// restore writes the earlier run back into work and reads it as runOfficial would have.
func (e earlierOfficial) restore(work string, n uint64) (officialRun, error) {
	var r officialRun
	for name, data := range map[string][]byte{"official.png": e.png, "official.log": e.log,
		"official.frame": []byte(strconv.FormatUint(n, 10))} {
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			return r, err
		}
	}
	if m := startLine.FindSubmatch(e.log); m != nil {
		r.Start, _ = strconv.ParseUint(string(m[1]), 10, 64)
	}
	img, err := png.Decode(bytes.NewReader(e.png))
	if err != nil {
		return r, fmt.Errorf("the earlier official frame: %v", err)
	}
	r.Picture = toRGBA(img)
	return r, nil
}
