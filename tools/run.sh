#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make run`: set up the host, cross-build, boot a POWER guest and show the
# driver at work: /proc/crypto with crc32c-vmx on top and its self-test
# passed, btrfs choosing it on its own, and a crc32c through AF_ALG. Then
# what is exact under emulation: the instructions each crc32c driver
# executes per call and per byte (the insn-interval QEMU plugin counts them
# around crc32c_vmx_bench's calls), as a table and a chart; and after it,
# crcbench-alg's throughput, timed under QEMU and labelled EMULATED.
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
Outputs: build/insns-demo.png and .txt (the instruction-count chart and
table, shown first), build/crcbench-demo.png and .csv (the EMULATED
throughput chart), build/guest-demo-<cpu>.log (the guest's result channel),
build/demo-plugin.txt (the plugin's counts). Other kernels add -<kernel> to
the chart and log names and keep the plugin's counts in build/k<kernel>/.
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
kenv=build/kernel.env out=build label=$cpu chart=build/crcbench-demo ichart=build/insns-demo
lane=stock
if [ "$kernel" != 6.1 ]; then
	# The demo loads no mutant; only build/ (6.1, shared with make check) has them.
	lane=none
	kenv=build/kernel-$kernel.env out=build/k$kernel label=$kernel-$cpu
	chart=build/crcbench-demo-$kernel ichart=build/insns-demo-$kernel
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
say "build: the insn-interval QEMU plugin ($out/insn-interval.so)"
case "$top/$out" in *,*) die "the path $top/$out contains a comma, which QEMU's -plugin option cannot take" ;; esac
tools/bench-model/build-plugin.sh "$out/insn-interval.so"
log="build/guest-demo-$label.log" counts=$out/demo-plugin.txt
rm -f "$counts"
QEMU_EXTRA_ARGS="-plugin file=$top/$out/insn-interval.so,out=$top/$counts" \
	tools/vm/run-guest.sh --kernel-env "$kenv" --initrd "$out/initramfs.cpio.gz" \
	--set demo --cpu "$cpu" --timeout 600 --log "$log" --show demo

# guest_file NAME: a file the demo set printed between CRCVMX-FILE markers.
guest_file() {
	sed -n "/^CRCVMX-FILE-BEGIN $1\$/,/^CRCVMX-FILE-END\$/p" "$log" | sed '1d;$d'
}

# First what is exact under emulation: instructions per call and per byte.
# The module's intervals run one after another in one kernel thread, so the
# k-th one logged is the k-th one counted, on whichever vCPU it ran.
measured=$(sed -n 's/^BENCH demo //p' "$log")
drivers=$(echo "$measured" | sed -n 's/^drivers=\([^ ]*\) .*/\1/p')
sizes=$(echo "$measured" | sed -n 's/.* sizes=\([0-9,]*\)$/\1/p')
[ -n "$drivers" ] && [ -n "$sizes" ] || die "the demo set did not say what it measured ($log)"
case ",$drivers," in
*,crc32c-generic,*) ref=crc32c-generic ;;
*,crc32c-lib,*) ref=crc32c-lib ;;
*) die "neither crc32c-generic nor crc32c-lib was measured ($drivers; $log)" ;;
esac
tools/bench-model/pair-counts.sh --any-vcpu --log "$log" --plugin "$counts" >"$ichart.tsv" ||
	die "the instruction counts do not pair (guest log: $log, plugin: $counts)"
tools/bench-model/insn-table.sh --counts "$ichart.tsv" --drivers "$drivers" --sizes "$sizes" \
	--ref "$ref" --tsv "$ichart-table.tsv" >"$ichart.txt" || die "no instruction table ($ichart.tsv)"
echo
echo "Instructions executed per crc32c call, counted by a QEMU plugin ($cpu guest, Linux $kernel)."
echo "QEMU runs every guest instruction, so these counts are exact and repeatable. They are not"
echo "time: cycles per instruction (vpmsumd's pipeline, cache misses) are not captured; see"
echo "docs/performance.md for the llvm-mca cycle models. \"vs $ref\" = this driver's"
echo "instructions per call divided by $ref's (below 1: fewer)."
sed 's/^/  /' "$ichart.txt"
tools/plot-insns.sh --title "crc32c instructions per byte, $cpu guest (Linux $kernel): exact counts under QEMU, not time" \
	"$ichart-table.tsv" "$ichart.png" >/dev/null || die "could not draw the chart ($ichart-table.tsv)"
say "run: chart of instructions per byte: $ichart.png (table: $ichart.txt)"

# Then the EMULATED throughput, behind the counts.
echo
echo "crcbench-alg run through AF_ALG (end to end) and in the kernel (tcrypt), timed in the QEMU guest: EMULATED, NOT POWER performance."
echo "Under TCG vpmsumd is a slow helper call, so the vector drivers look slower than they are."
guest_file crcbench.txt | sed 's/^/  /'
guest_file crcbench.csv >"$chart.csv"
tools/plot-crcbench.sh --title "crcbench-alg in a $cpu QEMU guest (Linux $kernel), EMULATED" "$chart.csv" \
	"$chart.png" >/dev/null || die "could not draw the chart ($chart.csv)"
say "run: chart of that table (EMULATED): $chart.png (data: $chart.csv)"
say "run: passed. Full guest console: $log"
