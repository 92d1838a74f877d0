#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Download the ppc64el userland .debs the guest and the cross builds need and
# extract them into one sysroot under the cache. Prints the sysroot path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

# Guest userland: busybox for /init, libkcapi for crcbench-alg (static), the
# filesystem tools the kselftests need (btrfs-progs, e2fsprogs, xfsprogs),
# dmsetup (dm-integrity), kmod's modprobe (honours modprobe.d softdeps,
# which busybox's does not) and their shared libraries.
PKGS=(busybox-static libkcapi-dev libkcapi1 libc6 libstdc++6 libgcc-s1
      btrfs-progs e2fsprogs libblkid1 libuuid1 libudev1 libcom-err2 libext2fs2
      libss2 liblzo2-2 libzstd1 zlib1g
      xfsprogs libinih1 liburcu8
      dmsetup libdevmapper1.02.1 libselinux1 libpcre2-8-0
      kmod libkmod2 liblzma5 libssl3)

usage() {
	cat <<USAGE
Usage: ${0##*/} [--help]
Fetches ppc64el packages (${PKGS[*]})
into $CRCVMX_CACHE/debs and extracts them into
$CRCVMX_CACHE/sysroot-ppc64el (printed on stdout).
Exit codes: 0 ok, 1 download/extract failed, 2 bad usage.
USAGE
}
case "${1:-}" in
-h|--help) usage; exit 0 ;;
"") ;;
*) echo "${0##*/}: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

root="$CRCVMX_CACHE/sysroot-ppc64el"
mkdir -p "$root/.stamps"
# One apt-cache call for all candidates (one call per package takes ~1 s each).
declare -A cand
while read -r p v; do cand[$p]=$v; done < <(
	apt-cache policy "${PKGS[@]/%/:ppc64el}" 2>/dev/null |
		awk '/^[^ ].*:$/ { sub(":ppc64el:$", ""); sub(":$", ""); p = $0 }
		     /Candidate:/ && $2 != "(none)" { print p, $2 }')
for p in "${PKGS[@]}"; do
	ver=${cand[$p]:-}
	[ -n "$ver" ] || die "no ppc64el candidate for $p; is the ppc64el architecture enabled? run tools/setup/install-host-deps.sh"
	stamp="$root/.stamps/${p}_${ver#*:}"
	[ -e "$stamp" ] && continue
	deb=$(fetch_deb "$p:ppc64el=$ver")
	say "extracting $(basename "$deb")"
	dpkg-deb -x "$deb" "$root" || die "dpkg-deb could not extract $deb (corrupt download? delete it and retry)"
	touch "$stamp"
done
[ -x "$root/bin/busybox" ] || die "busybox missing from $root after extraction"
[ -e "$root/usr/lib/powerpc64le-linux-gnu/libkcapi.a" ] || die "libkcapi.a missing from $root"
echo "$root"
