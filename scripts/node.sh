#!/usr/bin/env bash
# Sourced by scripts that run Node: puts a Node 20 or newer first on the PATH (the system's,
# or the one scripts/setup-test.sh installed in scripts/node20 when the system's is older).
_x16_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt 20 ] &&
	[ -x "$_x16_root/scripts/node20/node_modules/.bin/node" ]; then
	PATH="$_x16_root/scripts/node20/node_modules/.bin:$PATH"
	export PATH
fi
unset _x16_root
