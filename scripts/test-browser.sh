#!/usr/bin/env bash
# Runs the browser tests (tests/browser/*.test.mjs): builds the wasm, the loopback server and
# the CLI from this tree, installs playwright-core (pinned in package-lock.json) with npm ci,
# and drives Debian's chromium headless. Screenshots and measurements.json go to
# test-results/browser/. Installs chromium with apt-get when it is missing and we are root.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "test-browser: installing chromium with apt-get"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	else
		echo "test-browser: please install Debian's chromium (apt-get install chromium)" >&2
		exit 1
	fi
fi
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
	echo "test-browser: playwright-core needs Node 20 or newer (found ${node_major})" >&2
	exit 1
fi

bash scripts/build-wasm.sh
mkdir -p bin
go build -o bin/serve ./cmd/serve
go build -o bin/x16scope ./cmd/x16scope
npm ci --no-audit --no-fund --loglevel=error
X16SCOPE_PREBUILT=1 node --test tests/browser/
