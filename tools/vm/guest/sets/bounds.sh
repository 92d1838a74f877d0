#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "bounds": crc_vmx_bounds.sh alone (guard pages, long updates).
. /sets/lib.sh
load_crc32c_stack || exit 1
cd /kselftest && ./run_kselftest.sh -t crc32c_vmx:crc_vmx_bounds.sh
