#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# check-build.sh: the cheap half of proving the upstream series (make check,
# docs/upstream.md): it applies with `git am` to Debian's linux-source-7.2,
# scripts/checkpatch.pl --strict of that tree is clean on every patch, and
# lib/crc/ compiles with W=1 (no warning) for three configs:
#   le         ppc64le_defconfig (little-endian, ALTIVEC, CRC*_ARCH=y)
#   be         ppc64_defconfig (big-endian, ALTIVEC)
#   noaltivec  ppc64_defconfig without ALTIVEC/VSX (the generic code only)
# All three have KUNIT and CRC_ENABLE_ALL_FOR_KUNIT (every CRC, crc_kunit.o
# built as well).
# Only lib/crc is built, never a kernel. The configured output trees are
# cached beside the source tree (tools/upstream/tree.sh), one per config;
# a warm run recompiles lib/crc only. Prints one line per result:
#   PASS|FAIL <TAB> name [<TAB> reason]
# and exits 1 if any failed. Logs: build/upstream/.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
no_arguments "applies upstream/*.patch to linux-source-7.2, checkpatch, W=1 lib/crc for le, be, noaltivec" "$@"

logs=$top/build/upstream
mkdir -p "$logs"
# shellcheck source=series-lib.sh
. "$top/tools/upstream/series-lib.sh"
series_open || { printf 'FAIL\ttree\tsee tools/upstream/tree.sh\n'; exit 1; }
npatch=${#patches[@]} label=
# One patch at a time: each one but the last is built on its own too
# (bisectability), on the two configs that compile powerpc code.
am_next() { # I: apply patch I (1-based)
	"${g[@]}" am -q "${patches[$(($1 - 1))]}" >>"$logs/git-am.log" 2>&1 ||
		{ "${g[@]}" am --abort >/dev/null 2>&1; return 1; }
}
: >"$logs/git-am.log"

# --- checkpatch --------------------------------------------------------------
# MISSING_SIGN_OFF: the submitter signs off (docs/upstream.md);
# FILE_PATH_CHANGES: MAINTAINERS' "CRC LIBRARY" entry covers lib/crc/.
# The paths are absolute on purpose: checkpatch checks an argument that git
# tracks (a relative path to a committed upstream/*.patch, from this
# checkout) as a source file, not as a patch.
# The one warning the series keeps, and says so in patch 2's message:
# NEW_TYPEDEFS on the two vector types of crc-vpmsum-core.h (the kernel has
# no names for AltiVec vector types; lib/raid/raid6/powerpc/altivec.uc and
# lib/raid/xor/powerpc/xor_vmx.c typedef theirs too). Any other warning, or
# those two missing, fails.
: >"$logs/checkpatch.log"
for p in "${patches[@]}"; do
	perl "$src/scripts/checkpatch.pl" --strict --no-tree --show-types --quiet \
		--ignore MISSING_SIGN_OFF,FILE_PATH_CHANGES "$p" >>"$logs/checkpatch.log" 2>&1
done
kept=$(grep -c '^+typedef __vector unsigned \(int\|char\) vpmsum_\(vec\|bytes\)_t;$' \
	"$logs/checkpatch.log")
others=$(grep -v '^total: ' "$logs/checkpatch.log" |
	awk -v RS= '!/^WARNING:NEW_TYPEDEFS:.*\n.*\n\+typedef __vector unsigned (int|char) vpmsum_(vec|bytes)_t;$/')
[ "$kept" -eq 2 ] && [ -z "$others" ]
verdict "checkpatch --strict on every patch" $? \
	"see build/upstream/checkpatch.log (allowed: the 2 vector typedefs, found $kept)"

# --- W=1 lib/crc for three configs -------------------------------------------
build_cfg() { # NAME CROSS DEFCONFIG [scripts/config ARGS...]; $label names the patch
	local name=$1 toolchain=(CROSS_COMPILE="$2" CC="ccache ${2}gcc")
	shift 2
	lib_crc_build "W=1 lib/crc ($name${label:+, up to patch ${label#-patch}})" \
		"$cache/o-$name" "$logs/build-$name$label.log" "$@"
}
# What each config must (not) build, as evidence that it tested what it names.
expect_objs() { # NAME PRESENT|ABSENT OBJ...
	local name=$1 want=$2 o rc=0
	shift 2
	for o in "$@"; do
		if [ -f "$cache/o-$name/lib/crc/$o" ]; then [ "$want" = present ] || rc=1
		else [ "$want" = absent ] || rc=1; fi
	done
	verdict "$name config builds the expected lib/crc objects" "$rc" \
		"want $want: $*"
}
le=(le powerpc64le-linux-gnu- ppc64le_defconfig "${noftrace[@]}")
be=(be powerpc64-linux-gnu- ppc64_defconfig "${noftrace[@]}")
for ((i = 1; i <= npatch; i++)); do
	if ! am_next "$i"; then
		verdict "series applies with git am to linux-source-7.2" 1 \
			"patch $i does not apply, see build/upstream/git-am.log"
		exit 1
	fi
	[ "$i" -lt "$npatch" ] || break
	label="-patch$i"
	build_cfg "${le[@]}"
	build_cfg "${be[@]}"
done
label=
verdict "series applies with git am to linux-source-7.2" 0
build_cfg "${le[@]}"
expect_objs le present "${vpmsum_objs[@]}" tests/crc_kunit.o
build_cfg "${be[@]}"
expect_objs be present "${vpmsum_objs[@]}" tests/crc_kunit.o
build_cfg noaltivec powerpc64-linux-gnu- ppc64_defconfig "${noftrace[@]}" \
	--disable PPC_TRANSACTIONAL_MEM --disable VSX --disable ALTIVEC
if grep -q '^CONFIG_ALTIVEC=y' "$cache/o-noaltivec/.config" 2>/dev/null; then
	verdict "noaltivec config has no ALTIVEC" 1 "CONFIG_ALTIVEC=y in $cache/o-noaltivec/.config"
else
	verdict "noaltivec config has no ALTIVEC" 0
fi
expect_objs noaltivec absent "${vpmsum_objs[@]}"

# make check-upstream's mutants (tools/upstream/mutants.sh) must still apply
# on top of the series, so that a regenerated series cannot leave one stale
# until the next check-upstream run.
: >"$logs/mutants-apply.log"
for m in "$top"/tools/upstream/mutants/*.patch; do
	n=${m##*/}
	"${g[@]}" apply --check "$m" >>"$logs/mutants-apply.log" 2>&1
	verdict "mutant applies on top of the series: ${n%.patch}" $? \
		"regenerate it against the series; see build/upstream/mutants-apply.log"
done

"${g[@]}" checkout -q -f --detach pristine
exit "$VERDICT_RC"
