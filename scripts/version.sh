#!/usr/bin/env bash
# Prints the version every build stamps into its binaries (-ldflags -X
# x16scope/session.version=...): X16SCOPE_VERSION when set (a release built outside git),
# else `git describe --tags --always --dirty` (v0.1.0, v0.1.0-3-g1a2b3c4, 1a2b3c4-dirty),
# else "devel". With --ldflags it prints the linker flag that stamps it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${X16SCOPE_VERSION:-}" ]; then
	v=$X16SCOPE_VERSION
elif ! v=$(git describe --tags --always --dirty 2>/dev/null) || [ -z "$v" ]; then
	v=devel
fi
if [ "${1:-}" = --ldflags ]; then
	echo "-X x16scope/session.version=$v"
else
	echo "$v"
fi
