#!/usr/bin/env bash
# Prints the tests a run skipped and why, from a log of `go test -v` (--- SKIP lines and the
# reason logged under them) or of `node --test` (TAP "# SKIP reason" lines).
# usage: skips.sh WHAT LOG
set -euo pipefail
what=$1 log=$2
list=$(awk '
	/^=== (RUN|CONT|PAUSE)/ { reason = ""; next }
	/^[ \t]+[A-Za-z0-9_]+\.go:[0-9]+: / { reason = $0; sub(/^[ \t]+[A-Za-z0-9_]+\.go:[0-9]+: /, "", reason); next }
	/^[ \t]*--- SKIP: / { print "  " $3 ": " reason; next }
	/^[ \t]*ok [0-9]+ - .* # SKIP/ { line = $0; sub(/^[ \t]*ok [0-9]+ - /, "", line); sub(/ # SKIP ?/, ": ", line); print "  " line }
' "$log")
if [ -n "$list" ]; then
	echo "$what tests skipped:"
	echo "$list"
else
	echo "$what tests skipped: none"
fi
