#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Inputs no kernel caller hands the drivers: ending flush against an
# unmapped page, and single calls far longer than a page. Loading the
# test-only module crc_vmx_bounds (selftests/kmod) hashes, through
# crc32c-vmx, crct10dif-vmx and crc64-rocksoft-vmx (allocated by driver
# name), every length 0..16896 ending exactly at the end of a vmalloc area
# (its guard page follows), every length 0..1300 ending 1..15 bytes before
# it and starting 0..15 bytes after the area's start (the page before is
# the guard of another area), lengths around the vector thresholds, the
# ISA 3.1 loop's first lengths and powers of two up to 16 KiB at all those
# positions, and update(), digest(), finup() calls of 64 KiB + 1 up to
# 4 MiB + 5 bytes, whole and in odd-sized pieces; it compares every digest
# with the kernel's reference driver of the algorithm ($REF_CRC32C,
# crct10dif-generic, crc64-rocksoft-generic). A read past the end of an
# input (or before its start) oopses the kernel, which fails the run.
# Then: the module must report the guard pages unmapped, every driver's
# results right, and each driver's vector counter must have risen by at
# least the bytes it was handed in calls of 512 bytes or more. Where the
# kernel has no crct10dif/crc64-rocksoft algorithms (6.15 and later, the
# debug kernel) the module must report those two drivers absent (-ENOENT)
# and crc_family_vmx must not be loaded.
# Quick depth (CRC32C_VMX_DEPTH=quick, the sets that run the same cores
# again: docs/testing.md): every length only up to 2048 at the flush
# position, then every 31st, and lengths 0..600 at the other positions;
# the long updates are the same.
. "$(dirname "$0")/crc32c_lib.sh"
MOD=crc_vmx_bounds
PARAMS=/sys/module/$MOD/parameters
FSTATS=/sys/module/crc_family_vmx/stats

param() { cat "$PARAMS/$1" 2>/dev/null || echo -1; }
# nth LIST N: the Nth element (1-based) of a comma-separated parameter array
nth() { echo "$1" | cut -d, -f"$2"; }
fcounter() { cat "$FSTATS/$1" 2>/dev/null || echo -1; }

require_root
modprobe crc32c_vmx 2>/dev/null
[ -r "$STATS/vector_bytes" ] || ktap_skip_all "crc32c_vmx is not loaded (no $STATS)"
modprobe "$REF_CRC32C_MOD" 2>/dev/null
if module_loaded $MOD; then
	rmmod $MOD
fi
modinfo $MOD >/dev/null 2>&1 || ktap_skip_all "test module $MOD is not installed (build selftests/kmod)"

ktap_plan 5
# The module's family bitmask (bit 0 crct10dif, bit 1 crc64-rocksoft) must
# be what this kernel has; the drivers of what it lacks must be absent.
has_family=0 loaded_family=0
algs=$(kernel_family_algs)
if [ -n "$algs" ]; then
	module_loaded crc_family_vmx || loaded_family=1
	for d in $algs; do
		case $d in crct10dif) has_family=$((has_family | 1)) ;; crc64-rocksoft) has_family=$((has_family | 2)) ;; esac
		modprobe "$(echo "$d" | tr - _)_generic" || ktap_diag "cannot load the $d generic driver"
	done
	modprobe crc_family_vmx || ktap_diag "cannot load crc_family_vmx"
fi
v0="$(vector_bytes) $(fcounter crct10dif_vector_bytes) $(fcounter crc64_rocksoft_vector_bytes)"
isa0=$(cat "$STATS/isa31_bytes" 2>/dev/null || echo -1)
depth_args=
[ "${CRC32C_VMX_DEPTH:-full}" != quick ] || depth_args="dense_max=2048 sweep_step=31 short_max=600"
ktap_diag "depth ${CRC32C_VMX_DEPTH:-full}: modprobe $MOD $depth_args"
mark=$(kernel_log_mark)
start=$(date +%s)
# shellcheck disable=SC2086 # the parameters are separate words
out=$(modprobe $MOD $depth_args 2>&1)
rc=$?
secs=$(($(date +%s) - start))
v1="$(vector_bytes) $(fcounter crct10dif_vector_bytes) $(fcounter crc64_rocksoft_vector_bytes)"
isa1=$(cat "$STATS/isa31_bytes" 2>/dev/null || echo -1)
kernel_log_since "$mark" | grep "$MOD:" | sed 's/^/# kernel: /'
ktap_diag "module ran in ${secs}s (page size $(param page_size); guard sweeps $(param guard_ms) ms, long updates $(param long_ms) ms)"
if [ $rc -ne 0 ]; then
	ktap_diag "modprobe $MOD failed: $out"
	ktap_fail "$MOD loads and runs (needs crc32c-vmx and $REF_CRC32C)"
	for t in "guard pages" crc32c-vmx crct10dif-vmx crc64-rocksoft-vmx; do
		ktap_fail "$t (not evaluated)"
	done
	ktap_finish
fi
res=$(param result) guards=$(param guards) family=$(param family)
results=$(param results) vb=$(param vector_bytes) lb=$(param long_bytes) n=$(param cases)
rmmod $MOD
# Leave crc_family_vmx as found (where nothing else holds it).
[ $loaded_family -eq 0 ] || rmmod crc_family_vmx 2>/dev/null
ktap_diag "result $res, guards $guards, family $family; per driver: results $results, cases $n, vector_bytes $vb, long_bytes $lb"
ktap_diag "vector counters before: $v0; after: $v1; crc32c-vmx's ISA 3.1 core: isa31_bytes $isa0 -> $isa1"
[ "$family" -eq "$has_family" ]
ktap_result $? "$MOD ran; the crct10dif/crc64-rocksoft algorithms it was built with (bits): $family (this kernel has: $has_family)"
[ "$guards" -eq 0 ]
ktap_result $? "nothing is mapped in the guard pages after and before the data area, and after the long area"

i=0
for d in crc32c-vmx crct10dif-vmx crc64-rocksoft-vmx; do
	i=$((i + 1))
	r=$(nth "$results" $i) c=$(nth "$n" $i) want=$(nth "$vb" $i) long=$(nth "$lb" $i)
	before=$(echo "$v0" | cut -d' ' -f$i) after=$(echo "$v1" | cut -d' ' -f$i)
	if [ $i -gt 1 ] && [ $((has_family & (1 << (i - 2)))) -eq 0 ]; then
		# No such algorithm: the driver must not exist (and with neither,
		# the module is not loaded at all).
		[ "$r" -eq -2 ] && { [ $has_family -ne 0 ] || ! module_loaded crc_family_vmx; }
		ktap_result $? "$d is absent on $(uname -r), as it must be (allocation: $r, -ENOENT expected)"
		continue
	fi
	ktap_diag "$d: result $r, $c comparisons; vector counter $before -> $after (+$((after - before))), handed $want bytes in calls >= 512, $long in calls > 64 KiB"
	[ "$r" -eq 0 ] && [ "$c" -gt 0 ] && [ "$long" -gt 0 ] && [ "$before" -ge 0 ] &&
		[ $((after - before)) -ge "$want" ]
	ktap_result $? "$d == its reference at the guard pages and in long updates; its vector counter rose by >= $want"
done
ktap_finish
