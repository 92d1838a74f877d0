# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=bash disable=SC2034,SC2154
# (SC2034/SC2154: the variables below are set for, and by, the caller)
#
# series-lib.sh: sourced by the scripts that apply upstream/*.patch to the
# cached linux-source-7.2 tree (tools/upstream/tree.sh) and build lib/crc in
# it without building a kernel: check-build.sh (gcc, make check) and
# check-llvm.sh (clang, make check-upstream). The caller sets $top and has
# sourced tools/lib/common.sh.
#
# series_open sets:
#   cache    the tree's cache directory; src is $cache/src
#   g        git in $src, with the identity git am needs
#   patches  upstream/*.patch without the cover letter, in order
#   lazy     the build niceness the project's rules ask for
# and holds the tree's lock on descriptor 8 until the caller exits.
#
# Results are lines "PASS|FAIL <TAB> name [<TAB> reason]" (common.sh's
# verdict).

# The four cores, as lib/crc/Makefile names their objects.
vpmsum_objs=(powerpc/crc32-lsb-vpmsum.o powerpc/crc32-msb-vpmsum.o powerpc/crc64-lsb-vpmsum.o
	powerpc/crc64-msb-vpmsum.o)

# Without the function tracer: it needs objtool, and objtool needs libelf's
# development headers, which the host does not have (a whole-kernel concern:
# lib/crc's C compiles the same apart from -mprofile-kernel). With crc_kunit
# and every CRC, so that each core is built.
noftrace=(--disable FUNCTION_TRACER --disable FTRACE --module KUNIT --module CRC_KUNIT_TEST
	--module CRC_ENABLE_ALL_FOR_KUNIT)

series_open() {
	cache=$("$top/tools/upstream/tree.sh") || return 1
	src=$cache/src
	exec 8>"$cache/../tree.lock"
	flock 8
	# git am gives every file it touches a new mtime, so make recompiles
	# them on every run: ccache turns those into hits. It replays a hit's
	# warnings, so the warning checks still see them.
	export CCACHE_DIR=${CCACHE_DIR:-$CRCVMX_CACHE/ccache}
	lazy=(nice -n 19 ionice -c3)
	g=(git -C "$src" -c user.name=check -c user.email=check@invalid)
	patches=()
	local p
	for p in "$top"/upstream/*.patch; do
		[ "${p##*/}" = 0000-cover-letter.patch ] || patches+=("$p")
	done
	series_reset
}

# series_add_path_test: the lanes' own KUnit suite
# (tools/upstream/kunit/crc_vpmsum_path_kunit.c, which path lib/crc/powerpc
# takes) into the patched tree's lib/crc/tests/, built with crc_kunit. Never
# part of the series: series_reset removes it.
series_add_path_test() {
	# shellcheck disable=SC2016 # a make variable, written as it is
	cp "$top/tools/upstream/kunit/crc_vpmsum_path_kunit.c" "$src/lib/crc/tests/" &&
		echo 'obj-$(CONFIG_CRC_KUNIT_TEST) += crc_vpmsum_path_kunit.o' >>"$src/lib/crc/tests/Makefile"
}
# What the suite needs in kunit.py build's options: its kprobe.
path_test_kconfig=(--kconfig_add CONFIG_KPROBES=y)
# path_test_args CPU: sets path_args, kunit.py exec's options that tell the
# suite what CPU it boots on (POWER7 lacks the vector crypto facility).
path_test_args() {
	path_args=()
	[ "$1" != POWER7 ] || path_args=(--kernel_args=crc_vpmsum_path_kunit.vec_crypto=0)
}

# Back to the tree as Debian ships it, whatever a run before left behind.
series_reset() {
	"${g[@]}" am --abort >/dev/null 2>&1
	"${g[@]}" checkout -q -f --detach pristine && "${g[@]}" clean -q -fdx lib/crc
}

# lib_crc_build WHAT OUT LOG DEFCONFIG [scripts/config ARGS...]: configures
# OUT (reused only if configured the same way) and builds lib/crc with W=1;
# a warning fails it. The toolchain's make variables are in ${toolchain[@]}.
lib_crc_build() {
	local what=$1 out=$2 log=$3 defconfig=$4 rc
	shift 4
	local mk=(make -s -C "$src" O="$out" ARCH=powerpc -j2 "${toolchain[@]}")
	local how="$defconfig ${toolchain[*]} $*"
	{
		if [ "$(cat "$out/.configured" 2>/dev/null)" != "$how" ]; then
			mkdir -p "$out" &&
			"${lazy[@]}" "${mk[@]}" "$defconfig" &&
			{ [ $# -eq 0 ] || "$src/scripts/config" --file "$out/.config" "$@"; } &&
			"${lazy[@]}" "${mk[@]}" olddefconfig &&
			echo "$how" >"$out/.configured"
		fi
	} >"$log" 2>&1 || { verdict "$what" 1 "configuring failed, see $log"; return; }
	"${lazy[@]}" "${mk[@]}" W=1 lib/crc/ >>"$log" 2>&1
	rc=$?
	if [ "$rc" -ne 0 ]; then
		verdict "$what" 1 "make failed, see $log"
	elif grep -qE 'warning:|error:' "$log"; then
		verdict "$what" 1 "compiler warnings, see $log"
	else
		verdict "$what" 0
	fi
}
