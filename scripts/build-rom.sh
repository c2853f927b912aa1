#!/usr/bin/env bash
# Builds x16scope's built-in ROM: generates rom/src/charset.s from its sources (rom/gen;
# rom/src/keymaps.s, the official keyboard layouts, is converted by rom/gen -keymaps from
# x16-rom's keymap/ folder, which is not part of this repository, and committed), assembles
# rom/src/*.s with ca65 and links the 512 KB image rom/x16scope-rom.bin (+ a sorted VICE
# label file rom/x16scope-rom.sym). The outputs are committed; CI runs this and fails if
# they differ from what is in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
go run ./rom/gen -dir rom/src
go run ./rom/genfont -dir rom/src
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
