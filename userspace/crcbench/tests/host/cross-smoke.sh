#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Smoke test of the static ppc64le binaries under qemu-user on the x86 host:
# they start, parse arguments, read /proc/crypto-format files, print valid
# JSON and report the host's missing AF_ALG with exit code 3 (qemu-user
# passes system calls to the host kernel).
#
# Usage: cross-smoke.sh CRCBENCH JSONCHECK FIXTURES [EMULATOR...]
#   e.g. cross-smoke.sh build/ppc64le/crcbench/crcbench-alg \
#        build/ppc64le/crcbench/crcbench-jsoncheck userspace/crcbench/tests/fixtures \
#        qemu-ppc64le -cpu power8
# Exit: 0 pass, 1 fail, 77 skipped (no emulator).
set -u
bin=$1 check=$2 fixtures=$3
shift 3
[ $# -gt 0 ] || set -- qemu-ppc64le -cpu power8
command -v "$1" >/dev/null 2>&1 || { echo "no $1: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-cross.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

fail() { echo "FAIL: $*"; sed 's/^/  /' "$tmp/out" "$tmp/err" 2>/dev/null; exit 1; }
expect() { # RC ARGS...
	want=$1
	shift
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" = "$want" ] || fail "exit $rc, expected $want: $*"
}

file "$bin" 2>/dev/null | grep -q 'statically linked' || echo "note: $bin is not reported as static"
expect 0 "$@" "$bin" --help
grep -q "Exit codes:" "$tmp/out" || fail "--help lacks the exit codes"
expect 0 "$@" "$bin" --version
expect 2 "$@" "$bin" run --threads 0
expect 5 "$@" "$bin" verify --driver nope --proc-crypto "$fixtures/proc-crypto-guest.txt"
expect 0 "$@" "$bin" list --format json --proc-crypto "$fixtures/proc-crypto-guest.txt"
cp "$tmp/out" "$tmp/list.json"
expect 0 "$@" "$check" --schema list --expect-driver crc32c-vmx --expect-emulated yes "$tmp/list.json"
expect 3 "$@" "$bin" verify --driver crc32c-vmx --proc-crypto "$fixtures/proc-crypto-guest.txt"
grep -q "AF_ALG is not available" "$tmp/err" || fail "no AF_ALG message"
echo "ok - static ppc64le crcbench-alg and crcbench-jsoncheck under $*"
