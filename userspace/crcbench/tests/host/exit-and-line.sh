#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Usage: exit-and-line.sh LINE COMMAND [ARG...]
# Runs COMMAND, passes its output through, and exits 0 only if COMMAND
# exited 0 AND printed LINE exactly (a whole line). CTest's
# PASS_REGULAR_EXPRESSION alone would ignore the exit code.
[ $# -ge 2 ] || { echo "usage: ${0##*/} LINE COMMAND [ARG...]" >&2; exit 2; }
line=$1
shift
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
rc=0
"$@" >"$out" 2>&1 || rc=$?
cat "$out"
if [ "$rc" -ne 0 ]; then
	echo "exit-and-line: '$1' exited $rc" >&2
	exit 1
fi
if ! grep -qxF -- "$line" "$out"; then
	echo "exit-and-line: '$1' exited 0 but did not print the line: $line" >&2
	exit 1
fi
