#!/usr/bin/env bash
# official-build.sh PATCH.py: builds the official X16 emulator (never committed here) from a
# copy of the X16Community/x16-emulator checkout in $X16EMU_SRC with PATCH.py's edit applied
# (python3 PATCH.py DIR edits the copy in DIR), and prints the binary's path. Builds are
# cached in $X16SHOT_CACHE (default ${TMPDIR:-/tmp}/x16emu-shot) by the checkout's commit and
# the patch's contents, so an edited patch builds anew. Used by official-shot.sh and
# lockstep.sh.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,/^set -e/{/^set -e/!p}' "$0" >&2; exit 2; }
: "${X16EMU_SRC:?set X16EMU_SRC to a checkout of X16Community/x16-emulator}"
patch=$(realpath "$1")
rev=$(git -C "$X16EMU_SRC" rev-parse --short HEAD 2>/dev/null || echo nogit)
cache=${X16SHOT_CACHE:-${TMPDIR:-/tmp}/x16emu-shot}/$rev-$(basename "$patch" .py)-$(sha1sum "$patch" | cut -c1-8)
emu=$cache/b/x16emu
if [ ! -x "$emu" ]; then
  echo "building the official emulator with $(basename "$patch")'s edit in $cache" >&2
  rm -rf "$cache"; mkdir -p "$cache"
  cp -r "$X16EMU_SRC"/. "$cache"/
  rm -rf "$cache/b" "$cache/build" "$cache/build-rel"
  python3 "$patch" "$cache"
  (cd "$cache" && mkdir b && cd b && cmake -DCMAKE_BUILD_TYPE=Release .. >/dev/null &&
    make -j2 >"$cache/build.log" 2>&1) || { echo "build failed: $cache/build.log" >&2; exit 1; }
fi
echo "$emu"
