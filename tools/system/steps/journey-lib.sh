# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Helpers of the journey's guest steps (journey-steps.sh sources this).
# Every assertion prints exactly one line, "PASS <name>: <what>" or
# "FAIL <name>: <what and why>"; the host counts them against
# tools/system/journey.expect. "STEP <text>" lines are progress for people.

# shellcheck disable=SC2034 # used by journey-steps.sh
PKG=crc32c-vmx-dkms
MOD=crc32c_vmx
# The CRC family's package and module (docs/crc-family.md).
FPKG=crc-family-vmx-dkms
FMOD=crc_family_vmx
STATS=/sys/module/crc32c_vmx/stats
# shellcheck disable=SC2034
PAYLOAD=/run/crcvmx-payload

# The step's exit status: 1 once any assertion failed.
step_rc=0
pass() { echo "PASS $1: $2"; }
fail() { echo "FAIL $1: $2"; step_rc=1; }
progress() { echo "STEP $*"; }

# check NAME MESSAGE COMMAND...: PASS if the command succeeds.
check() {
	local name=$1 msg=$2
	shift 2
	if "$@"; then pass "$name" "$msg"; else fail "$name" "$msg: not so"; fi
}

# Run a command with its output in a log under /var/log/journey/; on failure
# show the log's last lines (as '#' comments on the result channel).
# (The exit status is taken from the command itself: after an `if` whose
# condition failed, $? is 0, which made every logged failure a success.)
logged() {
	local log=/var/log/journey/$1 rc=0
	shift
	mkdir -p /var/log/journey
	"$@" >"$log" 2>&1 || rc=$?
	[ "$rc" -eq 0 ] || tail -n 25 "$log" | sed 's/^/#   /'
	return "$rc"
}

# The highest-priority "crc32c" entry of a /proc/crypto-format file:
# "<driver> <priority> <selftest>".
top_crc32c() {
	awk 'BEGIN { RS = ""; FS = "\n"; best = -1 }
	{
		n = d = s = ""; p = -1
		for (i = 1; i <= NF; i++) {
			k = $i; sub(/[ \t]*:.*/, "", k)
			v = $i; sub(/^[^:]*:[ \t]*/, "", v)
			if (k == "name") n = v
			else if (k == "driver") d = v
			else if (k == "priority") p = v + 0
			else if (k == "selftest") s = v
		}
		if (n == "crc32c" && p > best) { best = p; bd = d; bs = s }
	}
	END { if (best >= 0) print bd, best, bs }' "$1"
}

# check_top NAME FILE: crc32c-vmx is the highest-priority crc32c, selftest passed.
check_top() {
	local top
	top=$(top_crc32c "$2")
	case "$top" in
	"crc32c-vmx "*" passed") pass "$1" "highest-priority crc32c in $3 is '$top'" ;;
	*) fail "$1" "highest-priority crc32c in $3 is '${top:-none}', not crc32c-vmx with selftest passed" ;;
	esac
}

vector_bytes() { cat "$STATS/vector_bytes" 2>/dev/null || echo -1; }

# check_counter NAME WHAT MIN COMMAND...: crc32c-vmx's vector-path counter
# rises by at least MIN bytes while COMMAND runs.
check_counter() {
	local name=$1 what=$2 min=$3 v0 v1
	shift 3
	v0=$(vector_bytes)
	if ! "$@"; then fail "$name" "$what: the workload failed"; return; fi
	v1=$(vector_bytes)
	if [ "$v0" -ge 0 ] && [ $((v1 - v0)) -ge "$min" ]; then
		pass "$name" "$what: crc32c-vmx vector_bytes rose by $((v1 - v0)) (>= $min)"
	else
		fail "$name" "$what: crc32c-vmx vector_bytes went $v0 -> $v1, expected a rise of >= $min"
	fi
}

# The modules of both packages under any kernel's /lib/modules.
module_files() { find /lib/modules -name "$MOD.ko*" -o -name "$FMOD.ko*" 2>/dev/null; }

# initramfs_has_module KERNEL: the initramfs of KERNEL (Debian's
# /boot/initrd.img-KERNEL, which both tools write) contains crc32c_vmx.ko.
# dracut's lsinitrd where dracut is the initramfs tool (the RPM journey's
# image), initramfs-tools' lsinitramfs otherwise.
initramfs_has_module() {
	if command -v lsinitrd >/dev/null; then
		lsinitrd --kver "$1" 2>/dev/null
	else
		lsinitramfs "/boot/initrd.img-$1" 2>/dev/null
	fi | grep -Eq "/$MOD\.ko(\.[a-z]+)?$"
}

# dkms_installed KERNEL [DKMS-NAME]: DKMS-NAME (default crc32c-vmx) is
# built and installed for KERNEL.
dkms_installed() { dkms status -k "$1" 2>/dev/null | grep -E "^${2:-crc32c-vmx}/" | grep -q ': installed'; }

# check_installed DKMS INITRAMFS: the checks after installing both packages
# on 6.1 (.deb or RPM, kernel krel): dkms built and installed both modules,
# crc32c_vmx is built for krel, its soft dependency is configured, and the
# initramfs holds it. DKMS and INITRAMFS start the descriptions of the dkms
# and the initramfs checks (what did the work, as the journey names it).
# shellcheck disable=SC2154 # krel: journey-steps.sh
check_installed() {
	check dkms-built-6.1 "$1 crc32c-vmx installed for $krel" dkms_installed "$krel"
	check dkms-built-family-6.1 "$1 crc-family-vmx installed for $krel" dkms_installed "$krel" crc-family-vmx
	check module-6.1 "modinfo crc32c_vmx: built for $krel (vermagic)" \
		eval '[ "$(modinfo -F vermagic $MOD 2>/dev/null | cut -d" " -f1)" = "$krel" ]'
	check softdep "modprobe's configuration loads crc32c_vmx before libcrc32c" \
		eval 'modprobe -c | grep -Eq "^softdep libcrc32c pre: .*\b$MOD\b"'
	check initramfs-built-6.1 "$2 initramfs of $krel contains $MOD.ko" initramfs_has_module "$krel"
}

# transform LIB: the driver the CRC library LIB (crc_t10dif, crc64_rocksoft)
# hashes with now.
transform() { cat "/sys/module/$1/parameters/transform" 2>/dev/null; }
loaded() { grep -q "^$1 " /proc/modules; }
refcnt() { cat "/sys/module/$1/refcnt" 2>/dev/null || echo -1; }
# driver_module DRIVER: the module /proc/crypto names for DRIVER.
driver_module() {
	awk -v d="$1" 'BEGIN { RS = "" } $0 ~ "\ndriver *: " d "\n" {
		n = split($0, l, "\n"); for (i = 1; i <= n; i++) if (l[i] ~ /^module *:/) { sub(/^module *: */, "", l[i]); print l[i]; exit } }' /proc/crypto
}

# fs_work DIR: metadata-heavy work (2000 small files in 20
# directories) and 16 MiB of data, then sync.
fs_work() {
	local d=$1/work.$$ i
	mkdir -p "$d" || return 1
	for i in $(seq 20); do
		mkdir "$d/$i" && seq 100 | while read -r f; do echo "$i $f" >"$d/$i/$f"; done || return 1
	done
	head -c 16M /dev/urandom >"$d/data" && sync
}

# none_left FILES KEEP: none of the (whitespace-separated) FILES exists,
# except those also in KEEP; names each one left.
none_left() {
	local f rc=0
	for f in $1; do
		case " $(echo $2) " in *" $f "*) continue ;; esac
		if [ -e "$f" ]; then echo "#   left behind: $f"; rc=1; fi
	done
	return "$rc"
}
