#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Boot the system-test disk image once under qemu-system-ppc64 (pseries,
# TCG) and wait until it powers off. The kernel and initramfs are the ones
# the installed system would boot next: the targets of its /vmlinux and
# /initrd.img symlinks (which Debian's kernel packages point at the newest
# kernel), read from the ext4 image with debugfs, no mount needed. The
# guest's systemd runs the journey step named by crcvmx.step= and writes
# its results to the second console (hvc1), kept in --log; the kernel
# console goes next to it (<log without .log>.console.log).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --disk IMG --step NAME --log FILE [options]
  --disk IMG         the root disk (raw ext4, virtio serial "root")
  --drive SERIAL=IMG another raw virtio disk (repeatable; in the guest
                     /dev/disk/by-id/virtio-SERIAL)
  --step NAME        journey step the guest runs (crcvmx.step=NAME; the
                     guest's tools/system/steps/journey-steps.sh NAME)
  --log FILE         result channel; the console goes to FILE's .console.log
  --cpu MODEL        POWER8 (default), POWER9 or POWER10
  --smp N            virtual CPUs (default 2)
  --mem SIZE         guest memory (default 2G)
  --timeout SECS     kill the guest after SECS (default 1800)
Guests run one at a time (the lock $CRCVMX_CACHE/vm.lock, shared with
tools/vm/run-guest.sh).
Exit codes: 0 the guest finished the step and powered off, 1 it stopped
            before the end of the step (crash, panic), 2 bad usage,
            3 timed out.
USAGE
}

disk= step= log= cpu=POWER8 smp=2 mem=2G timeout=1800
drives=()
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--disk|--drive|--step|--log|--cpu|--smp|--mem|--timeout)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--disk) disk=$2 ;; --drive) drives+=("$2") ;; --step) step=$2 ;;
		--log) log=$2 ;; --cpu) cpu=$2 ;; --smp) smp=$2 ;; --mem) mem=$2 ;;
		--timeout) timeout=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$disk" ] && [ -n "$step" ] && [ -n "$log" ] || die 2 "--disk, --step and --log are required (try --help)"
[ -f "$disk" ] || die 2 "no disk image '$disk'"
case "$log$disk${drives[*]}" in *,*) die 2 "paths must not contain a comma (qemu's -drive cannot take it)" ;; esac
console=${log%.log}.console.log
kdir=${log%.log}.boot
mkdir -p "$(dirname "$log")" "$kdir"

# What /vmlinux or /initrd.img of the image points to (absolute path).
link_target() {
	local t
	t=$(debugfs -R "stat $1" "$disk" 2>/dev/null | sed -n 's/^Fast link dest: "\(.*\)"$/\1/p')
	[ -n "$t" ] || die "the disk image has no symlink $1 (is a kernel installed?)"
	case "$t" in /*) echo "$t" ;; *) echo "${1%/*}/$t" ;; esac
}
kernel=$(link_target /vmlinux)
initrd=$(link_target /initrd.img)
rm -f "$kdir/vmlinux" "$kdir/initrd.img"
debugfs -R "dump $kernel $kdir/vmlinux" "$disk" >/dev/null 2>&1
debugfs -R "dump $initrd $kdir/initrd.img" "$disk" >/dev/null 2>&1
[ -s "$kdir/vmlinux" ] && [ -s "$kdir/initrd.img" ] ||
	die "cannot read $kernel and $initrd from $disk with debugfs"

args=(-drive "file=$disk,format=raw,if=none,id=root,cache=unsafe" -device virtio-blk-pci,drive=root,serial=root)
i=0
for d in "${drives[@]}"; do
	i=$((i + 1))
	args+=(-drive "file=${d#*=},format=raw,if=none,id=d$i,cache=unsafe" -device "virtio-blk-pci,drive=d$i,serial=${d%%=*}")
done

guest_lock system
say "system: booting $cpu x$smp, ${kernel#/boot/}, step '$step', timeout ${timeout}s (console: $console)"
start=$(date +%s)
: >"$log"
set +e
timeout --kill-after=10 "$timeout" \
	qemu-system-ppc64 -M pseries,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off \
	-cpu "$cpu" -smp "$smp" -m "$mem" -nographic -vga none -no-reboot -nodefaults \
	-chardev file,id=con,path="$console" -device spapr-vty,chardev=con \
	-chardev file,id=res,path="$log" -device spapr-vty,chardev=res \
	"${args[@]}" -kernel "$kdir/vmlinux" -initrd "$kdir/initrd.img" \
	-append "root=LABEL=journey-root ro console=hvc0 panic=-1 crcvmx.step=$step" \
	</dev/null >"$kdir/qemu.out" 2>&1 9>&- &
qpid=$!
# One line per progress, PASS or FAIL line of the result channel.
tail -n +1 -s 1 --pid=$qpid -f "$log" 2>/dev/null |
	grep --line-buffered -E '^(STEP|PASS|FAIL) ' | sed -u -e 's/\r$//' -e 's/^/   /' >&2 &
tpid=$!
wait $qpid
qrc=$?
wait $tpid 2>/dev/null
set -e
sed -i 's/\r$//' "$log" "$console"
secs=$(( $(date +%s) - start ))
if [ "$qrc" -eq 124 ] || [ "$qrc" -eq 137 ]; then
	say "system: step '$step' TIMED OUT after ${secs}s; logs: $log, $console"
	exit 3
fi
if ! grep -q "^JOURNEY-END step=$step " "$log"; then
	say "system: step '$step' stopped before its end after ${secs}s (qemu exit $qrc: $(tail -n 1 "$kdir/qemu.out")); console: $console"
	exit 1
fi
say "system: step '$step' finished in ${secs}s"
