#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Cross-build everything the POWER guest runs and pack it into
# build/initramfs.cpio.gz: our module, the test-only modules, the kselftests
# (installed like a kernel tree's), the guest helper programs.
# Run tools/setup.sh first (make run / make check do).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"

case "${1:-}" in
-h|--help) echo "Usage: ${0##*/}  (no options; see the README's 'How the tests work')"; exit 0 ;;
"") ;;
*) die 2 "unknown argument '$1' (try --help)" ;;
esac

B="$top/build"
[ -s "$B/kernel.env" ] || die "no $B/kernel.env: run 'make setup' first"
# shellcheck disable=SC1091
. "$B/kernel.env"
CROSS=powerpc64le-linux-gnu-
KMAKE=(make -s -C "$KDIR" ARCH=powerpc CROSS_COMPILE=$CROSS W=1)

say "build: crc32c_vmx.ko for $KREL"
"${KMAKE[@]}" M="$top" modules
say "build: test-only modules (selftests/kmod)"
"${KMAKE[@]}" M="$top/selftests/kmod" modules

say "build: kselftests (static ppc64le)"
ksft="$B/ksft"
rm -rf "$ksft"
mkdir -p "$B/selftests"
make -s -C "$top/selftests" KSFT_DIR="$KSRC/tools/testing/selftests" CROSS_COMPILE=$CROSS \
	USERLDFLAGS=-static OUTPUT="$B/selftests" install INSTALL_PATH="$ksft" >/dev/null

say "build: crcbench-alg (static ppc64le, libkcapi.a)"
cmake -S "$top/userspace" -B "$B/ppc64le" -DCMAKE_TOOLCHAIN_FILE="$top/userspace/cmake/ppc64le-linux-gnu.cmake" \
	-DCRCVMX_BUILD_TESTS=OFF -DCRCVMX_PPC64EL_SYSROOT="$CRCVMX_CACHE/sysroot-ppc64el" >/dev/null
cmake --build "$B/ppc64le" -j2 --target crcbench-alg crcbench-jsoncheck >/dev/null
install -m 0755 "$top/userspace/crcbench/tests/guest-crcbench.sh" "$B/guest-crcbench.sh"

"$top/tools/vm/mkinitramfs.sh" --kernel-env "$B/kernel.env" \
	--sysroot "$CRCVMX_CACHE/sysroot-ppc64el" --out "$B/initramfs.cpio.gz" \
	--ko "$top/crc32c_vmx.ko" --ko "$top/selftests/kmod/crc32c_broken.ko" \
	--ko "$top/selftests/kmod/harness_warn.ko" --ko "$top/selftests/kmod/crc32c_vmx_ctx.ko" \
	--ksft "$ksft" --bin "$B/ppc64le/crcbench/crcbench-alg" \
	--bin "$B/ppc64le/crcbench/crcbench-jsoncheck" --bin "$B/guest-crcbench.sh"
