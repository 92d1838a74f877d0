#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make deb`: build the Debian packages from the tracked files of this
# checkout (as a clean clone has them), on amd64 for ppc64el:
#   build/deb/crc32c-vmx-dkms_<version>_all.deb     DKMS module source, early boot
#   build/deb/crc-family-vmx-dkms_<version>_all.deb crc_family_vmx's DKMS source
#   build/deb/crcbench-alg_<version>_ppc64el.deb    cross-built crcbench-alg
# <version> is debian/changelog's. Then lintian checks all three (--no-lintian skips it).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

out=$top/build/deb
lintian=1
usage() {
	cat <<USAGE
Usage: ${0##*/} [--no-lintian] [--help]
Builds $out/crc32c-vmx-dkms_<version>_all.deb,
$out/crc-family-vmx-dkms_<version>_all.deb and
$out/crcbench-alg_<version>_ppc64el.deb from the files git tracks
(dpkg-buildpackage -a ppc64el in $out/src), then runs lintian on them
(tools/deb/lintian.sh). Installs missing host packages first
(tools/setup/install-host-deps.sh) and fetches the ppc64el libraries
(tools/setup/fetch-ppc64el-sysroot.sh). Log: $out/build.log.
Exit codes: 0 built (and lintian-clean), 1 build or lintian failed, 2 bad usage.
USAGE
}
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--no-lintian) lintian=0 ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

"$top/tools/setup/install-host-deps.sh"
sysroot=$("$top/tools/setup/fetch-ppc64el-sysroot.sh")
for tool in dpkg-buildpackage dh dh_dkms powerpc64le-linux-gnu-g++ cmake git; do
	command -v "$tool" >/dev/null ||
		die "'$tool' not found: run tools/setup/install-host-deps.sh (see tools/setup/host-packages.txt)"
done
git -C "$top" rev-parse --git-dir >/dev/null 2>&1 ||
	die "$top is not a git checkout: the packages are built from the files git tracks"

version=$(cd "$top" && dpkg-parsechangelog -S Version)
rm -rf "$out"
mkdir -p "$out/src"
log=$out/build.log
say "deb: crc32c-vmx $version: copying the tracked files to $out/src"
# Tracked files as they are in the work tree (uncommitted edits included,
# build outputs and untracked files not).
(cd "$top" && git ls-files -z | while IFS= read -r -d '' f; do
	[ ! -e "$f" ] || printf '%s\0' "$f"
done) | tar -C "$top" --null -T - -cf - | tar -C "$out/src" -xf -

# What dpkg-shlibdeps would read from the dpkg database of a ppc64el system:
# the shlibs files of the packages whose libraries crcbench-alg links
# (the same versions the sysroot was extracted from).
shlibs=$out/shlibs.local
: >"$shlibs"
for pkg in libc6 libstdc++6 libgcc-s1 libkcapi1; do
	ver=$(apt_candidate "$pkg:ppc64el")
	[ -n "$ver" ] || die "no ppc64el candidate for $pkg: run apt-get update (tools/setup/install-host-deps.sh adds ppc64el)"
	dpkg-deb -I "$(fetch_deb "$pkg:ppc64el=$ver")" shlibs | grep -v '^udeb:' >>"$shlibs" ||
		die "cannot read the shlibs file of $pkg:ppc64el $ver"
done

say "deb: dpkg-buildpackage -a ppc64el (log: $log)"
if ! (cd "$out/src" && CRCVMX_PPC64EL_SYSROOT=$sysroot CRCVMX_SHLIBS_LOCAL=$shlibs \
	dpkg-buildpackage --host-arch ppc64el --build=binary --no-sign -d) >"$log" 2>&1; then
	tail -n 25 "$log" >&2
	die "dpkg-buildpackage failed; full log: $log"
fi
debs=("crc32c-vmx-dkms_${version}_all.deb" "crc-family-vmx-dkms_${version}_all.deb"
	"crcbench-alg_${version}_ppc64el.deb")
for deb in "${debs[@]}"; do
	[ -s "$out/$deb" ] || die "dpkg-buildpackage did not produce $out/$deb (see $log)"
	say "deb: built $out/$deb"
done
[ "$lintian" -eq 0 ] || "$top/tools/deb/lintian.sh" "${debs[@]/#/$out/}"
