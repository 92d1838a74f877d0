#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# check-llvm.sh: make check-upstream's LLVM=1 build (issue 4.1 item 5): the
# series applied to the cached linux-source-7.2 (tools/upstream/tree.sh), lib/crc
# built with W=1 by clang and the LLVM binutils (Debian 12's clang-19: 7.2
# needs clang 17.0.1 or later), for ppc64le and ppc64 big-endian, and the
# vpmsum cores must be among the objects. Prints PASS|FAIL <TAB> name
# [<TAB> why] and exits 1 if any failed. sparse (C=1) is not run: Debian
# 12's sparse 0.6.4 cannot check 7.2 (docs/upstream.md).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
no_arguments "the LLVM=1 W=1 build of lib/crc with the series, ppc64le and ppc64 (clang-19)" "$@"

# make's LLVM=-19: clang-19, ld.lld-19, llvm-ar-19 and the other LLVM tools
LLVM_SUFFIX=-19
logs=$top/build/upstream
mkdir -p "$logs"
st=0
verdict() { # NAME RC [REASON]
	if [ "$2" -eq 0 ]; then printf 'PASS\t%s\n' "$1"; else printf 'FAIL\t%s\t%s\n' "$1" "${3:-}"; st=1; fi
}
for t in clang-19 ld.lld-19 llvm-ar-19 llvm-nm-19 llvm-objcopy-19; do
	command -v "$t" >/dev/null ||
		die "$t not found: run tools/setup.sh (tools/setup/host-packages.txt lists clang-19, lld-19, llvm-19)"
done
cache=$("$top/tools/upstream/tree.sh") || die "tools/upstream/tree.sh failed"
src=$cache/src
exec 8>"$cache/../tree.lock"
flock 8
export CCACHE_DIR=${CCACHE_DIR:-$CRCVMX_CACHE/ccache}
lazy=(nice -n 19 ionice -c3)

patches=()
for p in "$top"/upstream/*.patch; do
	[ "${p##*/}" = 0000-cover-letter.patch ] || patches+=("$p")
done
g=(git -C "$src" -c user.name=check -c user.email=check@invalid)
"${g[@]}" am --abort >/dev/null 2>&1
"${g[@]}" checkout -q -f --detach pristine && "${g[@]}" clean -q -fdx lib/crc
"${g[@]}" am -q "${patches[@]}" >"$logs/llvm-git-am.log" 2>&1
verdict "the series applies" $? "see build/upstream/llvm-git-am.log"

# As check-build.sh: without the function tracer (objtool needs libelf's
# headers, which the host lacks), with crc_kunit.
noftrace=(--disable FUNCTION_TRACER --disable FTRACE --module KUNIT --module CRC_KUNIT_TEST
	--module CRC_ENABLE_ALL_FOR_KUNIT)
cores=(powerpc/crc32-lsb-vpmsum.o powerpc/crc32-msb-vpmsum.o powerpc/crc64-lsb-vpmsum.o
	powerpc/crc64-msb-vpmsum.o)
build() { # NAME DEFCONFIG
	local name=$1 defconfig=$2 out=$cache/o-llvm-$1 log=$logs/build-llvm-$1.log o rc
	local mk=(make -s -C "$src" O="$out" ARCH=powerpc LLVM="$LLVM_SUFFIX" -j2
		CC="ccache clang$LLVM_SUFFIX")
	{
		if [ "$(cat "$out/.configured" 2>/dev/null)" != "$defconfig $LLVM_SUFFIX" ]; then
			mkdir -p "$out" &&
			"${lazy[@]}" "${mk[@]}" "$defconfig" &&
			"$src/scripts/config" --file "$out/.config" "${noftrace[@]}" &&
			"${lazy[@]}" "${mk[@]}" olddefconfig &&
			echo "$defconfig $LLVM_SUFFIX" >"$out/.configured"
		fi
	} >"$log" 2>&1 || { verdict "LLVM=1 W=1 lib/crc ($name)" 1 "configuring failed, see $log"; return; }
	"${lazy[@]}" "${mk[@]}" W=1 lib/crc/ >>"$log" 2>&1
	rc=$?
	if [ "$rc" -ne 0 ]; then
		verdict "LLVM=1 W=1 lib/crc ($name)" 1 "make failed, see $log"
	elif grep -qE 'warning:|error:' "$log"; then
		verdict "LLVM=1 W=1 lib/crc ($name)" 1 "compiler warnings, see $log"
	else
		verdict "LLVM=1 W=1 lib/crc ($name)" 0
	fi
	rc=0
	for o in "${cores[@]}"; do
		[ -f "$out/lib/crc/$o" ] || rc=1
	done
	grep -q '^CONFIG_CC_IS_CLANG=y' "$out/.config" || rc=1
	verdict "LLVM=1 lib/crc ($name) built the vpmsum cores with clang" "$rc" "want ${cores[*]} and CONFIG_CC_IS_CLANG=y"
}
build le ppc64le_defconfig
build be ppc64_defconfig

"${g[@]}" checkout -q -f --detach pristine
exit "$st"
