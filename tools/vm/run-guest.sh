#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Boot the POWER test guest under qemu-system-ppc64 (TCG), run one test set
# and turn the result into an exit code. The guest has two channels: the
# console (hvc0) carries the kernel's messages, a second vty (hvc1) carries
# everything /init and the test set print, so that kernel messages can never
# interleave with test results. Both are kept: the result channel in the log
# file (--log), the console next to it (<log without .log>.console.log).
# The run fails if the set fails, if the kernel logs an oops, BUG, WARNING or
# panic, if the guest dies before its end marker, or if it does not finish
# within the timeout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE --initrd FILE --set NAME [options]
  --set NAME       test set to run in the guest (tools/vm/guest/sets/NAME.sh)
  --cpu MODEL      POWER8 (default), POWER9 or POWER10
  --smp N          virtual CPUs (default 2)
  --mem SIZE       guest memory (default 1G)
  --timeout SECS   kill the guest after SECS (default 900)
  --log FILE       result channel (default build/guest-<set>-<cpu>.log); the
                   kernel console goes to the same name ending .console.log
  --append ARGS    more kernel command line (e.g. crcvmx.mutants=a,b)
  --machine OPTS   more -machine options (e.g. max-cpu-compat=power7)
  --nvme-pi        an NVMe controller with two namespaces carrying end-to-end
                   protection information, each on a 16 MiB raw file in a
                   temporary directory removed afterwards: nsid 1 with 4096-byte
                   blocks and a 16-bit guard (CRC-T10DIF; ms=8, pi=1), nsid 2
                   with 512-byte blocks and a 64-bit guard (CRC64-Rocksoft;
                   ms=16, pi=1, pif=2). Metadata in a separate buffer
                   (mset=0): Linux's PCIe driver computes the guards only then
                   (docs/crc-family.md); QEMU checks every guard it receives
  --show MODE      what to echo of the result channel while it runs: ktap
                   (test lines, default), demo (lines starting with '|'),
                   all, none
Environment: QEMU_EXTRA_ARGS is appended to the qemu command line (e.g.
  "-plugin file=libinsn.so"). Guests run one at a time (a lock in the cache).
Exit codes: 0 passed, 1 tests failed or kernel problem, 2 bad usage,
            3 guest crashed (stopped before its end marker), 4 timed out
            (hung).
USAGE
}

kenv= initrd= set= cpu=POWER8 smp=2 mem=1G timeout=900 log= show=ktap append= machine= nvme_pi=0
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--nvme-pi) nvme_pi=1 ;;
	--kernel-env|--initrd|--set|--cpu|--smp|--mem|--timeout|--log|--show|--append|--machine)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		v=$2
		case "$1" in
		--kernel-env) kenv=$v ;; --initrd) initrd=$v ;; --set) set=$v ;;
		--cpu) cpu=$v ;; --smp) smp=$v ;; --mem) mem=$v ;;
		--timeout) timeout=$v ;; --log) log=$v ;; --show) show=$v ;;
		--append) append=$v ;; --machine) machine=,$v ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$kenv" ] && [ -n "$initrd" ] && [ -n "$set" ] || die 2 "--kernel-env, --initrd and --set are required (try --help)"
case "$cpu" in POWER8|POWER9|POWER10) ;; *) die 2 "--cpu must be POWER8, POWER9 or POWER10 (POWER7 cannot run Debian's ppc64el userland)" ;; esac
# shellcheck disable=SC1090
. "$kenv"
log=${log:-build/guest-$set-$cpu.log}
console=${log%.log}.console.log
mkdir -p "$(dirname "$log")"
case "$log$console" in *,*) die 2 "the log path '$log' contains a comma, which qemu's -chardev cannot take" ;; esac

filter() {
	case "$show" in
	ktap) grep --line-buffered -E '^(TAP version|KTAP|1\.\.|ok |not ok |# (selftests|SKIP|FAIL|MISMATCH)|CRCVMX-)' ;;
	demo) grep --line-buffered -E '^\|' ;;
	all) cat ;;
	none) cat >/dev/null ;;
	*) die 2 "--show must be ktap, demo, all or none" ;;
	esac
}

# --nvme-pi: the controller, its namespaces and their backing files.
nvme_args=()
if [ "$nvme_pi" -eq 1 ]; then
	nvme_dir=$(mktemp -d "${TMPDIR:-/tmp}/crcvmx-nvme.XXXXXX") ||
		die "cannot make a temporary directory for the NVMe images (is ${TMPDIR:-/tmp} writable?)"
	trap 'rm -rf "$nvme_dir"' EXIT
	truncate -s 16M "$nvme_dir/pi16.img" "$nvme_dir/pi64.img" ||
		die "cannot create the NVMe images in $nvme_dir (disk full?)"
	# shellcheck disable=SC2054 # commas belong to qemu options
	nvme_args=(-drive "file=$nvme_dir/pi16.img,if=none,id=nvpi16,format=raw"
		-drive "file=$nvme_dir/pi64.img,if=none,id=nvpi64,format=raw"
		-device nvme,id=nvpi,serial=crcvmx-pi
		-device nvme-ns,drive=nvpi16,bus=nvpi,nsid=1,logical_block_size=4096,physical_block_size=4096,ms=8,mset=0,pi=1
		-device nvme-ns,drive=nvpi64,bus=nvpi,nsid=2,ms=16,mset=0,pi=1,pif=2)
fi

# One guest at a time on this machine (2 cores; TCG is CPU-bound): wait for
# any other run-guest.sh, from any checkout, to finish first.
guest_lock guest

say "guest: booting $cpu x$smp ($KREL)$([ "$nvme_pi" -eq 0 ] || echo ' with NVMe PI'), set '$set', timeout ${timeout}s, log $log (console: $console)"
start=$(date +%s)
: >"$log"
: >"$log.raw"
set +e
( timeout --kill-after=10 "$timeout" \
	qemu-system-ppc64 -M "pseries,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off$machine" \
	-cpu "$cpu" -smp "$smp" -m "$mem" -nographic -vga none -no-reboot -nodefaults \
	-chardev stdio,id=con,signal=off -device spapr-vty,chardev=con \
	-chardev file,id=res,path="$log.raw" -device spapr-vty,chardev=res \
	"${nvme_args[@]}" -kernel "$VMLINUX" -initrd "$initrd" ${QEMU_EXTRA_ARGS:-} \
	-append "console=hvc0 panic=-1 oops=panic crcvmx.set=$set $append" </dev/null 2>&1 9>&-
  echo $? >"$log.qrc" ) | tr -d '\r' >"$console" &
qpid=$!
# Show the result channel while it grows (the file is written by qemu).
tail -n +1 -s 0.5 --pid=$qpid -f "$log.raw" 2>/dev/null | tr -d '\r' | filter &
tpid=$!
wait $qpid
wait $tpid 2>/dev/null
qrc=$(cat "$log.qrc" 2>/dev/null || echo 1)
rm -f "$log.qrc"
tr -d '\r' <"$log.raw" >"$log"
rm -f "$log.raw"
set -e
secs=$(( $(date +%s) - start ))

if [ "$qrc" -eq 124 ] || [ "$qrc" -eq 137 ]; then
	say "guest: FAILED: no result after ${timeout}s (hang?); logs: $log, $console"
	exit 4
fi
if ! grep -q '^CRCVMX-END rc=' "$log"; then
	say "guest: FAILED: the guest stopped before finishing (crash or panic, qemu exit $qrc); console log: $console"
	grep -E 'Kernel panic|Oops|BUG:|WARNING:' "$console" | head -5 >&2 || true
	exit 3
fi
rc=$(sed -n 's/^CRCVMX-END rc=\([0-9]*\).*/\1/p' "$log" | tail -n 1)
problems=$(grep -cE '(^|[] ])(WARNING:|BUG:|Oops|Kernel panic|Unable to handle kernel)|init suspiciously returned' "$console" || true)
# Top-level KTAP/TAP results of the set (nested ones are '#'-prefixed).
passed=$(grep -cE '^ok [0-9]+' "$log" || true)
failed=$(grep -cE '^not ok [0-9]+' "$log" || true)
say "guest: $cpu set '$set' finished in ${secs}s: $passed passed, $failed failed (rc $rc)"
if [ "$problems" -gt 0 ]; then
	say "guest: FAILED: the kernel logged $problems oops/BUG/WARNING/panic or bad module init line(s); console log: $console"
	exit 1
fi
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ] || { say "guest: FAILED (console log: $log)"; exit 1; }
