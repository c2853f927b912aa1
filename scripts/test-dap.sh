#!/usr/bin/env bash
# Runs the DAP tests (tests/dap/*.test.mjs): VS Code's debug adapter test client
# (@vscode/debugadapter-testsupport, pinned in package-lock.json) spawns `x16scope dap` on
# stdin/stdout, built from this tree into a temporary folder, and debugs the ca65 and cc65
# test programs of cmd/x16scope/testdata forwards and backwards. The log goes to
# test-results/dap.log. scripts/setup-test.sh installs a Node 20 when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-test.sh
# shellcheck source=scripts/node.sh
source scripts/node.sh

[ -f node_modules/@vscode/debugadapter-testsupport/package.json ] || npm ci --no-audit --no-fund --loglevel=error
mkdir -p test-results
set +e
node --test --test-timeout=120000 tests/dap/ | tee test-results/dap.log
status=${PIPESTATUS[0]}
set -e
bash scripts/skips.sh dap test-results/dap.log
exit "$status"
