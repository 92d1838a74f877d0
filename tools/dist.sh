#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make dist`: the modules' DKMS source trees for systems without the Debian
# packages (RHEL, SLES, others), one tarball per DKMS package as the .debs:
#   build/dist/crc32c-vmx-<version>.tar.gz
#     crc32c-vmx-<version>/dkms.conf      PACKAGE_VERSION filled in
#     crc32c-vmx-<version>/Kbuild, module/  what Kbuild builds
#     crc32c-vmx-<version>/modprobe.d/crc32c-vmx.conf, early-boot/  (install by hand)
#   build/dist/crc-family-vmx-<version>.tar.gz
#     crc-family-vmx-<version>/dkms.conf  from dkms-crc-family-vmx.conf
#     crc-family-vmx-<version>/Kbuild, module/
# <version> is debian/changelog's, as for `make deb`. Unpacked into /usr/src
# each is what `dkms add <name>/<version>` expects (README: Install on a
# POWER server; docs/crc-family.md).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"

case "${1:-}" in
-h|--help)
	cat <<USAGE
Usage: ${0##*/}
Writes $top/build/dist/crc32c-vmx-<version>.tar.gz and
$top/build/dist/crc-family-vmx-<version>.tar.gz (version from
debian/changelog) and prints their paths, one per line in that order.
Exit codes: 0 ok, 1 failed, 2 bad usage.
USAGE
	exit 0 ;;
"") ;;
*) die 2 "unknown argument '$1' (try --help)" ;;
esac

# The first line of debian/changelog: "crc32c-vmx (<version>) <suite>; ..."
version=$(sed -n '1s/^crc32c-vmx (\([^)]*\)).*/\1/p' "$top/debian/changelog")
[ -n "$version" ] || die "cannot read the version from the first line of debian/changelog"
out=$top/build/dist

# tarball NAME DKMSCONF PATH...: $out/NAME-$version.tar.gz of the tracked
# files under PATH... and DKMSCONF as its dkms.conf; prints its path.
tarball() {
	local name=$1-$version conf=$2
	shift 2
	rm -rf "${out:?}/$name" "$out/$name.tar.gz"
	mkdir -p "$out/$name"
	(cd "$top" && git ls-files -z "$@" | tar --null -T - -cf -) | tar -C "$out/$name" -xf -
	sed "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$version\"/" "$top/$conf" >"$out/$name/dkms.conf"
	grep -q "^PACKAGE_VERSION=\"$version\"$" "$out/$name/dkms.conf" ||
		die "$conf has no PACKAGE_VERSION line to fill in"
	tar -C "$out" --owner=0 --group=0 --sort=name -czf "$out/$name.tar.gz" "$name"
	say "dist: $out/$name.tar.gz"
	echo "$out/$name.tar.gz"
}
tarball crc32c-vmx dkms.conf Kbuild module modprobe.d early-boot
tarball crc-family-vmx dkms-crc-family-vmx.conf Kbuild module
