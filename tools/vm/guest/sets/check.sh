#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "check": the kselftests, as `make check` runs them.
. /sets/lib.sh
for m in crypto_user algif_hash crc32c_generic crc32c-vpmsum crc32c_vmx; do
	load "$m" || exit 1
done
cd /kselftest && ./run_kselftest.sh
