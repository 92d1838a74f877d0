#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "upstream-bench": the guest half of tools/upstream/numbers.sh.
# Loads crc_lib_bench (tools/upstream/bench), which calls every lib/crc
# function of the 7.2 kernel between the insn-interval plugin's markers,
# and prints its log as "BENCH crc_lib_bench: ..." lines for the host to
# pair with the plugin's counts. Fails if the module reports a wrong CRC.
echo "BENCH cpu $(grep -m1 '^cpu' /proc/cpuinfo | sed 's/^cpu[^:]*: *//')"
if ! out=$(insmod "/lib/modules/$(uname -r)/extra/crc_lib_bench.ko" 2>&1); then
	echo "cannot load crc_lib_bench: $out"
	dmesg | grep 'crc_lib_bench:' | tail -n 20
	exit 1
fi
dmesg | sed -n 's/^\[[^]]*\] *//; /^crc_lib_bench: /s/^/BENCH /p'
! dmesg | grep -q 'crc_lib_bench: MISMATCH'
