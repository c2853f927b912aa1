#!/usr/bin/env bash
# compare-official.sh: one program, three pictures. Runs a PRG on the official emulator with
# the official ROM, on x16scope with the official ROM and on x16scope with its built-in ROM,
# saves frame N of each as PNG (OUT/official.png, x16scope-official.png,
# x16scope-builtin.png) and reports, for each x16scope picture, whether it is
# pixel-identical to the official emulator's or how many of its 640x480 pixels differ, and
# the same for the two x16scope pictures (what the ROM alone changes). It also writes the
# three side by side to OUT/side.png and each difference as a mask (OUT/diff-*.png:
# differing pixels white). It is cmd/kitcompare on one program (scripts/compare-kit.sh runs
# it on the whole starter kit); docs/REAL-PROGRAMS.md lists the public programs it was used
# on. The official emulator is built by scripts/official-shot.sh (never committed here) and
# runs with RAM zeroed and VIA #2 fitted, as x16scope's machine is.
#
# Frame numbers count from power-on in all three (README, "Frame numbers"). A program
# starts in frame 31 in x16scope on the official ROM and in frame 4 on the built-in ROM
# (both on scan line 182); in the official emulator in frame 31 too, but about 120 lines
# sooner (docs/HARDWARE-NOTES.md: its YM2151 busy flag and JMP (a)). The official picture
# is frame N; x16scope's official-ROM picture is frame N too, or with --align as many
# frames after the program's own start as the official emulator's frame N is after its
# start (for programs that animate); the built-in ROM's is always aligned so. Each x16scope
# picture is compared at its frame and the two either side, and the closest is named when
# it is closer (an animation a frame out of phase).
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

args=(-prg "$prg" -frame "$n" -out "$out" -emu "$emu" -rom "$X16_ROM")
[ -n "$fs" ] && args+=(-fs "$fs")
[ "$align" = 1 ] && args+=(-align)
exec go run ./cmd/kitcompare "${args[@]}"
