#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# btrfs picks crc32c-vmx on its own and what it writes carries checksums that
# code other than ours accepts: write a mixed set of files (empty to 24 MiB)
# to btrfs on a ramdisk, sync, drop the page cache, read back and compare;
# crc32c-vmx's vector counter must rise by at least the bytes written. Then
# two independent verifiers: btrfs-progs' own crc32c (`btrfs check
# --check-data-csum` on the unmounted device) and the kernel's reference driver
# (crc32c_vmx and crc32c_vpmsum unloaded, mounted again, `btrfs scrub`, files
# re-read). A driver that computes a wrong but deterministic CRC passes the
# round trip through itself, not these. The crc32c module stack is restored
# at the end. After 6.19 btrfs calls the crc32c() library itself
# (BTRFS_USES_CRYPTO=0 in crc32c_lib.sh): there the test asserts that btrfs
# names no crypto driver and leaves crc32c-vmx's use count and counters
# still, and verifies the filesystem the same way.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MNT=/mnt/ksft-btrfs
SRC=/tmp/ksft-btrfs-src
LOG=/tmp/ksft-btrfs.log
SIZES="0 1 15 4095 4096 65537 1048579 8388608 25165824"

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
modprobe "$REF_CRC32C_MOD" || ktap_skip_all "$REF_CRC32C_MOD cannot be loaded"
require_releasable_crc32c
crc32c_stack_save
modprobe brd rd_nr=1 rd_size=262144 || ktap_skip_all "no brd ramdisk"
modprobe btrfs || ktap_skip_all "no btrfs"
MKFS=$(real_tool mkfs.btrfs) || ktap_skip_all "mkfs.btrfs (btrfs-progs) not installed"
BTRFS=$(real_tool btrfs) || ktap_skip_all "btrfs (btrfs-progs) not installed"
ktap_plan 11

# The btrfs filesystem on ram0 (sets $uuid).
find_uuid() {
	uuid=
	for d in /sys/fs/btrfs/*/devices/ram0; do
		[ -e "$d" ] && uuid=${d#/sys/fs/btrfs/} && uuid=${uuid%%/*}
	done
}
# Print the head and tail of $LOG as diagnostics.
diag_log() {
	if [ "$(wc -l <$LOG)" -le 12 ]; then
		sed 's/^/# /' $LOG
	else
		head -n 8 $LOG | sed 's/^/# /'
		ktap_diag "... ($(wc -l <$LOG) lines)"
		tail -n 4 $LOG | sed 's/^/# /'
	fi
}

mark=$(kernel_log_mark)
ref_before=$(module_refcnt crc32c_vmx)
"$MKFS" -q -f /dev/ram0 >/dev/null || { ktap_diag "mkfs.btrfs failed"; exit 1; }
mkdir -p $MNT $SRC
mount -t btrfs /dev/ram0 $MNT || { ktap_diag "mount failed"; exit 1; }
line=$(kernel_log_since "$mark" | grep 'using crc32c' | tail -n 1)
ktap_diag "kernel: ${line#*] }"
find_uuid
csum=$(cat "/sys/fs/btrfs/$uuid/checksum" 2>/dev/null)
ktap_diag "/sys/fs/btrfs/$uuid/checksum: $csum"
ref_mounted=$(module_refcnt crc32c_vmx)
if [ "$BTRFS_USES_CRYPTO" = 1 ]; then
	echo "$line" | grep -q 'using crc32c (crc32c-vmx)'
	ktap_result $? "btrfs mount logs crc32c-vmx"
	[ "$csum" = "crc32c (crc32c-vmx)" ]
	ktap_result $? "/sys/fs/btrfs/<uuid>/checksum names crc32c-vmx"
else
	# The log names no driver; sysfs prints "<name> (<name>-lib)".
	echo "$line" | grep -q 'using crc32c checksum algorithm'
	ktap_result $? "btrfs mount logs crc32c with no crypto driver ($(uname -r): btrfs uses the crc32c() library)"
	[ "$csum" = "crc32c (crc32c-lib)" ]
	ktap_result $? "/sys/fs/btrfs/<uuid>/checksum names the crc32c library"
fi

total=0
for s in $SIZES; do
	head -c "$s" /dev/urandom >$SRC/f$s
	total=$((total + s))
done
before=$(vector_bytes)
cp $SRC/* $MNT/ && sync
ktap_result $? "files from 0 B to 24 MiB written and synced"
ktap_diag "$(echo $SIZES | wc -w) files, $total bytes"

echo 3 >/proc/sys/vm/drop_caches
compare_files "crc32c-vmx"
ktap_result $? "files read back from disk (cache dropped) equal what was written"

after=$(vector_bytes)
ktap_diag "vector_bytes: $before -> $after (data written: $total)"
if [ "$BTRFS_USES_CRYPTO" = 1 ]; then
	[ "$before" -ge 0 ] && [ $((after - before)) -ge "$total" ]
	ktap_result $? "crc32c-vmx vector path counter rose by at least the data written"
else
	ktap_diag "crc32c_vmx refcnt while mounted: $ref_mounted (before the test: $ref_before)"
	[ "$before" -ge 0 ] && [ "$after" -eq "$before" ] && [ "$ref_mounted" -eq "$ref_before" ]
	ktap_result $? "crc32c-vmx neither held nor run by btrfs (use count and vector counter unchanged)"
fi

# Verifier 1: btrfs-progs checks every metadata and data checksum with its
# own crc32c, in userspace.
umount $MNT
"$BTRFS" check --check-data-csum /dev/ram0 >$LOG 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q 'no error found' $LOG
rc2=$?
[ $rc2 -eq 0 ] && ktap_diag "btrfs check: $(grep -m1 'no error found' $LOG)" ||
	{ ktap_diag "btrfs check exit $rc:"; diag_log; }
ktap_result $rc2 "btrfs check --check-data-csum (btrfs-progs crc32c) finds no error"

# Verifier 2: the kernel's reference driver ($REF_CRC32C). btrfs binds its
# checksum driver at mount and libcrc32c at load, so unmount and unload both
# first. (Where btrfs uses the library, the library verifies.)
crc32c_reference_only
gen=$?
ktap_diag "crc32c drivers now: $(awk -F' *: *' '/^name/ { n = $2 } /^driver/ && n == "crc32c" { printf "%s ", $2 }' /proc/crypto)"
ktap_result $gen "crc32c_vmx and crc32c_vpmsum unloaded, \"crc32c\" resolves to the reference $REF_CRC32C"

mounted=1
if [ $gen -eq 0 ]; then
	mark=$(kernel_log_mark)
	{ [ "$KERNEL_MM" -gt 6013 ] || load_without_softdeps libcrc32c; } && load_without_softdeps btrfs &&
		mount -t btrfs /dev/ram0 $MNT
	mounted=$?
	kernel_log_since "$mark" | grep -E 'crc32c|BTRFS (error|critical|warning)' | sed 's/^\[[^]]*\] */# kernel: /'
fi
csum=
if [ $mounted -eq 0 ]; then
	find_uuid
	csum=$(cat "/sys/fs/btrfs/$uuid/checksum" 2>/dev/null)
	ktap_diag "/sys/fs/btrfs/$uuid/checksum: $csum"
else
	ktap_diag "btrfs could not be mounted with $REF_CRC32C alone"
fi
# (After 6.19 the name is btrfs' own "crc32c-lib", which REF_CRC32C is too.)
[ "$csum" = "crc32c ($REF_CRC32C)" ]
ktap_result $? "mounted again, /sys/fs/btrfs/<uuid>/checksum names $REF_CRC32C"

rc=1
if [ $mounted -eq 0 ]; then
	mkdir -p /var/lib/btrfs
	"$BTRFS" scrub start -B $MNT >$LOG 2>&1
	rc=$?
	[ $rc -eq 0 ] && grep -q 'no errors found' $LOG
	rc2=$?
	[ $rc2 -eq 0 ] && ktap_diag "btrfs scrub: $(grep -E 'Total to scrub' $LOG | sed 's/^ *//'), no errors found" ||
		{ ktap_diag "btrfs scrub exit $rc:"; diag_log; rc=1; }
fi
ktap_result $rc "btrfs scrub with $REF_CRC32C reports no errors"

rc=1
if [ $mounted -eq 0 ]; then
	echo 3 >/proc/sys/vm/drop_caches
	compare_files "$REF_CRC32C"
	rc=$?
fi
ktap_result $rc "files read back through $REF_CRC32C equal what was written"

[ $mounted -eq 0 ] && umount $MNT
crc32c_stack_restore
ktap_result $? "crc32c module stack restored as it was before the test"
ktap_diag "crc32c stack: $(crc32c_stack_state)"

rm -rf $SRC $LOG
ktap_finish
