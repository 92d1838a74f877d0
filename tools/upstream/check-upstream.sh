#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make check-upstream: the expensive half of proving the upstream series
# (issue 3.3 item 3, docs/upstream.md "make check-upstream"). Outside make
# check: its first run builds two whole 7.2 kernels.
#   1. build    the patched ppc64le kernel and the stock baseline
#               (tools/upstream/build-kernel.sh: Debian's linux-source-7.2,
#               allnoconfig + tools/upstream/kunit-kernel.config, cached by
#               the hash of the series, the fragment and the script)
#   2. kunit    crc_kunit, built in, runs at boot: every case passes on the
#               patched kernel in the POWER8 guest of step 3, and on the
#               stock kernel in a POWER8 guest (the baseline, so a failure
#               that is not the series' shows as such); POWER9 and POWER10
#               are kunit.py's (step 7)
#   3. fs, nvme on the patched kernel (POWER8, the set upstream-full): ext4,
#               XFS and btrfs written and checked by e2fsck, xfs_repair and
#               btrfs check; NVMe namespaces with 16-bit and 64-bit guards
#               (QEMU pif=2) written and read back, QEMU checking each guard
#   4. mutants  each tools/upstream/mutants/*.patch, applied on top of the
#               series, built and booted: crc_kunit (or the set its header
#               names) must fail
#   5. numbers  tools/upstream/numbers.sh: the QEMU plugin's instruction
#               counts per call, patched vs stock, POWER8 and POWER10
#   6. llvm     tools/upstream/check-llvm.sh: lib/crc built by clang-19
#   7. kunit    tools/upstream/kunit-lanes.sh: kunit.py run
#               --kunitconfig=lib/crc, powerpcle (POWER8, POWER9, POWER10)
#               and powerpc (big-endian, POWER8), AltiVec and the CRC arch
#               options required
# Every result it must produce is listed in tools/upstream/check-upstream-results.txt.
# Ends with "N passed, N failed"; exit 0 only if none failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=../lib/common.sh
. tools/lib/common.sh
no_arguments "the upstream series in a patched linux-source-7.2 kernel: crc_kunit on POWER8/9/10, filesystems, NVMe guards, mutants (make check-upstream); see docs/upstream.md" "$@"
# shellcheck source=../lib/accounting.sh
. tools/lib/accounting.sh
MATRIX_TSV=build/check-upstream-cells.tsv MATRIX_TARGET=check-upstream
# shellcheck source=../lib/guest-sets.sh
. tools/lib/guest-sets.sh
tools/setup.sh || die "setup failed (see the messages above)"
acc_reset build/check-upstream-results.tsv
rm -f "$MATRIX_TSV"
B=build/upstream-kernel
mkdir -p "$B"
CROSS=powerpc64le-linux-gnu-
SYSROOT=$CRCVMX_CACHE/sysroot-ppc64el

# The guest program the NVMe part needs, cross-built from the kselftests'
# source.
"${CROSS}gcc" -O2 -Wall -Werror -o "$B/nvme_pi_io" selftests/nvme_pi_io.c >"$B/nvme_pi_io.log" 2>&1
result "guest: nvme_pi_io cross-built" $?

# The kit for hardware owners runs in the patched guest as an owner would
# run it, with the static crcbench-alg that make check's guests use.
CB=build/ppc64le
if [ ! -x "$CB/crcbench/crcbench-alg" ]; then
	cross_build_crcbench "$CB" crcbench-alg >"$B/crcbench-build.log" 2>&1
fi
[ -x "$CB/crcbench/crcbench-alg" ]
result "guest: crcbench-alg cross-built" $?

# initramfs V: the guest image for variant V's kernel ($B/kernel-V.env).
initramfs() {
	tools/vm/mkinitramfs.sh --kernel-env "$B/kernel-$1.env" --sysroot "$SYSROOT" \
		--out "$B/initramfs-$1.cpio.gz" --bin "$B/nvme_pi_io" --bin "$CB/crcbench/crcbench-alg" \
		--file tools/hw-report/crc-hw-report.sh:/usr/bin/crc-hw-report >"$B/initramfs-$1.log" 2>&1
}
# kunit.filter_glob: only the suite under test runs at boot (the fragment
# enables no other, this keeps it so); brd.rd_size: the filesystems' ramdisk.
APPEND="kunit.filter_glob=crc brd.rd_size=524288"

for v in patched stock; do
	say "check-upstream: the $v 7.2 kernel (log: $B/build-$v.log)"
	tools/upstream/build-kernel.sh --variant "$v" --env-out "$B/kernel-$v.env" >"$B/build-$v.log" 2>&1 &&
		initramfs "$v"
	rc=$?
	result "build: $v kernel and its initramfs" "$rc"
	[ "$rc" -eq 0 ] || { tail -n 5 "$B/build-$v.log" "$B/initramfs-$v.log" >&2 2>/dev/null; continue; }
	export KENV="$B/kernel-$v.env" INITRD="$B/initramfs-$v.cpio.gz" KNAME="7.2-$v"
	if [ "$v" = patched ]; then
		run_set "7.2-patched" upstream-full POWER8 --nvme-pi --mem 2G --append "$APPEND"
		run_set "7.2-patched" upstream-hwkit POWER8 --append "$APPEND"
	else
		run_set "7.2-stock" upstream-kunit POWER8 --append "$APPEND"
	fi
done

# The series built by clang and the LLVM binutils (LLVM=1), le and be.
count_lane llvm build/upstream-llvm-verdicts.txt tools/upstream/check-llvm.sh

# The kernel's own runner: kunit.py with lib/crc's kunitconfig, powerpcle on
# POWER8, POWER9 and POWER10 and powerpc (big-endian) on POWER8.
count_lane kunit build/upstream-kunit-verdicts.txt tools/upstream/kunit-lanes.sh

if [ -s "$B/kernel-patched.env" ]; then
	count_lane mutants build/upstream-mutants-verdicts.txt tools/upstream/mutants.sh
else
	result "mutants: the patched kernel was built" 1
fi

# Item 4: instruction counts per call, patched vs stock, POWER8 and POWER10
# (build/upstream-numbers/table.md; docs/upstream.md has the tables).
count_lane numbers build/upstream-numbers-verdicts.txt tools/upstream/numbers.sh

# Each kernel is about 2 GB in the cache; entries of earlier keys (another
# series, fragment or build script) are never reused. Keep the ones this
# checkout's runs used (build/upstream-kernel/kernel-*.env), remove the rest.
keep=$(sed -n 's|^KDIR=\(.*\)/build$|\1|p' "$B"/kernel-*.env 2>/dev/null | sort -u)
if [ -n "$keep" ]; then
	for d in "$CRCVMX_CACHE"/upstream/kernel-*-*/; do
		d=${d%/}
		[ -d "$d" ] && ! grep -qxF "$d" <<<"$keep" || continue
		say "check-upstream: removing the unused cached kernel $d"
		rm -rf "$d"
	done
fi

manifest_check tools/upstream/check-upstream-results.txt
acc_summary
