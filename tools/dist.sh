#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make dist`: build/dist/crc32c-vmx-<version>.tar.gz, the module's DKMS
# source tree for systems without the Debian package (RHEL, SLES, others):
#   crc32c-vmx-<version>/dkms.conf      PACKAGE_VERSION filled in
#   crc32c-vmx-<version>/Kbuild, module/  what Kbuild builds
#   crc32c-vmx-<version>/modprobe.d/crc32c-vmx.conf, early-boot/  (install by hand)
# <version> is debian/changelog's, as for `make deb`. Unpacked into /usr/src
# it is what `dkms add crc32c-vmx/<version>` expects (README: Install on a
# POWER server).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"

case "${1:-}" in
-h|--help)
	cat <<USAGE
Usage: ${0##*/}
Writes $top/build/dist/crc32c-vmx-<version>.tar.gz (version from
debian/changelog) and prints its path. Exit codes: 0 ok, 1 failed, 2 bad usage.
USAGE
	exit 0 ;;
"") ;;
*) die 2 "unknown argument '$1' (try --help)" ;;
esac

# The first line of debian/changelog: "crc32c-vmx (<version>) <suite>; ..."
version=$(sed -n '1s/^crc32c-vmx (\([^)]*\)).*/\1/p' "$top/debian/changelog")
[ -n "$version" ] || die "cannot read the version from the first line of debian/changelog"
name=crc32c-vmx-$version
out=$top/build/dist
rm -rf "${out:?}/$name" "$out/$name.tar.gz"
mkdir -p "$out/$name"
(cd "$top" && git ls-files -z Kbuild module modprobe.d early-boot |
	tar --null -T - -cf -) | tar -C "$out/$name" -xf -
sed "s/^PACKAGE_VERSION=.*/PACKAGE_VERSION=\"$version\"/" "$top/dkms.conf" >"$out/$name/dkms.conf"
grep -q "^PACKAGE_VERSION=\"$version\"$" "$out/$name/dkms.conf" ||
	die "dkms.conf has no PACKAGE_VERSION line to fill in"
tar -C "$out" --owner=0 --group=0 --sort=name -czf "$out/$name.tar.gz" "$name"
say "dist: $out/$name.tar.gz"
echo "$out/$name.tar.gz"
