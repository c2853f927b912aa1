#!/usr/bin/env bash
# Checks the promises of `make run`: it installs nothing but Go modules (no root, apt-get,
# cc65, chromium or Node), and it rebuilds the wasm only when one of its inputs changed.
# Uses `make -n` (print, do not run) and `-W FILE` (as if FILE had just changed).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-make: $*" >&2; exit 1; }

for word in apt-get cc65 ca65 chromium npm node sudo; do
	if grep -qw -- "$word" scripts/setup.sh; then fail "scripts/setup.sh (make run) mentions $word"; fi
done
make --no-print-directory web >/dev/null
plan=$(make --no-print-directory -n run)
echo "$plan" | grep -q 'build-wasm' && fail "make run rebuilds an up-to-date wasm: $plan"
echo "$plan" | grep -q 'setup-test' && fail "make run runs the test set-up"
for input in session/files.go overlay/ui.go cmd/wasm/api_js.go core/cpu.go go.sum; do
	# The plan is read whole first: grep -q would stop reading at its match, and make,
	# writing the rest of the plan, would die of SIGPIPE (a failure under pipefail).
	plan=$(make --no-print-directory -n -W "$input" web)
	echo "$plan" | grep -q 'build-wasm' || fail "changing $input does not rebuild the wasm"
done
echo "check-make: make run needs only Go and rebuilds the wasm only when its inputs change"
