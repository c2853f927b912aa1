#!/usr/bin/env bash
# go test ./... with the usual short output, then the list of skipped tests and why (the full
# verbose log is kept in test-results/unit.log).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
go test -count=1 -v ./... > test-results/unit.log 2>&1
status=$?
# The package lines, and every failure with what it printed.
awk '
	/^(ok|FAIL|\?) / || /^--- FAIL/ || /^panic:/ { print; next }
	/^[ \t]*--- FAIL/ { print; fail = 1; next }
	/^[ \t]*--- (PASS|SKIP)/ || /^=== / { fail = 0; next }
	fail { print }
' test-results/unit.log
bash scripts/skips.sh "go" test-results/unit.log
exit $status
