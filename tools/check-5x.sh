#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make check-5x`: the 5.x enterprise generation (RHEL 9 and SLES 15 at
# 5.14, Ubuntu 22.04 at 5.15), tested on the project's own 5.10 kernel,
# built from Debian 11's linux-source-5.10 (5.10.223) with
# tools/vm/kernel-5.10.config and cached; Debian no longer serves a ppc64el
# 5.x binary kernel. Outside make check: the first run builds that kernel
# (about half an hour on two cores), which make check's budget and CI's
# cold run cannot also afford (docs/testing.md, "The 5.x generation").
#   - both modules build without warnings against it (tools/build-guest.sh);
#   - the whole kselftest suite in a POWER8 guest with the NVMe namespaces
#     (protection information: crct10dif through t10-pi), the core set on
#     POWER9 and on POWER10;
#   - the execution lane (tools/vm/execution-lane.sh: the QEMU plugin counts
#     which module executed vpmsumd, lxvp and xxeval) on all three;
#   - the two DKMS packages built by Debian 11's dkms 2.8.4
#     (tools/deb/test-dkms-old.sh).
# Every result it must produce is listed in tools/check-5x-results.txt.
# Ends with "N passed, N failed"; exit 0 only if none failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# shellcheck source=lib/common.sh
. tools/lib/common.sh
no_arguments "the 5.x generation on a 5.10 kernel built from source (make check-5x); see docs/testing.md" "$@"
# shellcheck source=lib/accounting.sh
. tools/lib/accounting.sh
MATRIX_TSV=build/check-5x-cells.tsv MATRIX_TARGET=check-5x
# shellcheck source=lib/guest-sets.sh
. tools/lib/guest-sets.sh
tools/setup.sh || die "setup failed (see the messages above)"
acc_reset build/check-5x-results.tsv
rm -f "$MATRIX_TSV"

k=5.10
say "check-5x: Linux $k (built from linux-source-5.10, cached; build/kernel-5.10.log)"
if build_for_kernel "$k" none; then
	result "$k:build" 0
	export KENV KNAME=$k INITRD
	KENV=$(kernel_env "$k") INITRD=$(kernel_out "$k")/initramfs.cpio.gz
	# module/compat.mk's header probes against 5.10's tree: what they find
	# must be what tools/compat-probes.expect says 5.10 has.
	tools/compat-probes.sh --kernel-env "$KENV" >build/compat-probes-5.10.log 2>&1
	result "compat-probes:$k" $?
	run_set "$k" check POWER8 --nvme-pi
	for cpu in POWER9 POWER10; do
		run_set "$k/$cpu" check-core "$cpu" --append crcvmx.depth=quick
	done
	# What ran, counted from outside the guest by the QEMU plugin: vpmsumd
	# in crc32c_vmx and crc_family_vmx (crct10dif, also under NVMe PI) on
	# POWER8, the ISA 3.1 core on POWER10.
	count_lane plugin-5.10 build/execution-5.10-verdicts.txt tools/vm/execution-lane.sh \
		--kernel-env "$KENV" --initrd "$INITRD" --out build/execution-5.10
else
	say "check-5x: building for $k failed (build/kernel-5.10.log, build/build-guest-$k.log)"
	tail -n 5 build/kernel-5.10.log build/build-guest-$k.log >&2 2>/dev/null
	result "$k:build" 1
fi

say "check-5x: the DKMS packages with Debian 11's dkms"
if [ -s "$(kernel_env "$k")" ] && tools/deb/build-deb.sh --no-lintian >build/deb.log 2>&1; then
	mapfile -t dkmsdebs < <(ls build/deb/crc32c-vmx-dkms_*_all.deb build/deb/crc-family-vmx-dkms_*_all.deb)
	count_lane dkms-old build/dkms-old-verdicts.txt tools/deb/test-dkms-old.sh \
		--deb "${dkmsdebs[0]}" --deb "${dkmsdebs[1]}" --kernel-env "$(kernel_env "$k")"
else
	say "check-5x: no 5.10 kernel, or the packages did not build (build/deb.log)"
	result "dkms-old:packages built" 1
fi

manifest_check tools/check-5x-results.txt
acc_summary
