#!/usr/bin/env bash
# Assembles every 6502 test program (*.s under a testdata/ folder; and the C ones, below) into the .prg beside it,
# and writes a VICE label file (.sym) next to it. A source with the line
# "; x16scope: dbgfile" also gets ld65's debug file (.dbg) for the debugger's tests: it is
# assembled from its own folder so the file names in it are relative, and the source files'
# modification times are zeroed, so the output is the same on every machine.
# The outputs are committed so that `go test` needs no assembler; CI runs this and fails if
# the committed files differ.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find . -path ./node_modules -prune -o -path '*/testdata/*' -name '*.s' -print | sort | while read -r src; do
	base=${src%.s}
	if grep -q '^; x16scope: dbgfile' "$src"; then
		dir=$(dirname "$src")
		inc=$(realpath --relative-to="$dir" "$root/asm")
		(cd "$dir" && ca65 -g -I "$inc" -o "$tmp/prog.o" "$(basename "$src")" &&
			ld65 -C "$inc/prg.cfg" -Ln "$tmp/prog.sym" --dbgfile "$tmp/prog.dbg" -o "$(basename "$base").prg" "$tmp/prog.o")
		sed -e 's/mtime=0x[0-9A-Fa-f]*/mtime=0x00000000/' -e 's/oname="[^"]*\/\([^"/]*\)"/oname="\1"/' "$tmp/prog.dbg" > "$base.dbg"
	else
		ca65 -g -I asm -o "$tmp/prog.o" "$src"
		ld65 -C asm/prg.cfg -Ln "$tmp/prog.sym" -o "$base.prg" "$tmp/prog.o"
	fi
	# ld65 writes label files with the assembler's internal ordering; sort for stable diffs.
	sort "$tmp/prog.sym" > "$base.sym"
done
# C test programs (*.c with "x16scope: dbgfile"), for the debugger's C symbols: cl65 for the
# cx16 target, compiled from their own folder (relative names) with the same normalisation.
find . -path ./node_modules -prune -o -path '*/testdata/*' -name '*.c' -print | sort | while read -r src; do
	grep -q 'x16scope: dbgfile' "$src" || continue
	base=${src%.c}
	dir=$(dirname "$src")
	name=$(basename "$base")
	(cd "$dir" && cl65 -t cx16 -g -Oi -Ln "$tmp/prog.sym" -Wl "--dbgfile,$tmp/prog.dbg" -o "$name.prg" "$name.c" && rm -f "$name.o")
	sed -e 's/mtime=0x[0-9A-Fa-f]*/mtime=0x00000000/' -e 's/oname="[^"]*\/\([^"/]*\)"/oname="\1"/' "$tmp/prog.dbg" > "$base.dbg"
	sort "$tmp/prog.sym" > "$base.sym"
done
