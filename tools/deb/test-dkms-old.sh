#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The two DKMS packages built by the dkms of the 5.x generation: Debian 11's
# dkms 2.8.4 (bullseye; Ubuntu 22.04 ships 2.8.7 of the same line), fetched
# into the cache and run from where it is unpacked, never installed, against
# the project's 5.10 kernel tree (tools/vm/build-debug-kernel.sh --flavour
# 5.10). Checks:
#   - each package builds its module, and only its module, for that kernel
#     (vermagic), cross-compiled;
#   - crc-family-vmx's module there registers crct10dif only: 5.10 has no
#     crc64-rocksoft algorithm (its module aliases say which);
#   - the kernel tree is unchanged afterwards.
# Why the last one: given --kernelsourcedir, dkms 2.x "prepares" the tree
# (make mrproper, oldconfig, prepare-all) before the build and runs make
# mrproper on it after, which wipes a headers or O= tree's generated
# configuration. On a server dkms finds /lib/modules/<release>/build and
# does neither; --no-prepare-kernel --no-clean-kernel give the same path
# here. dkms 2.8 has no BUILD_EXCLUSIVE_CONFIG (3.0 added it): it ignores
# the line, and Kbuild's own check (the top of Kbuild) is what refuses a
# kernel without AltiVec there.
# Prints one verdict line per check (PASS<TAB>name / FAIL<TAB>name<TAB>why).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=lib.sh
. "$top/tools/deb/lib.sh"

DKMS_VERSION=2.8.4-3

usage() {
	cat <<USAGE
Usage: ${0##*/} --deb FILE --deb FILE --kernel-env FILE [--work DIR]
  --deb FILE         crc32c-vmx-dkms_<version>_all.deb and
                     crc-family-vmx-dkms_<version>_all.deb (make deb), both
  --kernel-env FILE  the 5.10 kernel (build/kernel-5.10.env, written by
                     tools/vm/build-debug-kernel.sh --flavour 5.10)
  --work DIR         scratch directory (default build/dkms-old; emptied)
Fetches Debian 11's dkms $DKMS_VERSION into \$CRCVMX_CACHE/debs on first use.
Exit codes: 0 all checks passed, 1 a check failed, 2 bad usage.
USAGE
}
debs=() kenv= work=$top/build/dkms-old
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--deb|--kernel-env|--work)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in --deb) debs+=("$2") ;; --kernel-env) kenv=$2 ;; --work) work=$2 ;; esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ ${#debs[@]} -eq 2 ] || die 2 "--deb is required twice, the two DKMS packages (try --help)"
[ -s "$kenv" ] || die 2 "--kernel-env FILE is required (make it with tools/vm/build-debug-kernel.sh --flavour 5.10)"
# shellcheck disable=SC1090
. "$kenv"
pick_dkms_debs "${debs[@]}"

# dkms itself: bullseye's package, unpacked (a shell script and its helpers).
private_apt bullseye amd64
dkms_deb=$(fetch_deb "dkms=$DKMS_VERSION")
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
dpkg-deb -x "$dkms_deb" "$work/dkms-root" || die "cannot unpack $dkms_deb"
DKMS=$work/dkms-root/usr/sbin/dkms
[ -x "$DKMS" ] || die "$dkms_deb has no usr/sbin/dkms"
dver="dkms $DKMS_VERSION"
say "dkms-old: $dver against $KREL ($KDIR)"

dpkg-deb -x "$deb" "$work/pkg"
dpkg-deb -x "$fdeb" "$work/pkg"
ver=$(dpkg-deb -f "$deb" Version)

# What must not change: the tree's configuration and generated headers.
tree_sum() {
	cat "$KDIR/.config" "$KDIR/include/generated/autoconf.h" "$KDIR/include/config/auto.conf" \
		"$KDIR/Module.symvers" 2>/dev/null | sha256sum
}
sum0=$(tree_sum)

# dkms_build PKG: add and build PKG/$ver from the unpacked /usr/src into a
# scratch DKMS tree; log $work/PKG.log.
dkms_build() {
	local cmd=("$DKMS" --dkmstree "$work/tree" --sourcetree "$work/pkg/usr/src"
		--installtree "$work/installed")
	mkdir -p "$work/tree" "$work/installed"
	"${cmd[@]}" add "$1/$ver" >>"$work/$1.log" 2>&1 &&
	ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- "${cmd[@]}" build "$1/$ver" \
		-k "$KREL" -a ppc64le --kernelsourcedir "$KDIR" --no-prepare-kernel --no-clean-kernel \
		>>"$work/$1.log" 2>&1
}
# built PKG MOD: the module DKMS built for $KREL, with its vermagic checked.
built() {
	local f=$work/tree/$1/$ver/$KREL/ppc64le/module/$2.ko
	[ -s "$f" ] && modinfo -F vermagic "$f" | grep -q "^$KREL " && echo "$f"
}
# only_module PKG MOD: the build linked MOD.ko and no other module.
only_module() {
	[ "$(sed -n 's|^ *LD \[M\] *.*/\([^/]*\.ko\)$|\1|p' \
		"$work/tree/$1/$ver/$KREL/ppc64le/log/make.log" 2>/dev/null)" = "$2.ko" ]
}

for p in crc32c-vmx:crc32c_vmx crc-family-vmx:crc_family_vmx; do
	pkg=${p%%:*} mod=${p#*:}
	if dkms_build "$pkg" && built "$pkg" "$mod" >/dev/null && only_module "$pkg" "$mod"; then
		verdict "$dver builds $mod (alone) from $pkg-dkms for $KREL" 0
	else
		verdict "$dver builds $mod (alone) from $pkg-dkms for $KREL" 1 "see $work/$pkg.log"
	fi
done

# 5.10 has crct10dif and no crc64-rocksoft: the family module registers the
# first only, and its aliases say so.
fko=$(built crc-family-vmx crc_family_vmx || true)
aliases=$( [ -z "$fko" ] || modinfo -F alias "$fko" | tr '\n' ' ')
if [ -n "$fko" ] && [[ " $aliases " == *" crypto-crct10dif "* ]] && [[ "$aliases" != *rocksoft* ]]; then
	verdict "crc_family_vmx for $KREL registers crct10dif-vmx and no crc64-rocksoft-vmx" 0
else
	verdict "crc_family_vmx for $KREL registers crct10dif-vmx and no crc64-rocksoft-vmx" 1 \
		"aliases: ${aliases:-(no module)}"
fi

if [ "$(tree_sum)" = "$sum0" ] && [ -s "$KDIR/include/generated/autoconf.h" ]; then
	verdict "$dver leaves the kernel tree's configuration as it was" 0
else
	verdict "$dver leaves the kernel tree's configuration as it was" 1 \
		"$KDIR changed: delete $(dirname "$KDIR") and rebuild it (tools/vm/build-debug-kernel.sh --flavour 5.10)"
fi
exit "$VERDICT_RC"
