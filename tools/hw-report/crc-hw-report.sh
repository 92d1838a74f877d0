#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# crc-hw-report.sh: the one command for owners of POWER8, POWER9 or POWER10
# machines who can send back what this project cannot measure: real
# numbers of the lib/crc/powerpc series (docs/upstream.md, "A kit for
# hardware owners"). Run it as root once on a kernel built with the series
# and once on the same kernel without it; each run writes one report file.
# POSIX sh, so that it runs on any distribution and in busybox.
set -u

PROG=${0##*/}
EX_OK=0 EX_FAIL=1 EX_USAGE=2 EX_KERNEL=3

usage() {
	cat <<USAGE
Usage: $PROG [--label TEXT] [--out FILE] [--crcbench PATH | --no-crcbench]

Runs the kernel's CRC benchmark (crc_kunit with CONFIG_CRC_BENCHMARK: every
CRC of lib/crc at its benchmark lengths) and, unless --no-crcbench,
crcbench-alg through AF_ALG (crc32c, 64 B to 1 MiB), and writes one
text report with the machine, the kernel, its CRC configuration and every
figure. Run it as root on a quiet machine, once on a kernel with the
lib/crc/powerpc series and once without (the same config otherwise), and
send both reports.

  --label TEXT     what this kernel is, e.g. "7.2 + series" or "7.2 stock"
                   (default: the kernel release)
  --out FILE       the report file, or - for standard output (default:
                   crc-hw-report-<host>-<kernel release>-<UTC time>.txt here)
  --crcbench PATH  the crcbench-alg to run (default: crcbench-alg in PATH)
  --no-crcbench    do not run crcbench-alg (the report says so)
  -h, --help       this text

The kernel needs CONFIG_KUNIT (y or m), CONFIG_KUNIT_DEBUGFS=y,
CONFIG_CRC_KUNIT_TEST (y: it ran at boot; m: this loads it) and
CONFIG_CRC_BENCHMARK=y. Under an emulator (QEMU) the report marks every
figure EMULATED: such figures are not POWER performance.

Exit codes: 0 report written; 1 a step failed (the report, if written,
says which); 2 bad usage; 3 the kernel lacks what the benchmark needs (the
option to set is printed).
USAGE
}

die() { # CODE MESSAGE
	echo "$PROG: $2" >&2
	exit "$1"
}
say() { echo "$PROG: $*" >&2; }

label='' out='' crcbench='' use_crcbench=1
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit $EX_OK ;;
	--label|--out|--crcbench)
		[ $# -ge 2 ] || die $EX_USAGE "$1 needs an argument (try --help)"
		case "$1" in
		--label) label=$2 ;; --out) out=$2 ;; --crcbench) crcbench=$2 ;;
		esac
		shift ;;
	--no-crcbench) use_crcbench=0 ;;
	*) die $EX_USAGE "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -z "$crcbench" ] || [ $use_crcbench -eq 1 ] || die $EX_USAGE "--crcbench and --no-crcbench exclude each other"
[ "$(id -u)" -eq 0 ] || die $EX_USAGE "run it as root: it mounts debugfs and may load crc_kunit"

krel=$(uname -r)
[ -n "$label" ] || label=$krel
stamp=$(date -u +%Y%m%dT%H%M%SZ)
[ -n "$out" ] || out=crc-hw-report-$(hostname 2>/dev/null || echo host)-$krel-$stamp.txt

# An emulated machine says so in /proc/cpuinfo (QEMU's pseries: "emulated by qemu").
emulated=no
grep -qi 'qemu' /proc/cpuinfo 2>/dev/null && emulated=yes

# The kernel's config, from /proc/config.gz or /boot/config-<release>
config() {
	if [ -r /proc/config.gz ]; then
		gzip -dc /proc/config.gz
	elif [ -r "/boot/config-$krel" ]; then
		cat "/boot/config-$krel"
	fi
}
cfg=$(config)
opt() { # NAME: its value, or "not set", or "unknown" without a config
	[ -n "$cfg" ] || { echo unknown; return; }
	v=$(echo "$cfg" | sed -n "s/^CONFIG_$1=//p")
	echo "${v:-not set}"
}

# crc_kunit's results: KUnit's debugfs log of the suite "crc"
RES=/sys/kernel/debug/kunit/crc/results
[ -d /sys/kernel/debug/kunit ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
loaded=no
if [ ! -r $RES ]; then
	case "$(opt CRC_KUNIT_TEST)" in
	m)
		say "loading crc_kunit: it runs every CRC's test and benchmark (a minute or more)"
		modprobe crc_kunit || die $EX_FAIL "modprobe crc_kunit failed (see dmesg)"
		loaded=yes ;;
	y) die $EX_KERNEL "crc_kunit is built in but $RES is missing: set CONFIG_KUNIT_DEBUGFS=y" ;;
	*) die $EX_KERNEL "no crc_kunit: build the kernel with CONFIG_KUNIT=m, CONFIG_KUNIT_DEBUGFS=y, CONFIG_CRC_KUNIT_TEST=m and CONFIG_CRC_BENCHMARK=y" ;;
	esac
fi
[ -r $RES ] || die $EX_FAIL "crc_kunit ran but $RES is missing: is CONFIG_KUNIT_DEBUGFS=y?"
grep -q '_benchmark: len=' $RES ||
	die $EX_KERNEL "crc_kunit printed no benchmark: set CONFIG_CRC_BENCHMARK=y"

st=$EX_OK
crcbench_out='' crcbench_rc=''
if [ $use_crcbench -eq 1 ]; then
	[ -n "$crcbench" ] || crcbench=$(command -v crcbench-alg || true)
	if [ -z "$crcbench" ] || [ ! -x "$crcbench" ]; then
		die $EX_USAGE "no crcbench-alg${crcbench:+ at $crcbench}: install it, pass --crcbench PATH, or --no-crcbench"
	fi
	modprobe algif_hash 2>/dev/null
	modprobe crypto_user 2>/dev/null
	say "running crcbench-alg (crc32c, 64 B to 1 MiB; about half a minute)"
	crcbench_out=$("$crcbench" -q run -d crc32c -s 64..1M 2>&1)
	crcbench_rc=$?
	[ "$crcbench_rc" -eq 0 ] || st=$EX_FAIL
fi

mark=''
[ $emulated = no ] || mark='EMULATED '
report() {
	echo "# crc-hw-report 1"
	echo "label: $label"
	echo "date: $stamp"
	echo "emulated: $emulated"
	[ $emulated = no ] || echo "# EMULATED: QEMU time, not POWER performance; do not compare with hardware"
	echo "kernel: $(uname -srvm)"
	echo "cpus: $(grep -c '^processor' /proc/cpuinfo)"
	for k in cpu clock revision platform model machine MMU; do
		grep -m1 "^${k}[[:space:]]*:" /proc/cpuinfo
	done
	for o in CRC32_ARCH CRC64_ARCH CRC_T10DIF_ARCH CRC_KUNIT_TEST CRC_BENCHMARK PREEMPT \
		CPU_LITTLE_ENDIAN ALTIVEC VSX; do
		echo "CONFIG_$o: $(opt $o)"
	done
	echo "crc_kunit: $([ $loaded = yes ] && echo "loaded by this run" || echo "ran at boot")"
	echo
	echo "## crc_kunit benchmark: ${mark}MB/s per call length"
	sed -n 's/^ *# \([a-z0-9_]*\)_benchmark: len=\([0-9]*\): \([0-9]*\) MB\/s.*/\1 \2 \3/p' $RES |
		while read -r crc len mbs; do echo "${mark}$crc len=$len $mbs MB/s"; done
	echo
	echo "## crc_kunit results"
	grep -E '^    (not )?ok [0-9]+ ' $RES
	echo
	echo "## crcbench-alg run -d crc32c -s 64..1M"
	if [ $use_crcbench -eq 0 ]; then
		echo "not run (--no-crcbench)"
	else
		echo "exit code: $crcbench_rc"
		echo "$crcbench_out"
	fi
	echo
	echo "## crc_kunit log"
	cat $RES
}
if [ "$out" = - ]; then
	report || st=$EX_FAIL
elif report >"$out"; then
	say "wrote $out"
else
	st=$EX_FAIL
	say "cannot write $out"
fi
if [ $loaded = yes ]; then
	modprobe -r crc_kunit || say "modprobe -r crc_kunit failed"
fi
[ "$crcbench_rc" = '' ] || [ "$crcbench_rc" -eq 0 ] ||
	say "crcbench-alg exited with $crcbench_rc (its output is in the report)"
exit $st
