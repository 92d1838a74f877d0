# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the guest test sets. Source it.

KREL=$(uname -r)

# Load a module by name; on failure print why and return 1.
load() {
	out=$(modprobe "$@" 2>&1) || {
		echo "cannot load $1: $out"
		return 1
	}
}

# The kernel's own crc32c drivers: crc32c-generic and crc32c-vpmsum up to
# 6.13; from 6.17 only the library wrapper crc32c-lib (module
# crc32c-cryptoapi). selftests/crc32c_lib.sh holds the table the tests assert.
if [ "$(echo "$KREL" | awk -F'[.-]' '{ print $1 * 1000 + $2 }')" -le 6016 ]; then
	TREE_CRC32C="crc32c_generic crc32c-vpmsum"
else
	TREE_CRC32C=crc32c-cryptoapi
fi

# The modules every AF_ALG test set needs: the crypto_user and AF_ALG hash
# interfaces and the crc32c drivers. Returns 1 (reason printed) if one
# cannot be loaded.
load_crc32c_stack() {
	for _mod in crypto_user algif_hash $TREE_CRC32C crc32c_vmx; do
		load "$_mod" || return 1
	done
}

# crc32c_vmx_bench's kernel log (tools/bench-model/kmod), each line as
# "BENCH crc32c_vmx_bench: ...", for the host to pair its "interval" lines
# with the insn-interval plugin's counts (tools/bench-model/pair-counts.sh).
bench_log() {
	dmesg | sed -n 's/^\[[^]]*\] *//; /^crc32c_vmx_bench: /s/^/BENCH /p'
}

# Lines of /proc/crypto for every "crc32c" implementation, one per driver.
crc32c_table() {
	awk -F' *: *' '
		/^name/ { name = $2 } /^driver/ { drv = $2 } /^module/ { mod = $2 }
		/^priority/ { prio = $2 } /^selftest/ { st = $2 }
		/^$/ { if (name == "crc32c") printf "  %-16s %-14s %8s   %s\n", drv, mod, prio, st; name = "" }
	' /proc/crypto | sort -k3 -n -r
}

# Replace the installed crc32c_vmx.ko by another build of it (a mutant, or
# the saved real one) and load it: unmount and unload whatever holds the
# driver first. The first call saves the real module as $REAL_KO.
VMX_KO=/lib/modules/$KREL/extra/crc32c_vmx.ko
REAL_KO=/tmp/crc32c_vmx.ko.real
swap_crc32c_vmx() { # KO_FILE
	[ -f "$REAL_KO" ] || cp "$VMX_KO" "$REAL_KO"
	# (sh has no locals: these loop variables must not clash with callers')
	for _mnt in $(awk '$3 == "btrfs" || $3 == "ext4" || $3 == "xfs" { print $2 }' /proc/mounts); do
		umount "$_mnt" || return 1
	done
	for _mod in btrfs xfs libcrc32c crc32c_vmx; do
		if grep -q "^$_mod " /proc/modules; then
			rmmod "$_mod" || { echo "cannot unload $_mod"; return 1; }
		fi
	done
	cp "$1" "$VMX_KO" || return 1
	load crc32c_vmx
}

# The same for crc_family_vmx.ko: unload what holds its drivers on 6.1 (the
# NVMe driver, t10_pi and the CRC libraries, all modules there; on 6.12 the
# built-in libraries pin it and it cannot be swapped) and install KO_FILE
# without loading it: the tests load it themselves. The first call saves
# the real module as $REAL_FAMILY_KO.
FAMILY_KO=/lib/modules/$KREL/extra/crc_family_vmx.ko
REAL_FAMILY_KO=/tmp/crc_family_vmx.ko.real
swap_crc_family_vmx() { # KO_FILE
	[ -f "$REAL_FAMILY_KO" ] || cp "$FAMILY_KO" "$REAL_FAMILY_KO"
	for _mod in nvme nvme_core t10_pi crc64_rocksoft crc_t10dif crc_family_vmx; do
		if grep -q "^$_mod " /proc/modules; then
			rmmod "$_mod" || { echo "cannot unload $_mod"; return 1; }
		fi
	done
	cp "$1" "$FAMILY_KO"
}

# TAP lines for a set that prints its own plan: ok NAME, not_ok NAME
# [DETAIL...] (each detail a "# " line). N counts the tests, FAILED the
# failures.
N=0
FAILED=0
ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() {
	N=$((N + 1))
	FAILED=$((FAILED + 1))
	echo "not ok $N - $1"
	shift
	for _l in "$@"; do echo "# $_l"; done
}
# result RC NAME [DETAIL...]: ok NAME when RC is 0, else not_ok NAME DETAIL...
result() {
	_rc=$1
	shift
	if [ "$_rc" -eq 0 ]; then ok "$1"; else not_ok "$@"; fi
}
