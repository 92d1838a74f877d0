#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The crc_family_vmx module: crct10dif-vmx and crc64-rocksoft-vmx.
# Up to 6.14 (Debian's 6.1 and 6.12 here): testmgr passed both at
# registration and they outrank every other driver of their name; the CRC
# libraries (lib/crc-t10dif.c, lib/crc64-rocksoft.c) rebind to them; both
# equal a bitwise reference (and the generic drivers) over AF_ALG; their
# counters rise on both paths; and who pins the module is measured: the
# libraries hold a tfm, so rmmod is refused while they are loaded; on 6.1
# (libraries are modules) it succeeds once they are unloaded, on 6.12 (built
# in) it never can. Where the kernel has no such crypto algorithms (6.15
# and later; the debug kernel, configured without them) the module must
# refuse to load and say why.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MOD=crc_family_vmx
FSTATS=/sys/module/$MOD/stats

if ! kernel_has_family; then
	ktap_plan 2
	mark=$(kernel_log_mark)
	modprobe $MOD 2>/dev/null
	rc=$?
	ktap_diag "modprobe $MOD exit $rc"
	[ $rc -ne 0 ] && ! module_loaded $MOD
	ktap_result $? "$MOD refuses to load on $(uname -r) (no crct10dif/crc64-rocksoft crypto algorithms)"
	kernel_log_since "$mark" | grep "$MOD:" | sed 's/^/# /'
	kernel_log_since "$mark" | grep -q "$MOD: this kernel has no crct10dif or crc64-rocksoft"
	ktap_result $? "the kernel log says why"
	ktap_finish
fi

# selftest_of DRIVER: its /proc/crypto self-test field.
selftest_of() {
	awk -F' *: *' -v d="$1" '/^driver/ { m = ($2 == d) } m && /^selftest/ { print $2; exit }' /proc/crypto
}
# resolved NAME: the driver the crypto API picks (highest priority, passed).
resolved() {
	awk -F' *: *' -v n="$1" '
		/^name/ { name = $2 } /^driver/ { drv = $2 } /^priority/ { prio = $2 }
		/^selftest/ { st = $2 }
		/^$/ { if (name == n && st == "passed" && prio + 0 > best) { best = prio + 0; pick = drv }
		       name = "" }
		END { print pick }
	' /proc/crypto
}
counter() { cat "$FSTATS/$1" 2>/dev/null || echo -1; }
builtin() { grep -q "/$1.ko" "/lib/modules/$(uname -r)/modules.builtin"; }

# The generic drivers and the libraries first, then the module: the
# libraries bind crc*-generic, and must rebind when ours registers.
for m in crct10dif_generic crc64_rocksoft_generic crc_t10dif crc64_rocksoft; do
	modprobe $m || ktap_skip_all "cannot load $m"
done
ktap_diag "before $MOD: crc_t10dif uses $(cat /sys/module/crc_t10dif/parameters/transform 2>&1)," \
	"crc64_rocksoft uses $(cat /sys/module/crc64_rocksoft/parameters/transform 2>&1)"
modprobe $MOD || ktap_skip_all "$MOD cannot be loaded"
ktap_plan 10
await_selftests crct10dif
await_selftests crc64-rocksoft

for d in crct10dif crc64-rocksoft; do
	st=$(selftest_of $d-vmx) p=$(driver_priority $d-vmx) r=$(resolved $d)
	ktap_diag "$d-vmx: selftest ${st:-absent}, priority ${p:-absent}; \"$d\" resolves to $r"
	[ "$st" = passed ] && [ "$p" = 300 ] && [ "$r" = $d-vmx ]
	ktap_result $? "$d-vmx passed testmgr's self-test and is what \"$d\" resolves to"
done

for l in crc_t10dif:crct10dif-vmx crc64_rocksoft:crc64-rocksoft-vmx; do
	t=$(cat "/sys/module/${l%%:*}/parameters/transform" 2>&1)
	ktap_diag "${l%%:*} transform: $t"
	[ "$t" = "${l#*:}" ]
	ktap_result $? "the ${l%%:*} library rebinds to ${l#*:} when it registers"
done

# The AF_ALG run below sends in pieces shorter than the driver's threshold
# (module/crc_family_vmx_glue.c: CRCT10DIF_VMX_MIN_LEN 16,
# CRC64_ROCKSOFT_VMX_MIN_LEN 32) at least the lengths 0..15 (0..31) at
# four offsets, 480 (1,984) bytes, and two 100,003-byte messages.
for d in crct10dif:480 crc64-rocksoft:1984; do
	fmin=${d#*:} d=${d%:*}
	c=$(echo $d | tr - _)
	v0=$(counter "${c}_vector_bytes") f0=$(counter "${c}_fallback_bytes")
	"$here/crc_family_afalg" $d $d-vmx $d-generic >/tmp/ksft-family.log 2>&1
	rc=$?
	sed 's/^/# /' /tmp/ksft-family.log
	ktap_result $rc "$d-vmx and $d-generic equal a bitwise $d reference over AF_ALG"
	v1=$(counter "${c}_vector_bytes") f1=$(counter "${c}_fallback_bytes")
	ktap_diag "$d-vmx counters: vector_bytes $v0 -> $v1, fallback_bytes $f0 -> $f1"
	[ "$v0" -ge 0 ] && [ $((v1 - v0)) -ge 150000 ] && [ $((f1 - f0)) -ge "$fmin" ]
	ktap_result $? "$d-vmx counts its vector and fallback bytes"
done

# Pinning: each library holds a tfm of our driver.
ref=$(module_refcnt $MOD)
ktap_diag "$MOD refcnt $ref with both libraries bound"
rmmod $MOD 2>/dev/null
rc=$?
ktap_diag "rmmod $MOD exit $rc"
[ "$ref" -ge 2 ] && module_loaded $MOD
ktap_result $? "rmmod $MOD is refused while the CRC libraries hold its drivers"

if builtin crc-t10dif || builtin crc64-rocksoft; then
	# Debian's 6.12: the libraries are built in and never let go.
	ktap_diag "crc_t10dif and crc64_rocksoft are built in: $MOD is pinned until reboot"
	module_loaded $MOD && [ "$(module_refcnt $MOD)" -eq "$ref" ] &&
		[ "$(cat /sys/module/crc_t10dif/parameters/transform)" = crct10dif-vmx ]
	ktap_result $? "built-in CRC libraries pin $MOD: still loaded, still bound, same refcnt"
else
	rmmod crc64_rocksoft crc_t10dif && rmmod $MOD && ! driver_present crct10dif-vmx &&
		! driver_present crc64-rocksoft-vmx
	ktap_result $? "rmmod $MOD succeeds once the libraries are unloaded, and its drivers leave /proc/crypto"
fi
ktap_finish
