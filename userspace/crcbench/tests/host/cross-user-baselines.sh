#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The userspace baselines of the static ppc64le crcbench-alg under qemu-user:
# user:vmx (the project's VMX core built into the tool) passes verify, and a
# short run of user:vmx and user:slice8 measures both with every result
# checked. user:vmx-isa31 passes verify on POWER10 and is refused (exit 5,
# with the cause) on the emulator's CPU when that lacks ISA 3.1. None needs
# AF_ALG nor a /proc/crypto entry, so qemu-user on the x86 host (which has no
# AF_ALG) runs them.
#
# Usage: cross-user-baselines.sh CRCBENCH [EMULATOR...]
#   e.g. cross-user-baselines.sh build/ppc64le/crcbench/crcbench-alg qemu-ppc64le -cpu power8
# Exit: 0 pass, 1 fail, 77 skipped (no emulator).
set -u
bin=$1
shift
[ $# -gt 0 ] || set -- qemu-ppc64le -cpu power8
command -v "$1" >/dev/null 2>&1 || { echo "no $1: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-userbase.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "FAIL: $*"; sed 's/^/  /' "$tmp/out" "$tmp/err" 2>/dev/null; exit 1; }

"$@" "$bin" verify -q -d user:vmx --seed 1 >"$tmp/out" 2>"$tmp/err" || fail "verify -d user:vmx: exit $?"
grep -q '^PASS user:vmx: ' "$tmp/out" || fail "verify: no PASS line for user:vmx"
grep -q '^verdict: ok$' "$tmp/out" || fail "verify: verdict not ok"

"$@" "$bin" run -q -d user:vmx,user:slice8 --sizes 64,4K --duration 20ms --warmup 0 --trials 2 \
	--format csv >"$tmp/out" 2>"$tmp/err" || fail "run -d user:vmx,user:slice8: exit $?"
for d in user:vmx user:slice8; do
	for s in 64 4096; do
		grep -q "^$d,$s," "$tmp/out" || fail "run: no row for $d at $s bytes"
	done
done
rows=$(grep -c '^user:' "$tmp/out")
[ "$rows" = 4 ] || fail "run: $rows user: rows, expected 4"

# The ISA 3.1 core: POWER10 runs it; a CPU without ISA 3.1 refuses it.
qemu=$1
"$qemu" -cpu power10 "$bin" verify -q -d user:vmx-isa31 --seed 2 --random 20 >"$tmp/out" 2>"$tmp/err" ||
	fail "verify -d user:vmx-isa31 on power10: exit $?"
grep -q '^PASS user:vmx-isa31: ' "$tmp/out" || fail "verify: no PASS line for user:vmx-isa31"
"$qemu" -cpu power9 "$bin" verify -q -d user:vmx-isa31 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 5 ] || fail "user:vmx-isa31 on power9: exit $rc, expected 5"
grep -q 'user:vmx-isa31 is unavailable: this CPU lacks ISA 3.1' "$tmp/err" ||
	fail "user:vmx-isa31 on power9: no clear cause"
echo "PASS: user:vmx verified; run measured user:vmx and user:slice8 at 64 and 4K;" \
	"user:vmx-isa31 verified on power10, refused on power9"
