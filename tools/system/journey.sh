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
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tools/system
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--deb-dir DIR] [--cpu MODEL] [--out DIR]
  --deb-dir DIR  where crc32c-vmx-dkms_<version>_all.deb and
                 crc-family-vmx-dkms_<version>_all.deb are (default: build/deb,
                 made with 'make deb' when it holds none)
  --cpu MODEL    POWER8 (default), POWER9 or POWER10
  --out DIR      logs and disk images (default build/system)
Prints one line per step and assertion and "N passed, N failed" last.
Environment: CRCVMX_CACHE (download and root filesystem cache),
  CRCVMX_SYSTEM_TIMEOUT (seconds per boot, default 2400).
Exit codes: 0 every assertion passed, 1 some failed or did not run,
            2 bad usage.
USAGE
}
deb_dir=$top/build/deb cpu=POWER8 out=$top/build/system
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--deb-dir|--cpu|--out)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in --deb-dir) deb_dir=$2 ;; --cpu) cpu=$2 ;; --out) out=$2 ;; esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
timeout=${CRCVMX_SYSTEM_TIMEOUT:-2400}
t0=$(date +%s)
mkdir -p "$out"
rm -f "$out"/*.log

# Setup failures end the run here, every assertion counted as failed.
setup_failed() {
	say "system: setup failed: $*"
	local n
	n=$(grep -cvE '^(#|$)' "$here/journey.expect")
	echo "0 passed, $n failed"
	exit 1
}

# 1. The root filesystem (cached) and the packages to install.
"$top/tools/setup/install-host-deps.sh" >/dev/null || setup_failed "host packages (tools/setup/install-host-deps.sh)"
rootfs=$("$here/build-rootfs.sh") || setup_failed "root filesystem (tools/system/build-rootfs.sh)"
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

# 2. A fresh copy of the cached image, and the two spare disks.
say "system: fresh disks in $out (root: copy of $rootfs)"
cp --sparse=always "$rootfs" "$out/root.img" || setup_failed "cannot copy $rootfs"
rm -f "$out/xfs.img" "$out/btrfs.img"
truncate -s 1G "$out/xfs.img" "$out/btrfs.img"
t1=$(date +%s)

# 3. One boot per step; a boot that does not finish ends the journey.
for step in install boot61 boot612; do
	log=$out/$step.log
	"$here/boot-system.sh" --disk "$out/root.img" --drive "payload=$out/payload.img" \
		--drive "xfs=$out/xfs.img" --drive "btrfs=$out/btrfs.img" \
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
cat "$out/host.log" "$out"/install.log "$out"/boot61.log "$out"/boot612.log 2>/dev/null |
	tr -d '\r' | grep -E '^(PASS|FAIL) ' >"$out/results.txt"
"$here/journey-verdict.py" "$here/journey.expect" "$out/results.txt"
vrc=$?
say "system: setup $((t1 - t0))s, boots $((t2 - t1))s, total $((t2 - t0))s; logs in $out"
exit "$vrc"
