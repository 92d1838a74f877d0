#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make check-upstream: the expensive half of proving the upstream series
# (issue 3.3 item 3, docs/upstream.md "make check-upstream"). SKELETON: the
# steps are laid out, none is implemented yet, and the script says so and
# fails rather than pretend. It has never been run.
#
#   1. build   the patched ppc64le kernel and the stock baseline from
#              tools/upstream/tree.sh's linux-source-7.2, a trimmed pseries
#              config + KUNIT, CRC_KUNIT_TEST, CRC_BENCHMARK, EXT4_FS,
#              XFS_FS, BTRFS_FS, BLK_DEV_NVME; cached by the hash of
#              upstream/*.patch and the config fragment
#   2. kunit   boot each under QEMU TCG (-M pseries) on POWER8, POWER9 and
#              POWER10; crc_kunit's KTAP must pass every case (the irq
#              context and guard-page cases included), checked with
#              tools/vm/ktap-check.py against an .expect list
#   3. fs      on the patched kernel: ext4, XFS, btrfs made, written, then
#              e2fsck -fn, xfs_repair -n, btrfs check
#   4. nvme    a QEMU NVMe namespace with 64-bit guards (pif=2), written and
#              read back: QEMU checks every crc64_nvme() guard
#   5. mutants committed mutants of the series (tools/upstream/mutants/,
#              not written) caught by steps 2-4
#   6. numbers the QEMU plugin's instruction counts per call, patched vs
#              stock, at crc_kunit's benchmark lengths, POWER8 and POWER10,
#              into docs/upstream.md
# Prints "PASS|FAIL<TAB>name[<TAB>why]" per result; exits 1 if any failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
no_arguments "patched linux-source-7.2 kernel, crc_kunit on POWER8/9/10, filesystems, NVMe guards (skeleton)" "$@"

st=0
not_yet() { printf 'FAIL\t%s\tnot implemented yet (skeleton, docs/upstream.md)\n' "$1"; st=1; }

# Step 1: tree=$("$top/tools/upstream/tree.sh")/src; a git worktree of it at
# tag pristine with `git am upstream/*.patch`, another without; `make
# pseries_le_defconfig` + fragment (tools/upstream/kunit.config, to write),
# `make -j2 vmlinux` under nice/ionice, cached in
# $CRCVMX_CACHE/upstream/kernel-<hash>/ (hash: patches + fragment + this script).
not_yet "build: patched and stock ppc64le kernels"
# Step 2: tools/vm/mkinitramfs.sh with crc_kunit built in (=y, so no module
# loading is needed) and kunit.filter_glob=crc*; tools/vm/run-guest.sh per
# CPU model; the KTAP to tools/vm/ktap-check.py.
for cpu in POWER8 POWER9 POWER10; do
	not_yet "kunit: crc_kunit on $cpu (patched)"
done
not_yet "kunit: crc_kunit on POWER8 (stock baseline)"
# Step 3 and 4: the guest programs of tools/vm/guest (mkfs, fsck) and
# run-guest.sh --nvme-pi with pif=2 namespaces.
not_yet "fs: ext4, XFS, btrfs checked by e2fsck, xfs_repair, btrfs check"
not_yet "nvme: 64-bit guards (pif=2) written and read back"
not_yet "mutants: every series mutant caught"
not_yet "numbers: instruction counts patched vs stock (POWER8, POWER10)"
exit "$st"
