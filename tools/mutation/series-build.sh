#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# series-build.sh: the builds and boots of the mutation sweep's series scope
# (tools/mutation/sweep.py --scope series, tools/mutation/seriesglue.py), in
# the cached linux-source-7.2 tree with upstream/*.patch applied
# (tools/upstream/series-lib.sh). Each ITEM is a directory; ITEM/files/
# holds the lib/crc/powerpc files written over the patched tree's for that
# item (none: the unchanged series).
#
#   screen ITEM...   W=1 lib/crc for le and be as check-build.sh builds it
#                    (its configured output trees): ITEM/screen-{le,be}.txt
#                    gets PASS or FAIL and ITEM/obj-{le,be}/ the lib/crc
#                    objects. Under the tree's lock.
#   kunit ARCH WORK ITEM...
#                    kernels of crc_kunit's kunit.py build, with the lanes'
#                    crc_vpmsum_path suite (series_add_path_test), for ARCH
#                    (powerpcle, powerpc) without CRC_BENCHMARK, in
#                    WORK/o-kunit-ARCH (a copy of make check-upstream's
#                    build directory, made once): ITEM/kunit-ARCH/vmlinux,
#                    or ITEM/kunit-ARCH.failed with the build's log. Under the
#                    tree's lock.
#   boot ARCH CPU DEADLINE ITEM...
#                    kunit.py exec of each ITEM/kunit-ARCH/vmlinux on -cpu CPU
#                    (POWER7: crc_vpmsum_path told the CPU lacks vector crypto),
#                    one at a time under the guest lock, taken once for all
#                    of them (waiting for it at most until DEADLINE, seconds
#                    since the epoch; no boot starts after it):
#                    ITEM/kunit-ARCH-CPU.{json,log,seconds}, and QEMU's
#                    interrupt log (-d int) ITEM/kunit-ARCH-CPU.qemu-int.log.
#                    Never under the tree's lock.
# The tree is always left reset (series_reset).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=../upstream/series-lib.sh
. "$top/tools/upstream/series-lib.sh"
[ $# -ge 1 ] || die 2 "usage: series-build.sh screen|kunit|boot ARGS... (see its header)"
cmd=$1
shift

# overlay ITEM: ITEM's files over the patched tree's lib/crc/powerpc
overlay() {
	local f
	[ -d "$1/files" ] || return 0
	for f in "$1"/files/*; do
		[ -e "$f" ] && cp "$f" "$src/lib/crc/powerpc/${f##*/}"
	done
}

# restore: the patched tree's lib/crc/powerpc again
restore() {
	"${g[@]}" checkout -q HEAD -- lib/crc/powerpc
}

patched() {
	series_open || die "tools/upstream/tree.sh failed"
	trap 'series_reset' EXIT
	"${g[@]}" am -q "${patches[@]}" >/dev/null 2>&1 || {
		series_reset
		die "the series does not apply"
	}
}

kunit_py() { # ARCH SUBCOMMAND [ARGS...]: as tools/upstream/kunit-lanes.sh, no benchmark
	local arch=$1 sub=$2 config cross
	shift 2
	case $arch in
	powerpcle) config=powerpcle-altivec.py cross=powerpc64le-linux-gnu- ;;
	powerpc) config=powerpc-altivec.py cross=powerpc64-linux-gnu- ;;
	*) die 2 "unknown kunit arch $arch" ;;
	esac
	(cd "$src" && "${lazy[@]}" python3 tools/testing/kunit/kunit.py "$sub" \
		--kunitconfig=lib/crc --qemu_config="$top/tools/upstream/kunit/$config" \
		--cross_compile="$cross" --make_options="CC=ccache ${cross}gcc" \
		--kconfig_add CONFIG_CRC32_ARCH=y --kconfig_add CONFIG_CRC64_ARCH=y \
		--kconfig_add CONFIG_CRC_T10DIF_ARCH=y "${path_test_kconfig[@]}" "$@")
}

case $cmd in
screen)
	patched
	for item in "$@"; do
		overlay "$item"
		for b in le be; do
			if [ $b = le ]; then
				toolchain=(CROSS_COMPILE=powerpc64le-linux-gnu-
					CC="ccache powerpc64le-linux-gnu-gcc")
				cfg=(ppc64le_defconfig "${noftrace[@]}")
			else
				toolchain=(CROSS_COMPILE=powerpc64-linux-gnu-
					CC="ccache powerpc64-linux-gnu-gcc")
				cfg=(ppc64_defconfig "${noftrace[@]}")
			fi
			lib_crc_build "W=1 lib/crc ($b)" "$cache/o-$b" "$item/screen-$b.log" \
				"${cfg[@]}" >"$item/screen-$b.txt"
			rm -rf "$item/obj-$b"
			mkdir -p "$item/obj-$b"
			(cd "$cache/o-$b/lib/crc" && find . -name '*.o' ! -name '*.mod.o' \
				! -name 'built-in*' -exec cp --parents {} "$item/obj-$b/" \;)
		done
		restore
	done
	;;
kunit)
	arch=$1 work=$2
	shift 2
	out=$work/o-kunit-$arch
	patched
	series_add_path_test || die "cannot add crc_vpmsum_path to the tree"
	if [ ! -f "$out/.sg-copied" ]; then
		rm -rf "$out"
		mkdir -p "$work"
		cp -a "$cache/o-kunit-$arch" "$out" || die "cannot copy $cache/o-kunit-$arch"
		touch "$out/.sg-copied"
	fi
	cross=powerpc64le-linux-gnu-
	[ "$arch" = powerpc ] && cross=powerpc64-linux-gnu-
	# the unchanged series first, through kunit.py, once per set of
	# options (its config, without the benchmark); each item then rebuilds
	# what its header changes and relinks vmlinux
	how="${path_test_kconfig[*]}"
	if [ "$(cat "$out/.sg-configured" 2>/dev/null)" != "$how" ]; then
		kunit_py "$arch" build --build_dir="$out" --jobs=2 >"$work/kunit-$arch-base.log" 2>&1 ||
			die "kunit.py build of the unchanged series failed, see $work/kunit-$arch-base.log"
		echo "$how" >"$out/.sg-configured"
	fi
	for item in "$@"; do
		overlay "$item"
		rm -rf "$item/kunit-$arch" "$item/kunit-$arch.failed"
		if (cd "$src" && "${lazy[@]}" make -s ARCH=powerpc O="$out" -j2 \
			CROSS_COMPILE="$cross" CC="ccache ${cross}gcc" vmlinux) \
			>"$item/kunit-$arch-build.log" 2>&1; then
			mkdir -p "$item/kunit-$arch"
			cp "$out/vmlinux" "$item/kunit-$arch/vmlinux"
		else
			cp "$item/kunit-$arch-build.log" "$item/kunit-$arch.failed"
		fi
		restore
	done
	;;
boot)
	arch=$1 cpu=$2 deadline=$3
	shift 3
	cache=$("$top/tools/upstream/tree.sh") || die "tools/upstream/tree.sh failed"
	src=$cache/src
	wait=$((deadline - $(date +%s)))
	[ "$wait" -gt 0 ] || exit 0
	exec 9>"$CRCVMX_CACHE/vm.lock"
	flock -w "$wait" 9 || { say "series-build: no guest lock before the deadline"; exit 0; }
	for item in "$@"; do
		[ "$(date +%s)" -lt "$deadline" ] || break
		[ -f "$item/kunit-$arch/vmlinux" ] || continue
		base=$item/kunit-$arch-$cpu
		rm -f "$base.json" "$base.log" "$base.seconds" "$base.qemu-int.log"
		start=$(date +%s)
		path_test_args "$cpu"
		# QEMU logs every interrupt: a kernel that faults before its
		# console is up reports nothing, and this log still shows where
		kunit_py "$arch" exec --build_dir="$item/kunit-$arch" \
			--qemu_args="-cpu $cpu -d int -D $base.qemu-int.log" "${path_args[@]}" \
			--timeout="${SERIES_BOOT_TIMEOUT:-300}" --json="$base.json" >"$base.log" 2>&1
		rc=$?
		echo "$(($(date +%s) - start)) $rc" >"$base.seconds"
	done
	;;
*) die 2 "unknown command $cmd" ;;
esac
