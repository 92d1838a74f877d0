#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of make run's instruction-count table: pair-counts.sh and
# insn-table.sh on a recorded demo boot (fixtures/demo-guest.log, the BENCH
# lines of its result channel, and fixtures/demo-plugin.txt, the plugin's
# output of the same boot). CTest runs one case per test (tools/bench-model/
# tests/CMakeLists.txt).
#   table          the recorded boot gives the committed table
#                  (fixtures/demo-table.txt), and the table obeys what the
#                  drivers are: the empty loop costs the same at every size,
#                  crc32c-generic runs 3..6 instructions per byte from 1 KiB
#                  on, crc32c-vmx fewer than 0.5 at 64 KiB
#   shifted        the plugin's intervals shifted by one (a wrong pairing
#                  with equal numbers on both sides): those checks fail
#   lost-interval  one interval missing from the plugin's output: the
#                  pairing fails
#   unbalanced     the plugin's summary reports an END without BEGIN: the
#                  pairing fails
#   missing-driver a driver's intervals gone from both sides: the table
#                  fails and names the driver
#   chart          tools/plot-insns.sh draws the recorded table as a PNG,
#                  and refuses a file that is not such a table
# Exit codes: 0 the case passed, 1 it failed, 2 bad usage.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bm=$here/..
fx=$here/fixtures
# shellcheck source=../../lib/common.sh
. "$bm/../lib/common.sh"

usage() {
	echo "Usage: ${0##*/} table|shifted|lost-interval|unbalanced|missing-driver|chart"
	echo "Exit codes: 0 the case passed, 1 it failed, 2 bad usage."
}
case "${1:-}" in
-h|--help) usage; exit 0 ;;
table|shifted|lost-interval|unbalanced|missing-driver|chart) ;;
*) usage >&2; exit 2 ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/insn-table-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

measured=$(sed -n 's/^BENCH demo //p' "$fx/demo-guest.log")
drivers=$(echo "$measured" | sed -n 's/^drivers=\([^ ]*\) .*/\1/p')
sizes=$(echo "$measured" | sed -n 's/.* sizes=\([0-9,]*\)$/\1/p')
[ -n "$drivers" ] && [ -n "$sizes" ] || die "the fixture has no 'BENCH demo drivers=... sizes=...' line"

# table LOG PLUGIN: pair and tabulate into $work/table.txt, $work/table.tsv.
table() {
	"$bm/pair-counts.sh" --any-vcpu --log "$1" --plugin "$2" >"$work/counts.tsv" &&
		"$bm/insn-table.sh" --counts "$work/counts.tsv" --drivers "$drivers" --sizes "$sizes" \
			--tsv "$work/table.tsv" >"$work/table.txt"
}
# sane: what any right pairing of a demo boot shows; prints why not.
sane() {
	awk -F'\t' '$1 == "baseline" { print $4 }' "$work/counts.tsv" | sort -u >"$work/base"
	[ "$(wc -l <"$work/base")" -eq 1 ] ||
		{ echo "the empty loop's interval differs between sizes: $(tr '\n' ' ' <"$work/base")"; return 1; }
	awk -F'\t' '
		$1 == "crc32c-generic" && $2 >= 1024 && ($4 < 3 || $4 > 6) { print "crc32c-generic at " $2 ": " $4 " per byte"; bad = 1 }
		$1 == "crc32c-vmx" && $2 == 65536 && $4 >= 0.5 { print "crc32c-vmx at 64K: " $4 " per byte"; bad = 1 }
		END { exit bad }' "$work/table.tsv"
}
# expect_fail PATTERN CMD...: CMD must fail with PATTERN in its message.
expect_fail() {
	local pat=$1
	shift
	if "$@" 2>"$work/err"; then
		echo "FAIL: $* succeeded"
		return 1
	fi
	grep -q -- "$pat" "$work/err" || { echo "FAIL: no '$pat' in:"; cat "$work/err"; return 1; }
	echo "ok: failed as it must: $(head -n 1 "$work/err")"
}

case "$1" in
table)
	table "$fx/demo-guest.log" "$fx/demo-plugin.txt" || die "the recorded boot gives no table"
	diff -u "$fx/demo-table.txt" "$work/table.txt" || die "the table differs from fixtures/demo-table.txt"
	why=$(sane) || die "the recorded table is not sane: $why"
	# every driver at every size, nothing else
	[ "$(wc -l <"$work/table.tsv")" -eq $(( $(echo "$drivers" | tr ',' '\n' | wc -l) *
		$(echo "$sizes" | tr ',' '\n' | wc -l) )) ] || die "the table has $(wc -l <"$work/table.tsv") rows"
	echo "ok: $(wc -l <"$work/table.tsv") rows, as recorded, sane"
	;;
shifted)
	# the first interval moved to the end: same number of lines, wrong pairs
	{
		grep -v '^interval ' "$fx/demo-plugin.txt"
		grep '^interval ' "$fx/demo-plugin.txt" | sed 1d
		grep -m1 '^interval ' "$fx/demo-plugin.txt"
	} >"$work/plugin.txt"
	if table "$fx/demo-guest.log" "$work/plugin.txt" 2>"$work/err"; then
		if why=$(sane); then
			die "a pairing shifted by one interval passed the checks"
		fi
		echo "ok: the shifted pairing is caught: $why"
	else
		echo "ok: the shifted pairing is caught: $(head -n 1 "$work/err")"
	fi
	;;
lost-interval)
	awk '/^interval / && ++k == 7 { next } { print }' "$fx/demo-plugin.txt" >"$work/plugin.txt"
	expect_fail "but the plugin counted" \
		"$bm/pair-counts.sh" --any-vcpu --log "$fx/demo-guest.log" --plugin "$work/plugin.txt"
	;;
unbalanced)
	sed 's/ 0 END without BEGIN/ 1 END without BEGIN/' "$fx/demo-plugin.txt" >"$work/plugin.txt"
	cmp -s "$work/plugin.txt" "$fx/demo-plugin.txt" && die "the fixture's summary line has no '0 END without BEGIN'"
	expect_fail "unbalanced markers" \
		"$bm/pair-counts.sh" --any-vcpu --log "$fx/demo-guest.log" --plugin "$work/plugin.txt"
	;;
missing-driver)
	# drop crc32c-vpmsum's intervals from both sides, keeping the pairs right
	"$bm/pair-counts.sh" --any-vcpu --log "$fx/demo-guest.log" --plugin "$fx/demo-plugin.txt" |
		awk -F'\t' '$1 != "crc32c-vpmsum"' >"$work/counts.tsv"
	expect_fail "no count for crc32c-vpmsum" \
		"$bm/insn-table.sh" --counts "$work/counts.tsv" --drivers "$drivers" --sizes "$sizes"
	;;
chart)
	table "$fx/demo-guest.log" "$fx/demo-plugin.txt" || die "the recorded boot gives no table"
	"$bm/../plot-insns.sh" "$work/table.tsv" "$work/insns.png" >/dev/null || die "plot-insns.sh failed"
	[ "$(head -c 4 "$work/insns.png" | od -An -c | tr -d ' ')" = '211PNG' ] || die "plot-insns.sh wrote no PNG"
	expect_fail "not an instruction table" "$bm/../plot-insns.sh" "$work/counts.tsv" "$work/bad.png"
	;;
esac
