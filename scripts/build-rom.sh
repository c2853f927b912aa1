#!/usr/bin/env bash
# Builds x16scope's built-in ROM: assembles rom/src/*.s with ca65 and links the 512 KB image
# rom/x16scope-rom.bin (+ a sorted VICE label file rom/x16scope-rom.sym). The outputs are
# committed; CI runs this and fails if they differ from what is in the repository. The data
# converted from the official ROM's sources (rom/gencharset, rom/genpatches, rom/gen
# -keymaps) is committed as ca65 source: those sources are not part of this repository.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
objs=()
for src in rom/src/*.s; do
	obj="$tmp/$(basename "${src%.s}").o"
	ca65 -I rom/src -o "$obj" "$src"
	objs+=("$obj")
done
ld65 -C rom/src/rom.cfg -Ln "$tmp/rom.sym" -o rom/x16scope-rom.bin "${objs[@]}"
sort "$tmp/rom.sym" > rom/x16scope-rom.sym
size=$(stat -c %s rom/x16scope-rom.bin)
if [ "$size" -ne 524288 ]; then
	echo "build-rom: image is $size bytes, want 524288" >&2
	exit 1
fi
