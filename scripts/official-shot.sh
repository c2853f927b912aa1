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
# The build is cached in $X16SHOT_CACHE (default ${TMPDIR:-/tmp}/x16emu-shot) by the
# checkout's commit. Used by scripts/compare-official.sh and scripts/compare-kit.sh.
#
# Usage: X16EMU_SRC=path/to/x16-emulator scripts/official-shot.sh
set -euo pipefail
: "${X16EMU_SRC:?set X16EMU_SRC to a checkout of X16Community/x16-emulator}"
# The patched official emulator, built once per upstream commit.
rev=$(git -C "$X16EMU_SRC" rev-parse --short HEAD 2>/dev/null || echo nogit)
cache=${X16SHOT_CACHE:-${TMPDIR:-/tmp}/x16emu-shot}/$rev-3
emu=$cache/b/x16emu
if [ ! -x "$emu" ]; then
  echo "building the official emulator with the frame-shot edit in $cache" >&2
  rm -rf "$cache"; mkdir -p "$cache"
  cp -r "$X16EMU_SRC"/. "$cache"/
  rm -rf "$cache/b" "$cache/build" "$cache/build-rel"
  python3 - "$cache/src/video.c" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
anchor = "\tbool mouse_changed = false;\n\n\t// for activity LED"
if s.count(anchor) != 1 or "stbi_write_png(" not in s:
    sys.exit("video.c does not look as expected: update scripts/compare-official.sh")
shot = """\tbool mouse_changed = false;
\t{ /* compare-official.sh: save frame X16SHOT_FRAME to X16SHOT_FILE and exit */
\t\tstatic int shot = -1;
\t\tif (shot < 0) { char *e = getenv("X16SHOT_FRAME"); shot = e ? atoi(e) : 0; }
\t\tif (shot && frame_count >= shot) {
\t\t\tfor (int i = 0; i < SCREEN_WIDTH * SCREEN_HEIGHT; i++) {
\t\t\t\tpng_buffer[i*3+0] = framebuffer[i*4+2];
\t\t\t\tpng_buffer[i*3+1] = framebuffer[i*4+1];
\t\t\t\tpng_buffer[i*3+2] = framebuffer[i*4+0];
\t\t\t}
\t\t\tstbi_write_png(getenv("X16SHOT_FILE"), SCREEN_WIDTH, SCREEN_HEIGHT, 3, png_buffer, SCREEN_WIDTH*3);
\t\t\texit(0);
\t\t}
\t}

\t// for activity LED"""
s = s.replace(anchor, shot)
open(p, "w").write(s)
p = p.replace("video.c", "main.c")
s = open(p).read()
anchor = "\t\tif (smc_requested_reset) machine_reset();\n"
if s.count(anchor) != 1:
    sys.exit("main.c does not look as expected: update scripts/compare-official.sh")
start = anchor + """\t\t{ /* compare-official.sh: the frame in which the CPU first reaches X16SHOT_ENTRY */
\t\t\textern int frame_count;
\t\t\tstatic long entry = -2;
\t\t\tif (entry == -2) { char *e = getenv("X16SHOT_ENTRY"); entry = e ? strtol(e, NULL, 16) : -1; }
\t\t\tif (entry >= 0 && regs.pc == entry) { fprintf(stderr, "x16shot: start frame %d\\n", frame_count + 1); entry = -1; }
\t\t}
"""
s = s.replace(anchor, start)
open(p, "w").write(s)
PY
  (cd "$cache" && mkdir b && cd b && cmake -DCMAKE_BUILD_TYPE=Release .. >/dev/null &&
    make -j2 >"$cache/build.log" 2>&1) || { echo "build failed: $cache/build.log" >&2; exit 1; }
fi
echo "$emu"
