#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "check": the kselftests, as `make check` runs them.
. /sets/lib.sh
load_crc32c_stack || exit 1
cd /kselftest && ./run_kselftest.sh
