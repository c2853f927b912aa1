#!/usr/bin/env bash
# What `make run` needs: Go's modules, nothing else (no root, no assembler, no browser).
# `make test` needs more: scripts/setup-test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v go >/dev/null 2>&1; then
	echo "setup: Go is not on the PATH (x16scope needs Go $(sed -n 's/^go //p' go.mod) or newer: https://go.dev/dl/)" >&2
	exit 1
fi
go mod download
