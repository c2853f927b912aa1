#!/usr/bin/env bash
# Assembles perf's test programs only, exactly as scripts/asm.sh does for every testdata
# folder (ca65 -g, ld65 -Ln, sorted labels), so they can be rebuilt without touching other
# packages' outputs.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for src in perf/testdata/*.s; do
	base=${src%.s}
	ca65 -g -I asm -o "$tmp/prog.o" "$src"
	ld65 -C asm/prg.cfg -Ln "$tmp/prog.sym" -o "$base.prg" "$tmp/prog.o"
	sort "$tmp/prog.sym" > "$base.sym"
done
