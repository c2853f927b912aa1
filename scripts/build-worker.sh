#!/usr/bin/env bash
# Builds the Workers deployment of the share service into worker/build/: app.wasm (the Go
# worker) and the JS glue syumai/workers generates for it (worker.mjs, runtime.mjs,
# wasm_exec.js). wrangler.toml points at worker/build/worker.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p worker/build
go run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o worker/build
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o worker/build/app.wasm ./worker
raw=$(stat -c %s worker/build/app.wasm)
gz=$(gzip -9 -c worker/build/app.wasm | wc -c)
echo "worker/build/app.wasm: $raw bytes, $gz bytes gzipped"
