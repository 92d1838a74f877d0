#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The operator's view of which vector core was chosen. crc32c_vmx picks its
# ISA 3.1 core (lxvp, xxeval; POWER10 and later) once at load, from the CPU
# features, and counts in /sys/module/crc32c_vmx/stats/isa31_bytes the bytes
# it hands to the ISA 3.1 branch. On POWER10 and later that counter must
# rise by at least what a 64 KiB message hashed through crc32c-vmx adds to
# vector_bytes; on POWER8 and POWER9 it must be 0 and stay 0. The message
# is page-aligned (afalg_crc32c), so every update the driver gets is a whole
# page, longer than the shortest input of the ISA 3.1 core (1183 bytes). At
# that edge, on POWER10 and later, a 1182-byte message takes the POWER8
# core (isa31_bytes stays still) and a 1183-byte one the ISA 3.1 core; on
# POWER8 and POWER9 neither counts ISA 3.1 bytes.
# This checks what the module says, not what ran: the glue increments the
# counter before it calls a core, so a module that counts and then calls
# the POWER8 core passes here (the mutant tools/mutants/isa31-not-run.patch
# does). The proof that the ISA 3.1 loop's lxvp and xxeval executed inside
# crc32c_vmx on POWER10, and never on POWER8 and POWER9, comes from outside
# the guest: the execution lane (tools/vm/execution-lane.sh, a QEMU plugin
# that counts the instructions and where they ran; docs/testing.md).
. "$(dirname "$0")/crc32c_lib.sh"
require_root
modprobe crc32c_vmx 2>/dev/null
[ -r "$STATS/isa31_bytes" ] || ktap_skip_all "crc32c_vmx is not loaded (no $STATS/isa31_bytes)"

isa31_bytes() { cat "$STATS/isa31_bytes" 2>/dev/null || echo -1; }
cpu=$(sed -n 's/^cpu[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)
gen=$(echo "$cpu" | sed -n 's/^POWER\([0-9][0-9]*\).*/\1/p')
[ -n "$gen" ] || ktap_skip_all "cannot tell the POWER generation from /proc/cpuinfo ('$cpu')"

# CRC_VMX_ISA31_MIN_LEN (module/arch/powerpc/crc32c_vmx_core.h)
ISA31_MIN_LEN=1183

ktap_plan 4
i0=$(isa31_bytes)
v0=$(vector_bytes)
got=$(head -c 65536 /dev/zero | afalg_crc crc32c-vmx)
i1=$(isa31_bytes)
v1=$(vector_bytes)
ktap_diag "cpu: $cpu; isa31_bytes $i0 -> $i1, vector_bytes $v0 -> $v1"
[ "$got" = 72c0c4a4 ] || ktap_diag "crc32c of 64 KiB of zeros: $got, expected 72c0c4a4"
[ "$got" = 72c0c4a4 ] && [ $((v1 - v0)) -ge 65536 ]
ktap_result $? "64 KiB through crc32c-vmx took the vector path and is correct"
if [ "$gen" -ge 10 ]; then
	[ $((i1 - i0)) -ge 65536 ]
	ktap_result $? "POWER$gen: the module counts the bytes as ISA 3.1 (isa31_bytes rose by $((i1 - i0)))"
else
	[ "$i0" -eq 0 ] && [ "$i1" -eq 0 ]
	ktap_result $? "POWER$gen: the module counts no ISA 3.1 bytes (isa31_bytes $i0 -> $i1)"
fi

for len in $((ISA31_MIN_LEN - 1)) $ISA31_MIN_LEN; do
	i0=$(isa31_bytes)
	v0=$(vector_bytes)
	got=$(head -c $len /dev/zero | afalg_crc crc32c-vmx)
	want=$(head -c $len /dev/zero | afalg_crc "$REF_CRC32C")
	i1=$(isa31_bytes)
	v1=$(vector_bytes)
	ktap_diag "$len bytes: crc32c $got ($REF_CRC32C: $want); isa31_bytes +$((i1 - i0)), vector_bytes +$((v1 - v0))"
	if [ "$gen" -ge 10 ] && [ $len -ge $ISA31_MIN_LEN ]; then
		isa=$len core="the ISA 3.1 core"
	else
		isa=0 core="the POWER8 core"
	fi
	[ -n "$got" ] && [ "$got" = "$want" ] && [ $((v1 - v0)) -eq $len ] && [ $((i1 - i0)) -eq $isa ]
	ktap_result $? "POWER$gen: a $len-byte message takes $core (isa31_bytes +$isa) and is correct"
done
ktap_finish
