#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "vpmsumd": runs under the insn-interval QEMU plugin (one vCPU).
# vpmsumd-probe hashes 1 MiB through crc32c-vmx and, as a control, through
# crc32c-generic, each between the plugin's markers; the host reads how many
# vpmsumd each interval executed (tools/vm/vpmsumd-lane.sh). Mutants named
# in crcvmx.mutants= (files /mutants/NAME.ko) are probed the same way after
# the real module, one after another. One "PROBE label" line precedes each
# interval, in order.
. /sets/lib.sh
load_crc32c_stack || exit 1
fail=0
probe() { # LABEL DRIVER
	echo "PROBE $1"
	vpmsumd-probe "$2" 1048576 || fail=1
}
probe real:crc32c-vmx crc32c-vmx
probe real:crc32c-generic crc32c-generic
for m in $(sed -n 's/.*crcvmx\.mutants=\([A-Za-z0-9_,-]*\).*/\1/p' /proc/cmdline | tr , ' '); do
	swap_crc32c_vmx "/mutants/$m.ko" || { echo "cannot load mutant $m"; fail=1; continue; }
	echo "PROBE $m:crc32c-vmx"
	vpmsumd-probe crc32c-vmx 1048576
done
swap_crc32c_vmx "$REAL_KO" || fail=1
exit $fail
