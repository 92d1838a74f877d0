#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "check-core": the CPU-model-sensitive subset of the kselftests
# (arithmetic, vector state, execution contexts, inputs against guard
# pages, the load line that names the core: POWER10 runs the ISA 3.1
# core), run on POWER9 and POWER10.
# check-core.expect declares them; a test missing from the install fails.
. /sets/lib.sh
load_crc32c_stack || exit 1
cd /kselftest && ./run_kselftest.sh -t crc32c_vmx:crc32c_vmx_afalg \
	-t crc32c_vmx:crc32c_vmx_detects_wrong_driver.sh -t crc32c_vmx:crc32c_vmx_vecstate \
	-t crc32c_vmx:crc32c_vmx_contexts.sh -t crc32c_vmx:crc32c_vmx_isa31.sh \
	-t crc32c_vmx:crc32c_vmx_params.sh -t crc32c_vmx:crc32c_vmx_livestate -t crc32c_vmx:crc_family_vmx.sh \
	-t crc32c_vmx:crc_vmx_bounds.sh
