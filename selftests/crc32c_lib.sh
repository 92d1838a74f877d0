# SPDX-License-Identifier: GPL-2.0-only
#
# Shared helpers of the crc32c_vmx shell selftests (POSIX sh; busybox ash in
# the test guest). Source it. KTAP output: ktap_plan, then one of ktap_ok /
# ktap_fail per test, then ktap_finish (exits 0 if all passed, else 1).

KSFT_SKIP=4
here=$(cd "$(dirname "$0")" && pwd)
STATS=/sys/module/crc32c_vmx/stats
ktap_num=0
ktap_failed=0

ktap_plan() { echo "TAP version 13"; echo "1..$1"; }
ktap_ok() { ktap_num=$((ktap_num + 1)); echo "ok $ktap_num $*"; }
ktap_fail() { ktap_num=$((ktap_num + 1)); ktap_failed=$((ktap_failed + 1)); echo "not ok $ktap_num $*"; }
# ktap_result CONDITION_EXIT_CODE DESCRIPTION
ktap_result() { if [ "$1" -eq 0 ]; then shift; ktap_ok "$@"; else shift; ktap_fail "$@"; fi; }
ktap_diag() { echo "# $*"; }
ktap_finish() {
	echo "# Totals: pass:$((ktap_num - ktap_failed)) fail:$ktap_failed"
	[ "$ktap_failed" -eq 0 ] && exit 0
	exit 1
}
ktap_skip_all() { echo "TAP version 13"; echo "1..0 # SKIP $*"; exit $KSFT_SKIP; }

# Path of an external program. busybox sh runs its own applets before PATH
# (e.g. a minimal mke2fs without -t), so tests call real tools by path.
real_tool() { which "$1" 2>/dev/null; }

require_root() { [ "$(id -u)" -eq 0 ] || ktap_skip_all "must run as root"; }

# Up to 6.11, registering an algorithm returned once the crypto manager had
# tested it. From 6.12 the test runs in the background: until it ends,
# /proc/crypto lists a "larval" entry of the same name and driver, and the
# driver's own entry says "selftest : unknown" (which a failed test leaves
# for good). await_selftests NAME: wait until no larval of algorithm NAME
# is left, up to 60 s (the crypto manager's own limit); returns 1 and names
# the drivers still under test otherwise. Call it before reading a self-test
# result or the driver a name resolves to.
await_selftests() {
	_waited=0
	while _pending=$(larvals_of "$1") && [ -n "$_pending" ]; do
		if [ "$_waited" -ge 600 ]; then
			ktap_diag "after 60 s the kernel is still testing $1 drivers: $_pending"
			return 1
		fi
		sleep 0.1
		_waited=$((_waited + 1))
	done
	[ "$_waited" -eq 0 ] || ktap_diag "waited $((_waited / 10)).$((_waited % 10)) s for the kernel's $1 self-tests"
	return 0
}
# The drivers of algorithm NAME with a larval in /proc/crypto, on one line.
larvals_of() {
	awk -F' *: *' -v n="$1" '
		/^name/ { name = $2 } /^driver/ { drv = $2 }
		/^type/ && $2 == "larval" && name == n { printf "%s ", drv }
	' /proc/crypto
}

# The driver the crypto API picks for "crc32c": highest priority among the
# entries whose self-test passed.
resolved_crc32c() {
	await_selftests crc32c >&2
	awk -F' *: *' '
		/^name/ { name = $2 } /^driver/ { drv = $2 } /^priority/ { prio = $2 }
		/^selftest/ { st = $2 }
		/^$/ { if (name == "crc32c" && st == "passed" && prio + 0 > best) { best = prio + 0; pick = drv }
		       name = "" }
		END { print pick }
	' /proc/crypto
}

# What the running kernel is expected to provide, per kernel line. Tests
# assert these instead of assuming 6.1: where the table is wrong for a
# kernel, the asserting test fails, it never skips.
#   KERNEL_MM          major * 1000 + minor of `uname -r` (6.12 -> 6012)
#   INTREE_CRC32C      the in-tree "crc32c" driver crc32c-vmx must outrank
#   INTREE_CRC32C_MOD  its module (modprobe name)
#   INTREE_CRC32C_PRIO its priority
#   REF_CRC32C         the kernel's driver the tests compare crc32c-vmx with
#                      and verify filesystems through (not vector code of
#                      ours); REF_CRC32C_MOD its module
#   EXT4_USES_CRYPTO   1 if ext4/jbd2 (and XFS) get crc32c through the crypto
#                      API (XFS through libcrc32c), 0 if they call the
#                      crc32c() library
#   BTRFS_USES_CRYPTO  1 if btrfs allocates "crc32c" through the crypto API
# Up to 6.13 (Debian 12's 6.1, bookworm-backports' and Debian 13's 6.12) the
# in-tree driver is crc32c-vpmsum at 200, the reference crc32c-generic, and
# ext4, XFS and btrfs go through the crypto API. 6.14 deleted crc32c-vpmsum
# (a library-backed crc32c-<arch> at 150 took its place, next to
# crc32c-generic) and moved ext4/jbd2/XFS to the crc32c() library; 6.17
# renamed the wrapper crc32c-lib at 100 (crypto/crc32c.c, module
# crc32c-cryptoapi) and dropped crc32c-generic. btrfs calls crc32c() itself
# after 6.19 (fs/btrfs/fs.c: btrfs_csum_update). The 6.17+ rows were read in
# Debian's linux-source-7.2 and are booted by `make check` (Debian
# testing's 7.2); the 6.14-6.16 row follows upstream history only.
KERNEL_MM=$(uname -r | awk -F'[.-]' '{ print $1 * 1000 + $2 }')
if [ "$KERNEL_MM" -le 6013 ]; then
	INTREE_CRC32C=crc32c-vpmsum INTREE_CRC32C_MOD=crc32c-vpmsum INTREE_CRC32C_PRIO=200
	REF_CRC32C=crc32c-generic REF_CRC32C_MOD=crc32c_generic
	EXT4_USES_CRYPTO=1
elif [ "$KERNEL_MM" -le 6016 ]; then
	INTREE_CRC32C=crc32c-powerpc INTREE_CRC32C_MOD=crc32c_generic INTREE_CRC32C_PRIO=150
	REF_CRC32C=crc32c-generic REF_CRC32C_MOD=crc32c_generic
	EXT4_USES_CRYPTO=0
else
	INTREE_CRC32C=crc32c-lib INTREE_CRC32C_MOD=crc32c_cryptoapi INTREE_CRC32C_PRIO=100
	REF_CRC32C=crc32c-lib REF_CRC32C_MOD=crc32c_cryptoapi
	EXT4_USES_CRYPTO=0
fi
BTRFS_USES_CRYPTO=1
[ "$KERNEL_MM" -le 6019 ] || BTRFS_USES_CRYPTO=0
# One result: the in-tree driver is the one the table names for this kernel,
# with the priority it names.
ktap_check_intree_crc32c() {
	_p=$(driver_priority "$INTREE_CRC32C")
	ktap_diag "kernel $(uname -r): in-tree crc32c driver $INTREE_CRC32C, priority ${_p:-absent} (expected $INTREE_CRC32C_PRIO)"
	[ "$_p" = "$INTREE_CRC32C_PRIO" ]
	ktap_result $? "the in-tree driver for this kernel is $INTREE_CRC32C at priority $INTREE_CRC32C_PRIO"
}

# kernel_has_module FILE: the kernel has FILE.ko as a module or built in
# (its modules.dep or modules.builtin; the guest's modinfo succeeds for a
# module that does not exist).
kernel_has_module() {
	grep -qE "(^|/)$1\.ko" "/lib/modules/$(uname -r)/modules.dep" \
		"/lib/modules/$(uname -r)/modules.builtin" 2>/dev/null
}

# The crypto algorithms of crc_family_vmx this kernel has, as words
# (module/crc_family_vmx_compat.h): crct10dif up to 6.14 and crc64-rocksoft
# from 6.0 to 6.14, each where configured, i.e. where its generic driver is
# a module or built in. (A generic driver missing from a test initramfs by
# mistake makes the module register less, and the family tests fail.)
kernel_family_algs() {
	[ "$KERNEL_MM" -le 6014 ] || return 0
	for _a in crct10dif:crct10dif_generic crc64-rocksoft:crc64_rocksoft_generic; do
		kernel_has_module "${_a#*:}" && printf '%s\n' "${_a%%:*}"
	done
	return 0
}
# The family's algorithms this kernel lacks, as words.
kernel_family_absent() {
	for _a in crct10dif crc64-rocksoft; do
		kernel_family_algs | grep -qx "$_a" || printf '%s\n' "$_a"
	done
	return 0
}
# The kernel has at least one of them: crc_family_vmx loads there.
kernel_has_family() { [ -n "$(kernel_family_algs)" ]; }
# family_lib ALG: the CRC library that hashes through ALG's best driver up
# to 6.13 (lib/crc-t10dif.c, lib/crc64-rocksoft.c).
family_lib() { case "$1" in crct10dif) echo crc_t10dif ;; crc64-rocksoft) echo crc64_rocksoft ;; esac; }

driver_present() { grep -q "^driver *: $1\$" /proc/crypto; }
driver_priority() {
	awk -F' *: *' -v d="$1" '/^driver/ { m = ($2 == d) } m && /^priority/ { print $2; exit }' /proc/crypto
}

vector_bytes() { cat "$STATS/vector_bytes" 2>/dev/null || echo -1; }
fallback_bytes() { cat "$STATS/fallback_bytes" 2>/dev/null || echo -1; }
live_state_bytes() { cat "$STATS/live_state_bytes" 2>/dev/null || echo -1; }
vector_sections() { cat "$STATS/vector_sections" 2>/dev/null || echo -1; }
module_loaded() { grep -q "^$1 " /proc/modules; }
module_refcnt() { cat "/sys/module/$1/refcnt" 2>/dev/null || echo -1; }

# crc32c of stdin through AF_ALG as 8 hex digits (name: algorithm or driver).
afalg_crc() { "$here/afalg_crc32c" "${1:-crc32c}" | cut -d' ' -f1; }

# Number of kernel log lines so far; kernel_log_since N prints the newer ones.
kernel_log_mark() { dmesg | wc -l; }
kernel_log_since() { dmesg | tail -n +"$(($1 + 1))"; }

# Drop everything that holds a crc32c tfm (mounted btrfs/ext4/xfs, libcrc32c
# and its users) so that crc32c_vmx can be unloaded. Returns 1 if something stays.
release_crc32c_holders() {
	for m in $(crc32c_fs_mounts); do
		umount "$m" || return 1
	done
	for mod in btrfs xfs libcrc32c; do
		if module_loaded "$mod"; then
			rmmod "$mod" || return 1
		fi
	done
	return 0
}

# Mount points of btrfs, ext4 and xfs filesystems mounted now (one a line).
crc32c_fs_mounts() { awk '$3 == "btrfs" || $3 == "ext4" || $3 == "xfs" { print $2 }' /proc/mounts; }

# modprobe that honours modprobe.d soft dependencies: kmod's. busybox's
# modprobe ignores softdep lines, so the test guest carries kmod's as
# /usr/lib/kmod-compat/modprobe.
kmod_modprobe() {
	if modprobe --version 2>/dev/null | grep -q kmod; then
		modprobe "$@"
	else
		/usr/lib/kmod-compat/modprobe "$@"
	fi
}

# Premise of the tests that unload the crc32c drivers: nothing outside the
# test holds them. Skips the whole test if a btrfs/ext4 filesystem is mounted
# (release_crc32c_holders would unmount it), if libcrc32c has users other than
# btrfs, or if crc32c_vpmsum is built in. Call before the test mounts anything.
require_releasable_crc32c() {
	[ -z "$(crc32c_fs_mounts)" ] ||
		ktap_skip_all "a btrfs, ext4 or xfs filesystem is mounted; the test must unload the crc32c drivers"
	for h in /sys/module/libcrc32c/holders/*; do
		[ -e "$h" ] && [ "${h##*/}" != btrfs ] && [ "${h##*/}" != xfs ] &&
			ktap_skip_all "libcrc32c is used by ${h##*/}; the test must unload it"
	done
	if [ -d /sys/module/crc32c_vpmsum ] && ! module_loaded crc32c_vpmsum; then
		ktap_skip_all "crc32c_vpmsum is built in; the test must unload it"
	fi
	command -v modinfo >/dev/null && command -v insmod >/dev/null ||
		ktap_skip_all "modinfo and insmod are needed"
}

# Load a module with insmod, i.e. without its soft dependencies (btrfs and
# libcrc32c name "crc32c" as one, and modprobe would load every crc32c driver
# again); its hard dependencies must be loaded already. Succeeds if it is
# loaded afterwards.
load_without_softdeps() {
	module_loaded "$1" && return 0
	_ko=$(modinfo -n "$1" 2>/dev/null) && [ -n "$_ko" ] && insmod "$_ko" 2>/dev/null
	module_loaded "$1"
}

# Leave the reference driver ($REF_CRC32C) as the one "crc32c" resolves to,
# with neither crc32c-vmx nor crc32c-vpmsum registered: release the holders
# (unmount btrfs/ext4/xfs, unload btrfs and libcrc32c), unload crc32c_vmx and
# crc32c_vpmsum. Returns 1 if that did not work.
crc32c_reference_only() {
	modprobe "$REF_CRC32C_MOD" 2>/dev/null
	release_crc32c_holders || return 1
	for _mod in crc32c_vmx crc32c_vpmsum; do
		if module_loaded "$_mod"; then
			rmmod "$_mod" || return 1
		fi
	done
	! driver_present crc32c-vmx && ! driver_present crc32c-vpmsum &&
		[ "$(resolved_crc32c)" = "$REF_CRC32C" ]
}

# The crc32c driver modules and their long-lived users that are loaded, in
# the order they must be loaded in.
CRC32C_STACK="crc32c_generic crc32c_cryptoapi crc32c_vpmsum crc32c_vmx libcrc32c btrfs"
crc32c_stack_modules() {
	_st=
	for _mod in $CRC32C_STACK; do
		module_loaded "$_mod" && _st="$_st $_mod"
	done
	echo $_st
}
# One line: those modules, crc32c_vmx's use count (libcrc32c holds one
# reference when it bound crc32c-vmx) and the driver "crc32c" resolves to.
crc32c_stack_state() {
	echo "modules: $(crc32c_stack_modules); crc32c_vmx refcnt $(module_refcnt crc32c_vmx);" \
		"\"crc32c\" -> $(resolved_crc32c)"
}
crc32c_stack_save() {
	crc32c_saved_modules=$(crc32c_stack_modules)
	crc32c_saved_state=$(crc32c_stack_state)
}

# Bring the stack back to what crc32c_stack_save saw (call once the test has
# unmounted its filesystems): unload btrfs and libcrc32c, load the saved
# drivers, then their users, so that libcrc32c binds the driver it had.
# Returns 1 (and says why) if the state differs afterwards.
crc32c_stack_restore() {
	release_crc32c_holders || { ktap_diag "cannot release the crc32c holders"; return 1; }
	for _mod in $crc32c_saved_modules; do
		case "$_mod" in
		libcrc32c | btrfs) load_without_softdeps "$_mod" || modprobe "$_mod" ;;
		*) module_loaded "$_mod" || modprobe "$_mod" ;;
		esac
	done
	case " $crc32c_saved_modules " in
	*" $REF_CRC32C_MOD "*) ;;
	*) module_loaded "$REF_CRC32C_MOD" && [ "$(module_refcnt "$REF_CRC32C_MOD")" -eq 0 ] &&
		rmmod "$REF_CRC32C_MOD" ;;
	esac
	_now=$(crc32c_stack_state)
	[ "$_now" = "$crc32c_saved_state" ] && return 0
	ktap_diag "crc32c stack before: $crc32c_saved_state"
	ktap_diag "crc32c stack now:    $_now"
	return 1
}

# Load crc32c_vmx with the given parameters after unloading any other
# instance; returns modprobe's status.
reload_crc32c_vmx() {
	if module_loaded crc32c_vmx; then
		release_crc32c_holders && rmmod crc32c_vmx || return 1
	fi
	modprobe crc32c_vmx "$@"
}

# compare_files WHAT: the files f<size> for each size in $SIZES under $SRC
# and under the mount point $MNT are equal (WHAT names the driver in the
# diagnostics). Returns 1 if any differs.
compare_files() {
	bad=0
	for s in $SIZES; do
		err=$(cmp -s "$SRC/f$s" "$MNT/f$s" 2>&1) ||
			{ ktap_diag "f$s differs after re-read ($1)${err:+: $err}"; bad=1; }
	done
	return $bad
}
