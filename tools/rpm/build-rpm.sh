#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make rpm`: the RPM packages, built with rpmbuild into build/rpm/:
#   crc32c-vmx-dkms-<version>-1.noarch.rpm      DKMS source, modprobe.d, dracut
#   crc-family-vmx-dkms-<version>-1.noarch.rpm  DKMS source (kernels up to 6.14)
#   crcbench-alg-<version>-1.ppc64le.rpm        the static cross build
# from the specs in rpm/ (version and date: debian/changelog's first entry),
# make dist's tarballs and the static ppc64le build of crcbench-alg; then
# rpmlint on each, with rpm/rpmlintrc's filters.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--no-lint] [--no-crcbench] [--crcbench-build DIR]
                   [--release N] [--out DIR]
Builds the RPMs into $top/build/rpm/ and prints their paths, one a line.
  --no-lint              skip rpmlint
  --no-crcbench          only the two DKMS packages (no cross build)
  --release N            the packages' Release (default 1); make check-rpm
                         builds release 2 to test rpm -U
  --out DIR              build into DIR instead (its RPMs, logs and work/
                         are replaced)
  --crcbench-build DIR   the static ppc64le CMake build tree to use (default
                         build/rpm-ppc64le; make check passes build/ppc64le,
                         the guest's, which is configured the same way)
Exit codes: 0 built (and lint-clean), 1 failed, 2 bad usage.
USAGE
}
lint=1 crcbench=1 cb=$top/build/rpm-ppc64le release=1 out=$top/build/rpm
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--no-lint) lint=0 ;;
	--no-crcbench) crcbench=0 ;;
	--crcbench-build) [ $# -ge 2 ] || die 2 "--crcbench-build needs a directory"; cb=$2; shift ;;
	--release) [ $# -ge 2 ] || die 2 "--release needs a number"; release=$2; shift ;;
	--out) [ $# -ge 2 ] || die 2 "--out needs a directory"; out=$(realpath -m -- "$2"); shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
case "$release" in
[1-9] | [1-9][0-9]) ;;
*) die 2 "--release must be a number from 1 to 99, not '$release'" ;;
esac
for tool in rpmbuild rpmlint git; do
	command -v "$tool" >/dev/null ||
		die "$tool not found: install the host packages (make setup, or apt-get install rpm rpmlint)"
done

version=$(sed -n '1s/^crc32c-vmx (\([^)]*\)).*/\1/p' "$top/debian/changelog")
[ -n "$version" ] || die "cannot read the version from the first line of debian/changelog"
# The date of the first entry's trailer, as rpm's changelog writes it.
stamp=$(sed -n '0,/^ -- /s/^ -- .*>  //p' "$top/debian/changelog" | head -n 1)
date=$(LC_ALL=C date -u -d "$stamp" '+%a %b %d %Y') || die "cannot read the date of debian/changelog's first entry"

work=$out/work
rm -rf "$work"
rm -f "$out"/*.rpm "$out"/*.log
mkdir -p "$work/SOURCES" "$work/SPECS"

# make dist's tarballs are the DKMS packages' sources.
"$top/tools/dist.sh" >"$work/dist.txt" || die "make dist failed"
cp $(cat "$work/dist.txt") "$work/SOURCES/"

specs=(crc32c-vmx-dkms crc-family-vmx-dkms)
if [ "$crcbench" -eq 1 ]; then
	say "rpm: static ppc64le build of crcbench-alg ($cb)"
	# A tree configured already (make check's build/ppc64le) is only built.
	if [ ! -f "$cb/CMakeCache.txt" ]; then
		cmake -S "$top/userspace" -B "$cb" -DCMAKE_BUILD_TYPE=Release -DCRCVMX_BUILD_TESTS=OFF \
			-DCMAKE_TOOLCHAIN_FILE="$top/userspace/cmake/ppc64le-linux-gnu.cmake" >"$out/cmake.log" 2>&1 ||
			die "cmake configure failed ($out/cmake.log)"
	fi
	cmake --build "$cb" -j2 --target crcbench-alg crcbench-alg-man >>"$out/cmake.log" 2>&1 ||
		die "cross build failed ($out/cmake.log)"
	cp "$cb/crcbench/crcbench-alg" "$cb/crcbench/crcbench-alg.1" "$work/SOURCES/"
	powerpc64le-linux-gnu-strip "$work/SOURCES/crcbench-alg" || die "cannot strip crcbench-alg"
	specs+=(crcbench-alg)
fi

for s in "${specs[@]}"; do
	sed -e "s/@VERSION@/$version/g" -e "s/@RELEASE@/$release/g" -e "s/@DATE@/$date/g" "$top/rpm/$s.spec" >"$work/SPECS/$s.spec"
	target=()
	[ "$s" != crcbench-alg ] || target=(--target ppc64le-linux)
	say "rpm: rpmbuild $s"
	rpmbuild -bb "${target[@]}" --define "_topdir $work" --define "_rpmdir $out" \
		--define '_build_name_fmt %%{NAME}-%%{VERSION}-%%{RELEASE}.%%{ARCH}.rpm' \
		--define '_source_payload w9.gzdio' --define '_binary_payload w9.gzdio' \
		"$work/SPECS/$s.spec" >"$out/$s.log" 2>&1 || die "rpmbuild $s failed ($out/$s.log)"
done

rpms=$(ls "$out"/*.rpm)
if [ "$lint" -eq 1 ]; then
	say "rpm: rpmlint (filters: rpm/rpmlintrc)"
	# rpmlint reports a filter that matched nothing as an error: without
	# crcbench-alg, leave its filters out.
	if [ "$crcbench" -eq 1 ]; then
		cp "$top/rpm/rpmlintrc" "$work/rpmlintrc"
	else
		grep -v 'crcbench-alg' "$top/rpm/rpmlintrc" >"$work/rpmlintrc"
	fi
	# shellcheck disable=SC2086 # one argument per package
	rpmlint -r "$work/rpmlintrc" $rpms >"$out/rpmlint.log" 2>&1 ||
		{ cat "$out/rpmlint.log" >&2; die "rpmlint found errors ($out/rpmlint.log)"; }
	grep -E ' [0-9]+ errors, [0-9]+ warnings' "$out/rpmlint.log" >&2 || true
fi
echo "$rpms"
