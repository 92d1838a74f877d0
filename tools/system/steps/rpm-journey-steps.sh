# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The RPM journey's guest steps (make check-rpm), sourced by
# journey-steps.sh, whose helpers they use. The image has dracut instead of
# initramfs-tools and Debian's rpm, with an empty rpmdb; the payload disk
# holds the DKMS RPMs of `make rpm` (release 1), the same built as release
# 2, and the journey's probe package (tools/rpm/journey-probe.spec).
#   rpm-install  on Debian's 6.1: rpm -i --nodeps both DKMS RPMs (the waived
#                requirements are rpm-nodeps.txt's); the scriptlets build
#                and install both modules and put crc32c_vmx into the
#                initramfs with dracut
#   rpm-boot     after the reboot: crc32c-vmx from the initramfs, on top
#                before systemd's first unit; rpm -U to release 2 with the
#                probe recording the module at the upgrade's scriptlets;
#                then rpm -e leaves nothing behind
# shellcheck disable=SC2154 # here, krel: journey-steps.sh

RPMS=$PAYLOAD/rpms
PHASES=/var/log/journey/rpm-phases
# Debian's rpm refuses to install without --force-debian (its
# README.Debian); --nodeps: rpm-nodeps.txt.
RPM_OPTS=(--force-debian --nodeps)

# rpm_file NAME RELEASE: the payload's NAME-<version>-RELEASE.noarch.rpm.
rpm_file() {
	local f
	f=$(ls "$RPMS/$1"-[0-9]*-"$2".noarch.rpm 2>/dev/null | head -n 1)
	echo "${f:-/nonexistent/$1-$2.rpm}"
}

# nodeps_covered RPM...: the requirements of the RPMs (rpmlib features
# aside) are exactly the requirements rpm-nodeps.txt lists, and the Debian
# package it names for each is installed.
nodeps_covered() {
	local list=$here/rpm-nodeps.txt req listed rc=0 r deb
	req=$(rpm -qp --requires "$@" 2>/dev/null | grep -v '^rpmlib(' | sed 's/ *$//' | sort -u)
	listed=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$list" | awk -F' *[|] *' '{ print $1 }' | sort -u)
	[ -n "$req" ] || { echo "#   rpm -qp --requires printed nothing"; return 1; }
	while read -r r; do
		grep -qxF -- "$r" <<<"$listed" || { echo "#   requirement not in rpm-nodeps.txt: $r"; rc=1; }
	done <<<"$req"
	while read -r r; do
		grep -qxF -- "$r" <<<"$req" || { echo "#   rpm-nodeps.txt lists what no RPM requires: $r"; rc=1; }
	done <<<"$listed"
	while IFS='|' read -r r deb _; do
		deb=$(echo "$deb" | xargs)
		[ "$(dpkg-query -W -f='${db:Status-Status}' "$deb" 2>/dev/null)" = installed ] ||
			{ echo "#   '$(echo "$r" | xargs)' is to be met by Debian's $deb, which is not installed"; rc=1; }
	done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$list")
	return "$rc"
}

# phase_ko PHASE: the probe recorded PHASE exactly once, with a
# crc32c_vmx.ko of the running kernel.
phase_ko() {
	local lines
	lines=$(grep "^PHASE $1 " "$PHASES" 2>/dev/null)
	[ "$(grep -c . <<<"$lines")" -eq 1 ] && grep -q '/crc32c_vmx\.ko' <<<"$lines"
}

# rpm_installed NAME RELEASE: rpm's database has NAME at RELEASE, and only that.
rpm_installed() { [ "$(rpm -q --qf '%{RELEASE}\n' "$1" 2>/dev/null)" = "$2" ]; }

step_rpm_install() {
	progress "rpm-install: on $krel, rpm -i the DKMS RPMs with Debian's rpm"
	check boot-6.1 "booted Debian's 6.1 kernel ($krel)" eval '[[ $krel == 6.1.* ]]'
	check clean-start "no $MOD module anywhere, no crc32c-vmx in /proc/crypto, nothing in rpm's database before the install" \
		eval '[ -z "$(module_files)" ] && ! grep -q crc32c-vmx /proc/crypto && [ -z "$(rpm -qa 2>/dev/null)" ]'
	# RHEL's dracut builds host-only images (its 01-dist.conf), Debian's
	# generic ones with every storage driver, which takes many minutes
	# under TCG; the package's configuration adds crc32c_vmx either way.
	echo 'hostonly="yes"' >/etc/dracut.conf.d/journey-hostonly.conf
	local r1 f1
	r1=$(rpm_file "$PKG" 1) f1=$(rpm_file "$FPKG" 1)
	check nodeps-covered "what --nodeps waives is rpm-nodeps.txt's list exactly, each met by an installed Debian package" \
		nodeps_covered "$r1" "$f1"
	check rpm-install "rpm -i --nodeps ${r1##*/} ${f1##*/} (no network; headers and gcc present)" \
		logged rpm-install rpm -i "${RPM_OPTS[@]}" "$r1" "$f1"
	check rpmdb-installed "rpm -q: $PKG and $FPKG installed, release 1" \
		eval 'rpm_installed "$PKG" 1 && rpm_installed "$FPKG" 1'
	check_installed "%post: dkms status shows" "%posttrans: dracut's"
}

step_rpm_boot() {
	check boot-6.1-again "rebooted into Debian's 6.1 kernel ($krel)" eval '[[ $krel == 6.1.* ]]'
	check_early 6.1
	check family-loaded-6.1 "crc_family_vmx was loaded at boot without the journey asking (udev, CPU modalias)" loaded "$FMOD"

	progress "upgrade: rpm -U to release 2, the probe recording the module at each trigger"
	local r2 f2 probe
	r2=$(rpm_file "$PKG" 2) f2=$(rpm_file "$FPKG" 2) probe=$(rpm_file crcvmx-journey-probe 1)
	check probe-install "rpm -i the journey's probe package (triggers on $PKG)" \
		logged probe-install rpm -i "${RPM_OPTS[@]}" "$probe"
	# Installing the probe fired its %triggerin already: start afresh.
	rm -f "$PHASES"
	touch /run/crcvmx-upgrade-start
	sleep 1
	check rpm-upgrade "rpm -U --nodeps ${r2##*/} ${f2##*/}" \
		logged rpm-upgrade rpm -U "${RPM_OPTS[@]}" "$r2" "$f2"
	sed 's/^/#   /' "$PHASES" 2>/dev/null
	check rpmdb-upgraded "rpm -q: $PKG and $FPKG at release 2 only" \
		eval 'rpm_installed "$PKG" 2 && rpm_installed "$FPKG" 2'
	check upgrade-ko-after-new-post "crc32c_vmx.ko exists after the new package's %post (probe's %triggerin)" \
		phase_ko after-new-post
	check upgrade-ko-before-old-preun "crc32c_vmx.ko exists before the old package's %preun (probe's %triggerun)" \
		phase_ko before-old-preun
	check upgrade-ko-after-old-postun "crc32c_vmx.ko exists after the old package's %preun and %postun (probe's %triggerpostun)" \
		phase_ko after-old-postun
	check upgrade-ko-after-posttrans "crc32c_vmx.ko exists and dkms status shows it installed after %posttrans (rpm -U returned)" \
		eval '[ -n "$(find "/lib/modules/$krel" -name "$MOD.ko*")" ] && dkms_installed "$krel"'
	check upgrade-rebuilt "DKMS rebuilt crc32c_vmx.ko and crc_family_vmx.ko during rpm -U (their DKMS make.log and both .ko newer than its start)" \
		eval '[ -n "$(find "/lib/modules/$krel" -name "$MOD.ko*" -newer /run/crcvmx-upgrade-start)" ] &&
			[ -n "$(find "/lib/modules/$krel" -name "$FMOD.ko*" -newer /run/crcvmx-upgrade-start)" ] &&
			[ -n "$(find /var/lib/dkms/crc32c-vmx -name make.log -newer /run/crcvmx-upgrade-start)" ] &&
			[ -n "$(find /var/lib/dkms/crc-family-vmx -name make.log -newer /run/crcvmx-upgrade-start)" ]'
	check upgrade-initramfs "%posttrans rebuilt the initramfs of $krel during rpm -U and it contains $MOD.ko" \
		eval '[ "/boot/initrd.img-$krel" -nt /run/crcvmx-upgrade-start ] && initramfs_has_module "$krel"'

	progress "erase: rpm -e $PKG $FPKG"
	local files
	files=$(rpm -ql "$PKG" "$FPKG" 2>/dev/null | while read -r f; do [ -d "$f" ] || echo "$f"; done)
	echo "# $PKG and $FPKG ship $(grep -c . <<<"$files") files"
	check probe-erase "rpm -e the probe package" logged probe-erase rpm -e "${RPM_OPTS[@]}" crcvmx-journey-probe
	check rpm-erase "rpm -e $PKG $FPKG" logged rpm-erase rpm -e "${RPM_OPTS[@]}" "$PKG" "$FPKG"
	check erased-rpmdb "rpm's database is empty again" eval '[ -z "$(rpm -qa 2>/dev/null)" ]'
	check removed-module "no $MOD or $FMOD module left under /lib/modules (any kernel)" eval '[ -z "$(module_files)" ]'
	check removed-dkms "dkms status no longer lists crc32c-vmx or crc-family-vmx, nothing in /var/lib/dkms or /usr/src" \
		eval '! dkms status 2>/dev/null | grep -Eq "crc32c|crc-family" &&
			! ls -d /var/lib/dkms/crc32c* /usr/src/crc32c* /var/lib/dkms/crc-family* /usr/src/crc-family* 2>/dev/null'
	local k bad=
	for k in /lib/modules/*; do initramfs_has_module "${k##*/}" && bad="$bad ${k##*/}"; done
	check removed-initramfs "%postun: no initramfs contains $MOD.ko any more${bad:+ (still in the initramfs of:$bad)}" eval '[ -z "$bad" ]'
	check removed-files "every file the packages installed is gone" none_left "$files" ""
	check removed-config "no modprobe or dracut configuration mentions crc32c_vmx" \
		eval '! modprobe -c | grep -q "$MOD" && ! grep -rqs "$MOD" /etc/modprobe.d /lib/modprobe.d /usr/lib/modprobe.d /run/modprobe.d /etc/dracut.conf.d /usr/lib/dracut/dracut.conf.d'
}
