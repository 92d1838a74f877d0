#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "upstream-full": crc_kunit, the filesystems and the NVMe guards
# on make check-upstream's patched 7.2 kernel (upstream-kunit.sh has the
# description). Boot with --nvme-pi and --append brd.rd_size=524288.
exec /sets/upstream-kunit.sh full
