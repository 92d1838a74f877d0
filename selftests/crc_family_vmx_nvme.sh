#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# crc_family_vmx on the kernel's block-integrity path: NVMe end-to-end
# protection information. Needs the guest's NVMe controller of
# tools/vm/run-guest.sh --nvme-pi: one namespace with a 16-bit guard
# (CRC-T10DIF, 4096-byte blocks), one with a 64-bit guard (CRC64-Rocksoft,
# 512-byte blocks), metadata in a separate buffer, so that the kernel
# generates every guard on write and verifies it on read (block/t10-pi.c,
# through crc_t10dif() and crc64_rocksoft(), which hash through the best
# registered crct10dif / crc64-rocksoft driver up to 6.13).
# With crc_family_vmx loaded: both libraries are bound to our drivers; data
# written and read back with O_DIRECT at several request sizes is intact,
# with no I/O or guard error (QEMU checks every guard it is sent and fails
# the command on a wrong one: the mutants t10dif-wrong-guard and
# crc64-wrong-guard show it does); and each driver's vector counter rose by
# at least twice the bytes written (every block hashed on write and again on
# read). A kernel with crct10dif but no crc64-rocksoft (5.10 to 5.19) has
# no 64-bit guards either (NVMe's 64-bit guard formats came in 6.0 with
# crc64-rocksoft): there the 16-bit namespace is tested as above, and the
# kernel must not offer the 64-bit one a CRC64 profile. Where the kernel has
# neither algorithm (6.15 and later; the debug kernel) the module is not
# built, so nothing of ours can be on that path. Leaves the NVMe
# driver unloaded and the module as it found it.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
MOD=crc_family_vmx
FSTATS=/sys/module/$MOD/stats
# Bytes per request size: 1 MiB at 4 KiB, 1 MiB at 64 KiB, 2 MiB at 1 MiB.
REGIONS="4096:256 65536:16 1048576:2"
TOTAL=$((4 * 1048576))

if ! kernel_has_family; then
	ktap_plan 1
	! kernel_has_module $MOD
	ktap_result $? "no crct10dif/crc64-rocksoft crypto algorithms on $(uname -r): $MOD is not built, so the integrity path cannot reach it"
	ktap_finish
fi

counter() { cat "$FSTATS/$1" 2>/dev/null || echo -1; }

# namespace_with PROFILE: the NVMe block device whose integrity profile is
# PROFILE (T10-DIF-TYPE1-CRC: 16-bit guard, EXT-DIF-TYPE1-CRC64: 64-bit).
namespace_with() {
	for _d in /sys/block/nvme*n*; do
		[ "$(cat "$_d/integrity/format" 2>/dev/null)" = "$1" ] && echo "${_d##*/}" && return 0
	done
	return 1
}

# Each algorithm: its library, the namespace profile it computes the
# guards of, the guard's width.
guard_of() {
	case "$1" in
	crct10dif) echo crc_t10dif:T10-DIF-TYPE1-CRC:16-bit ;;
	crc64-rocksoft) echo crc64_rocksoft:EXT-DIF-TYPE1-CRC64:64-bit ;;
	esac
}
algs=$(kernel_family_algs) absent=$(kernel_family_absent)
nalgs=$(echo "$algs" | wc -w) nabsent=$(echo "$absent" | wc -w)

ktap_plan $((3 * nalgs + nabsent + 2))
had_mod=0
module_loaded $MOD && had_mod=1
modprobe $MOD || ktap_diag "modprobe $MOD failed: every test below fails"
# The libraries bind a driver once it passed its self-test.
for d in $algs; do
	await_selftests "$d"
done
mark=$(kernel_log_mark)
modprobe nvme || ktap_diag "modprobe nvme failed"
# The namespaces appear asynchronously after the controller's probe.
all_there() {
	for _d in $algs; do
		_g=$(guard_of "$_d") _g=${_g#*:}
		namespace_with "${_g%%:*}" >/dev/null || return 1
	done
}
i=0
while [ $i -lt 100 ] && ! all_there; do
	sleep 0.2
	i=$((i + 1))
done
for d in /sys/block/nvme*n*; do
	[ -e "$d" ] || { ktap_diag "no NVMe namespace: boot the guest with tools/vm/run-guest.sh --nvme-pi"; break; }
	ktap_diag "${d##*/}: $(cat "$d/queue/logical_block_size")-byte blocks," \
		"integrity $(cat "$d/integrity/format" 2>&1), tag size $(cat "$d/integrity/tag_size" 2>&1)," \
		"write_generate $(cat "$d/integrity/write_generate" 2>&1), read_verify $(cat "$d/integrity/read_verify" 2>&1)"
done

bound=0 libs=
for d in $algs; do
	l=$(family_lib "$d")
	libs="$libs $l"
	t=$(cat "/sys/module/$l/parameters/transform" 2>&1)
	ktap_diag "$l uses $t"
	[ "$t" = "$d-vmx" ] || bound=1
done
[ $bound -eq 0 ]
ktap_result $? "the CRC libraries that compute the guards ($(echo $libs)) are bound to our drivers"

# io_round_trip DEV: per request size, a region written with O_DIRECT and
# read back the same way, compared block by block (nvme_pi_io).
io_round_trip() {
	_off=0 _bad=0
	for _r in $REGIONS; do
		_bs=${_r%%:*} _n=${_r#*:}
		"$here/nvme_pi_io" "/dev/$1" $_off "$_bs" "$_n" 7 || _bad=1
		_off=$((_off + _bs * _n))
	done
	return $_bad
}

for d in $algs; do
	g=$(guard_of "$d")
	c=$(echo "$d" | tr - _) p=${g#*:} bits=${g##*:}
	p=${p%%:*}
	dev=$(namespace_with "$p")
	[ -n "$dev" ] && [ "$(cat "/sys/block/$dev/integrity/write_generate")" = 1 ] &&
		[ "$(cat "/sys/block/$dev/integrity/read_verify")" = 1 ]
	ktap_result $? "an NVMe namespace with a $bits guard ($dev) has the $p profile, generated on write and verified on read"
	v0=$(counter "${c}_vector_bytes") f0=$(counter "${c}_fallback_bytes")
	if [ -n "$dev" ]; then
		io_round_trip "$dev"
	else
		false
	fi
	ktap_result $? "${dev:-(no namespace)}: 4 MiB written and read back with O_DIRECT in 4 KiB, 64 KiB and 1 MiB requests is intact, no I/O error"
	v1=$(counter "${c}_vector_bytes") f1=$(counter "${c}_fallback_bytes")
	ktap_diag "${c}: vector_bytes $v0 -> $v1 (+$((v1 - v0))), fallback_bytes $f0 -> $f1 (+$((f1 - f0)))"
	[ "$v0" -ge 0 ] && [ $((v1 - v0)) -ge $((2 * TOTAL)) ]
	ktap_result $? "$d-vmx's vector path hashed every byte on write and on read (at least $((2 * TOTAL)) bytes)"
done

for d in $absent; do
	# No crc64-rocksoft: the kernel cannot compute the guards of QEMU's
	# namespace with the 64-bit guard, and offers no profile for them (the
	# namespaces' formats are in the diagnostics above).
	! namespace_with EXT-DIF-TYPE1-CRC64 >/dev/null
	ktap_result $? "$(uname -r) has no $d, and no namespace has its 64-bit guard profile (6.0 added both)"
done

# QEMU fails a command whose guard it finds wrong; the kernel logs that
# (and its own guard mismatches on read) with the namespace's name.
errs=$(kernel_log_since "$mark" | grep -iE 'I/O error|guard|ref tag|app tag|nvme.*(error|timeout|abort|reset)|protection|integrity|Buffer I/O')
kernel_log_since "$mark" | grep -i nvme | head -n 20 | sed 's/^/# kernel: /'
[ -z "$errs" ] || printf '%s\n' "$errs" | head -n 10 | sed 's/^/# error: /'
[ -z "$errs" ]
ktap_result $? "no I/O, guard or NVMe error in the kernel log"

# Leave the module stack as found: the NVMe driver out; on 6.1 also what
# it pulled in (t10_pi and the CRC libraries), and crc_family_vmx if it was
# not loaded before (on 6.12 the built-in libraries pin it: it stays).
rmmod nvme nvme_core 2>/dev/null
for m in t10_pi crc64_rocksoft crc_t10dif crc64; do
	module_loaded $m && [ "$(module_refcnt $m)" -eq 0 ] && rmmod $m
done
[ $had_mod -eq 1 ] || rmmod $MOD 2>/dev/null
ktap_finish
