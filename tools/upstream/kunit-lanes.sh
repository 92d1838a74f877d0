#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kunit-lanes.sh: make check-upstream's runs of the kernel's own test runner
# (issue 4.1 item 5): tools/testing/kunit/kunit.py run --kunitconfig=lib/crc
# on the cached linux-source-7.2 with the series applied, cross-compiled,
# in qemu-system-ppc64 (TCG):
#   powerpcle  little-endian, one build, booted with -cpu POWER8, POWER9
#              and POWER10
#   powerpc    big-endian, -cpu POWER8, and POWER7 (no vector crypto: the
#              table code everywhere, which crc_vpmsum_path is told of)
# Upstream's powerpc qemu_configs leave ALTIVEC unset, so lib/crc's powerpc
# code is not even built there. Ours (tools/upstream/kunit/) set ALTIVEC and
# VSX, and the run adds CRC32_ARCH, CRC64_ARCH and CRC_T10DIF_ARCH=y to the
# kunitconfig: kunit.py refuses to run a .config that lacks an option it
# was given, so the arch code is what the tests test. CRC_BENCHMARK is on,
# so that crc_kunit's benchmark cases run instead of skipping (their MB/s
# are TCG time; they stay in the logs).
#
# Beside crc_kunit, which checks values, the kernels carry the lanes' own
# suite crc_vpmsum_path (tools/upstream/kunit/crc_vpmsum_path_kunit.c,
# never part of the series; it needs CONFIG_KPROBES), which checks which
# path each function takes: no vector section below the 48-byte threshold,
# one per 32 KiB above it, each with preemption and page faults disabled
# and both restored after the call, and crc32_optimizations().
#
# Both kunit.py builds run first, under the source tree's lock (the tree
# carries the series only then); each kunit.py exec (one boot) runs after,
# from the build directories, under the guest lock alone. Prints
# PASS|FAIL <TAB> name [<TAB> why]: each build's and each boot's exit,
# every crc_kunit and crc_vpmsum_path case from the boot's --json (PASS
# only as "PASS": a skipped case fails), and the boot's kernel log (any
# WARNING:, BUG:, Oops, panic or task that exits atomic fails, whatever
# the cases said). Exits 1 if any failed. Logs: build/upstream/kunit-*.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
no_arguments "crc_kunit by kunit.py on the series: powerpcle on POWER8, POWER9, POWER10 and powerpc (big-endian) on POWER8 and POWER7" "$@"

logs=$top/build/upstream
mkdir -p "$logs"
# shellcheck source=series-lib.sh
. "$top/tools/upstream/series-lib.sh"
# crc_kunit's cases in 7.2 (lib/crc/tests/crc_kunit.c), then
# crc_vpmsum_path's: a case that disappears or is renamed fails the lane.
CASES="crc7_be_test crc7_be_benchmark crc16_test crc16_benchmark crc_t10dif_test
crc_t10dif_benchmark crc32_le_test crc32_le_benchmark crc32_be_test crc32_be_benchmark
crc32c_test crc32c_benchmark crc64_be_test crc64_be_benchmark crc64_nvme_test
crc64_nvme_benchmark
crc32_optimizations_path crc32_le_path crc32_be_path crc32c_path crc64_be_path crc64_nvme_path"

# a kernel report that fails a boot, whatever its cases say
KLOG_RE='(^|[] ])(WARNING:|BUG:|Oops|Kernel panic|Unable to handle kernel)|exited with (irqs disabled|preempt_count)'

series_open || die "tools/upstream/tree.sh failed"
"${g[@]}" am -q "${patches[@]}" >"$logs/kunit-git-am.log" 2>&1
verdict "the series applies" $? "see build/upstream/kunit-git-am.log"
series_add_path_test
verdict "crc_vpmsum_path (tools/upstream/kunit) goes into lib/crc/tests" $?

# kunit ARCH CONFIG CROSS SUBCOMMAND [ARGS...]: kunit.py in the tree with the
# options every run of ARCH shares (kunit.py build and exec must agree)
kunit() {
	local arch=$1 config=$2 cross=$3 sub=$4
	shift 4
	(cd "$src" && "${lazy[@]}" python3 tools/testing/kunit/kunit.py "$sub" \
		--kunitconfig=lib/crc --qemu_config="$top/tools/upstream/kunit/$config" \
		--cross_compile="$cross" --build_dir="$cache/o-kunit-$arch" \
		--make_options="CC=ccache ${cross}gcc" \
		--kconfig_add CONFIG_CRC32_ARCH=y --kconfig_add CONFIG_CRC64_ARCH=y \
		--kconfig_add CONFIG_CRC_T10DIF_ARCH=y --kconfig_add CONFIG_CRC_BENCHMARK=y \
		"${path_test_kconfig[@]}" "$@")
}

# build ARCH CONFIG CROSS: kunit.py build of the series for ARCH
build() {
	local log=$logs/kunit-$1-build.log
	say "kunit-lanes: kunit.py build $1 (log: $log)"
	kunit "$1" "$2" "$3" build --jobs=2 >"$log" 2>&1
	verdict "$1: kunit.py build" $? "see $log"
}

# boots ARCH CONFIG CROSS CPU...: a kunit.py exec of ARCH's build per CPU
# model, each under the guest lock, then its cases
boots() {
	local arch=$1 config=$2 cross=$3 cpu log json c report
	shift 3
	for cpu in "$@"; do
		log=$logs/kunit-$arch-$cpu.log
		json=$logs/kunit-$arch-$cpu.json
		rm -f "$json" "$cache/o-kunit-$arch/test.log"
		say "kunit-lanes: kunit.py exec $arch on $cpu (log: $log)"
		(
			flock 9
			path_test_args "$cpu"
			kunit "$arch" "$config" "$cross" exec --qemu_args="-cpu $cpu" "${path_args[@]}" --timeout=1500 \
				--json="$json"
		) 9>"$CRCVMX_CACHE/vm.lock" >"$log" 2>&1
		verdict "$arch $cpu: kunit.py exec exits 0" $? "see $log"
		# kunit.py's raw kernel log: a case can pass while the kernel
		# reports a bug in it (a warning, a task that exits atomic)
		cp "$cache/o-kunit-$arch/test.log" "$logs/kunit-$arch-$cpu.klog" 2>/dev/null
		report=$(grep -m1 -E "$KLOG_RE" "$logs/kunit-$arch-$cpu.klog" 2>/dev/null)
		[ -s "$logs/kunit-$arch-$cpu.klog" ] && [ -z "$report" ]
		verdict "$arch $cpu: the kernel log reports no bug" $? "${report:-no kernel log}"
		for c in $CASES; do
			python3 - "$json" "$c" <<'PY'
import json, sys
def cases(group):
    for t in group.get("test_cases", []):
        yield t
    for sub in group.get("sub_groups", []):
        yield from cases(sub)
try:
    doc = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    sys.exit(1)
found = [t["status"] for t in cases(doc) if t["name"] == sys.argv[2]]
sys.exit(0 if found == ["PASS"] else 1)
PY
			verdict "$arch $cpu: $c" $? "not PASS once in $json"
		done
	done
}
le=(powerpcle powerpcle-altivec.py powerpc64le-linux-gnu-)
be=(powerpc powerpc-altivec.py powerpc64-linux-gnu-)
build "${le[@]}"
build "${be[@]}"
# The boots read only the build directories and kunit.py itself, which the
# series does not touch: the tree goes back to pristine and its lock to
# check-build.sh, check-llvm.sh and numbers.sh.
series_reset
exec 8>&-
boots "${le[@]}" POWER8 POWER9 POWER10
boots "${be[@]}" POWER8 POWER7
exit "$VERDICT_RC"
