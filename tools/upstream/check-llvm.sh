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

logs=$top/build/upstream
mkdir -p "$logs"
# shellcheck source=series-lib.sh
. "$top/tools/upstream/series-lib.sh"
for t in clang-19 ld.lld-19 llvm-ar-19 llvm-nm-19 llvm-objcopy-19; do
	command -v "$t" >/dev/null ||
		die "$t not found: run tools/setup.sh (tools/setup/host-packages.txt lists clang-19, lld-19, llvm-19)"
done
series_open || die "tools/upstream/tree.sh failed"
"${g[@]}" am -q "${patches[@]}" >"$logs/llvm-git-am.log" 2>&1
verdict "the series applies" $? "see build/upstream/llvm-git-am.log"

# make's LLVM=-19: clang-19, ld.lld-19, llvm-ar-19 and the other LLVM tools
toolchain=(LLVM=-19 CC="ccache clang-19")
build() { # NAME DEFCONFIG
	local name=$1 out=$cache/o-llvm-$1 o rc=0
	lib_crc_build "LLVM=1 W=1 lib/crc ($name)" "$out" "$logs/build-llvm-$name.log" "$2" \
		"${noftrace[@]}"
	for o in "${vpmsum_objs[@]}"; do
		[ -f "$out/lib/crc/$o" ] || rc=1
	done
	grep -q '^CONFIG_CC_IS_CLANG=y' "$out/.config" || rc=1
	verdict "LLVM=1 lib/crc ($name) built the vpmsum cores with clang" "$rc" \
		"want ${vpmsum_objs[*]} and CONFIG_CC_IS_CLANG=y"
}
build le ppc64le_defconfig
build be ppc64_defconfig

"${g[@]}" checkout -q -f --detach pristine
exit "$VERDICT_RC"
