#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "crcbench": crcbench-alg's in-guest tests (list, verify, run,
# error paths with their exit codes, a deliberately wrong driver), and its
# --alg crct10dif / crc64-rocksoft tests against the generic drivers and
# crc_family_vmx (Debian's 6.1: all three are modules).
. /sets/lib.sh
load_crc32c_stack || exit 1
for m in crct10dif_generic crc64_rocksoft_generic crc_family_vmx; do
	load $m || exit 1
done
guest-crcbench.sh
