#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "demo": what `make run` shows a newcomer.
. /sets/lib.sh
fail=0
load_crc32c_stack || exit 1
echo "| crc32c drivers in /proc/crypto (highest priority wins):"
echo "|   driver           module         priority   selftest"
crc32c_table | sed 's/^/|/'

echo "| btrfs on a 256 MiB ramdisk:"
load brd rd_nr=1 rd_size=262144 || exit 1
load btrfs || exit 1
mkfs.btrfs -q -f /dev/ram0 >/tmp/mkfs.log 2>&1 || { cat /tmp/mkfs.log; exit 1; }
mount -t btrfs /dev/ram0 /mnt || exit 1
dmesg | grep -E 'crc32c' | grep -i btrfs | sed 's/^\[[^]]*\] */|   kernel: /'
uuid=$(ls /sys/fs/btrfs | grep -E '^[0-9a-f]{8}-' | head -n 1)
csum=$(cat "/sys/fs/btrfs/$uuid/checksum" 2>/dev/null)
echo "|   /sys/fs/btrfs/$uuid/checksum: $csum"
# After 6.19 btrfs calls the kernel's crc32c() library (its sysfs file says
# "crc32c (crc32c-lib)"); before, it must have picked crc32c-vmx.
case "$csum" in
*crc32c-vmx*) ;;
*crc32c-lib*) [ "$(echo "$KREL" | cut -d. -f1)" -ge 7 ] || fail=1
	echo "|   (this kernel's btrfs calls the crc32c() library, not the crypto API;" \
		"dm-integrity and AF_ALG still reach crc32c-vmx)" ;;
*) echo "|   btrfs does not use crc32c-vmx"; fail=1 ;;
esac
dd if=/dev/urandom of=/mnt/data bs=64k count=16 2>/dev/null && sync
umount /mnt

echo "| crc32c(\"123456789\") through AF_ALG (expected e3069283):"
got=$(printf 123456789 | /kselftest/crc32c_vmx/afalg_crc32c crc32c) || fail=1
echo "|   $got"
case "$got" in *e3069283*) ;; *) fail=1 ;; esac

echo "| vector path use: $(cat /sys/module/crc32c_vmx/stats/vector_bytes) bytes," \
	"fallback: $(cat /sys/module/crc32c_vmx/stats/fallback_bytes) bytes" \
	"(/sys/module/crc32c_vmx/stats)"

# Instruction counts: crc32c_vmx_bench runs each crc32c driver between the
# insn-interval plugin's markers (make run loads the plugin into QEMU); the
# host pairs the BENCH lines below with the plugin's counts and prints the
# table first (tools/run.sh). Without the plugin the module still runs and
# checks every driver's CRC, but nothing is counted.
sizes=64,256,1024,4096,16384,65536
drivers=$(crc32c_table | awk '{ printf "%s%s", (NR > 1 ? "," : ""), $1 }')
echo "| instruction counts: crc32c_vmx_bench runs $drivers at $sizes bytes"
echo "BENCH demo drivers=$drivers sizes=$sizes"
if out=$(modprobe crc32c_vmx_bench "subjects=baseline,$drivers" "sizes=$sizes" iters=4 reps=2 2>&1); then
	bench_log
	rmmod crc32c_vmx_bench || fail=1
else
	echo "|   cannot load crc32c_vmx_bench: $out"
	dmesg | grep 'crc32c_vmx_bench:' | tail -n 20 | sed 's/^/|   /'
	fail=1
fi

# The EMULATED throughput table: the host prints it after the instruction
# counts, and draws build/crcbench-demo.png from the CSV.
echo "| crcbench-alg run: every crc32c driver through AF_ALG (end to end) and in the kernel (tcrypt), timed (EMULATED; its table follows the counts)"
# ---- The crcbench-alg command of the demo: the one place to change it ----
# AF_ALG (end to end) beside the kernel's own tcrypt speed test (in-kernel);
# kmod's modprobe, as busybox's would run tcrypt twice (docs/crcbench-alg.md).
hooks=
[ -x /usr/lib/kmod-compat/modprobe ] && hooks="--modprobe /usr/lib/kmod-compat/modprobe"
# shellcheck disable=SC2086
crcbench-alg run --sizes 64..64K --duration 100ms --warmup 20ms --trials 3 \
	--backend afalg,tcrypt --tcrypt-sec 1 $hooks \
	--csv /tmp/crcbench.csv >/tmp/crcbench.txt 2>/tmp/crcbench.err || {
	sed 's/^/|   /' /tmp/crcbench.err
	fail=1
}
# ---------------------------------------------------------------------------
for f in crcbench.txt crcbench.csv; do
	echo "CRCVMX-FILE-BEGIN $f"
	cat "/tmp/$f"
	echo "CRCVMX-FILE-END"
done
exit $fail
