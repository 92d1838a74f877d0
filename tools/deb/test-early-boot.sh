#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of what the crc32c-vmx-dkms package does before a POWER system
# boots, against Debian's ppc64el kernel tree (build/kernel.env):
#   - DKMS (the host's dkms, in scratch trees) adds the package's source and
#     builds crc32c_vmx.ko for that kernel, cross-compiled; for a non-POWER
#     architecture it declines (BUILD_EXCLUSIVE_ARCH);
#   - mkinitramfs (Debian's initramfs-tools-core, unpacked, not installed)
#     with the package's hook puts crc32c_vmx into the image and into
#     conf/modules, which the image's init loads before the root filesystem
#     is mounted; the image also holds the modprobe.d soft dependency;
#   - for a kernel without the module the hook warns, and the image is still
#     built, without it.
# mkinitramfs reads /lib/modules/<kernel> and /usr/share/initramfs-tools
# at fixed paths: it runs in a private mount namespace (unshare -m) where
# overlays put the ppc64el kernel's modules and the unpacked initramfs-tools
# there; the host's own files are not changed.
# Prints one verdict line per check (PASS<TAB>name / FAIL<TAB>name<TAB>why).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --deb FILE [--kernel-env FILE] [--work DIR]
  --deb FILE         crc32c-vmx-dkms_<version>_all.deb (make deb)
  --kernel-env FILE  the ppc64el kernel (default build/kernel.env, tools/setup.sh)
  --work DIR         scratch directory (default build/early-boot; emptied)
Exit codes: 0 all checks passed, 1 a check failed, 2 bad usage.
USAGE
}
deb='' kenv=$top/build/kernel.env work=$top/build/early-boot
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--deb|--kernel-env|--work)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in --deb) deb=$2 ;; --kernel-env) kenv=$2 ;; --work) work=$2 ;; esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$deb" ] || die 2 "--deb is required (try --help)"
[ -s "$deb" ] || die "no $deb: run make deb"
[ -s "$kenv" ] || die "no $kenv: run tools/setup.sh"
# shellcheck disable=SC1090
. "$kenv"
for tool in dkms unshare depmod modinfo cpio; do
	command -v "$tool" >/dev/null || die "'$tool' not found: run tools/setup/install-host-deps.sh"
done

rc=0
verdict() { # NAME OK(0/1) [WHY]
	if [ "$2" -eq 0 ]; then
		printf 'PASS\t%s\n' "$1"
	else
		printf 'FAIL\t%s\t%s\n' "$1" "${3:-failed}"
		rc=1
	fi
}

rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
dpkg-deb -x "$deb" "$work/pkg"
ver=$(dpkg-deb -f "$deb" Version)

# --- DKMS, in scratch trees, cross-compiling (make takes ARCH and
# CROSS_COMPILE from the environment) ---------------------------------------
dk=(dkms --dkmstree "$work/dkms" --sourcetree "$work/pkg/usr/src" --installtree "$work/installed")
mkdir -p "$work/dkms" "$work/installed"
ko=$work/dkms/crc32c-vmx/$ver/$KREL/ppc64le/module/crc32c_vmx.ko
if "${dk[@]}" add "crc32c-vmx/$ver" >"$work/dkms.log" 2>&1 &&
   ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- "${dk[@]}" build "crc32c-vmx/$ver" \
	-k "$KREL" -a ppc64le --kernelsourcedir "$KDIR" >>"$work/dkms.log" 2>&1 &&
   [ -s "$ko" ] && modinfo -F vermagic "$ko" | grep -q "^$KREL "; then
	verdict "dkms builds crc32c_vmx from the package for $KREL" 0
else
	verdict "dkms builds crc32c_vmx from the package for $KREL" 1 "see $work/dkms.log"
	ko=
fi
# dkms exits 77 when BUILD_EXCLUSIVE_* excludes the kernel or architecture.
set +e
"${dk[@]}" build "crc32c-vmx/$ver" -k "$KREL" -a x86_64 --kernelsourcedir "$KDIR" \
	>"$work/dkms-x86.log" 2>&1
xrc=$?
set -e
[ "$xrc" -eq 77 ] && grep -q 'BUILD_EXCLUSIVE' "$work/dkms-x86.log"
verdict "dkms declines to build it for x86_64 (BUILD_EXCLUSIVE_ARCH)" $? \
	"dkms exit $xrc, not 77 (see $work/dkms-x86.log)"

# --- initramfs-tools --------------------------------------------------------
itc_ver=$(apt_candidate initramfs-tools-core)
[ -n "$itc_ver" ] || die "no candidate for initramfs-tools-core: run apt-get update"
dpkg-deb -x "$(fetch_deb "initramfs-tools-core=$itc_ver")" "$work/itc"
install -m 0755 "$work/pkg/usr/share/initramfs-tools/hooks/crc32c-vmx" \
	"$work/itc/usr/share/initramfs-tools/hooks/crc32c-vmx"
conf=$work/itc/etc/initramfs-tools
# Only the modules named (no hardware guessing on this x86 host); gzip.
sed -i -e 's/^MODULES=.*/MODULES=list/' -e 's/^BUSYBOX=.*/BUSYBOX=n/' \
	-e 's/^COMPRESS=.*/COMPRESS=gzip/' "$conf/initramfs.conf"

# mkimage NAME WITH_MODULE(0/1): an image for $KREL, in a private mount
# namespace: /usr/lib (thus /lib/modules and /lib/modprobe.d) and the
# kernel's module tree become overlays, /boot a tmpfs with the kernel's
# config, and the unpacked initramfs-tools is bound over
# /usr/share/initramfs-tools.
mkimage() {
	local d=$work/$1
	mkdir -p "$d"/{lib-up,lib-work,k-up,k-work}
	unshare -m --propagation private bash -euc '
		d=$1 KROOT=$2 KREL=$3 itc=$4 conf=$5 pkg=$6 ko=$7
		mount -t overlay overlay -o "lowerdir=/usr/lib,upperdir=$d/lib-up,workdir=$d/lib-work" /usr/lib
		mkdir -p "/usr/lib/modules/$KREL"
		mount -t overlay overlay \
			-o "lowerdir=$KROOT/lib/modules/$KREL,upperdir=$d/k-up,workdir=$d/k-work" \
			"/usr/lib/modules/$KREL"
		if [ -n "$ko" ]; then
			install -D -m 0644 "$ko" "/usr/lib/modules/$KREL/updates/dkms/crc32c_vmx.ko"
			install -D -m 0644 "$pkg/usr/lib/modprobe.d/crc32c-vmx.conf" \
				/usr/lib/modprobe.d/crc32c-vmx.conf
		fi
		depmod "$KREL"
		# mkinitramfs reads the kernel config (compression support).
		mount -t tmpfs tmpfs /boot
		cp "$KROOT/boot/config-$KREL" /boot/
		mount --bind "$itc/usr/share/initramfs-tools" /usr/share/initramfs-tools
		"$itc/usr/sbin/mkinitramfs" -d "$conf" -o "$d/initrd.img" "$KREL"
	' mkimage "$d" "$KROOT" "$KREL" "$work/itc" "$conf" "$work/pkg" "$2" \
		>"$d/mkinitramfs.log" 2>&1
}
list_image() { zcat "$1" | cpio -t --quiet; }
file_in_image() { zcat "$1" | cpio -i --quiet --to-stdout "$2"; }

name="initramfs-tools: the image holds crc32c_vmx and conf/modules loads it before the root mount"
if [ -n "$ko" ] && mkimage with "$ko"; then
	img=$work/with/initrd.img
	if list_image "$img" | grep -qx "usr/lib/modules/$KREL/updates/dkms/crc32c_vmx.ko\|lib/modules/$KREL/updates/dkms/crc32c_vmx.ko" &&
	   file_in_image "$img" conf/modules | grep -qx 'crc32c_vmx *'; then
		verdict "$name" 0
	else
		verdict "$name" 1 "module or conf/modules entry missing (list: zcat $img | cpio -t)"
	fi
	file_in_image "$img" 'usr/lib/modprobe.d/crc32c-vmx.conf' 2>/dev/null | grep -q '^softdep libcrc32c pre:.*crc32c_vmx' ||
		file_in_image "$img" 'lib/modprobe.d/crc32c-vmx.conf' | grep -q '^softdep libcrc32c pre:.*crc32c_vmx'
	verdict "initramfs-tools: the image holds libcrc32c's soft dependency on crc32c_vmx" $? \
		"no modprobe.d/crc32c-vmx.conf with the softdep in $img"
else
	verdict "$name" 1 "mkinitramfs failed or no module (see $work/with/mkinitramfs.log)"
	verdict "initramfs-tools: the image holds libcrc32c's soft dependency on crc32c_vmx" 1 "no image"
fi

name="initramfs-tools: for a kernel without the module the hook warns and the image is built without it"
if mkimage without ""; then
	img=$work/without/initrd.img
	if grep -q "W: crc32c-vmx: crc32c_vmx is not built for kernel $KREL" "$work/without/mkinitramfs.log" &&
	   ! list_image "$img" | grep -q 'crc32c_vmx.ko' &&
	   ! file_in_image "$img" conf/modules | grep -q crc32c_vmx; then
		verdict "$name" 0
	else
		verdict "$name" 1 "no warning, or the module is in the image ($work/without/mkinitramfs.log)"
	fi
else
	verdict "$name" 1 "mkinitramfs failed (see $work/without/mkinitramfs.log)"
fi
exit "$rc"
