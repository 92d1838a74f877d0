#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Make the system test's payload disk: a raw ext4 image (mke2fs -d, no
# mount) holding what the guest installs, with no network, and the step
# scripts it runs:
#   debs/   crc32c-vmx-dkms_<version>_all.deb and
#           crc-family-vmx-dkms_<version>_all.deb; with --kernel-env,
#           bookworm-backports' 6.12 linux-image, linux-headers (flavour and
#           common) and the ppc64el linux-kbuild they depend on
#   rpms/   the RPM journey's packages (--rpm)
#   steps/  tools/system/steps/*
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--kernel-env FILE] (--deb FILE | --rpm FILE)... --out IMG
  --kernel-env FILE  the 6.12 kernel.env of tools/vm/fetch-kernel.sh --kernel 6.12
                     (its packages go into debs/)
  --deb FILE         a package to install (crc32c-vmx-dkms, crc-family-vmx-dkms;
                     repeatable)
  --rpm FILE         an RPM for make check-rpm's journey (repeatable)
  --out IMG          the payload image to write
Exit codes: 0 ok, 1 download or image failed, 2 bad usage.
USAGE
}
kenv= img=
debs=() rpms=()
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env|--deb|--rpm|--out)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--kernel-env) kenv=$2 ;; --deb) debs+=("$2") ;; --rpm) rpms+=("$2") ;; --out) img=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ $((${#debs[@]} + ${#rpms[@]})) -gt 0 ] && [ -n "$img" ] || die 2 "--out and a --deb or --rpm are required (try --help)"
for pkg in "${debs[@]}" "${rpms[@]}"; do
	[ -s "$pkg" ] || die 2 "no package '$pkg'"
done

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/debs" "$dir/rpms" "$dir/steps"
if [ -n "$kenv" ]; then
	# shellcheck disable=SC1090
	. "$kenv"
	abi=${KREL%-powerpc64le}
	# fetch-kernel.sh left a private bookworm-backports apt configuration.
	export APT_CONFIG="$CRCVMX_CACHE/apt/bookworm-backports/apt.conf"
	[ -s "$APT_CONFIG" ] || die "no $APT_CONFIG; run tools/vm/fetch-kernel.sh --kernel 6.12 first"
	for spec in "linux-image-$KREL:ppc64el" "linux-headers-$KREL:ppc64el" \
		"linux-headers-$abi-common:ppc64el" "linux-kbuild-$abi:ppc64el"; do
		cp "$(fetch_deb "$spec=$KVER")" "$dir/debs/"
	done
fi
[ ${#debs[@]} -eq 0 ] || cp "${debs[@]}" "$dir/debs/"
[ ${#rpms[@]} -eq 0 ] || cp "${rpms[@]}" "$dir/rpms/"
cp "$here"/steps/* "$dir/steps/"
size=$(( $(du -sm "$dir" | cut -f1) + 64 ))
rm -f "$img"
truncate -s "${size}M" "$img"
mke2fs -q -t ext4 -L journey-payload -d "$dir" "$img" "${size}M" || die "mke2fs -d failed for $img"
say "system: payload disk $img (${size} MiB): $(cd "$dir" && find debs rpms -type f | sort | xargs)"
