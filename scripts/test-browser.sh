#!/usr/bin/env bash
# Runs the browser tests (tests/browser/*.test.mjs): builds the wasm, the loopback server and
# the CLI from this tree, installs playwright-core (pinned in package-lock.json) with npm ci,
# and drives Debian's chromium headless. Screenshots and measurements.json go to
# test-results/browser/. scripts/setup-test.sh installs chromium and a Node 20 when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-test.sh
# shellcheck source=scripts/node.sh
source scripts/node.sh

# The wasm is rebuilt only when one of its inputs changed (Makefile, web).
make --no-print-directory web
mkdir -p bin
go build -o bin/serve ./cmd/serve
go build -ldflags="$(bash scripts/version.sh --ldflags)" -o bin/x16scope ./cmd/x16scope
npm ci --no-audit --no-fund --loglevel=error
mkdir -p test-results
set +e
X16SCOPE_PREBUILT=1 node --test --test-timeout=300000 tests/browser/ | tee test-results/browser.log
status=${PIPESTATUS[0]}
set -e
bash scripts/skips.sh browser test-results/browser.log
exit "$status"
