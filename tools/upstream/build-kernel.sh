#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# build-kernel.sh: one of make check-upstream's kernels, cross-built from
# Debian's linux-source-7.2 (the pristine tree of tools/upstream/tree.sh):
#   patched     the tree with upstream/000[1-9]*.patch applied by git am
#   stock       the tree as Debian ships it (the baseline)
#   breakpoint  stock with tools/upstream/breakpoint.patch: upstream's crc32c
#               assembly from 48 bytes, the one-line alternative to patch 4
# configured as allnoconfig + tools/upstream/kunit-kernel.config, with
# everything built in. Cached in
#   $CRCVMX_CACHE/upstream/kernel-<variant>-<key>/
#     src/    a git clone of the pristine tree (objects shared), the series
#             applied for "patched"
#     build/  the O= tree
#     root/   boot/vmlinux-<KREL>, lib/modules/<KREL>/ (modules.builtin)
#     kernel.env, build.log, build-seconds
# <key> hashes the tree, the fragment, this script, the cross compiler and,
# for "patched" and "breakpoint", their patches. kernel.env is written last: a directory without
# it is not a result and is rebuilt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

variant= env_out= jobs=2 mutant=
usage() {
	cat <<USAGE
Usage: ${0##*/} --variant patched|stock|breakpoint [--mutant FILE] [--env-out FILE] [--jobs N] [--help]
Builds (or finds in the cache) a ppc64le pseries kernel from Debian's
linux-source-7.2 with KUnit, crc_kunit (CRC_KUNIT_TEST, CRC_BENCHMARK,
every CRC), ext4, XFS, btrfs, dm-integrity and NVMe built in, and prints its
kernel.env (KVER, KREL, KROOT, KDIR, VMLINUX, KSRC) for tools/vm/run-guest.sh.
  --variant V     patched: with the series upstream/*.patch (git am);
                  stock: without it (the baseline); breakpoint: stock with
                  tools/upstream/breakpoint.patch (crc32c's assembly from 48
                  bytes, the one-line alternative to the series' patch 4)
  --mutant FILE   patched only: apply this mutant of the series on top
                  (git apply; tools/upstream/mutants/*.patch)
  --env-out FILE  also copy the kernel.env to FILE
  --jobs N        parallel make jobs (default 2)
Cache: $CRCVMX_CACHE/upstream/kernel-<variant>-<key>/. A cold build takes
tens of minutes on two cores; a cached one a second.
Exit codes: 0 ok, 1 build or verification failed, 2 bad usage.
USAGE
}
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--variant|--env-out|--jobs|--mutant)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--variant) variant=$2 ;; --env-out) env_out=$2 ;; --jobs) jobs=$2 ;;
		--mutant) mutant=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
case "$variant" in patched|stock|breakpoint) ;; *) die 2 "--variant must be patched, stock or breakpoint (try --help)" ;; esac
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die 2 "--jobs needs a positive number, not '$jobs'"
if [ -n "$mutant" ]; then
	[ "$variant" = patched ] || die 2 "--mutant needs --variant patched (a mutant is a change to the series)"
	[ -s "$mutant" ] || die 2 "--mutant $mutant: no such file"
	mutant=$(cd "$(dirname "$mutant")" && pwd)/${mutant##*/}
fi

CROSS=powerpc64le-linux-gnu-
FRAGMENT=$here/kunit-kernel.config
command -v "${CROSS}gcc" >/dev/null ||
	die "${CROSS}gcc not found: run tools/setup/install-host-deps.sh (package gcc-${CROSS%-})"
tree=$("$here/tree.sh") || die "tools/upstream/tree.sh failed"
patches=()
if [ "$variant" = patched ]; then
	for p in "$top"/upstream/000[1-9]*.patch; do
		[ -f "$p" ] && patches+=("$p")
	done
	[ ${#patches[@]} -gt 0 ] || die "no series in $top/upstream/ (tools/upstream/gen-series.sh writes it)"
elif [ "$variant" = breakpoint ]; then
	patches=("$here/breakpoint.patch")
fi

key=$({
	echo "tree=${tree##*/} variant=$variant"
	"${CROSS}gcc" --version | head -n 1
	sha256sum <"$FRAGMENT"
	sha256sum <"${BASH_SOURCE[0]}"
	[ ${#patches[@]} -eq 0 ] || cat "${patches[@]}" | sha256sum
	[ -z "$mutant" ] || sha256sum <"$mutant"
} | sha256sum | cut -c1-12)
name=$variant
[ -z "$mutant" ] || { name=mutant-$(basename "$mutant" .patch); }
dest="$CRCVMX_CACHE/upstream/kernel-$name-$key"
label="7.2 kernel ($name)"
t0=$(date +%s)

finish() { # HOW
	[ -z "$env_out" ] || { mkdir -p "$(dirname "$env_out")"; cp "$dest/kernel.env" "$env_out"; }
	say "$label: $1 in $(( $(date +%s) - t0 ))s (cold build took $(cat "$dest/build-seconds" 2>/dev/null || echo '?')s); $dest"
	grep -v '^#' "$dest/kernel.env"
}
[ -s "$dest/kernel.env" ] && { finish "cache hit"; exit 0; }

# One build per key at a time; and one of these kernels at a time (not the
# debug kernel's lock: make check must not wait for a 7.2 kernel).
lock="$CRCVMX_CACHE/upstream/.build.lock"
mkdir -p "${lock%/*}"
exec 9>"$lock"
flock -n 9 || { say "$label: another kernel build is running; waiting (lock $lock)"; flock 9; }
[ -s "$dest/kernel.env" ] && { finish "cache hit (built by a concurrent run)"; exit 0; }
rm -rf "$dest"
mkdir -p "$dest/root/boot"
log=$dest/build.log
: >"$log"

say "$label: key $key; cloning the pristine tree into $dest/src"
git clone -q --shared --no-checkout "$tree/src" "$dest/src" >>"$log" 2>&1 &&
	git -C "$dest/src" checkout -q --detach pristine >>"$log" 2>&1 ||
	die "cannot clone $tree/src into $dest/src; see $log"
if [ "$variant" = patched ]; then
	git -C "$dest/src" -c user.name=check -c user.email=check@invalid am -q "${patches[@]}" >>"$log" 2>&1 ||
		die "the series does not apply to linux-source-7.2 with git am; see $log"
	say "$label: applied ${#patches[@]} patches: $(git -C "$dest/src" log --reverse --format=%s pristine..HEAD | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
elif [ "$variant" = breakpoint ]; then
	git -C "$dest/src" apply "${patches[@]}" >>"$log" 2>&1 ||
		die "tools/upstream/breakpoint.patch does not apply to linux-source-7.2; see $log"
	say "$label: crc32c's VECTOR_BREAKPOINT lowered: $(git -C "$dest/src" diff --stat | tail -n 1)"
fi
if [ -n "$mutant" ]; then
	git -C "$dest/src" apply "$mutant" >>"$log" 2>&1 ||
		die "the mutant $mutant does not apply on top of the series (regenerate it); see $log"
	say "$label: mutant applied: $(git -C "$dest/src" diff --stat | tail -n 1)"
fi

KMAKE=(make -C "$dest/src" O="$dest/build" ARCH=powerpc CROSS_COMPILE="$CROSS")
# ccache, as for the project's other builds: a rebuild for a changed series
# recompiles only lib/crc.
command -v ccache >/dev/null && KMAKE+=(CC="ccache ${CROSS}gcc")
export CCACHE_DIR=${CCACHE_DIR:-$CRCVMX_CACHE/ccache} CCACHE_BASEDIR=$dest CCACHE_NOHASHDIR=1

say "$label: configuring (allnoconfig + ${FRAGMENT##*/})"
"${KMAKE[@]}" KCONFIG_ALLCONFIG="$FRAGMENT" allnoconfig >>"$log" 2>&1 || die "configuration failed; see $log"
# Every line of the fragment must hold: Kconfig drops symbols whose
# dependencies are missing without a word.
bad=()
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=*) grep -qxF "$line" "$dest/build/.config" ||
		bad+=("$line (got: $(grep -E "^(# )?${line%%=*}[= ]" "$dest/build/.config" || echo absent))") ;;
	esac
done <"$FRAGMENT"
if [ ${#bad[@]} -gt 0 ]; then
	printf '  not honoured: %s\n' "${bad[@]}" >&2
	die "Kconfig did not keep ${#bad[@]} line(s) of $FRAGMENT; fix the fragment"
fi
# What the series is about: the arch code must be on in the patched kernel.
for sym in CRC32_ARCH CRC_T10DIF_ARCH; do
	grep -q "^CONFIG_$sym=y" "$dest/build/.config" || die "CONFIG_$sym is not set: lib/crc/powerpc would not be built"
done
if [ "$variant" = patched ]; then
	grep -q '^CONFIG_CRC64_ARCH=y' "$dest/build/.config" ||
		die "CONFIG_CRC64_ARCH is not set with the series applied (patch 2 adds it for PPC64 && ALTIVEC)"
fi

say "$label: compiling vmlinux (nice, -j$jobs); log: $log"
build_start=$(date +%s)
nice -n 10 "${KMAKE[@]}" -j"$jobs" vmlinux modules >>"$log" 2>&1 &
make_pid=$!
trap 'kill "$make_pid" 2>/dev/null || true' EXIT
last=$build_start
while kill -0 "$make_pid" 2>/dev/null; do
	sleep 5
	now=$(date +%s)
	if [ $((now - last)) -ge 60 ]; then
		last=$now
		say "$label: $(( (now - build_start) / 60 )) min, $(grep -c '^  CC' "$log" || true) files compiled"
	fi
done
rc=0
wait "$make_pid" || rc=$?
trap - EXIT
if [ "$rc" -ne 0 ]; then
	grep -E 'error|Error' "$log" | tail -n 8 >&2 || true
	die "kernel build failed (make exit $rc); full log: $log"
fi
build_secs=$(( $(date +%s) - build_start ))
# W=0 build of a whole kernel: a warning in lib/crc is still ours to see.
if grep -E '^[^ ]*lib/crc/.*warning:' "$log" >&2; then
	die "lib/crc compiled with warnings (above); full log: $log"
fi

KREL=$("${KMAKE[@]}" -s kernelrelease)
[ -n "$KREL" ] || die "cannot read the kernel release from $dest/build"
"${KMAKE[@]}" INSTALL_MOD_PATH="$dest/root" modules_install >>"$log" 2>&1 || die "modules_install failed; see $log"
rm -f "$dest/root/lib/modules/$KREL/build" "$dest/root/lib/modules/$KREL/source"
depmod -b "$dest/root" "$KREL" || die "depmod failed on $dest/root"
cp "$dest/build/vmlinux" "$dest/root/boot/vmlinux-$KREL"
cp "$dest/build/System.map" "$dest/root/boot/System.map-$KREL"
file -b "$dest/root/boot/vmlinux-$KREL" | grep -q 'ELF 64-bit LSB.*PowerPC' ||
	die "the built vmlinux is not a little-endian 64-bit PowerPC ELF"
grep -q '/crc_kunit.ko$' "$dest/root/lib/modules/$KREL/modules.builtin" ||
	die "crc_kunit is not built in (modules.builtin); check ${FRAGMENT##*/}"
echo "$build_secs" >"$dest/build-seconds"
cat >"$dest/kernel.env.tmp" <<ENV
# Generated by tools/upstream/build-kernel.sh; do not edit.
KVER=7.2-$name
KREL=$KREL
KROOT=$dest/root
KDIR=$dest/build
VMLINUX=$dest/root/boot/vmlinux-$KREL
KSRC=$dest/src
ENV
mv "$dest/kernel.env.tmp" "$dest/kernel.env"
finish "built"
