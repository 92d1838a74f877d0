#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "execution": runs under the insn-interval QEMU plugin with
# sites=1 on a guest with one vCPU (tools/vm/execution-lane.sh, which reads
# every line below). Each probe is one plugin interval: vpmsumd-probe hashes
# a message through one driver over AF_ALG between the plugin's markers, or
# runs a command between them (--run). Before each probe the set prints
# where the kernel's and the modules' code is, then the probe's label:
#   KTEXT 0x<_stext> 0x<_etext>         (the kernel's text, /proc/kallsyms)
#   MAP <module> 0x<base> <size>        (every line of /proc/modules)
#   PROBE <label> bytes=<n>
# so that the host attributes the PCs of the interval's vpmsumd, lxvp and
# xxeval to the kernel or a module, with the map of that moment (a module
# loaded again, e.g. a mutant, moves).
# What runs is chosen on the kernel command line:
#   crcvmx.exec=G,G...  groups: crc32c (crc32c-vmx and crc32c-generic),
#                       vpmsum (crc32c-vpmsum, the in-tree vector driver),
#                       family (crct10dif-vmx, crc64-rocksoft-vmx and their
#                       generic drivers), nvme (NVMe protection-information
#                       I/O; needs run-guest.sh --nvme-pi)
#   crcvmx.mutants=a,b  mutants (/mutants/NAME.ko) probed after the real
#                       modules, with crc32c-vmx or (a crc_family_vmx
#                       mutant) crct10dif-vmx and crc64-rocksoft-vmx
#   crcvmx.realmutant=M the real module's probes run mutant M instead
. /sets/lib.sh

if [ "${1:-}" = --pi-io ]; then
	# One namespace's round trip, run by vpmsumd-probe --run: 1 MiB in
	# 4 KiB requests, 1 MiB in 64 KiB ones and 2 MiB in 1 MiB ones,
	# written and read back with O_DIRECT (as crc_family_vmx_nvme.sh does).
	io=$(find /kselftest -name nvme_pi_io -type f | head -n 1)
	[ -x "$io" ] || { echo "no nvme_pi_io in /kselftest"; exit 1; }
	"$io" "/dev/$2" 0 4096 256 7 && "$io" "/dev/$2" 1048576 65536 16 7 &&
		"$io" "/dev/$2" 2097152 1048576 2 7
	exit
fi

BYTES=1048576
fail=0
groups=$(sed -n 's/.*crcvmx\.exec=\([a-z0-9,]*\).*/\1/p' /proc/cmdline | tr , ' ')
groups=${groups:-crc32c}
has() { case " $groups " in *" $1 "*) return 0 ;; esac; return 1; }

# Root sees kernel addresses unless kptr_restrict is 2; say which it is.
echo "KPTR_RESTRICT $(cat /proc/sys/kernel/kptr_restrict)"
[ "$(cat /proc/sys/kernel/kptr_restrict)" -lt 2 ] || echo 1 >/proc/sys/kernel/kptr_restrict

# The kernel's text does not move: read it once (awk over /proc/kallsyms
# costs seconds under TCG).
ktext=$(awk '$3 == "_stext" { s = $1 } $3 == "_etext" { e = $1 }
	END { print "KTEXT 0x" s " 0x" e }' /proc/kallsyms)
map() {
	echo "$ktext"
	awk '{ print "MAP " $1 " " $6 " " $2 }' /proc/modules
}
# The module's own view, for the log: what its counters say next to what
# the plugin saw (a mutant may count ISA 3.1 bytes and run no lxvp).
stats() {
	for _f in /sys/module/crc32c_vmx/stats/vector_bytes /sys/module/crc32c_vmx/stats/isa31_bytes; do
		printf ' %s=%s' "${_f##*/}" "$(cat "$_f" 2>/dev/null)"
	done
}
probe() { # LABEL DRIVER
	map
	echo "PROBE $1 bytes=$BYTES"
	vpmsumd-probe "$2" "$BYTES"
	prc=$?
	echo "PROBE-RC $prc"
	[ "$prc" -eq 0 ] || fail=1
	[ "$2" != crc32c-vmx ] || echo "STATS crc32c_vmx$(stats)"
}

load_crc32c_stack || exit 1
# crcvmx.realmutant=NAME (execution-lane.sh --module-from-mutant): the
# "real" probes run that mutant, to show that the host's checks fail on it.
rm=$(sed -n 's/.*crcvmx\.realmutant=\([A-Za-z0-9_-]*\).*/\1/p' /proc/cmdline)
swapped=0
if [ -n "$rm" ]; then
	echo "REAL-IS-MUTANT $rm ($(cat "/mutants/$rm.module"))"
	if [ "$(cat "/mutants/$rm.module")" = crc_family_vmx ]; then
		swap_crc_family_vmx "/mutants/$rm.ko" || { echo "cannot install mutant $rm"; exit 1; }
	else
		swap_crc32c_vmx "/mutants/$rm.ko" || { echo "cannot load mutant $rm"; exit 1; }
	fi
	swapped=1
fi
if has crc32c; then
	probe real:crc32c-vmx crc32c-vmx
	probe real:crc32c-generic crc32c-generic
fi
has vpmsum && probe real:crc32c-vpmsum crc32c-vpmsum
# The family's algorithms this kernel has: crct10dif, and crc64-rocksoft
# from 6.0 on (5.10 has none; crc_family_vmx registers what there is).
falgs=crct10dif
grep -qE '(^|/)crc64_rocksoft_generic\.ko' "/lib/modules/$(uname -r)/modules.dep" \
	"/lib/modules/$(uname -r)/modules.builtin" 2>/dev/null && falgs="$falgs crc64-rocksoft"
echo "FAMILY $falgs"
if has family; then
	for a in $falgs; do
		load "$(echo "$a" | tr - _)_generic" || fail=1
	done
	load crc_family_vmx || fail=1
	for a in $falgs; do
		probe "real:$a-vmx" "$a-vmx"
		probe "real:$a-generic" "$a-generic"
	done
fi
if has nvme; then
	load crc_family_vmx || fail=1
	load nvme || fail=1
	# The namespaces appear after the controller's probe, asynchronously.
	i=0
	while [ $i -lt 100 ]; do
		n=0
		for d in /sys/block/nvme*n*; do
			[ -e "$d/integrity/format" ] && n=$((n + 1))
		done
		[ $n -ge 2 ] && break
		sleep 0.2
		i=$((i + 1))
	done
	echo "TRANSFORMS crc_t10dif=$(cat /sys/module/crc_t10dif/parameters/transform 2>&1)" \
		"crc64_rocksoft=$(cat /sys/module/crc64_rocksoft/parameters/transform 2>&1)"
	profiles=T10-DIF-TYPE1-CRC:crct10dif
	case " $falgs " in *" crc64-rocksoft "*) profiles="$profiles EXT-DIF-TYPE1-CRC64:crc64-rocksoft" ;; esac
	for p in $profiles; do
		dev=
		for d in /sys/block/nvme*n*; do
			[ "$(cat "$d/integrity/format" 2>/dev/null)" = "${p%%:*}" ] && dev=${d##*/}
		done
		[ -n "$dev" ] || { echo "no NVMe namespace with ${p%%:*} (run-guest.sh --nvme-pi?)"; fail=1; continue; }
		map
		# 4 MiB written (guards generated) and read (guards verified)
		echo "PROBE nvme:${p#*:} bytes=$((8 * 1048576)) dev=$dev"
		vpmsumd-probe --run /sets/execution.sh --pi-io "$dev"
		prc=$?
		echo "PROBE-RC $prc"
		[ "$prc" -eq 0 ] || { echo "NVMe I/O on $dev failed"; fail=1; }
	done
	rmmod nvme nvme_core 2>/dev/null
fi
# Mutants: each probed with its module's drivers (their digests may be
# wrong: the host judges the counts, tools/mutants/verdict.sh).
for m in $(sed -n 's/.*crcvmx\.mutants=\([A-Za-z0-9_,-]*\).*/\1/p' /proc/cmdline | tr , ' '); do
	swapped=1
	if [ "$(cat "/mutants/$m.module")" = crc_family_vmx ]; then
		{ swap_crc_family_vmx "/mutants/$m.ko" && load crc_family_vmx; } ||
			{ echo "cannot load mutant $m"; fail=1; continue; }
		drivers=
		for a in $falgs; do drivers="$drivers $a-vmx"; done
	else
		swap_crc32c_vmx "/mutants/$m.ko" || { echo "cannot load mutant $m"; fail=1; continue; }
		drivers=crc32c-vmx
	fi
	for d in $drivers; do
		map
		echo "PROBE $m:$d bytes=$BYTES"
		vpmsumd-probe "$d" "$BYTES"
		echo "PROBE-RC $?"
		[ "$d" != crc32c-vmx ] || echo "STATS crc32c_vmx$(stats)"
	done
done
# Leave the real modules installed (only needed after a swap).
if [ $swapped -eq 1 ]; then
	swap_crc32c_vmx "$REAL_KO" || fail=1
	[ ! -f "$REAL_FAMILY_KO" ] || swap_crc_family_vmx "$REAL_FAMILY_KO" || fail=1
fi
exit $fail
