#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build (once) the Debian 12 ppc64el root filesystem of a system test:
# mmdebstrap with the packages of a list, configured on this host through
# binfmt_misc and qemu-user-static, plus the journey's two systemd units
# (guest/). Two flavours:
#   deb  (make check-system) rootfs-packages.txt, initramfs-tools
#   rpm  (make check-rpm)    rpm-rootfs-packages.txt, dracut and rpm
# The result is a raw ext4 image made with mke2fs -d (no loop mount), cached
# in
#   $CRCVMX_CACHE/system/rootfs-<key>/rootfs.img      (deb)
#   $CRCVMX_CACHE/system/rootfs-rpm-<key>/rootfs.img  (rpm)
# where <key> hashes the package list, the build-only initramfs
# configuration, guest/ and LAYOUT below. Prints the image's path on stdout.
#
# While mmdebstrap installs, a build-only initramfs configuration replaces
# the default that puts every storage driver in: under qemu-user each of the
# kernel package's update-initramfs runs took about 16 minutes with
# initramfs-tools' MODULES=most. deb: MODULES=list plus a hook that adds the
# drivers this image boots from; rpm: image-build-dracut.conf, the same
# drivers as dracut's exclusive list. The configuration is removed before
# the image is made, so every initramfs the guest builds itself uses the
# guest's own settings.
#
# The root ext4 has no metadata_csum, so that ext4 and jbd2 do not use
# crc32c at all: the module's counters then rise only for the filesystems
# the journey checks (XFS, btrfs).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

SUITE=bookworm
MIRROR=http://deb.debian.org/debian
SIZE=8G
# Bump when this script changes what it builds.
LAYOUT=2

usage() {
	cat <<USAGE
Usage: ${0##*/} [--flavour deb|rpm]
Builds the system-test root filesystem image unless the cache holds one for
the current package list, and prints its path.
  --flavour deb  make check-system's image (default): rootfs-packages.txt,
                 initramfs-tools
  --flavour rpm  make check-rpm's image: rpm-rootfs-packages.txt, dracut
                 and Debian's rpm Needs root, mmdebstrap, qemu-user-static and binfmt-support (tools/setup
installs them); mounts binfmt_misc if it is not mounted.
Environment: CRCVMX_CACHE (cache directory).
Exit codes: 0 ok, 1 build failed, 2 bad usage.
USAGE
}
flavour=deb
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--flavour)
		[ $# -ge 2 ] || die 2 "--flavour needs deb or rpm"
		flavour=$2
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
case "$flavour" in deb|rpm) ;; *) die 2 "--flavour must be deb or rpm, not '$flavour'" ;; esac
[ "$(id -u)" -eq 0 ] || die "must run as root (mmdebstrap --mode=root)"
# Standard output carries the image's path and nothing else (callers capture
# it): everything the tools print goes to standard error.
exec 3>&1 1>&2

# The build-only initramfs configuration of each flavour (see the top).
if [ "$flavour" = deb ]; then
	list=$here/rootfs-packages.txt
	ibuild=etc/initramfs-tools/conf.d/zz-crcvmx-image-build
	ihook=etc/initramfs-tools/hooks/zz-crcvmx-image-build
	key=$({ echo "layout $LAYOUT"; cat "$list" "$here/image-build-initramfs-hook" "$here"/guest/*; } | sha256sum | cut -c1-16)
	dir="$CRCVMX_CACHE/system/rootfs-$key"
	build_hooks=(
		--essential-hook="mkdir -p \"\$1/etc/initramfs-tools/conf.d\" \"\$1/etc/initramfs-tools/hooks\""
		--essential-hook="echo MODULES=list >\"\$1/$ibuild\""
		--essential-hook="install -m 0755 $here/image-build-initramfs-hook \"\$1/$ihook\""
		--customize-hook="rm \"\$1/$ibuild\" \"\$1/$ihook\"")
else
	list=$here/rpm-rootfs-packages.txt
	ibuild=etc/dracut.conf.d/zz-crcvmx-image-build.conf
	key=$({ echo "layout $LAYOUT rpm"; cat "$list" "$here/image-build-dracut.conf" "$here"/guest/*; } | sha256sum | cut -c1-16)
	dir="$CRCVMX_CACHE/system/rootfs-rpm-$key"
	build_hooks=(
		--essential-hook="mkdir -p \"\$1/etc/dracut.conf.d\""
		--essential-hook="install -m 0644 $here/image-build-dracut.conf \"\$1/$ibuild\""
		--customize-hook="rm \"\$1/$ibuild\"")
fi
if [ -s "$dir/rootfs.img" ] && [ -e "$dir/.complete" ]; then
	say "rootfs: cached ($dir)"
	echo "$dir/rootfs.img" >&3
	exit 0
fi

# Foreign maintainer scripts run under qemu-ppc64le through binfmt_misc.
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
	mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc ||
		die "binfmt_misc is not mounted and cannot be mounted here; it is needed to configure a ppc64el tree on this host"
fi
[ -e /proc/sys/fs/binfmt_misc/qemu-ppc64le ] || update-binfmts --enable qemu-ppc64le ||
	die "cannot register qemu-ppc64le with binfmt_misc (install qemu-user-static and binfmt-support: tools/setup/install-host-deps.sh)"
arch-test ppc64el >/dev/null || die "this host cannot run ppc64el binaries through binfmt_misc (arch-test ppc64el fails)"

pkgs=$(sed 's/#.*//' "$list" | xargs | tr ' ' ,)
mkdir -p "$CRCVMX_CACHE/system"
tmp=$(mktemp -d "$CRCVMX_CACHE/system/.build-XXXXXX")
# The trap must not fail: under set -e its status would become the script's.
trap 'umount -R "$tmp/root/proc" "$tmp/root/sys" "$tmp/root/dev" 2>/dev/null || true; rm -rf "$tmp"' EXIT
say "rootfs: mmdebstrap $SUITE ppc64el, $flavour flavour ($(wc -w <<<"${pkgs//,/ }") packages on 'required'; several minutes) into $tmp"
units="$here/guest"
mmdebstrap --mode=root --arch=ppc64el --variant=required \
	--include="$pkgs" \
	--aptopt='APT::Install-Recommends "false"' \
	"${build_hooks[@]}" \
	--customize-hook="echo journey >\"\$1/etc/hostname\"" \
	--customize-hook="printf 'LABEL=journey-root / ext4 defaults 0 1\n' >\"\$1/etc/fstab\"" \
	--customize-hook="chroot \"\$1\" passwd -d root" \
	--customize-hook="install -m 0755 $units/crcvmx-journey \"\$1/usr/local/sbin/crcvmx-journey\"" \
	--customize-hook="install -m 0644 $units/crcvmx-journey-early.service $units/crcvmx-journey.service \"\$1/etc/systemd/system/\"" \
	--customize-hook="systemctl --root=\"\$1\" enable crcvmx-journey-early.service crcvmx-journey.service" \
	--customize-hook="systemctl --root=\"\$1\" mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer man-db.timer" \
	"$SUITE" "$tmp/root" "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" \
	>"$tmp/mmdebstrap.log" 2>&1 ||
	{ tail -n 30 "$tmp/mmdebstrap.log" >&2; die "mmdebstrap failed (log above)"; }
ls "$tmp"/root/boot/vmlinux-* "$tmp"/root/boot/initrd.img-* >/dev/null ||
	die "the root filesystem has no kernel or initramfs in /boot"
say "rootfs: making the ext4 image ($SIZE, sparse) with mke2fs -d"
mke2fs -q -t ext4 -O ^metadata_csum -L journey-root -d "$tmp/root" "$tmp/rootfs.img" "$SIZE" ||
	die "mke2fs -d failed"
rm -rf "$dir"
mkdir -p "$dir"
mv "$tmp/rootfs.img" "$tmp/mmdebstrap.log" "$dir/"
sed 's/#.*//' "$list" | xargs -n1 >"$dir/packages"
touch "$dir/.complete"
say "rootfs: cached in $dir"
echo "$dir/rootfs.img" >&3
