#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# XFS v5 (crc=1) metadata goes through crc32c-vmx once it is installed.
# Through 6.13 XFS computes its metadata CRCs with the crc32c() of
# libcrc32c, which binds one "crc32c" driver when it loads and keeps it. The
# modprobe.d file of `make install` (softdep libcrc32c pre: crc32c_vmx) makes
# sure crc32c_vmx is there first. So: from a state where neither crc32c_vmx
# nor libcrc32c is loaded, kmod's modprobe loads xfs; libcrc32c must then
# hold crc32c_vmx, the vector counter must rise during XFS metadata work,
# the files must read back intact from disk, and xfs_repair -n (xfsprogs'
# own crc32c) must find every metadata checksum right. From 6.14 on there is
# no libcrc32c and XFS calls the crc32c() library: the driver must stay
# unused (asserted, not skipped). The crc32c module stack is restored.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MNT=/mnt/ksft-xfs
IMG=/tmp/ksft-xfs.img
LOG=/tmp/ksft-xfs.log
CONF=/etc/modprobe.d/crc32c-vmx.conf

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
require_releasable_crc32c
crc32c_stack_save
modprobe loop || ktap_skip_all "no loop devices"
MKFS=$(real_tool mkfs.xfs) || ktap_skip_all "mkfs.xfs (xfsprogs) not installed"
REPAIR=$(real_tool xfs_repair) || ktap_skip_all "xfs_repair (xfsprogs) not installed"
[ -x /usr/lib/kmod-compat/modprobe ] || modprobe --version 2>/dev/null | grep -q kmod ||
	ktap_skip_all "kmod's modprobe is needed (busybox's ignores softdep lines)"
release_crc32c_holders || ktap_skip_all "cannot unload btrfs, xfs and libcrc32c"
rmmod crc32c_vmx || ktap_skip_all "crc32c_vmx is in use"
ktap_plan 8

# 1. What `make install` put in place.
kmod_modprobe -c 2>/dev/null | grep -E '^softdep libcrc32c pre:.* crc32c_vmx( |$)' >$LOG
rc=$?
ktap_diag "$CONF: $(grep -v '^#' $CONF 2>/dev/null | grep . || echo missing)"
ktap_result $rc "modprobe configuration: libcrc32c soft-depends on crc32c_vmx"

# 2. Loading xfs (as mount would) brings crc32c_vmx before libcrc32c.
kmod_modprobe xfs
ref=$(module_refcnt crc32c_vmx)
ktap_diag "after modprobe xfs: $(crc32c_stack_state); xfs loaded: $(module_loaded xfs && echo yes || echo no)"
if [ "$KERNEL_MM" -le 6013 ]; then
	module_loaded libcrc32c && [ "$ref" -ge 1 ] && [ "$(resolved_crc32c)" = crc32c-vmx ]
	ktap_result $? "modprobe xfs loads crc32c_vmx first and libcrc32c binds it (refcnt $ref)"
	rmmod crc32c_vmx 2>/dev/null
	module_loaded crc32c_vmx
	ktap_result $? "rmmod crc32c_vmx refused while libcrc32c holds it"
else
	! module_loaded libcrc32c && module_loaded xfs
	ktap_result $? "$(uname -r) has no libcrc32c: xfs loads without it"
	# Nothing loads crc32c_vmx here: load it, so that its use count and
	# counters can show that XFS leaves it alone.
	modprobe crc32c_vmx
	ref=$(module_refcnt crc32c_vmx)
	[ "$ref" -eq 0 ]
	ktap_result $? "crc32c_vmx loaded and not held by anything (refcnt $ref)"
fi

dd if=/dev/zero of=$IMG bs=1M count=0 seek=320 2>/dev/null
dev=$(losetup -f) && losetup "$dev" $IMG || { ktap_diag "losetup failed"; exit 1; }
out=$("$MKFS" -q -f -m crc=1 "$dev" 2>&1) || { ktap_diag "mkfs.xfs failed: $out"; exit 1; }
mkdir -p $MNT
vec0=$(vector_bytes)
mount -t xfs "$dev" $MNT
ktap_result $? "mount XFS v5 (crc=1) on a loop device ($dev)"

# Metadata work: directories, many small files (inode chunks, directory
# blocks, btrees), a large file (extent btree), renames and deletes.
for d in 0 1 2 3 4 5 6 7; do
	mkdir $MNT/d$d
	for f in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
		echo "$d.$f" >$MNT/d$d/f$f
	done
done
head -c 2000000 /dev/urandom >$MNT/big
for d in 0 1 2 3; do
	mv $MNT/d$d/f0 $MNT/d$d/renamed
	rm $MNT/d$d/f1
done
sum0=$(cat $MNT/big $MNT/d*/* | md5sum)
sync
refm=$(module_refcnt crc32c_vmx)
umount $MNT
vec1=$(vector_bytes)
ktap_diag "vector_bytes: $vec0 -> $vec1 (mount, metadata work, sync, umount)"
if [ "$KERNEL_MM" -le 6013 ]; then
	[ "$vec0" -ge 0 ] && [ "$vec1" -gt "$vec0" ]
	ktap_result $? "crc32c-vmx vector path counter rose during the XFS metadata work"
else
	ktap_diag "crc32c_vmx refcnt while mounted: $refm"
	[ "$vec0" -ge 0 ] && [ "$vec1" -eq "$vec0" ] && [ "$refm" -eq 0 ]
	ktap_result $? "crc32c-vmx neither held nor run by XFS ($(uname -r): XFS uses the crc32c() library)"
fi

echo 3 >/proc/sys/vm/drop_caches
rc=1
if mount -t xfs -o ro "$dev" $MNT; then
	sum1=$(cat $MNT/big $MNT/d*/* | md5sum)
	[ "$sum1" = "$sum0" ] && [ ! -e $MNT/d0/f1 ] && [ -e $MNT/d3/renamed ]
	rc=$?
	umount $MNT
fi
ktap_result $rc "files and directories read back intact after remount"

"$REPAIR" -n "$dev" >$LOG 2>&1
rc=$?
ktap_diag "xfs_repair -n exit $rc: $(grep -v '^ *$' $LOG | tail -n 1)"
[ $rc -eq 0 ] || sed 's/^/# /' $LOG | head -n 20
ktap_result $rc "xfs_repair -n (xfsprogs crc32c) finds no error"
losetup -d "$dev"

crc32c_stack_restore
ktap_result $? "crc32c module stack restored as it was before the test"
ktap_diag "crc32c stack: $(crc32c_stack_state)"
rm -f $IMG $LOG
ktap_finish
