#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "check-64k": for the 64K-page flavour of 6.12, the core subset
# (arithmetic, vector state, execution contexts) plus dm-integrity, the
# crypto-API user every kernel of the matrix must show on crc32c-vmx, and
# the guard-page and long-update test (crc_vmx_bounds.sh).
# check-64k.expect declares them; a test missing from the install fails.
. /sets/lib.sh
load_crc32c_stack || exit 1
cd /kselftest && ./run_kselftest.sh -t crc32c_vmx:crc32c_vmx_afalg \
	-t crc32c_vmx:crc32c_vmx_detects_wrong_driver.sh -t crc32c_vmx:crc32c_vmx_vecstate \
	-t crc32c_vmx:crc32c_vmx_contexts.sh -t crc32c_vmx:crc32c_vmx_isa31.sh \
	-t crc32c_vmx:crc32c_vmx_livestate \
	-t crc32c_vmx:crc32c_vmx_dm_integrity.sh -t crc32c_vmx:crc_family_vmx.sh \
	-t crc32c_vmx:crc_vmx_bounds.sh
