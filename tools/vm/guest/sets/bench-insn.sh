#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "bench-insn": the guest half of tools/bench-model (make bench-model).
# Loads the three crc32c drivers, the CRC family's (crct10dif and
# crc64-rocksoft: generic and crc_family_vmx) and the test-only
# crc32c_vmx_bench module,
# which runs every measurement between the insn-interval plugin's markers,
# then the live-vector-register probes (vsx-live). Prints the kernel's log of
# what was measured, in order, as "BENCH ..." lines for the host to pair with
# the plugin's counts. Without the plugin it still runs (and checks every
# driver's CRC) but counts nothing.
. /sets/lib.sh
for m in crc32c_generic crc32c-vpmsum crc32c_vmx crct10dif_generic crc64_rocksoft_generic \
	crc_family_vmx; do
	load "$m" || exit 1
done
echo "BENCH cpu $(grep -m1 '^cpu' /proc/cpuinfo | sed 's/^cpu[^:]*: *//')"
crc32c_table | sed 's/^ */BENCH driver /'
for f in /sys/module/crc32c_vmx/parameters/*; do
	[ -r "$f" ] && echo "BENCH param ${f##*/}=$(cat "$f")"
done
if ! out=$(modprobe crc32c_vmx_bench 2>&1); then
	echo "cannot load crc32c_vmx_bench: $out"
	dmesg | grep 'crc32c_vmx_bench:' | tail -n 20
	exit 1
fi
fail=0
/usr/bin/vsx-live 8 || fail=1
for f in /sys/module/crc32c_vmx/stats/*; do
	[ -r "$f" ] && echo "BENCH stat ${f##*/}=$(cat "$f")"
done
for f in /sys/module/crc_family_vmx/stats/*; do
	[ -r "$f" ] && echo "BENCH family-stat ${f##*/}=$(cat "$f")"
done
bench_log
dmesg | grep -q 'crc32c_vmx_bench: MISMATCH' && fail=1
rmmod crc32c_vmx_bench || fail=1
exit $fail
