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

# The driver the crypto API picks for "crc32c": highest priority among the
# entries whose self-test passed.
resolved_crc32c() {
	awk -F' *: *' '
		/^name/ { name = $2 } /^driver/ { drv = $2 } /^priority/ { prio = $2 }
		/^selftest/ { st = $2 }
		/^$/ { if (name == "crc32c" && st == "passed" && prio + 0 > best) { best = prio + 0; pick = drv }
		       name = "" }
		END { print pick }
	' /proc/crypto
}

driver_present() { grep -q "^driver *: $1\$" /proc/crypto; }
driver_priority() {
	awk -F' *: *' -v d="$1" '/^driver/ { m = ($2 == d) } m && /^priority/ { print $2; exit }' /proc/crypto
}

vector_bytes() { cat "$STATS/vector_bytes" 2>/dev/null || echo -1; }
fallback_bytes() { cat "$STATS/fallback_bytes" 2>/dev/null || echo -1; }
module_loaded() { grep -q "^$1 " /proc/modules; }
module_refcnt() { cat "/sys/module/$1/refcnt" 2>/dev/null || echo -1; }

# crc32c of stdin through AF_ALG as 8 hex digits (name: algorithm or driver).
afalg_crc() { "$here/afalg_crc32c" "${1:-crc32c}" | cut -d' ' -f1; }

# Number of kernel log lines so far; kernel_log_since N prints the newer ones.
kernel_log_mark() { dmesg | wc -l; }
kernel_log_since() { dmesg | tail -n +"$(($1 + 1))"; }

# Drop everything that holds a crc32c tfm (mounted btrfs/ext4, libcrc32c and
# its users) so that crc32c_vmx can be unloaded. Returns 1 if something stays.
release_crc32c_holders() {
	for m in $(awk '$3 == "btrfs" || $3 == "ext4" { print $2 }' /proc/mounts); do
		umount "$m" || return 1
	done
	for mod in btrfs libcrc32c; do
		if module_loaded "$mod"; then
			rmmod "$mod" || return 1
		fi
	done
	return 0
}

# Load crc32c_vmx with the given parameters after unloading any other
# instance; returns modprobe's status.
reload_crc32c_vmx() {
	if module_loaded crc32c_vmx; then
		release_crc32c_holders && rmmod crc32c_vmx || return 1
	fi
	modprobe crc32c_vmx "$@"
}
