#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine, skipping whatever is
# already there: Go modules, Debian cc65 (ca65/ld65 check the committed 6502 binaries).
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v ca65 >/dev/null 2>&1 || need_apt+=(cc65)
if [ ${#need_apt[@]} -gt 0 ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "setup: installing ${need_apt[*]} with apt-get"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
	else
		echo "setup: please install these Debian packages: ${need_apt[*]}" >&2
		exit 1
	fi
fi
go mod download
