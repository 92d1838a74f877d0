#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# ext4 with metadata_csum (and its jbd2 journal) on a loop device uses
# crc32c-vmx: its module reference count rises while mounted and returns
# after umount; files written, synced and re-read from disk are intact.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MNT=/mnt/ksft-ext4
IMG=/tmp/ksft-ext4.img

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
modprobe loop || ktap_skip_all "no loop devices"
modprobe ext4 || ktap_skip_all "no ext4"
MKE2FS=$(real_tool mke2fs) || ktap_skip_all "mke2fs (e2fsprogs) not installed"
ktap_plan 5

# If crc32c_vmx is loaded but not chosen, ext4 would not use it: a failure
# of the property under test, not a reason to skip.
[ "$(resolved_crc32c)" = crc32c-vmx ]
ktap_result $? "\"crc32c\" resolves to crc32c-vmx (got $(resolved_crc32c))"

dd if=/dev/zero of=$IMG bs=1M count=0 seek=64 2>/dev/null
dev=$(losetup -f) && losetup "$dev" $IMG || { ktap_diag "losetup failed"; exit 1; }
out=$("$MKE2FS" -q -F -t ext4 -O metadata_csum "$dev" 2>&1) || { ktap_diag "mke2fs failed: $out"; exit 1; }
mkdir -p $MNT
ref0=$(module_refcnt crc32c_vmx)
mount -t ext4 "$dev" $MNT
ktap_result $? "mount ext4 (metadata_csum) on $dev"

ref1=$(module_refcnt crc32c_vmx)
ktap_diag "crc32c_vmx refcnt: $ref0 unmounted, $ref1 mounted"
[ "$ref1" -gt "$ref0" ]
ktap_result $? "crc32c_vmx use count rises while ext4 is mounted"

mkdir -p /tmp/ksft-ext4-src
for s in 0 100 4096 1000000 5000000; do
	head -c $s /dev/urandom >/tmp/ksft-ext4-src/f$s
done
cp /tmp/ksft-ext4-src/* $MNT/ && sync && echo 3 >/proc/sys/vm/drop_caches
bad=0
for f in /tmp/ksft-ext4-src/*; do
	cmp -s "$f" "$MNT/${f##*/}" || { ktap_diag "${f##*/} differs"; bad=1; }
done
ktap_result $bad "files written, synced and re-read from disk are intact"

umount $MNT
losetup -d "$dev"
ref2=$(module_refcnt crc32c_vmx)
ktap_diag "crc32c_vmx refcnt after umount: $ref2"
[ "$ref2" -eq "$ref0" ]
ktap_result $? "use count returns to $ref0 after umount"
rm -rf $IMG /tmp/ksft-ext4-src
ktap_finish
