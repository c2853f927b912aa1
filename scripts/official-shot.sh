#!/usr/bin/env bash
# official-shot.sh: builds the official X16 emulator (never committed here) from a checkout
# of X16Community/x16-emulator with a small local edit for x16scope's comparisons, and
# prints the path of the binary. The edit:
#  - with X16SHOT_FRAME=N and X16SHOT_FILE=F in its environment it saves frame N (the
#    picture its N-th VSYNC completed, before its activity LED is drawn into the corner)
#    exactly as a PNG and exits; with -warp it leaves warp two frames before N, as warp
#    skips drawing the layers in most frames;
#  - with X16SHOT_ENTRY=HHHH it prints "x16shot: start frame K", the frame in which the
#    CPU first reached that address (a program's entry).
# The edit is scripts/official-shot-patch.py; scripts/official-build.sh builds and caches it.
# Used by scripts/compare-official.sh and scripts/compare-kit.sh.
#
# Usage: X16EMU_SRC=path/to/x16-emulator scripts/official-shot.sh
set -euo pipefail
: "${X16EMU_SRC:?set X16EMU_SRC to a checkout of X16Community/x16-emulator}"
exec "$(dirname "$0")/official-build.sh" "$(dirname "$0")/official-shot-patch.py"
