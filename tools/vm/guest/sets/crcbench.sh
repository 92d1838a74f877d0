#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "crcbench": crcbench-alg's in-guest tests (list, verify, run,
# error paths with their exit codes, a deliberately wrong driver).
. /sets/lib.sh
load_crc32c_stack || exit 1
guest-crcbench.sh
