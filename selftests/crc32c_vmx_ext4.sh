#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# ext4 with metadata_csum (and its jbd2 journal) on a loop device uses
# crc32c-vmx: its module reference count rises while mounted and returns
# after umount, its vector path runs (metadata checksums of 64 bytes and
# more), files written, synced and re-read from disk are intact. From 6.14
# on ext4 and jbd2 call the crc32c() library: there the test asserts that
# crc32c-vmx's use count and counters stay still, and verifies the same way. Then the
# metadata checksums it wrote are verified by code other than ours:
# e2fsprogs' own crc32c (`e2fsck -fn`), and the kernel's reference driver
# ($REF_CRC32C of crc32c_lib.sh)
# (crc32c_vmx and crc32c_vpmsum unloaded, mounted read-only: ext4 checks the
# superblock, group descriptor, inode and directory block checksums as it
# reads them). The crc32c module stack is restored at the end.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MNT=/mnt/ksft-ext4
IMG=/tmp/ksft-ext4.img
SRC=/tmp/ksft-ext4-src
LOG=/tmp/ksft-ext4.log
SIZES="0 100 4096 1000000 5000000"

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
modprobe "$REF_CRC32C_MOD" || ktap_skip_all "$REF_CRC32C_MOD cannot be loaded"
require_releasable_crc32c
crc32c_stack_save
modprobe loop || ktap_skip_all "no loop devices"
modprobe ext4 || ktap_skip_all "no ext4"
MKE2FS=$(real_tool mke2fs) || ktap_skip_all "mke2fs (e2fsprogs) not installed"
E2FSCK=$(real_tool e2fsck) || ktap_skip_all "e2fsck (e2fsprogs) not installed"
ktap_plan 12

# If crc32c_vmx is loaded but not chosen, ext4 would not use it: a failure
# of the property under test, not a reason to skip.
ktap_diag "\"crc32c\" resolves to $(resolved_crc32c)"
[ "$(resolved_crc32c)" = crc32c-vmx ]
ktap_result $? "\"crc32c\" resolves to crc32c-vmx"

dd if=/dev/zero of=$IMG bs=1M count=0 seek=64 2>/dev/null
dev=$(losetup -f) && losetup "$dev" $IMG || { ktap_diag "losetup failed"; exit 1; }
out=$("$MKE2FS" -q -F -t ext4 -O metadata_csum "$dev" 2>&1) || { ktap_diag "mke2fs failed: $out"; exit 1; }
mkdir -p $MNT
ref0=$(module_refcnt crc32c_vmx)
vec0=$(vector_bytes)
mount -t ext4 "$dev" $MNT
ktap_result $? "mount ext4 (metadata_csum) on a loop device"
ktap_diag "device $dev"

ref1=$(module_refcnt crc32c_vmx)
ktap_diag "crc32c_vmx refcnt: $ref0 unmounted, $ref1 mounted"
# Through 6.13 ext4 and jbd2 allocate "crc32c" through the crypto API; from
# 6.14 on they call the crc32c() library and must leave crc32c-vmx alone.
if [ "$EXT4_USES_CRYPTO" = 1 ]; then
	[ "$ref1" -gt "$ref0" ]
	ktap_result $? "crc32c_vmx use count rises while ext4 is mounted"
else
	[ "$ref1" -eq "$ref0" ]
	ktap_result $? "crc32c_vmx use count unchanged while ext4 is mounted ($(uname -r): ext4 uses the crc32c() library)"
fi

mkdir -p $SRC
for s in $SIZES; do
	head -c $s /dev/urandom >$SRC/f$s
done
cp $SRC/* $MNT/ && sync && echo 3 >/proc/sys/vm/drop_caches
compare_files "crc32c-vmx"
ktap_result $? "files written, synced and re-read from disk are intact"

umount $MNT
ref2=$(module_refcnt crc32c_vmx)
vec1=$(vector_bytes)
ktap_diag "crc32c_vmx refcnt after umount: $ref2"
[ "$ref2" -eq "$ref0" ]
ktap_result $? "crc32c_vmx use count returns to its unmounted value after umount"

ktap_diag "vector_bytes: $vec0 -> $vec1 (mount, write, sync, re-read, umount)"
if [ "$EXT4_USES_CRYPTO" = 1 ]; then
	[ "$vec0" -ge 0 ] && [ "$vec1" -gt "$vec0" ]
	ktap_result $? "crc32c-vmx vector path counter rose during the ext4 work"
else
	[ "$vec0" -ge 0 ] && [ "$vec1" -eq "$vec0" ]
	ktap_result $? "crc32c-vmx vector path counter unchanged by the ext4 work ($(uname -r): ext4 uses the crc32c() library)"
fi

# Verifier 1: e2fsprogs checks every metadata checksum with its own crc32c.
"$E2FSCK" -fn "$dev" >$LOG 2>&1
rc=$?
ktap_diag "e2fsck exit $rc: $(tail -n 1 $LOG)"
[ $rc -eq 0 ] || sed 's/^/# /' $LOG | head -n 20
ktap_result $rc "e2fsck -fn (e2fsprogs crc32c) finds the filesystem clean"
losetup -d "$dev"

# Verifier 2: the kernel's reference driver. ext4 and jbd2 bind their driver
# at mount; nothing else may hold crc32c_vmx or crc32c_vpmsum.
crc32c_reference_only
gen=$?
ktap_diag "crc32c drivers now: $(awk -F' *: *' '/^name/ { n = $2 } /^driver/ && n == "crc32c" { printf "%s ", $2 }' /proc/crypto)"
ktap_result $gen "crc32c_vmx and crc32c_vpmsum unloaded, \"crc32c\" resolves to the reference $REF_CRC32C"

mounted=1
mark=$(kernel_log_mark)
if [ $gen -eq 0 ]; then
	echo 3 >/proc/sys/vm/drop_caches
	dev=$(losetup -f) && losetup "$dev" $IMG && mount -t ext4 -o ro "$dev" $MNT
	mounted=$?
fi
ktap_result $mounted "ext4 mounts read-only with $REF_CRC32C (superblock checksum verified)"

rc=1
if [ $mounted -eq 0 ]; then
	compare_files "$REF_CRC32C"
	rc=$?
fi
ktap_result $rc "files re-read through $REF_CRC32C are intact"

kernel_log_since "$mark" | grep -E 'EXT4-fs|JBD2' | grep -iE 'checksum|csum|crc|error|invalid' >$LOG
[ ! -s $LOG ] && [ $gen -eq 0 ]
rc=$?
sed 's/^\[[^]]*\] */# kernel: /' $LOG | head -n 10
ktap_result $rc "ext4 and jbd2 log no checksum error with $REF_CRC32C"

[ $mounted -eq 0 ] && umount $MNT
losetup -d "$dev" 2>/dev/null
crc32c_stack_restore
ktap_result $? "crc32c module stack restored as it was before the test"
ktap_diag "crc32c stack: $(crc32c_stack_state)"
rm -rf $IMG $SRC $LOG
ktap_finish
