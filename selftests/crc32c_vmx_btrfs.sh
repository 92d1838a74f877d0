#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# btrfs picks crc32c-vmx on its own and its data survives a round trip
# through the disk: write a mixed set of files (empty to 24 MiB) to btrfs on a
# ramdisk, sync, drop the page cache, read back (btrfs verifies every data
# checksum on the way) and compare; crc32c-vmx's vector counter must rise by
# at least the bytes written.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MNT=/mnt/ksft-btrfs
SIZES="0 1 15 4095 4096 65537 1048579 8388608 25165824"

modprobe crc32c_vmx || ktap_skip_all "crc32c_vmx cannot be loaded"
modprobe brd rd_nr=1 rd_size=262144 || ktap_skip_all "no brd ramdisk"
modprobe btrfs || ktap_skip_all "no btrfs"
command -v mkfs.btrfs >/dev/null || ktap_skip_all "mkfs.btrfs not installed"
ktap_plan 5

mark=$(kernel_log_mark)
mkfs.btrfs -q -f /dev/ram0 >/dev/null || { ktap_diag "mkfs.btrfs failed"; exit 1; }
mkdir -p $MNT /tmp/ksft-btrfs-src
mount -t btrfs /dev/ram0 $MNT || { ktap_diag "mount failed"; exit 1; }
line=$(kernel_log_since "$mark" | grep 'using crc32c (' | tail -n 1)
ktap_diag "kernel: ${line#*] }"
echo "$line" | grep -q 'using crc32c (crc32c-vmx)'
ktap_result $? "btrfs mount logs crc32c-vmx"

uuid=
for d in /sys/fs/btrfs/*/devices/ram0; do
	[ -e "$d" ] && uuid=${d#/sys/fs/btrfs/} && uuid=${uuid%%/*}
done
csum=$(cat "/sys/fs/btrfs/$uuid/checksum" 2>/dev/null)
ktap_diag "/sys/fs/btrfs/$uuid/checksum: $csum"
[ "$csum" = "crc32c (crc32c-vmx)" ]
ktap_result $? "/sys/fs/btrfs/<uuid>/checksum names crc32c-vmx"

total=0
for s in $SIZES; do
	head -c "$s" /dev/urandom >/tmp/ksft-btrfs-src/f$s
	total=$((total + s))
done
before=$(vector_bytes)
cp /tmp/ksft-btrfs-src/* $MNT/ && sync
ktap_result $? "wrote $(echo $SIZES | wc -w) files, $total bytes, and synced"

echo 3 >/proc/sys/vm/drop_caches
bad=0
for s in $SIZES; do
	cmp -s /tmp/ksft-btrfs-src/f$s $MNT/f$s || { ktap_diag "f$s differs after re-read"; bad=1; }
done
ktap_result $bad "files read back from disk (cache dropped) equal what was written"

after=$(vector_bytes)
ktap_diag "vector_bytes: $before -> $after (data written: $total)"
[ "$before" -ge 0 ] && [ $((after - before)) -ge "$total" ]
ktap_result $? "crc32c-vmx vector path counter rose by at least the data written"

umount $MNT
rm -rf /tmp/ksft-btrfs-src
ktap_finish
