#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# crc32c_vmx cannot be removed while a filesystem or libcrc32c holds it;
# once released it unloads, "crc32c" falls back to the next driver and stays
# correct; 50 load/unload cycles with AF_ALG traffic leave no stale
# /proc/crypto entry (kernel warnings fail the whole run in the harness).
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MNT=/mnt/ksft-removal
CHECK=e3069283
CYCLES=${CRC32C_VMX_CYCLES:-50}

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
modprobe brd rd_nr=1 rd_size=262144 && modprobe btrfs || ktap_skip_all "no brd/btrfs"
ktap_plan 7

mkfs.btrfs -q -f /dev/ram0 >/dev/null && mkdir -p $MNT && mount -t btrfs /dev/ram0 $MNT ||
	{ ktap_diag "cannot mount btrfs"; exit 1; }
rmmod crc32c_vmx 2>/dev/null
rc=$?
module_loaded crc32c_vmx
ktap_result $? "rmmod refused while btrfs is mounted (rmmod exit $rc)"
umount $MNT

if module_loaded libcrc32c; then
	rmmod crc32c_vmx 2>/dev/null
	module_loaded crc32c_vmx
	ktap_result $? "rmmod refused while libcrc32c holds the driver"
else
	ktap_fail "libcrc32c should be loaded (btrfs depends on it)"
fi

release_crc32c_holders && rmmod crc32c_vmx
ktap_result $? "rmmod succeeds once btrfs and libcrc32c are gone"

! driver_present crc32c-vmx && [ "$(resolved_crc32c)" = crc32c-vpmsum ]
ktap_result $? "\"crc32c\" falls back to $(resolved_crc32c) and crc32c-vmx left /proc/crypto"

got=$(printf 123456789 | afalg_crc crc32c)
[ "$got" = $CHECK ]
ktap_result $? "the fallback driver is correct (crc32c(123456789) = $got)"

"$here/crc32c_vmx_afalg" -d crc32c -R -n 600 -c 10 -L 70000 >/tmp/ksft-removal.log 2>&1
rc=$?
[ $rc -eq 0 ] || sed 's/^/# /' /tmp/ksft-removal.log
ktap_result $rc "\"crc32c\" after removal equals crc32c-generic (lengths 0..600, 10 long)"

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
ktap_result $bad "$CYCLES load/unload cycles with AF_ALG traffic, no stale /proc/crypto entry"

modprobe crc32c_vmx
ktap_finish
