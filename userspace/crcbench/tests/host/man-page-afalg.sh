#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Issue 4.4 item 7: the man page and docs/crcbench-alg.md say what AF_ALG's
# deprecation means for a user of the tool: what still works and on which
# kernels, where AF_ALG is gone, and what the in-kernel backend measures
# instead. The page's section comes from crcbench-alg.h2m; this fails if the
# generated page (or the manual) loses it or one of its parts.
#
# Usage: man-page-afalg.sh MAN_PAGE MANUAL. Exit: 0 pass, 1 fail.
set -u
man=${1:?man page} manual=${2:?docs/crcbench-alg.md}
fail() { echo "FAIL: $*"; exit 1; }
[ -s "$man" ] || fail "$man missing or empty (is help2man installed?)"
grep -q '^\.SH "AF_ALG STATUS"' "$man" || fail "$man: no section AF_ALG STATUS"
# The section's text: from its heading to the next one.
text=$(awk '/^\.SH "AF_ALG STATUS"/ { f = 1; next } /^\.SH / { f = 0 } f' "$man" | tr '\n' ' ')
# roff escapes '-' as '\-'.
for part in 'deprecated in April 2026' 'What still works' 'algif_hash' \
	'6.1 to 7.2' 'before 6.15' 'Where AF_ALG is gone' 'exit code 3' \
	'user:slice8' 'What to measure instead' 'run \\-\\-backend tcrypt' \
	'inside the kernel' "without the socket's cost" 'crc32c\\-lib'; do
	printf '%s' "$text" | grep -q -- "$part" || fail "$man: AF_ALG STATUS does not say '$part'"
done
grep -q "^## AF_ALG's deprecation: what it means for you" "$manual" ||
	fail "$manual: no section on AF_ALG's deprecation"
for part in 'What still works' 'Where AF_ALG is gone' 'What to measure instead' \
	'--backend tcrypt'; do
	sed -n "/^## AF_ALG's deprecation/,/^## /p" "$manual" | grep -q -- "$part" ||
		fail "$manual: the AF_ALG section does not say '$part'"
done
echo "ok: $man and $manual say what AF_ALG's deprecation means"
