#!/usr/bin/env bash
# Runs the Workers build of the share service under `wrangler dev` on 127.0.0.1 (npm
# wrangler 4.86.0, pinned in package.json: the last release for Node 20) and round-trips a
# capture made by the CLI through it, and serves a deployment's default ROM (tests/worker/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-worker.sh
mkdir -p bin
go build -ldflags="$(bash scripts/version.sh --ldflags)" -o bin/x16scope ./cmd/x16scope
[ -x node_modules/.bin/wrangler ] || npm ci --no-audit --no-fund --loglevel=error
node --test tests/worker/
