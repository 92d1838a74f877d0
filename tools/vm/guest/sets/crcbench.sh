#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "crcbench": crcbench-alg's in-guest tests (list, verify, run,
# error paths with their exit codes, a deliberately wrong driver).
. /sets/lib.sh
for m in crypto_user algif_hash crc32c_generic crc32c-vpmsum crc32c_vmx; do
	load "$m" || exit 1
done
guest-crcbench.sh
