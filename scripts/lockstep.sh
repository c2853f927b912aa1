#!/usr/bin/env bash
# lockstep.sh: one program, instruction by instruction, on the official emulator and on
# x16scope (both with the official ROM): reports the first instruction where the CPU state
# (PC, A, X, Y, S, P, the RAM/ROM bank registers), the cycle (counted from where the trace
# starts) or a VERA register write (address, value) differs, with the cycle and scan line
# of each and the 20 instructions before it on both sides, disassembled. A difference is
# found in minutes, where pictures only show that one exists.
#
# The official emulator (never committed here) is built from a checkout of
# X16Community/x16-emulator with scripts/lockstep-patch.py's edit: with X16TRACE_FILE=F in
# its environment it writes the trace cmd/lockstep reads; scripts/official-build.sh builds it
# and caches the build by the checkout's commit and the edit.
#
# Usage: X16EMU_SRC=path/to/x16-emulator X16_ROM=path/to/rom.bin \
#          scripts/lockstep.sh [cmd/lockstep flags] [PRG]
#        scripts/lockstep.sh --build   (builds the patched emulator, prints its path)
# Flags (go run ./cmd/lockstep -h lists them all): -from poweron|entry|pc:HEX|cycle:N
# (default poweron), -n N instructions (default 3,000,000), -cycles=false to follow the
# flow past a timing difference, -banks=false, -vera=false, -fs DIR (device 8 on both),
# -keep DIR (keep the traces), -sound=false, -warp.
#
# Known legitimate differences, handled: the official emulator's RAM starts random (it
# runs with -zeroram; x16scope's RAM starts zero); its host-file (IEEE) calls add the host's
# wall-clock time of the call to its CPU clock (the edit drops that while tracing); with
# -sound none its YM2151 never runs, so it runs with sound on (SDL's dummy audio driver),
# where its YM2151 runs with the CPU clock (docs/HARDWARE-NOTES.md, "YM2151 timers at
# boot"). Its real-time clock starts at 2000-01-01 00:00:00, stopped, as x16scope's.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${X16EMU_SRC:?set X16EMU_SRC to a checkout of X16Community/x16-emulator}"

emu=$(scripts/official-build.sh scripts/lockstep-patch.py)
if [ "${1:-}" = "--build" ]; then
  echo "$emu"
  exit 0
fi
: "${X16_ROM:?set X16_ROM to the official ROM}"
exec go run ./cmd/lockstep -emu "$emu" -rom "$X16_ROM" "$@"
