#!/usr/bin/env bash
# compare-official.sh: one program, three pictures. Runs a PRG on the official emulator with
# the official ROM, on x16scope with the official ROM and on x16scope with its built-in ROM,
# saves frame N of each as PNG and reports, for each x16scope picture, whether it is
# pixel-identical to the official emulator's or how many of its 640x480 pixels differ, and
# the same for the two x16scope pictures (what the ROM alone changes). It also writes the
# three side by side (official emulator | x16scope official ROM | x16scope built-in ROM) to
# OUT/side.png and each difference as a mask (OUT/diff-*.png: differing pixels white). docs/REAL-PROGRAMS.md lists the public programs it was used on.
#
# The official emulator (never committed here) is built from a checkout of
# X16Community/x16-emulator with a small local edit by scripts/official-shot.sh (its header
# says what the edit does; the build is cached by the checkout's commit).
#
# Frame numbers count from power-on in all three (README, "Frame numbers"). A program
# starts in frame 31 in x16scope on the official ROM and in frame 4 on the built-in ROM
# (both on scan line 182); in the official emulator in frame 38 with -sound none (its YM2151 never runs, and
# the KERNAL's chip detection waits for a timer flag until its loop gives up), but with
# sound on (as here) in frame 31 too, 120 scan lines sooner than x16scope: its YM2151's busy
# flag clears sooner than the chip's (docs/HARDWARE-NOTES.md; scripts/lockstep.sh finds
# such differences instruction by instruction). The edit above therefore also prints the
# frame in which the CPU first reaches the program's entry (X16SHOT_ENTRY), and each
# x16scope run stops at the entry to find its own. By default all three pictures are frame N, which suits a program that has
# settled by then (its picture no longer changes). With --align the two x16scope pictures
# are the ones as many frames after the program's start as the official emulator's frame N
# is after its start: for programs that animate. Either way each x16scope picture is also
# compared at frames N-2 to N+2 and the closest is named when it is closer (an animation
# one frame out of phase).
#
# Usage: X16EMU_SRC=path/to/x16-emulator X16_ROM=path/to/rom.bin \
#          scripts/compare-official.sh [--align] [--fs DIR] PRG N OUT
# --fs DIR serves DIR as device 8 in all three (the official emulator's -fsroot; its
# -prg still loads PRG itself), for programs that load data files. No keys are pressed.
# The official emulator runs with SDL's dummy audio driver but with sound on: with
# `-sound none` it never drains VERA's PCM FIFO, and programs that time themselves by the
# FIFO (the VERA FX tests do) wait forever. Exit status 0 whatever the pictures.
set -euo pipefail
cd "$(dirname "$0")/.."
align=0 fs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --align) align=1; shift ;;
    --fs) fs=$(realpath "$2"); shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 3 ] || { sed -n '2,/^set -e/{/^set -e/!p}' "$0" >&2; exit 2; }
: "${X16EMU_SRC:?set X16EMU_SRC to a checkout of X16Community/x16-emulator}"
: "${X16_ROM:?set X16_ROM to the official ROM}"
prg=$(realpath "$1") n=$2 out=$3
mkdir -p "$out"
out=$(realpath "$out")

# The patched official emulator, built once per upstream commit.
emu=$(scripts/official-shot.sh)

# Official emulator: frame N. It has no frame limit of its own, so a timeout guards a
# program that crashes the emulator's video loop.
fsargs=()
[ -n "$fs" ] && fsargs=(-fsroot "$fs")
# The program's entry: the SYS address of its BASIC stub, else its load address.
entry=$(python3 - "$prg" <<'PY'
import re, sys
d = open(sys.argv[1], "rb").read()
m = re.match(rb"......\x9e\s*(\d+)", d, re.S)
print("%04X" % (int(m.group(1)) if m else d[0] | d[1] << 8))
PY
)
rm -f "$out/official.png"
(cd "$out" && timeout 300 env X16SHOT_FRAME="$n" X16SHOT_FILE="$out/official.png" X16SHOT_ENTRY="$entry" \
  SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
  "$emu" -rom "$X16_ROM" -prg "$prg" -run "${fsargs[@]}" >"$out/official.log" 2>&1) || true
[ -f "$out/official.png" ] || { echo "the official emulator saved no frame $n (see $out/official.log)" >&2; exit 1; }

# x16scope on both ROMs, and the counting, in a small Go program of the harness (run
# from the module, so it builds against this checkout's core). It starts the program as
# `x16scope run` does and runs the machine frame by frame on to frame N whatever the
# program does (many test programs end in a jump to itself with interrupts masked), so the
# picture is always frame N's.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/cmp.go" <<'GO'
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"strconv"

	"x16scope/core"
	"x16scope/rom"
)

func load(p string) image.Image {
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil
	}
	return img
}

func save(p string, img image.Image) {
	f, err := os.Create(p)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		panic(err)
	}
}

// run starts prg on romImage as `x16scope run` does and returns the pictures of frames
// n-2 to n+2 (index 2 is frame n). With align, n counts from the program's start instead:
// frame n is the one drawn n frames after the frame in which the program's first
// instruction ran (the frame it starts in is returned too).
func run(romImage, prg []byte, n uint64, fs string, align bool) ([]*image.RGBA, uint64, error) {
	m, err := core.New(core.Config{ROM: romImage})
	if err != nil {
		return nil, 0, err
	}
	m.SetIdleSkip(true)
	if fs != "" {
		d, err := core.NewDirFS(fs)
		if err != nil {
			return nil, 0, err
		}
		m.SetFileSystem(d)
	}
	p, err := m.StartPRG(prg)
	if err != nil {
		return nil, 0, err
	}
	var start uint64
	if align {
		if err := m.SetBreakpoints([]core.Breakpoint{{Addr: p.Entry, Bank: core.AnyBank}}); err != nil {
			return nil, 0, err
		}
		for start == 0 && m.Frame() < 2000 {
			if m.RunFrame()&core.EventBreak != 0 {
				start = m.Frame() + 1 // the frame in progress
				m.SetBreakpoints(nil)
			}
		}
		if start == 0 {
			return nil, 0, fmt.Errorf("the program never started")
		}
		n += start
	}
	pics := make([]*image.RGBA, 5)
	for m.Frame() < n+2 {
		m.RunFrame()
		if f := m.Frame(); f+2 >= n && f <= n+2 {
			img := image.NewRGBA(image.Rect(0, 0, 640, 480))
			copy(img.Pix, m.VERA().FrameView())
			pics[f+2-n] = img
		}
	}
	return pics, start, nil
}

func main() {
	dir, prgPath, romPath, fs := os.Args[1], os.Args[2], os.Args[3], os.Args[4]
	n, _ := strconv.ParseUint(os.Args[5], 10, 64)
	align := os.Args[6] == "1"
	emuStart, _ := strconv.ParseUint(os.Args[7], 10, 64)
	if align {
		if emuStart == 0 || emuStart >= n {
			fmt.Println("--align: the program did not start in the official emulator before frame", n)
			os.Exit(1)
		}
		n -= emuStart
	}
	prg, err := os.ReadFile(prgPath)
	if err != nil {
		panic(err)
	}
	official, err := os.ReadFile(romPath)
	if err != nil {
		panic(err)
	}
	ref := load(dir + "/official.png")
	side := image.NewRGBA(image.Rect(0, 0, 3*640+16, 480))
	draw.Draw(side, side.Rect, image.NewUniform(color.RGBA{255, 0, 255, 255}), image.Point{}, draw.Src)
	draw.Draw(side, image.Rect(0, 0, 640, 480), ref, image.Point{}, draw.Src)
	pics := map[string]image.Image{}
	for i, name := range []string{"official", "builtin"} {
		romImage := official
		if name == "builtin" {
			romImage = rom.Image()
		}
		frames, start, err := run(romImage, prg, n, fs, align)
		if err != nil {
			fmt.Printf("x16scope %-8s ROM: %v\n", name, err)
			continue
		}
		img := frames[2]
		save(dir+"/x16scope-"+name+".png", img)
		pics[name] = img
		draw.Draw(side, image.Rect(648+i*648, 0, 1288+i*648, 480), img, image.Point{}, draw.Src)
		diff, mask, box := compare(ref, img)
		minX, minY, maxX, maxY := box.Min.X, box.Min.Y, box.Max.X, box.Max.Y
		save(dir+"/diff-"+name+".png", mask)
		at := fmt.Sprintf("frame %d", n)
		if align {
			at = fmt.Sprintf("frame %d, started in %d", n+start, start)
		}
		if diff == 0 {
			fmt.Printf("x16scope %-8s ROM (%s): pixel-identical\n", name, at)
		} else {
			fmt.Printf("x16scope %-8s ROM (%s): %d pixels differ (%.2f%%) in x %d-%d, y %d-%d",
				name, at, diff, float64(diff)*100/(640*480), minX, maxX, minY, maxY)
			// An animation a frame ahead or behind (its start phase) shows here.
			best, bestK := diff, 0
			for k, f := range frames {
				if f == nil || k == 2 {
					continue
				}
				if d, _, _ := compare(ref, f); d < best {
					best, bestK = d, k-2
				}
			}
			if bestK != 0 {
				fmt.Printf("; closest: frame %+d, %d pixels", bestK, best)
			}
			fmt.Println()
		}
	}
	if a, b := pics["official"], pics["builtin"]; a != nil && b != nil {
		if diff, _, box := compare(a, b); diff == 0 {
			fmt.Println("x16scope built-in vs official ROM: pixel-identical")
		} else {
			fmt.Printf("x16scope built-in vs official ROM: %d pixels differ (%.2f%%) in x %d-%d, y %d-%d\n",
				diff, float64(diff)*100/(640*480), box.Min.X, box.Max.X, box.Min.Y, box.Max.Y)
		}
	}
	save(dir+"/side.png", side)
}

// compare counts the pixels where a and b differ, marks them white in a mask and returns
// the box around them (inclusive corners).
func compare(a, b image.Image) (int, *image.Gray, image.Rectangle) {
	mask := image.NewGray(image.Rect(0, 0, 640, 480))
	diff, minX, minY, maxX, maxY := 0, 640, 480, -1, -1
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 {
				diff++
				mask.SetGray(x, y, color.Gray{255})
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	return diff, mask, image.Rect(minX, minY, maxX, maxY)
}
GO
start=$(sed -n 's/^x16shot: start frame \([0-9]*\)$/\1/p' "$out/official.log")
[ -n "$start" ] || start=0
echo "official emulator (frame $n): the program started in frame $start"
go run "$tmp/cmp.go" "$out" "$prg" "$X16_ROM" "$fs" "$n" "$align" "$start"
echo "pictures: $out/side.png (official emulator | x16scope official ROM | x16scope built-in ROM)"
