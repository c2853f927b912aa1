#!/usr/bin/env bash
# Assembles every 6502 test program (*.s under a testdata/ folder) into the .prg beside it,
# and writes a VICE label file (.sym) next to it. The outputs are committed so that
# `go test` needs no assembler; CI runs this and fails if the committed files differ.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find . -path ./node_modules -prune -o -path '*/testdata/*' -name '*.s' -print | sort | while read -r src; do
	base=${src%.s}
	ca65 -g -I asm -o "$tmp/prog.o" "$src"
	ld65 -C asm/prg.cfg -Ln "$tmp/prog.sym" -o "$base.prg" "$tmp/prog.o"
	# ld65 writes label files with the assembler's internal ordering; sort for stable diffs.
	sort "$tmp/prog.sym" > "$base.sym"
done
