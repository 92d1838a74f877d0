#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "check-core": the CPU-model-sensitive subset of the kselftests
# (arithmetic, vector state, execution contexts), run on POWER9 and POWER10.
. /sets/lib.sh
load_crc32c_stack || exit 1
args=
for t in crc32c_vmx_afalg crc32c_vmx_detects_wrong_driver.sh crc32c_vmx_vecstate \
	 crc32c_vmx_contexts.sh; do
	grep -qx "crc32c_vmx:$t" /kselftest/kselftest-list.txt && args="$args -t crc32c_vmx:$t"
done
cd /kselftest && ./run_kselftest.sh $args
