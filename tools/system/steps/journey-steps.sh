#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The operator's journey inside the system-test guest, one step per boot
# (the host boots the guest once per step; crcvmx-journey runs this from
# the payload disk with the step's name and sends the output to hvc1):
#   install  on Debian's 6.1: apt install ./crc32c-vmx-dkms_*.deb
#            ./crc-family-vmx-dkms_*.deb, DKMS builds both natively; make an
#            XFS (v5) and a btrfs, put both in /etc/fstab
#   boot61   after the reboot: crc32c-vmx on top before systemd even started
#            (from the initramfs), XFS and btrfs use it and check clean;
#            crc_family_vmx loaded at boot and the CRC libraries bound to
#            it, holding it and not crc32c_vmx; then install
#            bookworm-backports' 6.12 image + headers, DKMS rebuilds both
#   boot612  booted into 6.12: the same checks, and the built-in CRC
#            libraries pin crc_family_vmx; then apt remove and purge leave
#            nothing behind
#   rpm-install, rpm-boot  make check-rpm's journey (rpm-journey-steps.sh)
# Exit status: 0 if every assertion of the step passed, 1 otherwise.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=journey-lib.sh
. "$here/journey-lib.sh"
export DEBIAN_FRONTEND=noninteractive
krel=$(uname -r)
step=${1:-}

# Checks that crc32c-vmx came from the initramfs and is on top now; $1
# names the kernel line (6.1 or 6.12) and suffixes the assertion names.
check_early() {
	local k=$1
	progress "$k: crc32c-vmx in the initramfs and on top before systemd's first unit"
	check "early-module-$k" "crc32c_vmx was loaded when systemd started (before udev, modules-load and fstab: from the initramfs)" \
		grep -q "^$MOD " /run/crcvmx-early/modules
	check_top "early-top-$k" /run/crcvmx-early/crypto "/proc/crypto at systemd's start"
	# The initramfs mounts the root filesystem; the module registered before.
	local reg root
	reg=$(dmesg | grep -n 'crc32c_vmx: registered' | head -n 1 | cut -d: -f1)
	root=$(dmesg | grep -nE 'EXT4-fs \(vd[a-z]+\): mounted filesystem' | head -n 1 | cut -d: -f1)
	if [ -n "$reg" ] && [ -n "$root" ] && [ "$reg" -lt "$root" ]; then
		pass "before-root-$k" "crc32c_vmx registered (kernel log line $reg) before the root filesystem was mounted (line $root)"
	else
		fail "before-root-$k" "kernel log: crc32c_vmx registered at line '${reg:-never}', root mounted at line '${root:-never}'"
	fi
	check "initramfs-$k" "the initramfs of $krel contains $MOD.ko" initramfs_has_module "$krel"
	check_top "top-$k" /proc/crypto "/proc/crypto now"
}

# Checks of a boot with the package installed; $1 names the kernel line
# (6.1 or 6.12) and suffixes the assertion names.
check_boot() {
	local k=$1
	check_early "$k"

	progress "$k: XFS (v5, from /etc/fstab) and btrfs on crc32c-vmx"
	check "xfs-mounted-$k" "/srv/xfs is an XFS with crc=1 mounted from /etc/fstab at boot" \
		eval 'systemctl is-active -q srv-xfs.mount && [ "$(findmnt -n -o FSTYPE /srv/xfs)" = xfs ] && xfs_info /srv/xfs | grep -q "crc=1"'
	if [ "$k" = 6.1 ]; then
		# 6.1's btrfs prints libcrc32c's driver when it loads: XFS's too.
		check "libcrc32c-bound-$k" "libcrc32c (XFS's crc32c) bound crc32c-vmx: 'Btrfs loaded, crc32c=crc32c-vmx'" \
			eval 'dmesg | grep -q "Btrfs loaded, crc32c=crc32c-vmx"'
	fi
	check_counter "xfs-counter-$k" "2000 files and 16 MiB on XFS" 262144 fs_work /srv/xfs
	local uuid
	uuid=$(findmnt -n -o UUID /srv/btrfs)
	check "btrfs-driver-$k" "btrfs mounted from /etc/fstab checksums with crc32c-vmx (/sys/fs/btrfs/<uuid>/checksum)" \
		grep -q 'crc32c-vmx' "/sys/fs/btrfs/$uuid/checksum"
	check_counter "btrfs-counter-$k" "2000 files and 16 MiB on btrfs" $((16 << 20)) fs_work /srv/btrfs
	progress "$k: xfs_repair -n and btrfs check"
	check "xfs-repair-$k" "xfs_repair -n finds the XFS clean" \
		eval 'umount /srv/xfs && logged xfs-repair-$k xfs_repair -n /dev/disk/by-id/virtio-xfs; rc=$?; mount /srv/xfs; [ $rc -eq 0 ]'
	check "btrfs-check-$k" "btrfs check --check-data-csum finds the btrfs clean" \
		eval 'umount /srv/btrfs && logged btrfs-check-$k btrfs check --check-data-csum /dev/disk/by-id/virtio-btrfs; rc=$?; mount /srv/btrfs; [ $rc -eq 0 ]'
}

# Checks of the CRC family's module after a boot with it installed; $1 names
# the kernel line. Nothing in the journey loads crc_family_vmx: udev does,
# at boot, by its CPU modalias (or a crypto request of a CRC library).
check_family() {
	local k=$1 m c0 f0 loaded_now=0
	progress "$k: crc_family_vmx loaded at boot, the CRC libraries bound to it"
	check "family-loaded-$k" "crc_family_vmx was loaded at boot without the journey asking (udev, CPU modalias)" loaded "$FMOD"
	c0=$(refcnt "$MOD") f0=$(refcnt "$FMOD")
	if [ "$k" = 6.1 ]; then
		# 6.1's libraries are modules; a T10 PI user (sd_mod, nvme) would
		# load them. Already loaded ones rebind when the drivers register.
		for m in crc_t10dif crc64_rocksoft; do
			if loaded "$m"; then
				echo "# $m was loaded at boot already"
			else
				modprobe "$m" && loaded_now=$((loaded_now + 1))
			fi
		done
	fi
	check "family-bound-$k" "crc_t10dif uses '$(transform crc_t10dif)', crc64_rocksoft '$(transform crc64_rocksoft)' (want crct10dif-vmx, crc64-rocksoft-vmx)" \
		eval '[ "$(transform crc_t10dif)" = crct10dif-vmx ] && [ "$(transform crc64_rocksoft)" = crc64-rocksoft-vmx ]'
	# crc32c_vmx cannot be unloaded here at all: the root ext4 (mounted
	# after the initramfs loaded crc32c_vmx) holds a crc32c transform for
	# as long as it is mounted. What can be shown is that the family adds
	# nothing to crc32c_vmx's hold: no module depends on crc32c_vmx, the
	# bound drivers belong to crc_family_vmx, and binding the libraries
	# (on 6.1, where the journey loads them) raised crc_family_vmx's
	# reference count by one per library and left crc32c_vmx's alone.
	local c1 f1
	c1=$(refcnt "$MOD") f1=$(refcnt "$FMOD")
	echo "# refcnt $MOD $c0 -> $c1, $FMOD $f0 -> $f1 ($loaded_now libraries loaded by the journey); holders of $MOD: '$(find "/sys/module/$MOD/holders" -mindepth 1 -printf '%f ' 2>/dev/null)'"
	check "crc32c-unpinned-$k" "the family's drivers hold crc_family_vmx, not crc32c_vmx (no holders of crc32c_vmx, drivers' module in /proc/crypto, reference counts)" \
		eval '[ -d "/sys/module/$MOD/holders" ] && [ -z "$(find "/sys/module/$MOD/holders" -mindepth 1)" ] &&
			[ "$(driver_module crct10dif-vmx)" = "$FMOD" ] && [ "$(driver_module crc64-rocksoft-vmx)" = "$FMOD" ] &&
			[ "$c1" -eq "$c0" ] && [ "$f1" -eq $((f0 + loaded_now)) ]'
}

step_install() {
	progress "install: on $krel, apt install ./${PKG}_*.deb"
	check boot-6.1 "booted Debian's 6.1 kernel ($krel)" eval '[[ $krel == 6.1.* ]]'
	check clean-start "no $MOD module anywhere and no crc32c-vmx in /proc/crypto before the install" \
		eval '[ -z "$(module_files)" ] && ! grep -q crc32c-vmx /proc/crypto'
	# The Debian installer's "targeted" initramfs: only the drivers this
	# machine boots from. With the default (MODULES=most) every rebuild
	# copies about 1500 modules, which takes many minutes under TCG; the
	# package's hook must add crc32c_vmx either way.
	echo "MODULES=dep" >/etc/initramfs-tools/conf.d/journey-targeted
	local deb fdeb
	deb=$(echo "$PAYLOAD"/debs/"${PKG}"_*_all.deb)
	fdeb=$(echo "$PAYLOAD"/debs/"${FPKG}"_*_all.deb)
	check apt-install "apt install ./$(basename "${deb:-$PKG.deb}") ./$(basename "${fdeb:-$FPKG.deb}") (no network; headers and gcc present)" \
		logged apt-install apt install -y "${deb:-/nonexistent/$PKG.deb}" "${fdeb:-/nonexistent/$FPKG.deb}"
	check_installed "dkms status:" "the rebuilt"
	# btrfs-progs makes the sector size the page size: 64 KiB on Debian's
	# 6.1, which a 4K-page kernel (6.12 here) refuses to mount. 4 KiB
	# sectors mount on both.
	progress "install: mkfs.xfs -m crc=1 and mkfs.btrfs on the spare disks, into /etc/fstab"
	check make-filesystems "XFS (crc=1) and btrfs made and entered in /etc/fstab" eval '
		logged mkfs-xfs mkfs.xfs -f -m crc=1 -L jxfs /dev/disk/by-id/virtio-xfs &&
		logged mkfs-btrfs mkfs.btrfs -f -s 4096 -L jbtrfs /dev/disk/by-id/virtio-btrfs &&
		mkdir -p /srv/xfs /srv/btrfs &&
		printf "LABEL=jxfs /srv/xfs xfs defaults 0 2\nLABEL=jbtrfs /srv/btrfs btrfs defaults 0 0\n" >>/etc/fstab'
}

step_boot61() {
	check boot-6.1-again "rebooted into Debian's 6.1 kernel ($krel)" eval '[[ $krel == 6.1.* ]]'
	check_boot 6.1
	check_family 6.1
	progress "6.1: apt install bookworm-backports' 6.12 image and headers"
	local debs
	debs=$(echo "$PAYLOAD"/debs/linux-*.deb)
	check install-6.12 "apt install ./linux-image-6.12 ./linux-headers-6.12 (and -common, linux-kbuild)" \
		logged install-6.12 apt install -y ${debs:-/nonexistent/linux.deb}
	local k612
	k612=$(cd /lib/modules && echo 6.12.*)
	check dkms-built-6.12 "dkms status: crc32c-vmx installed for ${k612:-6.12 (not installed)}" dkms_installed "${k612:-none}"
	check dkms-built-family-6.12 "dkms status: crc-family-vmx installed for ${k612:-6.12 (not installed)}" \
		dkms_installed "${k612:-none}" crc-family-vmx
	check initramfs-built-6.12 "the initramfs of ${k612:-6.12} contains $MOD.ko" initramfs_has_module "${k612:-none}"
	check default-kernel-6.12 "/vmlinux (what the next boot starts) points to 6.12" \
		eval '[[ "$(readlink /vmlinux)" == *vmlinux-6.12.* ]]'
}

step_boot612() {
	check boot-6.12 "booted the 6.12 kernel ($krel)" eval '[[ $krel == 6.12.* ]]'
	check_boot 6.12
	check_family 6.12
	# Built-in crc_t10dif and crc64_rocksoft hold the drivers they bound.
	check family-pinned-6.12 "rmmod crc_family_vmx is refused while the built-in CRC libraries hold its drivers" \
		eval '! rmmod "$FMOD" 2>/dev/null && loaded "$FMOD"'
	progress "remove: apt remove, then apt purge $PKG $FPKG"
	local files conffiles
	files=$(dpkg-query -L "$PKG" "$FPKG" 2>/dev/null | while read -r f; do [ -d "$f" ] || echo "$f"; done)
	conffiles=$(dpkg-query -W -f='${Conffiles}\n' "$PKG" "$FPKG" 2>/dev/null | awk 'NF { print $1 }')
	echo "# $PKG and $FPKG ship $(echo "$files" | grep -c .) files, conffiles: $(echo $conffiles)"
	check remove "apt remove $PKG $FPKG" logged remove apt remove -y "$PKG" "$FPKG"
	check removed-module "no $MOD or $FMOD module left under /lib/modules (any kernel)" eval '[ -z "$(module_files)" ]'
	check removed-dkms "dkms status no longer lists crc32c-vmx or crc-family-vmx" \
		eval '! dkms status 2>/dev/null | grep -Eq "crc32c|crc-family"'
	local k bad=
	for k in /lib/modules/*; do initramfs_has_module "${k##*/}" && bad="$bad ${k##*/}"; done
	check removed-initramfs "no initramfs contains $MOD.ko any more${bad:+ (still in the initramfs of:$bad)}" eval '[ -z "$bad" ]'
	check removed-files "every file of the packages except their conffiles is gone (initramfs hook, dracut conf, DKMS source)" \
		none_left "$files" "$conffiles"
	# A package with neither conffiles nor a postrm (crc-family-vmx-dkms) is
	# forgotten by dpkg at remove: nothing is left to purge, and apt (it was
	# installed from a file) no longer knows its name. Purge what dpkg
	# still records.
	local left=() p
	for p in "$PKG" "$FPKG"; do
		case "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" in
		"" | not-installed) ;;
		*) left+=("$p") ;;
		esac
	done
	echo "# after apt remove dpkg still records: ${left[*]:-nothing}"
	check purge "apt purge of what dpkg still records (${left[*]:-nothing})" \
		eval '[ ${#left[@]} -eq 0 ] || logged purge apt purge -y "${left[@]}"'
	check purged-files "after purge none of the packages' files is left, not in /var/lib/dkms, /usr/src" \
		eval 'none_left "$files $conffiles" "" && ! ls -d /var/lib/dkms/crc32c* /usr/src/crc32c* /var/lib/dkms/crc-family* /usr/src/crc-family* 2>/dev/null'
	check purged-modprobe "no modprobe configuration mentions crc32c_vmx" \
		eval '! modprobe -c | grep -q "$MOD" && ! grep -rqs "$MOD" /etc/modprobe.d /lib/modprobe.d /usr/lib/modprobe.d /run/modprobe.d'
	check purged-hooks "no initramfs-tools or dracut file mentions crc32c_vmx" \
		eval '! grep -rqs "$MOD" /etc/initramfs-tools /usr/share/initramfs-tools /etc/dracut.conf.d /usr/lib/dracut'
}

case "$step" in
install) step_install ;;
boot61) step_boot61 ;;
boot612) step_boot612 ;;
rpm-*)
	# make check-rpm's steps (the RPM journey's image runs this script too).
	# shellcheck source=rpm-journey-steps.sh
	. "$here/rpm-journey-steps.sh"
	case "$step" in
	rpm-install) step_rpm_install ;;
	rpm-boot) step_rpm_boot ;;
	*) fail "step-name" "unknown step '$step'" ;;
	esac ;;
*) fail "step-name" "unknown step '$step'" ;;
esac
# shellcheck disable=SC2154 # set in journey-lib.sh
exit "$step_rc"
