#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of the CRC family's part of make bench-model: family-report.sh
# on the files of one recorded run (fixtures/family/: counts.tsv, meta.txt,
# mca.tsv, mca-family.tsv, mca-sw.tsv, short-call.tsv), and the two loop
# cutters on freshly compiled code. CTest runs one case per test
# (tools/bench-model/tests/CMakeLists.txt).
#   report          the recorded run gives the committed section
#                   (fixtures/family-report.md), and the thresholds it
#                   recommends are the ones module/crc_family_vmx_glue.c has
#   missing-generic crc64-rocksoft-generic's intervals gone: the report
#                   fails and names the driver
#   missing-vperm   no "without vperm" model of the CRC-T10DIF loop: the
#                   report fails and says so
#   vperm-loop      mca.sh --drop vperm on the CRC-T10DIF template core built
#                   for ppc64le here: 16 vperm in a loop of 67 instructions,
#                   51 without them, and fewer cycles; --drop of a mnemonic
#                   the loop lacks fails
#   sw-loop         mca-sw-loop.sh on a byte-table CRC built here: one byte
#                   per iteration, over one cycle per byte; a function
#                   without a loop fails
# Exit codes: 0 the case passed, 1 it failed, 2 bad usage.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bm=$here/..
top=$(cd "$bm/../.." && pwd)
fx=$here/fixtures
# shellcheck source=../../lib/common.sh
. "$bm/../lib/common.sh"

cases="report missing-generic missing-vperm vperm-loop sw-loop"
usage() {
	echo "Usage: ${0##*/} ${cases// /|}"
	echo "Exit codes: 0 the case passed, 1 it failed, 2 bad usage."
}
case "${1:-}" in
-h|--help) usage; exit 0 ;;
report|missing-generic|missing-vperm|vperm-loop|sw-loop) ;;
*) usage >&2; exit 2 ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/family-report-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
case "$1" in
report|missing-*) cp "$fx"/family/* "$work/" ;;
esac

# expect_fail PATTERN CMD...: CMD must fail with PATTERN in its message.
expect_fail() {
	local pat=$1
	shift
	if "$@" >/dev/null 2>"$work/err"; then
		echo "FAIL: $* succeeded"
		return 1
	fi
	grep -q -- "$pat" "$work/err" || { echo "FAIL: no '$pat' in:"; cat "$work/err"; return 1; }
	echo "ok: failed as it must: $(head -n 1 "$work/err")"
}
glue_const() {
	sed -n "s/^#define[ \t]*$1[ \t]*\([0-9]*\).*/\1/p" "$top/module/crc_family_vmx_glue.c"
}
CROSS=${CROSS_COMPILE:-powerpc64le-linux-gnu-}

case "$1" in
report)
	"$bm/family-report.sh" --dir "$work" >"$work/report.md" || die "family-report.sh failed on the recording"
	diff -u "$fx/family-report.md" "$work/report.md" || die "the section differs from fixtures/family-report.md"
	for c in CRCT10DIF_VMX_MIN_LEN CRC64_ROCKSOFT_VMX_MIN_LEN; do
		rec=$(sed -n "/^<!-- summary: /s/.*[ ,]$c \([0-9]*\) (now .*/\1/p" "$work/report.md")
		[ -n "$rec" ] || die "the summary line recommends no $c"
		[ "$rec" = "$(glue_const "$c")" ] ||
			die "the recording recommends $c $rec, module/crc_family_vmx_glue.c has $(glue_const "$c")"
	done
	echo "ok: the committed section; the glue has the recommended thresholds"
	;;
missing-generic)
	awk -F'\t' '$1 != "crc64-rocksoft-generic"' "$fx/family/counts.tsv" >"$work/counts.tsv"
	expect_fail "no intervals of crc64-rocksoft-generic" "$bm/family-report.sh" --dir "$work"
	;;
missing-vperm)
	awk -F'\t' '$3 != "no-vperm"' "$fx/family/mca-family.tsv" >"$work/mca-family.tsv"
	expect_fail "crct10dif-vmx without vperm" "$bm/family-report.sh" --dir "$work"
	;;
vperm-loop)
	# The harness's userspace build of the core (tools/vmx-harness), with
	# the kernel module's code generation flags for the vector unit.
	"${CROSS}gcc" -O2 -mcpu=power8 -maltivec -mno-vsx -mhard-float -I"$top/tools/vmx-harness" \
		-I"$top/tools/vmx-harness/kernel-shim" -c \
		-o "$work/t10dif.o" "$top/module/arch/powerpc/crct10dif_vmx_core.c" ||
		die "cannot build the CRC-T10DIF core for ppc64le (${CROSS}gcc)"
	"$bm/mca.sh" --name t10dif --function crct10dif_vmx_core --drop vperm --mcpu pwr9 \
		--obj "$work/t10dif.o" --dir "$work/mca" >"$work/mca.tsv" || die "mca.sh --drop vperm failed"
	[ "$(grep -c '^	vperm ' "$work/mca/t10dif.s")" -eq 16 ] || die "the loop has not 16 vperm"
	awk -F'\t' '
		$3 == "built" { bi = $4; bc = $7 } $3 == "no-vperm" { ni = $4; nc = $7 }
		END { exit !(bi == 67 && ni == 51 && nc < bc) }' "$work/mca.tsv" ||
		die "expected 67 and 51 instructions, fewer cycles without vperm: $(cut -f3,4,7 "$work/mca.tsv" | tr '\n' ' ')"
	echo "ok: $(cut -f3,4,7 "$work/mca.tsv" | tr '\t\n' ' ')"
	expect_fail "holds no vsldoi" "$bm/mca.sh" --name t10dif --function crct10dif_vmx_core \
		--drop vsldoi --mcpu pwr9 --obj "$work/t10dif.o" --dir "$work/mca"
	;;
sw-loop)
	cat >"$work/sw.c" <<'EOF'
/* SPDX-License-Identifier: GPL-2.0-only */
/* A byte-at-a-time table CRC, and a function without a loop. */
extern const unsigned long long table[256];

unsigned long long byte_crc(unsigned long long crc, const unsigned char *p, unsigned long len)
{
	while (len--)
		crc = (crc >> 8) ^ table[(crc ^ *p++) & 0xff];
	return crc;
}

unsigned long long no_loop(unsigned long long crc, const unsigned char *p)
{
	return crc ^ p[0];
}
EOF
	"${CROSS}gcc" -O2 -mcpu=power8 -c -o "$work/sw.o" "$work/sw.c" || die "cannot build the byte loop (${CROSS}gcc)"
	"$bm/mca-sw-loop.sh" --name byte --function byte_crc --mcpu pwr9 --obj "$work/sw.o" \
		--dir "$work/mca" >"$work/sw.tsv" || die "mca-sw-loop.sh failed"
	awk -F'\t' 'END { exit !(NR == 1 && $4 == 1 && $6 > 1) }' "$work/sw.tsv" ||
		die "expected one byte per iteration and over one cycle per byte: $(cat "$work/sw.tsv")"
	echo "ok: $(tr '\t' ' ' <"$work/sw.tsv")"
	expect_fail "no loop closed" "$bm/mca-sw-loop.sh" --name none --function no_loop --mcpu pwr9 \
		--obj "$work/sw.o" --dir "$work/mca"
	;;
esac
