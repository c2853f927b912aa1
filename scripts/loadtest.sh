#!/usr/bin/env bash
# The share service's bounded load test (tests/load/load.mjs) against the native server and
# the Workers build under wrangler dev, on loopback. LOAD_UPLOADS, LOAD_READS, LOAD_CLIENTS
# and LOAD_TARGETS (native,wrangler) override the defaults (2000, 20000, 32, both).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bin
go build -o bin/serve ./cmd/serve
go build -ldflags="$(bash scripts/version.sh --ldflags)" -o bin/x16scope ./cmd/x16scope
case "${LOAD_TARGETS:-native,wrangler}" in *wrangler*) bash scripts/build-worker.sh ;; esac
[ -x node_modules/.bin/wrangler ] || npm ci --no-audit --no-fund --loglevel=error
node tests/load/load.mjs
