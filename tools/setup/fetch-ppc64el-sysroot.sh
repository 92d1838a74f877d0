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
# which busybox's does not) and their shared libraries; fmt's headers for
# crcbench-alg (header-only, FMT_HEADER_ONLY: the deb's libfmt.so is unused).
PKGS=(busybox-static libkcapi-dev libkcapi1 libc6 libstdc++6 libgcc-s1
      btrfs-progs e2fsprogs libblkid1 libuuid1 libudev1 libcom-err2 libext2fs2
      libss2 liblzo2-2 libzstd1 zlib1g
      xfsprogs libinih1 liburcu8
      dmsetup libdevmapper1.02.1 libselinux1 libpcre2-8-0
      kmod libkmod2 liblzma5 libssl3
      libfmt-dev)
# Architecture-independent headers of crcbench-alg's libraries (CLI11,
# nlohmann-json, RapidJSON; fmt's headers come with libfmt-dev:ppc64el):
# the cross build finds them in the sysroot only (CMAKE_FIND_ROOT_PATH).
ALL_PKGS=(libcli11-dev nlohmann-json3-dev rapidjson-dev)

usage() {
	cat <<USAGE
Usage: ${0##*/} [--help]
Fetches ppc64el packages (${PKGS[*]} ${ALL_PKGS[*]})
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
	apt-cache policy "${PKGS[@]/%/:ppc64el}" "${ALL_PKGS[@]}" 2>/dev/null |
		awk '/^[^ ].*:$/ { sub(":ppc64el:$", ""); sub(":$", ""); p = $0 }
		     /Candidate:/ && $2 != "(none)" { print p, $2 }')
for p in "${PKGS[@]}" "${ALL_PKGS[@]}"; do
	ver=${cand[$p]:-}
	[ -n "$ver" ] || die "no ppc64el candidate for $p; is the ppc64el architecture enabled? run tools/setup/install-host-deps.sh"
	stamp="$root/.stamps/${p}_${ver#*:}"
	[ -e "$stamp" ] && continue
	spec="$p:ppc64el=$ver"
	case " ${ALL_PKGS[*]} " in *" $p "*) spec="$p=$ver" ;; esac # an _all.deb
	deb=$(fetch_deb "$spec")
	say "extracting $(basename "$deb")"
	dpkg-deb -x "$deb" "$root" || die "dpkg-deb could not extract $deb (corrupt download? delete it and retry)"
	touch "$stamp"
done
[ -x "$root/bin/busybox" ] || die "busybox missing from $root after extraction"
[ -e "$root/usr/lib/powerpc64le-linux-gnu/libkcapi.a" ] || die "libkcapi.a missing from $root"
for h in CLI/CLI.hpp nlohmann/json.hpp fmt/format.h rapidjson/reader.h; do
	[ -e "$root/usr/include/$h" ] || die "$h missing from $root"
done
echo "$root"
