#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The crc_family_vmx module: crct10dif-vmx and crc64-rocksoft-vmx, each
# where the kernel has its algorithm (kernel_family_algs: both on Debian's
# 6.1 and 6.12, crct10dif alone on 5.10, which predates crc64-rocksoft).
# For each: the module carries its crypto-<alg> aliases (the kernel loads
# it by them); testmgr passed it at registration and it outranks every
# other driver of its name; its CRC library (lib/crc-t10dif.c,
# lib/crc64-rocksoft.c) rebinds to it; it equals a bitwise reference (and
# the generic driver) over AF_ALG; its counters rise on both paths, and a
# message one byte shorter than its vector threshold takes the software
# CRC where one of exactly the threshold takes the vector core; from
# softirq and hardirq context (the test module crc32c_vmx_ctx) it equals the
# generic driver and takes the software CRC. An
# algorithm the kernel lacks must have no driver of ours. Who pins the
# module is measured: the libraries hold a tfm, so rmmod is refused while
# they are loaded; where they are modules (5.10, 6.1) it succeeds once they
# are unloaded, where built in (6.12) it never can. Where the kernel has
# neither algorithm (6.15 and later; the debug kernel, configured without
# them) Kbuild does not build the module, and no driver of either name
# exists.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MOD=crc_family_vmx
FSTATS=/sys/module/$MOD/stats

if ! kernel_has_family; then
	ktap_plan 2
	! kernel_has_module $MOD
	ktap_result $? "$MOD is not built for $(uname -r) (no crct10dif/crc64-rocksoft crypto algorithms)"
	! grep -qE '^name +: (crct10dif|crc64-rocksoft)$' /proc/crypto
	ktap_result $? "no crct10dif or crc64-rocksoft driver is registered"
	ktap_finish
fi

# field_of DRIVER FIELD: that field of DRIVER's /proc/crypto entry.
field_of() {
	awk -F' *: *' -v d="$1" -v f="$2" '/^driver/ { m = ($2 == d) } m && $1 == f { print $2; exit }' \
		/proc/crypto
}
selftest_of() { field_of "$1" selftest; }
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

# What each algorithm comes with: its generic driver's module and the
# length the AF_ALG run below sends in pieces shorter than the driver's
# threshold (module/crc_family_vmx_glue.c: CRCT10DIF_VMX_MIN_LEN 16,
# CRC64_ROCKSOFT_VMX_MIN_LEN 32): at least the lengths 0..15 (0..31) at four
# offsets, 480 (1,984) bytes, beside two 100,003-byte messages.
generic_mod() { echo "$1" | tr - _ | sed 's/$/_generic/'; }
fallback_min() { case "$1" in crct10dif) echo 480 ;; crc64-rocksoft) echo 1984 ;; esac; }
# The vector threshold (the *_VMX_MIN_LEN above) and how many messages
# "crc_family_afalg -l" sends (its ONE_COUNT).
min_len() { case "$1" in crct10dif) echo 16 ;; crc64-rocksoft) echo 32 ;; esac; }
# The digest's size in bytes, the CRC's width: what users of the name get.
digest_size() { case "$1" in crct10dif) echo 2 ;; crc64-rocksoft) echo 8 ;; esac; }
ONE_COUNT=16
algs=$(kernel_family_algs) absent=$(kernel_family_absent)
nalgs=$(echo "$algs" | wc -w) nabsent=$(echo "$absent" | wc -w)

# The generic drivers and the libraries first, then the module: the
# libraries bind crc*-generic, and must rebind when ours registers.
for d in $algs; do
	for m in "$(generic_mod "$d")" "$(family_lib "$d")"; do
		modprobe "$m" || ktap_skip_all "cannot load $m"
	done
	ktap_diag "before $MOD: $(family_lib "$d") uses $(cat "/sys/module/$(family_lib "$d")/parameters/transform" 2>&1)"
done
# The in-tree vector driver where the kernel has one (crct10dif-vpmsum,
# priority 200: RHEL 9, SLES 15 and the project's 5.10 kernel build it;
# Debian's 6.1 and 6.12 do not): loaded too, it must be outranked.
intree=
if echo "$algs" | grep -qx crct10dif && kernel_has_module crct10dif-vpmsum; then
	modprobe crct10dif-vpmsum || ktap_skip_all "cannot load crct10dif-vpmsum"
	intree=crct10dif-vpmsum
fi
modprobe $MOD || ktap_skip_all "$MOD cannot be loaded"
ktap_plan $((8 * nalgs + nabsent + 2 + $([ -n "$intree" ] && echo 1 || echo 0)))
for d in $algs; do
	await_selftests "$d"
done

aliases=$(modinfo -F alias $MOD 2>&1)
ktap_diag "$MOD aliases: $(echo "$aliases" | tr "\n" " ")"
for d in $algs; do
	echo "$aliases" | grep -qx "crypto-$d" && echo "$aliases" | grep -qx "crypto-$d-vmx"
	ktap_result $? "$MOD carries the module aliases crypto-$d and crypto-$d-vmx"
done

for d in $algs; do
	st=$(selftest_of $d-vmx) p=$(driver_priority $d-vmx) r=$(resolved $d)
	bs=$(field_of $d-vmx blocksize) ds=$(field_of $d-vmx digestsize)
	gbs=$(field_of $d-generic blocksize) gds=$(field_of $d-generic digestsize)
	ktap_diag "$d-vmx: selftest ${st:-absent}, priority ${p:-absent}, blocksize ${bs:-absent}, digestsize ${ds:-absent} ($d-generic: ${gbs:-absent}, ${gds:-absent}); \"$d\" resolves to $r"
	[ "$st" = passed ] && [ "$p" = 300 ] && [ "$r" = $d-vmx ] && [ "$bs" = 1 ] &&
		[ "$ds" = "$(digest_size $d)" ] && [ "$bs" = "$gbs" ] && [ "$ds" = "$gds" ]
	ktap_result $? "$d-vmx passed testmgr's self-test, is what \"$d\" resolves to, and has $d-generic's blocksize and digestsize"
done

if [ -n "$intree" ]; then
	p=$(driver_priority crct10dif-vpmsum) st=$(selftest_of crct10dif-vpmsum)
	ktap_diag "crct10dif-vpmsum: selftest ${st:-absent}, priority ${p:-absent}"
	[ "$st" = passed ] && [ "$p" = 200 ] && [ "$(resolved crct10dif)" = crct10dif-vmx ]
	ktap_result $? "the in-tree crct10dif-vpmsum (priority 200) is registered, and crct10dif-vmx outranks it"
fi

for d in $absent; do
	# 5.10 to 5.19: no crc64-rocksoft (6.0 added it); no driver of ours either.
	! driver_present "$d-vmx" && ! grep -q "^name *: $d\$" /proc/crypto
	ktap_result $? "$(uname -r) has no $d algorithm, and $MOD registers no $d-vmx"
done

for d in $algs; do
	l=$(family_lib "$d")
	t=$(cat "/sys/module/$l/parameters/transform" 2>&1)
	ktap_diag "$l transform: $t"
	[ "$t" = "$d-vmx" ]
	ktap_result $? "the $l library rebinds to $d-vmx when it registers"
done

for d in $algs; do
	fmin=$(fallback_min "$d")
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

# The threshold's edge: each message reaches the driver as one update
# (crc_family_afalg -l), so the counters rise by exactly its bytes.
for d in $algs; do
	c=$(echo $d | tr - _) min=$(min_len "$d")
	for len in $((min - 1)) $min; do
		v0=$(counter "${c}_vector_bytes") f0=$(counter "${c}_fallback_bytes")
		"$here/crc_family_afalg" -l $len $d $d-vmx >/tmp/ksft-family.log 2>&1
		rc=$?
		sed 's/^/# /' /tmp/ksft-family.log
		v1=$(counter "${c}_vector_bytes") f1=$(counter "${c}_fallback_bytes")
		ktap_diag "$ONE_COUNT $len-byte messages: vector_bytes +$((v1 - v0)), fallback_bytes +$((f1 - f0))"
		if [ $len -lt "$min" ]; then
			want_v=0 want_f=$((ONE_COUNT * len)) path="the software CRC"
		else
			want_v=$((ONE_COUNT * len)) want_f=0 path="the vector core"
		fi
		[ $rc -eq 0 ] && [ "$v0" -ge 0 ] && [ $((v1 - v0)) -eq $want_v ] &&
			[ $((f1 - f0)) -eq $want_f ]
		ktap_result $? "$len-byte $d messages take $path (threshold $min bytes), with the right CRC"
	done
done

# Interrupt contexts: the test module crc32c_vmx_ctx (selftests/kmod)
# hashes with the driver from process context, from a timer and a tasklet
# (softirq), from an irq_work (hardirq) and from a hardirq hrtimer that
# interrupts its vector sections, against the generic driver. Everything it
# hashed from interrupt context must take the software CRC, as
# crypto_simd_usable() is false there (fallback_bytes rises by at least as
# much), and what it hashed in process context in pieces of 4 KiB or more
# the vector core.
CTX=crc32c_vmx_ctx
for d in $algs; do
	c=$(echo $d | tr - _)
	! module_loaded $CTX || rmmod $CTX
	v0=$(counter "${c}_vector_bytes") f0=$(counter "${c}_fallback_bytes")
	mark=$(kernel_log_mark)
	out=$(modprobe $CTX driver=$d-vmx reference=$d-generic 2>&1)
	rc=$?
	v1=$(counter "${c}_vector_bytes") f1=$(counter "${c}_fallback_bytes")
	kernel_log_since "$mark" | grep "$CTX:" | sed 's/^/# kernel: /'
	res=$(cat /sys/module/$CTX/parameters/result 2>/dev/null || echo -1)
	ib=$(cat /sys/module/$CTX/parameters/interrupt_bytes 2>/dev/null || echo 0)
	plb=$(cat /sys/module/$CTX/parameters/process_long_bytes 2>/dev/null || echo 0)
	! module_loaded $CTX || rmmod $CTX
	ktap_diag "$CTX driver=$d-vmx: modprobe exit $rc${out:+ ($out)}, result $res; fallback_bytes +$((f1 - f0)) for $ib bytes from interrupt context, vector_bytes +$((v1 - v0)) for $plb bytes in process context in pieces >= 4 KiB"
	[ $rc -eq 0 ] && [ "$res" -eq 0 ] && [ "$ib" -gt 0 ] && [ $((f1 - f0)) -ge "$ib" ] &&
		[ "$plb" -gt 0 ] && [ $((v1 - v0)) -ge "$plb" ]
	ktap_result $? "$d-vmx == $d-generic from process, softirq and hardirq context; the interrupt contexts took the software CRC, process context the vector core"
done

# Pinning: each library holds a tfm of our driver.
libs=
for d in $algs; do libs="$libs $(family_lib "$d")"; done
ref=$(module_refcnt $MOD)
ktap_diag "$MOD refcnt $ref with the libraries bound:$libs"
rmmod $MOD 2>/dev/null
rc=$?
ktap_diag "rmmod $MOD exit $rc"
[ "$ref" -ge "$nalgs" ] && module_loaded $MOD
ktap_result $? "rmmod $MOD is refused while the CRC libraries hold its drivers"

pinned=0
for l in $libs; do
	! builtin "$(echo "$l" | tr _ -)" || pinned=1
done
if [ $pinned -eq 1 ]; then
	# Debian's 6.12: the libraries are built in and never let go.
	ktap_diag "the CRC libraries are built in: $MOD is pinned until reboot"
	module_loaded $MOD && [ "$(module_refcnt $MOD)" -eq "$ref" ] &&
		[ "$(cat /sys/module/crc_t10dif/parameters/transform)" = crct10dif-vmx ]
	ktap_result $? "built-in CRC libraries pin $MOD: still loaded, still bound, same refcnt"
else
	# shellcheck disable=SC2086 # one word per library
	rmmod $libs && rmmod $MOD && ! driver_present crct10dif-vmx &&
		! driver_present crc64-rocksoft-vmx
	ktap_result $? "rmmod $MOD succeeds once the libraries are unloaded, and its drivers leave /proc/crypto"
fi
# Leave the in-tree driver out, as found.
[ -z "$intree" ] || [ "$(module_refcnt "$(echo "$intree" | tr - _)")" != 0 ] ||
	rmmod "$intree" 2>/dev/null
ktap_finish
