#!/usr/bin/env bash
# Builds the browser app into web/: x16scope.wasm (stripped) and the wasm_exec.js that
# matches this Go toolchain. Prints the raw and gzip sizes (the page's download budget: 4 MB gzipped).
set -euo pipefail
cd "$(dirname "$0")/.."
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w $(bash scripts/version.sh --ldflags)" -o web/x16scope.wasm ./cmd/wasm
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" web/wasm_exec.js
raw=$(stat -c %s web/x16scope.wasm)
gz=$(gzip -9 -c web/x16scope.wasm | wc -c)
echo "web/x16scope.wasm: $raw bytes, $gz bytes gzipped"
# The page's help links to the README; serve it beside the page.
cp README.md web/README.md
