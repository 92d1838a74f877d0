#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "upstream-kunit" (and, run as "upstream-kunit.sh full" by the set
# "upstream-full", parts 2 and 3 as well): a 7.2 kernel of make check-upstream
# (tools/upstream/check-upstream.sh), patched with the lib/crc/powerpc
# series or stock. Everything is built in (tools/upstream/kunit-kernel.config):
# crc_kunit ran at boot, before /init.
#   1. crc_kunit: one result per case of suite "crc" (every CRC's test and
#      benchmark), from KUnit's debugfs log of the suite. A case passes only
#      as "ok" without a SKIP directive: every CRC is built in
#      (CRC_ENABLE_ALL_FOR_KUNIT) and so is the benchmark. Each test case
#      checks 1000 random lengths (0 to 16 KiB), initial values and offsets
#      against a bit-at-a-time reference, half of them ending at a vmalloc
#      guard page (an overread faults); then the same CRCs are computed
#      concurrently in task, softirq and hardirq context (KUnit's
#      kunit_run_irq_test: the no-SIMD path). The benchmark's MB/s lines are TCG time,
#      not POWER performance: they are kept in the log, never reported.
#   2. Full set only: ext4, XFS and btrfs on a
#      ramdisk, written, unmounted and checked by e2fsck, xfs_repair and
#      btrfs check (their own CRC code, not the kernel's).
#   3. Full set only, booted with run-guest.sh --nvme-pi: both protection
#      information namespaces written and read back with O_DIRECT
#      (nvme_pi_io): the kernel computes every guard, crc_t10dif() for the
#      16-bit one and crc64_nvme() for the 64-bit one, and QEMU checks each
#      guard it receives and fails the write on a wrong one; the read
#      verifies them again in the kernel.
. /sets/lib.sh
fs=0 nvme=0
[ "${1:-}" != full ] || fs=1 nvme=1

mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
RES=/sys/kernel/debug/kunit/crc/results
CASES="crc7_be_test crc7_be_benchmark crc16_test crc16_benchmark crc_t10dif_test
crc_t10dif_benchmark crc32_le_test crc32_le_benchmark crc32_be_test crc32_be_benchmark
crc32c_test crc32c_benchmark crc64_be_test crc64_be_benchmark crc64_nvme_test
crc64_nvme_benchmark"
ncases=$(echo $CASES | wc -w)
n=$ncases
[ $fs -eq 0 ] || n=$((n + 3))
[ $nvme -eq 0 ] || n=$((n + 2))
echo "TAP version 13"
echo "1..$n"

# --- 1. crc_kunit ------------------------------------------------------------
if [ -r $RES ]; then
	sed 's/^/# kunit: /' $RES
else
	echo "# no $RES: crc_kunit did not run (CONFIG_CRC_KUNIT_TEST, CONFIG_KUNIT_DEBUGFS?)"
fi
for c in $CASES; do
	# A case's own line, one level below the suite: "    ok N name".
	line=$(grep -E "^    (not ok|ok) [0-9]+ $c( |\$)" $RES 2>/dev/null)
	case "$line" in
	*"# SKIP"*|*"# skip"*) result 1 "crc_kunit: $c" "skipped: ${line#*# }" ;;
	"    ok "*) result 0 "crc_kunit: $c" ;;
	"") result 1 "crc_kunit: $c" "no result in $RES" ;;
	*) result 1 "crc_kunit: $c" "failed" ;;
	esac
done

# --- 2. filesystems -------------------------------------------------------------
# fs_round_trip MKFS_CMD FSTYPE CHECK_CMD: the ramdisk (brd.rd_size on the
# kernel command line: 512 MiB, above mkfs.xfs's 300 MiB minimum) made, mounted,
# filled (files of several sizes and a directory tree, so data and metadata
# both carry checksums), unmounted and checked by the filesystem's own
# tool, which must report no error.
RAM=/dev/ram0
MNT=/mnt/fs
fs_round_trip() {
	_mkfs=$1 _type=$2 _check=$3 _log=/tmp/fs-$2.log
	: >$_log
	dd if=/dev/zero of=$RAM bs=1M count=4 2>/dev/null
	$_mkfs $RAM >>$_log 2>&1 || { echo "# $_type: mkfs failed"; sed 's/^/#   /' $_log; return 1; }
	mkdir -p $MNT
	mount -t "$_type" $RAM $MNT >>$_log 2>&1 || { echo "# $_type: mount failed"; sed 's/^/#   /' $_log; return 1; }
	for s in 0 100 4096 65536 1000000; do
		dd if=/dev/urandom of=$MNT/f$s bs=$s count=1 2>/dev/null || [ $s -eq 0 ]
	done
	mkdir -p $MNT/d
	j=0
	while [ $j -lt 200 ]; do echo "$j" >$MNT/d/e$j; j=$((j + 1)); done
	sync
	umount $MNT >>$_log 2>&1 || { echo "# $_type: umount failed"; return 1; }
	$_check $RAM >>$_log 2>&1
	_rc=$?
	sed 's/^/#   /' $_log | tail -n 8
	[ $_rc -eq 0 ] || echo "# $_type: the check exited $_rc"
	return $_rc
}
if [ $fs -eq 1 ]; then
	fs_round_trip "mkfs.ext4 -q -F -O metadata_csum" ext4 "e2fsck -fn"
	result $? "fs: ext4 (metadata_csum) written by the kernel, e2fsck -fn finds no error"
	fs_round_trip "mkfs.xfs -q -f -m crc=1" xfs "xfs_repair -n"
	result $? "fs: XFS (crc=1) written by the kernel, xfs_repair -n finds no error"
	fs_round_trip "mkfs.btrfs -q -f --csum crc32c" btrfs "btrfs check --readonly --check-data-csum"
	result $? "fs: btrfs (crc32c) written by the kernel, btrfs check --check-data-csum finds no error"
fi

# --- 3. NVMe protection information -----------------------------------------
# namespace_with PROFILE: the NVMe namespace whose integrity profile it is.
namespace_with() {
	for _d in /sys/block/nvme*n*; do
		[ "$(cat "$_d/integrity/format" 2>/dev/null)" = "$1" ] && echo "${_d##*/}" && return 0
	done
	return 1
}
if [ $nvme -eq 1 ]; then
	k=0
	while [ $k -lt 100 ] && ! { namespace_with T10-DIF-TYPE1-CRC >/dev/null &&
		namespace_with EXT-DIF-TYPE1-CRC64 >/dev/null; }; do
		sleep 0.2
		k=$((k + 1))
	done
	for p in T10-DIF-TYPE1-CRC:crc_t10dif EXT-DIF-TYPE1-CRC64:crc64_nvme; do
		prof=${p%%:*} fn=${p#*:}
		dev=$(namespace_with "$prof")
		if [ -n "$dev" ]; then
			echo "# $dev: $(cat /sys/block/$dev/queue/logical_block_size)-byte blocks, $prof," \
				"write_generate $(cat /sys/block/$dev/integrity/write_generate)," \
				"read_verify $(cat /sys/block/$dev/integrity/read_verify)"
			off=0 bad=0
			for r in 4096:256 65536:16 1048576:2; do
				bs=${r%%:*} cnt=${r#*:}
				nvme_pi_io /dev/$dev $off $bs $cnt 7 || bad=1
				off=$((off + bs * cnt))
			done
			[ "$(cat /sys/block/$dev/integrity/write_generate)" = 1 ] || bad=1
			[ "$(cat /sys/block/$dev/integrity/read_verify)" = 1 ] || bad=1
			dmesg | grep -iE 'nvme.*(error|guard|protection)|I/O error|Buffer I/O' | sed 's/^/# kernel: /'
			dmesg | grep -qiE 'nvme.*(error|guard|protection)|I/O error|Buffer I/O' && bad=1
		else
			echo "# no namespace with the $prof profile: boot with run-guest.sh --nvme-pi"
			bad=1
		fi
		result $bad "nvme: $prof guards ($fn) on 4 MiB written and read back with O_DIRECT, no I/O or guard error"
	done
fi
[ $N -eq $n ] || echo "# emitted $N results of $n planned"
