#!/usr/bin/env bash
# compare-kit.sh: the X16 SD card starter kit (github.com/cx16forum/sdcard, its
# sdcard_root folder), every program of it, on the official emulator and on x16scope with
# both ROMs: frame N (600 by default) of each compared pixel by pixel, the results printed
# and written as the table of docs/REAL-PROGRAMS.md ("The starter kit"). Each program runs
# from a copy of its own folder without AUTOBOOT.X16; pictures of the programs that differ
# (official emulator | x16scope official ROM | x16scope built-in ROM) go to OUT/NAME/side.png.
# cmd/kitcompare's doc comment has the details.
#
# Usage: X16EMU_SRC=path/to/x16-emulator X16_ROM=path/to/rom.bin \
#          scripts/compare-kit.sh KIT_ROOT [OUT] [kitcompare flags: -only REGEXP, -frame N, -j N]
# Each program's result is kept in OUT (default ${TMPDIR:-/tmp}/x16scope-kit), and the table
# is made from every result there: a run with -only updates those programs' rows.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,/^set -e/{/^set -e/!p}' "$0" >&2; exit 2; }
: "${X16EMU_SRC:?set X16EMU_SRC to a checkout of X16Community/x16-emulator}"
: "${X16_ROM:?set X16_ROM to the official ROM}"
kit=$(realpath "$1"); shift
out=${TMPDIR:-/tmp}/x16scope-kit
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then out=$1; shift; fi
emu=$(scripts/official-shot.sh)
exec go run ./cmd/kitcompare -kit "$kit" -emu "$emu" -rom "$X16_ROM" -out "$out" -md docs/REAL-PROGRAMS.md "$@"
