#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Fetch a Debian ppc64el kernel: image + modules, headers (flavour and
# common), the amd64 kbuild tools of the same version, and the parts of
# linux-source the project needs (kselftest framework, checkpatch.pl).
#   --kernel 6.1       Debian 12's own kernel, from the host's apt indexes
#                      (the default; cache dir: kernel/<version>/)
#   --kernel 6.12      6.12 from bookworm-backports, 4K pages
#   --kernel 6.12-64k  the same version, 64K pages
#                      (cache dirs: kernel/<version>[-64k]/)
#   --kernel newest    the newest Debian ships: Debian testing's powerpc64le
#                      kernel, whatever line it is on (7.2 in November 2026)
# The 6.12 and newest kernels are resolved with a private apt configuration under
# $CRCVMX_CACHE/apt/<suite>/ (its own lists, cache and sources list; the
# host's /etc/apt is never touched). Everything is downloaded and extracted
# (never apt-installed) and described by <that dir>/kernel.env, which is also
# copied to the path given with --env-out. A second run with the same version
# is a quick no-op.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

# Bump when the set of extracted files changes, so old caches are redone.
LAYOUT=2
env_out=
kernel=6.1

usage() {
	cat <<USAGE
Usage: ${0##*/} [--kernel 6.1|6.12|6.12-64k|newest] [--env-out FILE] [--help]
Discovers the kernel's current ABI from the apt indexes (the host's for 6.1,
a private bookworm-backports configuration for 6.12, a private testing one
for newest), downloads the kernel
packages into $CRCVMX_CACHE/debs, extracts and verifies them under
$CRCVMX_CACHE/kernel/<version>[-64k]/, and writes kernel.env there
(and to FILE with --env-out). Set CRCVMX_CACHE to move the cache.
Exit codes: 0 ok, 1 download/extract/verify failed, 2 bad usage.
USAGE
}
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--env-out) [ $# -ge 2 ] || die 2 "--env-out needs a file name"; env_out=$2; shift ;;
	--kernel) [ $# -ge 2 ] || die 2 "--kernel needs 6.1, 6.12, 6.12-64k or newest"; kernel=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

# series: the upstream line; suite: where it comes from ("" = host apt);
# dirsfx: appended to the version for the cache directory.
case "$kernel" in
6.1) series=6.1 FLAVOUR=powerpc64le suite='' dirsfx='' ;;
6.12) series=6.12 FLAVOUR=powerpc64le suite=bookworm-backports dirsfx='' ;;
6.12-64k) series=6.12 FLAVOUR=powerpc64le-64k suite=bookworm-backports dirsfx=-64k ;;
# series: whatever line testing carries (set from the ABI below).
newest) series='' FLAVOUR=powerpc64le suite=testing dirsfx='' ;;
*) die 2 "--kernel must be 6.1, 6.12, 6.12-64k or newest, not '$kernel'" ;;
esac

[ -z "$suite" ] || private_apt "$suite" "amd64 ppc64el"

# 1. Discover: the metapackage depends on the current ABI package.
image_pkg=$(apt-cache depends "linux-image-$FLAVOUR:ppc64el" 2>/dev/null |
	awk '/Depends: linux-image-[0-9]/ { sub(":ppc64el", "", $2); print $2; exit }')
[ -n "$image_pkg" ] || die "cannot find linux-image-$FLAVOUR:ppc64el in the apt indexes; run tools/setup/install-host-deps.sh (it enables ppc64el and runs apt-get update)"
abi=${image_pkg#linux-image-}
abi=${abi%-"$FLAVOUR"}
[ -n "$series" ] || series=$(echo "$abi" | cut -d. -f1,2)
case "$abi" in
"$series".*) ;;
*) die "the ${suite:-host} indexes offer $image_pkg, not a $series kernel" ;;
esac
krel="$abi-$FLAVOUR"
ver=$(apt_candidate "$image_pkg:ppc64el")
[ -n "$ver" ] || die "no candidate version for $image_pkg:ppc64el"
# 6.1's kbuild package is named after the series, 6.12's after the ABI (it
# also provides linux-kbuild-6.12, which apt-cache policy would resolve).
kbuild=linux-kbuild-$abi
apt-cache show "$kbuild:amd64" >/dev/null 2>&1 || kbuild=linux-kbuild-$series

kdir_root="$CRCVMX_CACHE/kernel/$ver$dirsfx"
root="$kdir_root/root"
src="$kdir_root/src"
envf="$kdir_root/kernel.env"

if [ ! -e "$kdir_root/.verified-v$LAYOUT" ]; then
	say "kernel: Debian $krel ($ver), fetching into $kdir_root"
	debs=(
		"$(fetch_deb "$image_pkg:ppc64el=$ver")"
		"$(fetch_deb "linux-headers-$krel:ppc64el=$ver")"
		"$(fetch_deb "linux-headers-$abi-common:ppc64el=$ver")"
		# The headers' scripts/ are amd64 binaries from linux-kbuild; they must
		# match the headers exactly, whatever apt's amd64 candidate is.
		"$(fetch_deb "$kbuild:amd64=$ver")"
	)
	# Debian testing splits the image package: vmlinux, modules and config
	# come in linux-{binary,modules,base}-<release>, on which it depends.
	for p in $(apt-cache depends "$image_pkg:ppc64el" 2>/dev/null |
		awk -v r="$krel" '$1 == "Depends:" { sub(":ppc64el", "", $2) }
			$1 == "Depends:" && $2 ~ /^linux-(binary|modules|base)-/ && substr($2, length($2) - length(r) + 1) == r { print $2 }'); do
		debs+=("$(fetch_deb "$p:ppc64el=$ver")")
	done
	srcdeb=$(fetch_deb "linux-source-$series=$ver")
	rm -rf "$root" "$src"
	mkdir -p "$root" "$src"
	for d in "${debs[@]}"; do
		dpkg-deb -x "$d" "$root" || die "cannot extract $d (corrupt download? delete it and retry)"
	done

	hdr="$root/usr/src/linux-headers-$krel"
	# The flavour Makefile includes the common tree by absolute path (and
	# from 7.2 on also names itself in KBUILD_OUTPUT=/usr/src/...).
	sed -i -e "s|^include /usr/src/|include $root/usr/src/|" \
		-e "s|^KBUILD_OUTPUT=/usr/src/|KBUILD_OUTPUT=$root/usr/src/|" "$hdr/Makefile"
	# testing's packages ship /usr/lib/modules (merged /usr); bookworm's
	# depmod and modprobe -d look in <root>/lib/modules, as a merged system
	# would resolve it.
	[ -e "$root/lib" ] || [ ! -d "$root/usr/lib/modules" ] || ln -s usr/lib "$root/lib"
	depmod -b "$root" "$krel" || die "depmod failed on $root"

	say "kernel: extracting kselftest framework and checkpatch from linux-source-$series"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	dpkg-deb --fsys-tarfile "$srcdeb" |
		tar -x -C "$tmp" --wildcards "*/linux-source-$series.tar.xz" ||
		die "cannot unpack $srcdeb"
	tar -xJf "$tmp"/usr/src/linux-source-$series.tar.xz -C "$src" --strip-components=1 \
		linux-source-$series/tools/testing/selftests/kselftest.h \
		linux-source-$series/tools/testing/selftests/kselftest_harness.h \
		linux-source-$series/tools/testing/selftests/kselftest_module.h \
		linux-source-$series/tools/testing/selftests/lib.mk \
		linux-source-$series/tools/testing/selftests/run_kselftest.sh \
		linux-source-$series/tools/testing/selftests/kselftest \
		linux-source-$series/scripts/checkpatch.pl \
		linux-source-$series/scripts/spelling.txt \
		linux-source-$series/scripts/const_structs.checkpatch \
		linux-source-$series/scripts/subarch.include ||
		die "linux-source tarball lacks an expected file"
	rm -rf "$tmp"
	trap - EXIT

	# 2. Verify what was extracted.
	vmlinux="$root/boot/vmlinux-$krel"
	# testing's linux-binary package puts it next to the modules, as "vmlinuz"
	# (an uncompressed ELF on ppc64el all the same).
	[ -e "$vmlinux" ] || vmlinux="$root/usr/lib/modules/$krel/vmlinuz"
	[ -s "$vmlinux" ] || die "kernel image missing: $vmlinux"
	file -b "$vmlinux" 2>/dev/null | grep -q 'ELF 64-bit LSB.*PowerPC' ||
		head -c 4 "$vmlinux" | grep -q 'ELF' || die "$vmlinux is not an ELF kernel"
	[ -e "$hdr/.config" ] || die "headers incomplete: $hdr/.config missing"
	# testing's kbuild tools need testing's glibc: they run in the chroot of
	# tools/vm/toolchain-chroot.sh, which checks them there.
	if [ "$kernel" != newest ]; then
		{ "$hdr/scripts/basic/fixdep" 2>&1 || true; } | grep -qi usage ||
			die "the kbuild host tools in $hdr/scripts do not run (need libelf1, libssl3: run tools/setup/install-host-deps.sh)"
	fi
	# The in-tree crc32c drivers: crc32c-vpmsum and crc32c-generic through
	# 6.13; from 6.17 the library wrapper crc32c-lib in crc32c-cryptoapi.
	crc_mods="crc32c-vpmsum crc32c_generic"
	[ "$kernel" != newest ] || crc_mods=crc32c-cryptoapi
	for m in $crc_mods algif_hash crypto_user btrfs brd; do
		grep -q "/$m.ko[^/]*:" "$root/lib/modules/$krel/modules.dep" ||
			die "module $m not found in the extracted kernel"
	done
	[ -e "$src/tools/testing/selftests/kselftest.h" ] || die "kselftest.h missing"

	cat >"$envf" <<ENV
# Generated by tools/vm/fetch-kernel.sh --kernel $kernel; do not edit.
KVER=$ver
KREL=$krel
KROOT=$root
KDIR=$hdr
VMLINUX=$vmlinux
KSRC=$src
# Where module builds run: "host", or "testing-chroot" (tools/vm/toolchain-run.sh)
KBUILD_IN=$([ "$kernel" = newest ] && echo testing-chroot || echo host)
ENV
	touch "$kdir_root/.verified-v$LAYOUT"
fi

if [ -n "$env_out" ]; then
	mkdir -p "$(dirname "$env_out")"
	cp "$envf" "$env_out"
fi
cat "$envf" | grep -v '^#'
