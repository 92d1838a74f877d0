#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make check-system`: the operator's journey end to end in a real Debian 12
# ppc64el system under qemu-system-ppc64 (docs/testing.md, "The system
# test"). The host
#   1. builds (once, cached) the root filesystem image (build-rootfs.sh);
#   2. stages a payload disk: the crc32c-vmx-dkms and crc-family-vmx-dkms
#      packages, bookworm-
#      backports' 6.12 image and headers, and the guest's step scripts;
#   3. boots a copy of the image three times (boot-system.sh); systemd in the
#      guest runs one step per boot (steps/journey-steps.sh):
#        install  6.1: apt install both packages, DKMS builds both modules;
#                 an XFS and a btrfs into /etc/fstab
#        boot61   reboot: crc32c-vmx from the initramfs, on top before
#                 systemd's first unit; XFS and btrfs use it and check clean;
#                 crc_family_vmx loaded at boot, crc_t10dif and
#                 crc64_rocksoft on its drivers, crc32c_vmx still unloads;
#                 install 6.12, DKMS rebuilds both
#        boot612  6.12: the same, and crc_family_vmx pinned by the built-in
#                 libraries; apt remove and purge leave nothing behind
#   4. holds the PASS/FAIL lines to journey.expect and prints
#      "N passed, N failed" last.
# With --rpm (`make check-rpm`) the same machinery runs the RPM journey
# instead: an image with dracut and Debian's rpm (build-rootfs.sh --flavour
# rpm), the DKMS RPMs of make rpm, the same built as release 2 and the
# probe package (tools/rpm/journey-probe.spec) on the payload disk, two
# boots (steps/rpm-journey-steps.sh):
#        rpm-install  6.1: rpm -i --nodeps both DKMS RPMs, the scriptlets
#                     build both modules and dracut's initramfs holds
#                     crc32c_vmx
#        rpm-boot     reboot: crc32c-vmx from the initramfs; rpm -U to
#                     release 2, crc32c_vmx.ko present at every scriptlet
#                     boundary; rpm -e leaves nothing behind
# held to rpm-journey.expect.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tools/system
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--deb-dir DIR] [--cpu MODEL] [--out DIR]
       ${0##*/} --rpm [--rpm-dir DIR] [--cpu MODEL] [--out DIR]
  --deb-dir DIR  where crc32c-vmx-dkms_<version>_all.deb and
                 crc-family-vmx-dkms_<version>_all.deb are (default: build/deb,
                 made with 'make deb' when it holds none)
  --rpm          the RPM journey (make check-rpm) instead of the .deb one
  --rpm-dir DIR  where crc32c-vmx-dkms-<version>-1.noarch.rpm and
                 crc-family-vmx-dkms-<version>-1.noarch.rpm are (default:
                 built from this tree into OUT/rpm-1 by make rpm's script,
                 without crcbench-alg); release 2 is always built from this
                 tree, into OUT/rpm-next
  --cpu MODEL    POWER8 (default), POWER9 or POWER10
  --out DIR      logs and disk images (default build/system, with --rpm
                 build/rpm-journey)
Prints one line per step and assertion and "N passed, N failed" last.
Environment: CRCVMX_CACHE (download and root filesystem cache),
  CRCVMX_SYSTEM_TIMEOUT (seconds per boot, default 2400).
Exit codes: 0 every assertion passed, 1 some failed or did not run,
            2 bad usage.
USAGE
}
deb_dir=$top/build/deb rpm_dir="" cpu=POWER8 out="" rpm=0
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--rpm) rpm=1 ;;
	--deb-dir|--rpm-dir|--cpu|--out)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--deb-dir) deb_dir=$2 ;; --rpm-dir) rpm_dir=$2 ;; --cpu) cpu=$2 ;; --out) out=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
if [ "$rpm" -eq 1 ]; then
	out=${out:-$top/build/rpm-journey} expect=$here/rpm-journey.expect
	steps=(rpm-install rpm-boot)
else
	out=${out:-$top/build/system} expect=$here/journey.expect
	steps=(install boot61 boot612)
fi
timeout=${CRCVMX_SYSTEM_TIMEOUT:-2400}
t0=$(date +%s)
mkdir -p "$out"
rm -f "$out"/*.log

# Setup failures end the run here, every assertion counted as failed.
setup_failed() {
	say "system: setup failed: $*"
	local n
	n=$(grep -cvE '^(#|$)' "$expect")
	echo "0 passed, $n failed"
	exit 1
}

# The .deb journey's packages and payload disk: make deb's packages and
# bookworm-backports' 6.12.
stage_debs() {
	local dkms_deb family_deb
	if ! ls "$deb_dir"/crc32c-vmx-dkms_*_all.deb "$deb_dir"/crc-family-vmx-dkms_*_all.deb >/dev/null 2>&1 &&
	   [ "$deb_dir" = "$top/build/deb" ]; then
		say "system: make deb"
		make -C "$top" deb >"$out/make-deb.log" 2>&1 || setup_failed "make deb (log $out/make-deb.log)"
	fi
	dkms_deb=$(ls -t "$deb_dir"/crc32c-vmx-dkms_*_all.deb 2>/dev/null | head -n 1)
	[ -n "$dkms_deb" ] || setup_failed "no crc32c-vmx-dkms_*_all.deb in $deb_dir"
	family_deb=$(ls -t "$deb_dir"/crc-family-vmx-dkms_*_all.deb 2>/dev/null | head -n 1)
	[ -n "$family_deb" ] || setup_failed "no crc-family-vmx-dkms_*_all.deb in $deb_dir"
	"$top/tools/vm/fetch-kernel.sh" --kernel 6.12 --env-out "$out/kernel-6.12.env" >"$out/fetch-kernel.log" 2>&1 ||
		setup_failed "bookworm-backports' 6.12 (tools/vm/fetch-kernel.sh --kernel 6.12; log $out/fetch-kernel.log)"
	"$here/stage-payload.sh" --kernel-env "$out/kernel-6.12.env" --deb "$dkms_deb" --deb "$family_deb" \
		--out "$out/payload.img" ||
		setup_failed "payload disk (tools/system/stage-payload.sh)"
}

# The RPM journey's packages and payload disk: make rpm's DKMS RPMs, the
# same as release 2, and the probe.
stage_rpms() {
	if [ -z "$rpm_dir" ]; then
		# make rpm of this tree (a build/rpm left from an older tree would
		# not be), without the crcbench-alg cross build, which the journey
		# does not use.
		rpm_dir=$out/rpm-1
		say "system: the DKMS RPMs of this tree (tools/rpm/build-rpm.sh --no-crcbench --out $rpm_dir)"
		"$top/tools/rpm/build-rpm.sh" --no-crcbench --out "$rpm_dir" >"$out/make-rpm.log" 2>&1 ||
			setup_failed "tools/rpm/build-rpm.sh --no-crcbench (log $out/make-rpm.log)"
	fi
	local r1 f1
	r1=$(ls -t "$rpm_dir"/crc32c-vmx-dkms-*-1.noarch.rpm 2>/dev/null | head -n 1)
	f1=$(ls -t "$rpm_dir"/crc-family-vmx-dkms-*-1.noarch.rpm 2>/dev/null | head -n 1)
	[ -n "$r1" ] && [ -n "$f1" ] || setup_failed "no crc32c-vmx-dkms-*-1.noarch.rpm and crc-family-vmx-dkms-*-1.noarch.rpm in $rpm_dir"
	say "system: the DKMS RPMs of this tree as release 2 (rpm -U), and the probe package"
	"$top/tools/rpm/build-rpm.sh" --no-crcbench --no-lint --release 2 --out "$out/rpm-next" >"$out/rpm-next.log" 2>&1 ||
		setup_failed "release 2 (tools/rpm/build-rpm.sh --release 2; log $out/rpm-next.log)"
	rm -rf "$out/rpm-probe"
	rpmbuild -bb --define "_topdir $out/rpm-probe/work" --define "_rpmdir $out/rpm-probe" \
		--define '_build_name_fmt %%{NAME}-%%{VERSION}-%%{RELEASE}.%%{ARCH}.rpm' \
		"$top/tools/rpm/journey-probe.spec" >"$out/rpm-probe.log" 2>&1 ||
		setup_failed "the probe package (rpmbuild tools/rpm/journey-probe.spec; log $out/rpm-probe.log)"
	"$here/stage-payload.sh" --rpm "$r1" --rpm "$f1" --rpm "$out"/rpm-next/crc32c-vmx-dkms-*-2.noarch.rpm \
		--rpm "$out"/rpm-next/crc-family-vmx-dkms-*-2.noarch.rpm \
		--rpm "$out"/rpm-probe/crcvmx-journey-probe-1-1.noarch.rpm --out "$out/payload.img" ||
		setup_failed "payload disk (tools/system/stage-payload.sh)"
}

# 1. The root filesystem (cached) and the packages to install.
"$top/tools/setup/install-host-deps.sh" >/dev/null || setup_failed "host packages (tools/setup/install-host-deps.sh)"
if [ "$rpm" -eq 1 ]; then
	rootfs=$("$here/build-rootfs.sh" --flavour rpm) || setup_failed "root filesystem (tools/system/build-rootfs.sh --flavour rpm)"
	stage_rpms
else
	rootfs=$("$here/build-rootfs.sh") || setup_failed "root filesystem (tools/system/build-rootfs.sh)"
	stage_debs
fi

# 2. A fresh copy of the cached image, and (.deb journey) the two spare disks.
say "system: fresh disks in $out (root: copy of $rootfs)"
cp --sparse=always "$rootfs" "$out/root.img" || setup_failed "cannot copy $rootfs"
drives=(--drive "payload=$out/payload.img")
if [ "$rpm" -eq 0 ]; then
	rm -f "$out/xfs.img" "$out/btrfs.img"
	truncate -s 1G "$out/xfs.img" "$out/btrfs.img"
	drives+=(--drive "xfs=$out/xfs.img" --drive "btrfs=$out/btrfs.img")
fi
t1=$(date +%s)

# 3. One boot per step; a boot that does not finish ends the journey.
for step in "${steps[@]}"; do
	log=$out/$step.log
	"$here/boot-system.sh" --disk "$out/root.img" "${drives[@]}" \
		--step "$step" --cpu "$cpu" --timeout "$timeout" --log "$log"
	brc=$?
	if [ "$brc" -eq 0 ]; then
		echo "PASS $step-finished: the guest ran step '$step' to its end and powered off" >>"$out/host.log"
	else
		echo "FAIL $step-finished: boot-system.sh exit $brc (see $log and ${log%.log}.console.log)" >>"$out/host.log"
	fi
	# Kernel lines only ("[  12.345678] ..."): userspace on the console
	# (btrfs-progs in the initramfs) prints its own "WARNING:" lines.
	bad=$(grep -E '^\[ *[0-9]+\.[0-9]+\] (.*[] ])?(WARNING:|BUG:|Oops|Kernel panic|Unable to handle kernel)' "${log%.log}.console.log" 2>/dev/null | head -n 3)
	if [ -z "$bad" ] && [ -s "${log%.log}.console.log" ]; then
		echo "PASS $step-kernel-log: no oops, BUG, WARNING or panic on the console" >>"$out/host.log"
	else
		echo "FAIL $step-kernel-log: ${bad:-no console output}" >>"$out/host.log"
	fi
	[ "$brc" -eq 0 ] || break
done
t2=$(date +%s)

# 4. Verdicts: every declared name exactly one PASS; anything else fails.
for step in "${steps[@]}"; do echo "$out/$step.log"; done | xargs cat "$out/host.log" 2>/dev/null |
	tr -d '\r' | grep -E '^(PASS|FAIL) ' >"$out/results.txt"
"$here/journey-verdict.py" "$expect" "$out/results.txt"
vrc=$?
say "system: setup $((t1 - t0))s, boots $((t2 - t1))s, total $((t2 - t0))s; logs in $out"
exit "$vrc"
