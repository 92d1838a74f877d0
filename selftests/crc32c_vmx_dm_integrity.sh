#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# dm-integrity with internal_hash:crc32c allocates "crc32c" through the
# crypto API on every kernel (also after 6.14): a device set up with a plain
# dmsetup table (no integritysetup) on a loop device must hold crc32c_vmx
# while active, and its tag computation must run crc32c-vmx's vector path.
# The tags it wrote are then checked by another implementation: the device
# is removed, crc32c_vmx and the in-tree driver are unloaded, the device is
# opened again with the reference driver (crc32c-generic;
# crc32c-lib from 6.17), and the data must read back intact with
# no integrity mismatch. The crc32c module stack is restored at the end.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
IMG=/tmp/ksft-dmint.img
NAME=ksft-crc32c-vmx
DATA_MB=4
export DM_DISABLE_UDEV=1

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
modprobe "$REF_CRC32C_MOD" || ktap_skip_all "$REF_CRC32C_MOD cannot be loaded"
require_releasable_crc32c
crc32c_stack_save
modprobe loop || ktap_skip_all "no loop devices"
modprobe dm-integrity || ktap_skip_all "no dm-integrity"
DMSETUP=$(real_tool dmsetup) || ktap_skip_all "dmsetup not installed"
ktap_plan 8

# integrity table: <dev> <offset> <tag size> <mode J=journal> <#opts> <opts>
table() { echo "0 $1 integrity $dev 0 4 J 1 internal_hash:crc32c"; }
dm() { "$DMSETUP" --noudevsync "$@"; }

dd if=/dev/zero of=$IMG bs=1M count=0 seek=64 2>/dev/null
dev=$(losetup -f) && losetup "$dev" $IMG || { ktap_diag "losetup failed"; exit 1; }
ref0=$(module_refcnt crc32c_vmx)
# The first activation formats the superblock; its status then gives the
# number of data sectors the device provides, the length of the real table.
dm create $NAME --table "$(table 1)" || { ktap_diag "dmsetup create (format) failed"; exit 1; }
provided=$(dm status $NAME | awk '{ print $5 }')
dm remove $NAME
# The table covers exactly the data written: tags of sectors never written
# are not initialised, and readahead past the data would report them.
sectors=$((DATA_MB * 2048))
ktap_diag "loop $dev; dm-integrity provides $provided data sectors, the table uses $sectors"
[ "$provided" -ge "$sectors" ] && dm create $NAME --table "$(table "$sectors")"
ktap_result $? "dm-integrity device with internal_hash:crc32c created from a dmsetup table"
ktap_diag "table: $(dm table $NAME)"

ref1=$(module_refcnt crc32c_vmx)
ktap_diag "crc32c_vmx refcnt: $ref0 before, $ref1 with the device active; \"crc32c\" -> $(resolved_crc32c)"
[ "$ref1" -gt "$ref0" ]
ktap_result $? "the active device holds crc32c_vmx"

head -c $((DATA_MB * 1048576)) /dev/urandom >/tmp/ksft-dmint.src
vec0=$(vector_bytes)
dd if=/tmp/ksft-dmint.src of=/dev/mapper/$NAME bs=1M 2>/dev/null && sync
vec1=$(vector_bytes)
ktap_diag "vector_bytes: $vec0 -> $vec1 (writing $DATA_MB MiB)"
[ "$vec0" -ge 0 ] && [ "$vec1" -ge $((vec0 + DATA_MB * 1048576)) ]
ktap_result $? "crc32c-vmx vector path hashed at least the $DATA_MB MiB written"

sum0=$(md5sum </tmp/ksft-dmint.src)
read_back() {
	echo 3 >/proc/sys/vm/drop_caches
	dd if=/dev/mapper/$NAME bs=1M 2>/dev/null | md5sum
}
[ "$(read_back)" = "$sum0" ] && [ "$(dm status $NAME | awk '{ print $4 }')" = 0 ]
ktap_result $? "data reads back intact through crc32c-vmx, 0 integrity mismatches"
dm remove $NAME
ref2=$(module_refcnt crc32c_vmx)
[ "$ref2" -eq "$ref0" ]
ktap_result $? "removing the device releases crc32c_vmx (refcnt $ref2)"

# Verifier: the kernel's reference driver reads the tags crc32c-vmx wrote.
crc32c_reference_only
gen=$?
ktap_result $gen "crc32c_vmx and crc32c_vpmsum unloaded, \"crc32c\" -> $(resolved_crc32c) (reference $REF_CRC32C)"
rc=1
mark=$(kernel_log_mark)
if [ $gen -eq 0 ] && dm create $NAME --table "$(table "$sectors")"; then
	[ "$(read_back)" = "$sum0" ]
	rc=$?
	mism=$(dm status $NAME | awk '{ print $4 }')
	ktap_diag "status: $(dm status $NAME)"
	[ "$mism" = 0 ] || rc=1
	dm remove $NAME
fi
kernel_log_since "$mark" | grep -i 'integrity' | grep -iE 'checksum|fail|error' | sed 's/^/# kernel: /' | head -n 5
ktap_result $rc "re-opened with $REF_CRC32C: data intact, 0 integrity mismatches"
losetup -d "$dev"

crc32c_stack_restore
ktap_result $? "crc32c module stack restored as it was before the test"
ktap_diag "crc32c stack: $(crc32c_stack_state)"
rm -f $IMG /tmp/ksft-dmint.src
ktap_finish
