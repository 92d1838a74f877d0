# SPDX-License-Identifier: GPL-2.0-only
#
# Shared helpers of the mutation-testing scripts. Source it.
#
# A mutant is tools/mutants/NAME.patch: a header with the lines "Defect:"
# (what it plants), "Catch: TEST..." (every test that must catch it) and
# "Why:", optionally "Module: NAME" (the module it is a build of:
# crc32c_vmx, the default, or crc_family_vmx), then the unified diff
# (tools/mutants/build.sh applies it). Test names are kselftests (crc32c_vmx_afalg,
# crc32c_vmx_ext4.sh, ...) or these verdicts of the harness:
#   testmgr        the kernel's registration self-test rejects the driver
#                  (selftest not "passed" and the crypto manager's failure line)
#   kernel-log     the kernel logs a warning, BUG or lockdep report (not a crash)
#   vpmsumd-count  the QEMU plugin sees (almost) no vpmsumd inside crc32c_vmx
#                  for 1 MiB on POWER8 (tools/vm/execution-lane.sh)
#   isa31-count    the QEMU plugin sees (almost) no lxvp or xxeval inside
#                  crc32c_vmx for 1 MiB on POWER10 (the same lane)
#   novsx          a check of tools/vm/novsx-lane.sh fails (POWER10 with VSX
#                  off: the load line, /proc/crypto, a digest, the stats)
#   debug-kernel   the debug kernel (PREEMPT, DEBUG_PREEMPT, lockdep) logs a
#                  report while the mutant runs there (kernel-log on that lane)
# A kselftest catches a mutant only by failing an assertion (a nested "not
# ok"; tools/vm/guest/mutant-verdict.sh). A timeout, a crash or a failure
# before any assertion is not a catch, unless the mutant declares it as its
# expected catch with "Expect: crash|timeout|setup-failed REASON".

# (MUTANT_DIR may name another folder: tools/mutants/test-verdict.sh.)
MUTANT_DIR=${MUTANT_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
MUTANT_PSEUDO="testmgr kernel-log vpmsumd-count isa31-count novsx debug-kernel"

mutant_names() {
	local p
	for p in "$MUTANT_DIR"/*.patch; do
		[ -e "$p" ] || continue
		p=${p##*/}
		echo "${p%.patch}"
	done
}

# The Catch: list of a mutant (space separated).
mutant_catch() {
	sed -n '/^diff \|^--- /q; s/^Catch: *//p' "$MUTANT_DIR/$1.patch" | tr -s ' \t' ' ' | sed 's/ $//'
}

# The module a mutant is a build of: its Module: line, or crc32c_vmx.
mutant_module() {
	local m
	m=$(sed -n '/^diff \|^--- /q; s/^Module: *//p' "$MUTANT_DIR/$1.patch" | tr -d ' \t')
	echo "${m:-crc32c_vmx}"
}

# The kselftests a lane runs for a mutant: on the stock kernel the ones its
# Catch: names; on the debug kernel the same, or crc32c_vmx_afalg when it
# names none (any vector-path use is enough for the debug checks).
mutant_lane_tests() { # NAME LANE
	local t out=
	for t in $(mutant_catch "$1"); do
		case " $MUTANT_PSEUDO " in *" $t "*) ;; *) out="$out $t" ;; esac
	done
	[ "$2" != debug ] || [ -n "$out" ] || out=" crc32c_vmx_afalg"
	echo "${out# }"
}

# The kind of failure a mutant declares as its expected catch (crash,
# timeout or setup-failed), or nothing. mutant_expect_reason: its reason.
mutant_expect() {
	sed -n '/^diff \|^--- /q; s/^Expect: *\([a-z-]*\).*/\1/p' "$MUTANT_DIR/$1.patch" | head -n 1
}
mutant_expect_reason() {
	sed -n '/^diff \|^--- /q; s/^Expect: *[a-z-]* *//p' "$MUTANT_DIR/$1.patch" | head -n 1
}

# The fault a mutant that declares a crash expects (Fault: OOPS-TEXT @
# FUNCTION): the text of the kernel's oops line and the function the oops
# names (its NIP line). mutant_fault_oops / mutant_fault_at print each part.
mutant_fault_oops() {
	sed -n '/^diff \|^--- /q; s/^Fault: *\(.*[^ ]\) *@ *[A-Za-z0-9_]* *$/\1/p' "$MUTANT_DIR/$1.patch" | head -n 1
}
mutant_fault_at() {
	sed -n '/^diff \|^--- /q; s/^Fault: *.* @ *\([A-Za-z0-9_]*\) *$/\1/p' "$MUTANT_DIR/$1.patch" | head -n 1
}

# mutant_fault_seen NAME CONSOLE-LOG: whether the console shows NAME's
# declared fault: its oops text, and an oops NIP line in its function.
mutant_fault_seen() {
	local oops at
	oops=$(mutant_fault_oops "$1")
	at=$(mutant_fault_at "$1")
	[ -n "$oops" ] && [ -n "$at" ] || return 1
	grep -qF -- "$oops" "$2" && grep -qE "NIP \[[0-9a-f]+\] $at\+0x" "$2"
}

# mutant_died_verdict NAME RUN-GUEST-EXIT CONSOLE-LOG: the verdict of the
# mutant that was running when its guest died: timeout for a hang (exit 4),
# crashed for a crash with its declared fault, crashed-otherwise for any
# other crash (never a catch).
mutant_died_verdict() {
	if [ "$2" -eq 4 ]; then
		echo timeout
	elif mutant_fault_seen "$1" "$3"; then
		echo crashed
	else
		echo crashed-otherwise
	fi
}

mutant_has_catch() { # NAME TEST
	case " $(mutant_catch "$1") " in *" $2 "*) return 0 ;; esac
	return 1
}
