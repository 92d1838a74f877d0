#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Who holds crc32c_vmx is measured, not assumed: loading btrfs (libcrc32c
# binds a "crc32c" tfm) and mounting it each take a reference, umount gives
# it back. It cannot be removed while a filesystem or libcrc32c holds it;
# once released it unloads, "crc32c" falls back to the next driver and stays
# correct; load/unload cycles with AF_ALG traffic leave no stale /proc/crypto
# entry (kernel warnings fail the whole run in the harness). After 6.19
# neither btrfs nor anything else in the kernel's filesystems holds the
# driver (BTRFS_USES_CRYPTO=0 in crc32c_lib.sh): there loading and mounting
# btrfs must take no reference, and the holder is a dm-integrity device with
# internal_hash:crc32c instead.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MNT=/mnt/ksft-removal
IMG=/tmp/ksft-removal-dm.img
DM=ksft-removal
CHECK=e3069283
# Load/unload cycles. On a kernel with testmgr's extra tests
# (CONFIG_CRYPTO_MANAGER_EXTRA_TESTS: cryptomgr has the noextratests
# parameter, and it is N) every registration also runs the fuzz comparison
# with the generic driver, about 2 s per load under TCG on the debug kernel,
# so fewer cycles keep the test's time bounded; each one is tested harder.
if [ "$(cat /sys/module/cryptomgr/parameters/noextratests 2>/dev/null)" = N ]; then
	CYCLES=${CRC32C_VMX_CYCLES:-12}
else
	CYCLES=${CRC32C_VMX_CYCLES:-50}
fi

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
modprobe "$INTREE_CRC32C_MOD" 2>/dev/null
require_releasable_crc32c
modprobe brd rd_nr=1 rd_size=262144 || ktap_skip_all "no brd ramdisk"
MKFS=$(real_tool mkfs.btrfs) || ktap_skip_all "mkfs.btrfs (btrfs-progs) not installed"
# Start from btrfs and libcrc32c loaded after crc32c_vmx, as after boot.
release_crc32c_holders || ktap_skip_all "cannot unload btrfs and libcrc32c"
ref0=$(module_refcnt crc32c_vmx)
modprobe btrfs || ktap_skip_all "no btrfs"
ref1=$(module_refcnt crc32c_vmx)
ktap_plan 11

ktap_check_intree_crc32c

ktap_diag "crc32c_vmx refcnt: $ref0 before btrfs (and libcrc32c) loaded, $ref1 after"
if [ "$BTRFS_USES_CRYPTO" = 1 ]; then
	module_loaded libcrc32c && [ "$ref1" -gt "$ref0" ]
	ktap_result $? "loading btrfs and libcrc32c takes a crc32c_vmx reference"
else
	! module_loaded libcrc32c && [ "$ref1" -eq "$ref0" ]
	ktap_result $? "loading btrfs takes no crc32c_vmx reference ($(uname -r): no libcrc32c)"
fi

"$MKFS" -q -f /dev/ram0 >/dev/null && mkdir -p $MNT && mount -t btrfs /dev/ram0 $MNT ||
	{ ktap_diag "cannot mount btrfs"; exit 1; }
ref2=$(module_refcnt crc32c_vmx)
ktap_diag "crc32c_vmx refcnt: $ref1 before mount, $ref2 mounted"
if [ "$BTRFS_USES_CRYPTO" = 1 ]; then
	[ "$ref2" -gt "$ref1" ]
	ktap_result $? "crc32c_vmx refcount rises when btrfs mounts"

	rmmod crc32c_vmx 2>/dev/null
	rc=$?
	ktap_diag "rmmod exit $rc"
	module_loaded crc32c_vmx
	ktap_result $? "rmmod refused while btrfs is mounted"

	umount $MNT
	ref3=$(module_refcnt crc32c_vmx)
	ktap_diag "crc32c_vmx refcnt after umount: $ref3"
	[ "$ref3" -eq "$ref1" ]
	ktap_result $? "crc32c_vmx refcount falls back after umount"

	# What still holds it now is libcrc32c's tfm (measured above).
	rc=1
	if [ "$ref3" -gt 0 ] && module_loaded libcrc32c; then
		rmmod crc32c_vmx 2>/dev/null
		module_loaded crc32c_vmx
		rc=$?
	fi
	ktap_result $rc "rmmod refused while libcrc32c holds the driver"

	release_crc32c_holders && rmmod crc32c_vmx
	ktap_result $? "rmmod succeeds once btrfs and libcrc32c are gone"
else
	[ "$ref2" -eq "$ref1" ]
	ktap_result $? "mounting btrfs takes no crc32c_vmx reference (btrfs uses the crc32c() library)"

	# dm-integrity allocates "crc32c" through the crypto API on every kernel.
	modprobe loop && modprobe dm-integrity && DMSETUP=$(real_tool dmsetup) &&
		dd if=/dev/zero of=$IMG bs=1M count=0 seek=8 2>/dev/null &&
		dev=$(losetup -f) && losetup "$dev" $IMG &&
		DM_DISABLE_UDEV=1 "$DMSETUP" --noudevsync create $DM \
			--table "0 1 integrity $dev 0 4 J 1 internal_hash:crc32c"
	rc=$?
	ref3=$(module_refcnt crc32c_vmx)
	ktap_diag "crc32c_vmx refcnt with a dm-integrity device active: $ref3"
	[ $rc -eq 0 ] && [ "$ref3" -gt "$ref2" ]
	ktap_result $? "a dm-integrity device (internal_hash:crc32c) takes a crc32c_vmx reference"

	rmmod crc32c_vmx 2>/dev/null
	module_loaded crc32c_vmx
	ktap_result $? "rmmod refused while the dm-integrity device holds the driver"

	DM_DISABLE_UDEV=1 "$DMSETUP" --noudevsync remove $DM
	losetup -d "$dev"
	rm -f $IMG
	ref4=$(module_refcnt crc32c_vmx)
	ktap_diag "crc32c_vmx refcnt after the device is removed: $ref4"
	[ "$ref4" -eq "$ref2" ]
	ktap_result $? "crc32c_vmx refcount falls back once the device is removed"

	rmmod crc32c_vmx
	ktap_result $? "rmmod succeeds while btrfs is still mounted"
	umount $MNT
fi

ktap_diag "\"crc32c\" resolves to $(resolved_crc32c)"
! driver_present crc32c-vmx && [ "$(resolved_crc32c)" = "$INTREE_CRC32C" ]
ktap_result $? "\"crc32c\" falls back to $INTREE_CRC32C and crc32c-vmx left /proc/crypto"

got=$(printf 123456789 | afalg_crc crc32c)
ktap_diag "crc32c(123456789) = $got"
[ "$got" = $CHECK ]
ktap_result $? "the fallback driver is correct for the check string"

"$here/crc32c_vmx_afalg" -d crc32c -R -n 600 -c 10 -L 70000 >/tmp/ksft-removal.log 2>&1
rc=$?
[ $rc -eq 0 ] || sed 's/^/# /' /tmp/ksft-removal.log
ktap_result $rc "\"crc32c\" after removal equals $REF_CRC32C (lengths 0..600, 10 long)"

bad=0
i=0
while [ $i -lt "$CYCLES" ]; do
	i=$((i + 1))
	modprobe crc32c_vmx || { ktap_diag "cycle $i: modprobe failed"; bad=1; break; }
	got=$(head -c 4096 /dev/zero | afalg_crc crc32c-vmx)
	[ "$got" = 98f94189 ] || { ktap_diag "cycle $i: crc32c-vmx digest $got"; bad=1; }
	rmmod crc32c_vmx || { ktap_diag "cycle $i: rmmod failed"; bad=1; break; }
	if driver_present crc32c-vmx; then
		ktap_diag "cycle $i: stale crc32c-vmx entry in /proc/crypto"
		bad=1
	fi
done
ktap_diag "$i of $CYCLES load/unload cycles done"
ktap_result $bad "load/unload cycles with AF_ALG traffic leave no stale /proc/crypto entry"

modprobe crc32c_vmx
ktap_finish
