#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make run`: set up the host, cross-build, boot a POWER guest and show the
# driver at work: /proc/crypto with crc32c-vmx on top and its self-test
# passed, btrfs choosing it on its own, and a crc32c through AF_ALG.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"
cd "$top"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--cpu POWER8|POWER9|POWER10]
The demo behind 'make run' (CPU=POWER9 make run works too).
Exit codes: 0 the demo passed, 1 it failed (log named), 2 bad usage, 3 guest crash/hang.
USAGE
}
cpu=${CPU:-POWER8}
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--cpu) [ $# -ge 2 ] || die 2 "--cpu needs a model"; cpu=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

say "setup: host packages, Debian ppc64el kernel and userland (cached in $CRCVMX_CACHE)"
tools/setup.sh
mkdir -p build
say "build: module, test modules, guest programs, initramfs (log: build/build-guest.log)"
tools/build-guest.sh >build/build-guest.log 2>&1 || {
	tail -20 build/build-guest.log >&2
	die "the cross build failed (full log: build/build-guest.log)"
}
tools/vm/run-guest.sh --kernel-env build/kernel.env --initrd build/initramfs.cpio.gz \
	--set demo --cpu "$cpu" --timeout 600 --log "build/guest-demo-$cpu.log" --show demo
log="build/guest-demo-$cpu.log"
sed -n '/^CRCVMX-FILE-BEGIN crcbench.csv$/,/^CRCVMX-FILE-END$/p' "$log" | sed '1d;$d' \
	>build/crcbench-demo.csv
tools/plot-crcbench.sh --title "crcbench-alg in a $cpu QEMU guest" build/crcbench-demo.csv \
	build/crcbench-demo.png || die "could not draw the chart (build/crcbench-demo.csv)"
say "run: chart of that table: build/crcbench-demo.png (data: build/crcbench-demo.csv)"
say "run: passed. Full guest console: $log"
