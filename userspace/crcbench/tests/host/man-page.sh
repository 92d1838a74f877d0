#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The generated man page exists, names the tool, and documents every option
# and every exit code that `crcbench-alg help all` prints: a new option
# documented in a help text reaches the man page or this test fails.
#
# Usage: man-page.sh CRCBENCH MAN_PAGE. Exit: 0 pass, 1 fail.
set -u
tool=${1:?crcbench-alg} man=${2:?man page}
fail() { echo "FAIL: $*"; exit 1; }
[ -s "$man" ] || fail "$man missing or empty (is help2man installed?)"
grep -q '^\.TH CRCBENCH-ALG "1"' "$man" || fail "$man: no .TH CRCBENCH-ALG 1 header"
help=$("$tool" help all) || fail "crcbench-alg help all failed"
# roff escapes '-' as '\-'.
opts=$(printf '%s\n' "$help" | grep -oE '(^|[ ,[])--[a-z][a-z-]*' | sed 's/^[ ,[]//' | sort -u)
[ -n "$opts" ] || fail "no options found in help all"
n=0
for o in $opts; do
	esc=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
	grep -q -- "$esc" "$man" || fail "$man does not document $o"
	n=$((n + 1))
done
for c in 0 1 2 3 4 5 6 7; do
	grep -qx "$c" "$man" || fail "exit code $c missing"
done
for s in "The list command" "The verify command" "The run command"; do
	grep -q "^$s:\$" "$man" || fail "$man: no part '$s'"
done
grep -q '^\.SS "Exit codes:"' "$man" || fail "$man: no section 'Exit codes'"
echo "ok: $man documents $n options, 8 exit codes"
