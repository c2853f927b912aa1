#!/usr/bin/env bash
# What `make test` needs beyond Go, installed on a fresh Debian machine when missing:
#   - cc65 (ca65/ld65): the committed 6502 binaries and the ROM are checked against their sources;
#   - chromium: the browser tests drive it headless;
#   - dosfstools, mtools, fdisk (mkfs.vfat, fsck.vfat, mcopy/mdir/mtype, sfdisk): the SD card
#     tests make images with the usual tools and check with them the images x16scope writes;
#   - Node 20 or newer: playwright-core (and wrangler) refuse older ones. Debian 12's own
#     nodejs is 18, so when the Node on the PATH is older, the Node pinned in
#     scripts/node20/package-lock.json is installed there with npm ci (npm runs on Debian's 18)
#     and scripts/node.sh puts it first on the PATH for the tests.
# Debian packages are installed with apt-get when we are root; otherwise it says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

need_apt=()
command -v ca65 >/dev/null 2>&1 || need_apt+=(cc65)
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
# mkfs.vfat and sfdisk live in /usr/sbin, which a user's PATH may not hold
has() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/sbin/$1" ]; }
has mkfs.vfat || need_apt+=(dosfstools)
has mtype || need_apt+=(mtools)
has sfdisk || need_apt+=(fdisk)
if [ "$(node_major)" -lt 20 ]; then
	# npm (and a Node to run it) install the pinned Node 20.
	command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
	command -v npm >/dev/null 2>&1 || need_apt+=(npm)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "setup-test: installing ${need_apt[*]} with apt-get"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
	else
		echo "setup-test: please install these Debian packages (or their equivalents): ${need_apt[*]}" >&2
		exit 1
	fi
fi
if [ "$(node_major)" -lt 20 ] && [ "$(node_major scripts/node20/node_modules/.bin/node)" -lt 20 ]; then
	echo "setup-test: Node $(node_major) is too old for playwright-core and wrangler; installing Node 20 in scripts/node20"
	(cd scripts/node20 && npm ci --no-audit --no-fund --loglevel=error)
fi
