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
Usage: ${0##*/} [--cpu POWER8|POWER9|POWER10] [--kernel 6.1|6.12|6.12-64k|newest]
The demo behind 'make run' (CPU=POWER9 make run, make run KERNEL=6.12 work too).
The kernel defaults to Debian 12's 6.1; 6.12 comes from bookworm-backports,
newest is Debian testing's (7.2 today; its modules build in a cached Debian
testing chroot, tools/vm/toolchain-chroot.sh). They are fetched by
tools/vm/fetch-kernel.sh and build into build/k<kernel>/.
Exit codes: 0 the demo passed, 1 it failed (log named), 2 bad usage, 3 guest crash/hang.
USAGE
}
cpu=${CPU:-POWER8}
kernel=${KERNEL:-6.1}
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--cpu) [ $# -ge 2 ] || die 2 "--cpu needs a model"; cpu=$2; shift ;;
	--kernel) [ $# -ge 2 ] || die 2 "--kernel needs 6.1, 6.12, 6.12-64k or newest"; kernel=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

say "setup: host packages, Debian ppc64el kernel and userland (cached in $CRCVMX_CACHE)"
tools/setup.sh
mkdir -p build
# 6.1: build/kernel.env and build/ as always; others: their own env and dir.
kenv=build/kernel.env out=build label=$cpu chart=build/crcbench-demo
lane=stock
if [ "$kernel" != 6.1 ]; then
	# The demo loads no mutant; only build/ (6.1, shared with make check) has them.
	lane=none
	kenv=build/kernel-$kernel.env out=build/k$kernel label=$kernel-$cpu
	chart=build/crcbench-demo-$kernel
	suite=bookworm-backports
	[ "$kernel" != newest ] || suite="Debian testing"
	say "setup: Debian's $kernel ppc64el kernel ($suite)"
	tools/vm/fetch-kernel.sh --kernel "$kernel" --env-out "$kenv" >/dev/null
fi
say "build: module, test modules, guest programs, initramfs for $kernel (log: $out/build-guest.log)"
mkdir -p "$out"
tools/build-guest.sh --kernel-env "$kenv" --out "$out" --lane "$lane" >"$out/build-guest.log" 2>&1 || {
	tail -20 "$out/build-guest.log" >&2
	die "the cross build failed (full log: $out/build-guest.log)"
}
log="build/guest-demo-$label.log"
tools/vm/run-guest.sh --kernel-env "$kenv" --initrd "$out/initramfs.cpio.gz" \
	--set demo --cpu "$cpu" --timeout 600 --log "$log" --show demo
sed -n '/^CRCVMX-FILE-BEGIN crcbench.csv$/,/^CRCVMX-FILE-END$/p' "$log" | sed '1d;$d' \
	>"$chart.csv"
tools/plot-crcbench.sh --title "crcbench-alg in a $cpu QEMU guest (Linux $kernel)" "$chart.csv" \
	"$chart.png" || die "could not draw the chart ($chart.csv)"
say "run: chart of that table: $chart.png (data: $chart.csv)"
say "run: passed. Full guest console: $log"
