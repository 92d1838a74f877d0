#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Cross-build everything the POWER guest runs and pack it into
# OUT/initramfs.cpio.gz: our module, the test-only modules (selftests/kmod
# and the bench module of tools/bench-model), the mutants
# (tools/mutants), the kselftests (installed like a kernel tree's), the
# guest helper programs. Run tools/setup.sh first (make run / make check do).
#
# For the default kernel (build/kernel.env, OUT = build) the modules are
# built in the source tree, as `make` does. For any other kernel (e.g. the
# debug kernel, build/kernel-debug.env) they are built in a copy under
# OUT/src, so that builds for several kernels never mix.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=mutants/lib.sh
. "$top/tools/mutants/lib.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--kernel-env FILE] [--out DIR] [--lane stock|debug] [--ksft-src DIR]
  --kernel-env FILE  the kernel to build for (default build/kernel.env)
  --ksft-src DIR     the kernel source tree whose kselftest framework the
                     tests build with (default: the kernel's own, KSRC);
                     the 5.10 kernel's predates what they use (docs/testing.md)
  --out DIR          where outputs and the initramfs go (default build)
  --lane LANE        which mutants go in: stock (default: all of them),
                     debug (those whose Catch: line names debug-kernel) or
                     none
See the README's 'How the tests work'. Exit codes: 0 built, 1 failed, 2 bad usage.
USAGE
}
kenv=$top/build/kernel.env out=$top/build lane=stock ksft_src=
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env|--out|--lane|--ksft-src)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--kernel-env) kenv=$2 ;; --out) out=$2 ;; --lane) lane=$2 ;; --ksft-src) ksft_src=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
case "$lane" in stock|debug|none) ;; *) die 2 "--lane must be stock, debug or none" ;; esac
[ -s "$kenv" ] || die "no $kenv: run 'make setup' first"
mkdir -p "$out"
B=$(cd "$out" && pwd)
# shellcheck disable=SC1090
. "$kenv"
[ -z "$ksft_src" ] || [ -s "$ksft_src/tools/testing/selftests/kselftest.h" ] ||
	die 2 "--ksft-src $ksft_src has no tools/testing/selftests/kselftest.h"
CROSS=powerpc64le-linux-gnu-
KMAKE=(make -s -C "$KDIR" ARCH=powerpc CROSS_COMPILE=$CROSS W=1)
# Debian testing's kernel: its modules build in the toolchain chroot, with
# the compiler its config names (tools/vm/toolchain-chroot.sh says why).
if [ "${KBUILD_IN:-host}" = testing-chroot ]; then
	# tools/mutants/build.sh runs Kbuild on the host; no lane needs
	# mutants on this kernel.
	[ "$lane" = none ] || die 2 "$KREL builds in the toolchain chroot: pass --lane none (mutants run on 6.1 and the debug kernel)"
	say "build: toolchain chroot for $KREL (Debian testing, cached)"
	tc=$("$top/tools/vm/toolchain-chroot.sh" --kernel-env "$kenv") || die "no toolchain chroot for $KREL"
	kcc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\([^ ]*\) .*/\1/p' "$KDIR/.config")
	KMAKE=("$top/tools/vm/toolchain-run.sh" --root "$tc" --bind "$B" -- "${KMAKE[@]}" CC="$kcc")
fi
# kmake ARGS: a Kbuild run of KMAKE; any compiler or Kbuild warning fails the
# build (the module must build cleanly on every supported kernel).
kmake() {
	local log
	log=$(mktemp)
	"${KMAKE[@]}" "$@" >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; die "Kbuild failed: ${*: -2}"; }
	cat "$log" >&2
	if grep -qi 'warning' "$log"; then
		rm -f "$log"
		die "Kbuild warned (above) building ${*: -2} for $KREL"
	fi
	rm -f "$log"
}

if [ "$B" = "$top/build" ]; then
	src=$top
else
	src=$B/src
	say "build: copying the module sources to $src"
	rm -rf "$src"
	mkdir -p "$src/selftests"
	mkdir -p "$src/tools/bench-model"
	cp -r "$top/Kbuild" "$top/module" "$src/"
	cp -r "$top/selftests/kmod" "$src/selftests/"
	cp -r "$top/tools/bench-model/kmod" "$src/tools/bench-model/"
fi
# crc_family_vmx.ko where the kernel has the crct10dif or crc64-rocksoft
# crypto algorithm (Kbuild's default: up to 6.14); tools/check-objects.sh
# checks its code. The template cores it uses are built for the newest
# kernel too, in the upstream series (tools/upstream/check-build.sh).
# One make run: a second one in the same tree is refused by newer Kbuild
# ("external module source tree is not clean").
say "build: the modules for $KREL"
kmake M="$src" modules
family_ko=()
[ ! -f "$src/crc_family_vmx.ko" ] || family_ko=(--ko "$src/crc_family_vmx.ko")
say "build: test-only modules (selftests/kmod)"
kmake M="$src/selftests/kmod" modules
# The bench module (tools/bench-model): make run's instruction-count table
# loads it (test set "demo"); on every kernel, so that it is known to build
# there too. make bench-model builds its own for its initramfs.
say "build: bench module (tools/bench-model/kmod)"
kmake M="$src/tools/bench-model/kmod" modules

# Mutants: each its own build of the module, with its tests for this lane.
mfiles=()
if [ "$lane" != none ]; then
	for m in $(mutant_names); do
		[ "$lane" = stock ] || mutant_has_catch "$m" debug-kernel || continue
		say "build: mutant $m"
		"$top/tools/mutants/build.sh" --kernel-env "$kenv" --out "$B/mutants" "$m" >/dev/null
		mutant_lane_tests "$m" "$lane" >"$B/mutants/$m/$lane.tests"
		mutant_module "$m" >"$B/mutants/$m/module.name"
		mfiles+=(--file "$B/mutants/$m/$(mutant_module "$m").ko:/mutants/$m.ko"
			 --file "$B/mutants/$m/module.name:/mutants/$m.module"
			 --file "$B/mutants/$m/$lane.tests:/mutants/$m.$lane.tests")
	done
fi

say "build: kselftests (static ppc64le)"
ksft="$B/ksft"
rm -rf "$ksft"
mkdir -p "$B/selftests"
make -s -C "$top/selftests" KSFT_DIR="${ksft_src:-$KSRC}/tools/testing/selftests" CROSS_COMPILE=$CROSS \
	USERLDFLAGS=-static OUTPUT="$B/selftests" install INSTALL_PATH="$ksft" >/dev/null

# crcbench-alg does not depend on the kernel: other kernels reuse build/'s.
cb=$top/build/ppc64le
if [ "$B" = "$top/build" ] || [ ! -x "$cb/crcbench/crcbench-alg" ]; then
	say "build: crcbench-alg (static ppc64le, libkcapi.a)"
	cross_build_crcbench "$cb" crcbench-alg crcbench-jsoncheck >/dev/null
fi
install -m 0755 "$top/userspace/crcbench/tests/guest-crcbench.sh" "$B/guest-crcbench.sh"
install -m 0755 "$top/userspace/crcbench/tests/guest-crcbench-family.sh" "$B/guest-crcbench-family.sh"

# crcbench-alg file --innodb in the guest: the tablespace a real mariadbd
# wrote, its copy with two flipped bytes and innochecksum's verdict on it
# (tools/check.sh makes them first: userspace/crcbench/tests/host/innodb-real.sh).
ifiles=()
idir=$top/build/innodb
if [ -f "$idir/flipped.ibd" ]; then
	for f in intact.ibd flipped.ibd invalid-pages.txt checked-pages.txt; do
		ifiles+=(--file "$idir/$f:/crcbench/innodb/$f")
	done
else
	say "build: no $idir/ (userspace/crcbench/tests/host/innodb-real.sh --crcbench BIN makes it): the crcbench set's InnoDB tests will fail"
fi

say "build: vpmsumd-probe (static ppc64le; the execution lane's guest program)"
${CROSS}gcc -O2 -Wall -Wextra -Werror -static -mcpu=power8 -I"$top/selftests" \
	-o "$B/vpmsumd-probe" "$top/tools/bench-model/guest/vpmsumd-probe.c" \
	"$top/selftests/afalg.c" "$top/selftests/crc32c_ref.c"

"$top/tools/vm/mkinitramfs.sh" --kernel-env "$kenv" \
	--sysroot "$CRCVMX_CACHE/sysroot-ppc64el" --out "$B/initramfs.cpio.gz" \
	--ko "$src/crc32c_vmx.ko" "${family_ko[@]}" \
	--ko "$src/selftests/kmod/crc32c_broken.ko" \
	--ko "$src/selftests/kmod/harness_warn.ko" --ko "$src/selftests/kmod/harness_leak.ko" \
	--ko "$src/selftests/kmod/crc32c_vmx_ctx.ko" \
	--ko "$src/selftests/kmod/crc_vmx_bounds.ko" \
	--ko "$src/tools/bench-model/kmod/crc32c_vmx_bench.ko" \
	--ksft "$ksft" --bin "$cb/crcbench/crcbench-alg" \
	--bin "$cb/crcbench/crcbench-jsoncheck" --bin "$B/guest-crcbench.sh" \
	--bin "$B/guest-crcbench-family.sh" \
	--bin "$B/vpmsumd-probe" \
	--file "$top/modprobe.d/crc32c-vmx.conf:/etc/modprobe.d/crc32c-vmx.conf" "${mfiles[@]}" \
	"${ifiles[@]}"
