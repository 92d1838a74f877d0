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
cache=$("$top/tools/upstream/tree.sh") || { printf 'FAIL\ttree\tsee tools/upstream/tree.sh\n'; exit 1; }
src=$cache/src
exec 8>"$cache/../tree.lock"
flock 8
st=0
verdict() { # NAME RC [REASON]
	if [ "$2" -eq 0 ]; then printf 'PASS\t%s\n' "$1"; else printf 'FAIL\t%s\t%s\n' "$1" "${3:-}"; st=1; fi
}
# git am gives every file it touches a new mtime, so make recompiles them on
# every run: ccache (the project's cache, as in tools/check.sh) turns those
# into hits. It replays a hit's warnings, so the warning check still sees them.
export CCACHE_DIR=${CCACHE_DIR:-$CRCVMX_CACHE/ccache}
# The build niceness the project's rules ask for: lowest CPU and I/O priority.
lazy=(nice -n 19 ionice -c3)

# --- git am ------------------------------------------------------------------
# The patches, without the cover letter (0000-cover-letter.patch)
patches=()
for p in "$top"/upstream/*.patch; do
	[ "${p##*/}" = 0000-cover-letter.patch ] || patches+=("$p")
done
g=(git -C "$src" -c user.name=check -c user.email=check@invalid)
"${g[@]}" am --abort >/dev/null 2>&1
"${g[@]}" checkout -q -f --detach pristine && "${g[@]}" clean -q -fdx lib/crc
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
: >"$logs/checkpatch.log"
rc=0
for p in "${patches[@]}"; do
	perl "$src/scripts/checkpatch.pl" --strict --no-tree --show-types --quiet \
		--ignore MISSING_SIGN_OFF,FILE_PATH_CHANGES "$p" >>"$logs/checkpatch.log" 2>&1 || rc=1
done
verdict "checkpatch --strict on every patch" "$rc" "see build/upstream/checkpatch.log"

# --- W=1 lib/crc for three configs -------------------------------------------
build_cfg() { # NAME CROSS DEFCONFIG [scripts/config ARGS...]; $label names the patch
	local name=$1 cross=$2 defconfig=$3 out=$cache/o-$1 log=$logs/build-$1$label.log
	local what="W=1 lib/crc ($name${label:+, up to patch ${label#-patch}})"
	shift 3
	local mk=(make -s -C "$src" O="$out" ARCH=powerpc CROSS_COMPILE="$cross" -j2
		CC="ccache ${cross}gcc")
	{
		# The cached tree is reused only if it was configured the same way.
		if [ "$(cat "$out/.configured" 2>/dev/null)" != "$defconfig $cross $*" ]; then
			mkdir -p "$out" &&
			"${lazy[@]}" "${mk[@]}" "$defconfig" &&
			{ [ $# -eq 0 ] || "$src/scripts/config" --file "$out/.config" "$@"; } &&
			"${lazy[@]}" "${mk[@]}" olddefconfig &&
			echo "$defconfig $cross $*" >"$out/.configured"
		fi
	} >"$log" 2>&1 || { verdict "$what" 1 "configuring failed, see $log"; return; }
	"${lazy[@]}" "${mk[@]}" W=1 lib/crc/ >>"$log" 2>&1
	local rc=$?
	if [ "$rc" -ne 0 ]; then
		verdict "$what" 1 "make failed, see $log"
	elif grep -qE 'warning:|error:' "$log"; then
		verdict "$what" 1 "compiler warnings, see $log"
	else
		verdict "$what" 0
	fi
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
vpmsum_objs=(powerpc/crc32-lsb-vpmsum.o powerpc/crc32-msb-vpmsum.o powerpc/crc64-lsb-vpmsum.o
	powerpc/crc64-msb-vpmsum.o)
# Without the function tracer: it needs objtool, and objtool needs libelf's
# development headers, which the host does not have (a whole-kernel
# concern: lib/crc's C compiles the same apart from -mprofile-kernel).
noftrace=(--disable FUNCTION_TRACER --disable FTRACE --module KUNIT --module CRC_KUNIT_TEST
	--module CRC_ENABLE_ALL_FOR_KUNIT)
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
exit "$st"
