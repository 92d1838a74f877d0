#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The big-endian lane: crc32c_vmx.ko and crc_family_vmx.ko built for, loaded
# into and tested on a big-endian ppc64 kernel under qemu-system-ppc64.
#  1. the big-endian kernel (ELFv1, 64K pages; tools/vm/be-kernel.config),
#     built from Debian's linux-source-6.1 once and cached
#     (tools/vm/build-debug-kernel.sh --flavour be);
#  2. both modules cross-built against its build tree with
#     powerpc64-linux-gnu-, W=1: any warning fails the lane; with --mutant,
#     a committed mutant replaces its module (tools/mutants/build.sh;
#     tools/vm/bigendian/mutants/ holds mutants that only a big-endian
#     kernel can catch);
#  3. a static big-endian userland: /init (tools/vm/bigendian/init.c) and
#     the AF_ALG test programs of selftests/ built static with
#     powerpc64-linux-gnu-gcc, the kernel modules the tests need in the
#     load order modprobe --show-depends gives on the host;
#  4. one guest per CPU model (tools/vm/run-guest.sh, set "bigendian"),
#     judged by tools/vm/ktap-check.py against
#     tools/vm/bigendian/bigendian.expect.
# Prints one verdict line per result, PASS<TAB>name or
# FAIL<TAB>name<TAB>reason (names: build:..., CPU:test), like the other lanes.
# --mutant NAME --expect-caught is the lane's power check: the guest's
# verdicts collapse into "CPU:mutant NAME caught", which passes only if the
# mutant made at least one of them fail.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

CROSS=powerpc64-linux-gnu-
BEDIR=$here/bigendian
EXPECT=$BEDIR/bigendian.expect
TESTS=(crc32c_vmx_afalg crc32c_vmx_vecstate crc32c_vmx_livestate crc32c_vmx_badinput crc_family_afalg)
# In-tree modules the guest loads (their dependencies come along), before
# ours: the AF_ALG interfaces, the reference drivers the tests compare with,
# the kernel's vpmsum drivers, and the CRC libraries that must rebind to
# crct10dif-vmx and crc64-rocksoft-vmx.
TREE_MODULES=(crypto_user algif_hash crc32c_generic crc32c-vpmsum crct10dif_generic
	crct10dif-vpmsum crc64_rocksoft_generic crc-t10dif crc64-rocksoft)

usage() {
	cat <<USAGE
Usage: ${0##*/} [--out DIR] [--cpu LIST] [--depth quick|full]
                [--mutant NAME [--expect-caught]] [--kernel-env FILE]
                [--timeout SECS] [--jobs N] [--help]
  --out DIR          work directory (default build/bigendian; the mutant
                     runs default to build/bigendian-mutant-NAME)
  --cpu LIST         comma-separated CPU models, one guest each (default
                     POWER8; POWER9 and POWER10 work too)
  --depth D          quick (default) or full: the crc32c_vmx kselftests'
                     sweep (crcvmx.depth=, selftests/crc32c_ksft.h)
  --mutant NAME      replace the module by the committed mutant NAME
                     (tools/mutants/NAME.patch or
                     tools/vm/bigendian/mutants/NAME.patch): the lane must
                     then FAIL (exit 1)
  --expect-caught    with --mutant: the power check. Instead of the guest's
                     verdicts, one per CPU: PASS "CPU:mutant NAME caught"
                     if at least one of them failed, FAIL if all passed
                     (the lane could not tell the mutant from the module);
                     the build verdicts stay as they are
  --kernel-env FILE  the Debian kernel.env whose KVER picks the source
                     version (default build/kernel.env, from tools/setup.sh)
  --timeout SECS     per guest (default 1500)
  --jobs N           make jobs for a cold kernel build (default 2)
A cold run builds the kernel first (tens of minutes on two cores); after
that it is cached (\$CRCVMX_CACHE/be-kernel/<key>/).
Exit codes: 0 every verdict PASS, 1 a verdict FAIL, 2 bad usage.
USAGE
}

out='' cpus=POWER8 depth=quick mutant='' expect_caught=0 kenv=$top/build/kernel.env timeout=1500 jobs=2
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--expect-caught) expect_caught=1 ;;
	--out|--cpu|--depth|--mutant|--kernel-env|--timeout|--jobs)
		[ $# -ge 2 ] || die 2 "$1 needs an argument (try --help)"
		case "$1" in
		--out) out=$2 ;; --cpu) cpus=$2 ;; --depth) depth=$2 ;; --mutant) mutant=$2 ;;
		--kernel-env) kenv=$2 ;; --timeout) timeout=$2 ;; --jobs) jobs=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
case "$depth" in quick|full) ;; *) die 2 "--depth must be quick or full, not '$depth'" ;; esac
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || die 2 "--timeout needs a positive number of seconds, not '$timeout'"
for c in ${cpus//,/ }; do
	case "$c" in POWER8|POWER9|POWER10) ;; *) die 2 "--cpu: '$c' is not POWER8, POWER9 or POWER10" ;; esac
done
[ -n "${cpus//,/}" ] || die 2 "--cpu needs at least one CPU model"
[ "$expect_caught" -eq 0 ] || [ -n "$mutant" ] || die 2 "--expect-caught needs --mutant NAME"
mpatch=
if [ -n "$mutant" ]; then
	for d in "$top/tools/mutants" "$BEDIR/mutants"; do
		[ ! -s "$d/$mutant.patch" ] || mpatch=$d/$mutant.patch
	done
	[ -n "$mpatch" ] || die 2 "no mutant '$mutant' in tools/mutants/ or tools/vm/bigendian/mutants/"
fi
out=${out:-$top/build/bigendian${mutant:+-mutant-$mutant}}
mkdir -p "$out"
out=$(cd "$out" && pwd)
case "$out" in *,*) die 2 "--out $out contains a comma, which qemu's -chardev cannot take" ;; esac

bad=0
pass() { printf 'PASS\t%s\n' "$1"; }
fail() { printf 'FAIL\t%s\t%s\n' "$1" "$2"; bad=1; }
# The lane stops at the first build step that fails: nothing after it
# could run. Its verdict says which and where the log is.
stop() { fail "$1" "$2"; exit 1; }

# --- 1. the kernel ----------------------------------------------------------
t0=$(date +%s)
say "bigendian: kernel (cached after the first build; log $out/be-kernel.log)"
"$here/build-debug-kernel.sh" --flavour be --kernel-env "$kenv" --jobs "$jobs" \
	--env-out "$out/kernel-be.env" >"$out/be-kernel.log" 2>&1 ||
	stop "build:kernel" "tools/vm/build-debug-kernel.sh --flavour be failed (see $out/be-kernel.log)"
# shellcheck disable=SC1091
. "$out/kernel-be.env"
pass "build:kernel"
t_kernel=$(($(date +%s) - t0))

# --- 2. the modules ---------------------------------------------------------
# kbuild LOG ARGS...: Kbuild for the big-endian kernel; 1 on failure or warning.
kbuild() {
	local log=$1
	shift
	make -C "$KDIR" ARCH=powerpc CROSS_COMPILE=$CROSS W=1 "$@" >"$log" 2>&1 || return 1
	! grep -qiE '(^|[^a-z_])warning:' "$log"
}
src=$out/src
rm -rf "$src"
mkdir -p "$src"
cp -r "$top/Kbuild" "$top/module" "$src/"
find "$src/module" \( -name '*.o' -o -name '.*.cmd' -o -name '*.mod*' -o -name '*.ko' \) -delete
say "bigendian: crc32c_vmx.ko and crc_family_vmx.ko for $KREL (W=1)"
kbuild "$out/modules.log" CRCVMX_FAMILY_CORES=y M="$src" modules ||
	stop "build:modules" "Kbuild failed or warned (see $out/modules.log)"
for m in crc32c_vmx crc_family_vmx; do
	file -b "$src/$m.ko" | grep -q 'ELF 64-bit MSB.*PowerPC' ||
		stop "build:modules" "$src/$m.ko is not a big-endian 64-bit PowerPC ELF: $(file -b "$src/$m.ko")"
	modinfo -F vermagic "$src/$m.ko" | grep -q "^$KREL " ||
		stop "build:modules" "$src/$m.ko has vermagic '$(modinfo -F vermagic "$src/$m.ko")', not $KREL"
done
pass "build:modules"
declare -A ko=([crc32c_vmx]=$src/crc32c_vmx.ko [crc_family_vmx]=$src/crc_family_vmx.ko)
if [ -n "$mutant" ]; then
	mmod=$(sed -n '/^diff \|^--- /q; s/^Module: *//p' "$mpatch" | tr -d ' \t')
	mmod=${mmod:-crc32c_vmx}
	say "bigendian: mutant $mutant ($mmod.ko)"
	ARCH=powerpc CROSS_COMPILE=$CROSS "$top/tools/mutants/build.sh" --kdir "$KDIR" \
		--patch-dir "$(dirname "$mpatch")" --out "$out/mutants" "$mutant" >"$out/mutant.log" 2>&1 ||
		stop "build:mutant $mutant" "tools/mutants/build.sh failed (see $out/mutant.log)"
	ko[$mmod]=$out/mutants/$mutant/$mmod.ko
	pass "build:mutant $mutant"
fi

# --- 3. the userland and the initramfs ----------------------------------------
say "bigendian: static big-endian /init and test programs"
ksft=$KSRC/tools/testing/selftests
[ -s "$ksft/kselftest.h" ] || stop "build:userland" "$ksft/kselftest.h missing (the kernel source in the cache is incomplete: delete $(dirname "$KSRC") and re-run)"
mkdir -p "$out/selftests"
{
	make -C "$top/selftests" KSFT_DIR="$ksft" CROSS_COMPILE=$CROSS USERCFLAGS=-mcpu=power8 \
		USERLDFLAGS=-static OUTPUT="$out/selftests" "${TESTS[@]/#/$out/selftests/}" &&
	"${CROSS}gcc" -O2 -Wall -Wextra -Werror -static -I"$top/selftests" -o "$out/init" \
		"$BEDIR/init.c" "$top/selftests/proc_crypto.c"
} >"$out/userland.log" 2>&1 ||
	stop "build:userland" "the static big-endian programs did not build (see $out/userland.log)"
for b in "$out/init" "${TESTS[@]/#/$out/selftests/}"; do
	file -b "$b" | grep -q 'ELF 64-bit MSB.*PowerPC.*statically linked' ||
		stop "build:userland" "$b is not a static big-endian 64-bit PowerPC program: $(file -b "$b")"
done
say "bigendian: static big-endian /init and ${#TESTS[@]} test programs built"
pass "build:userland"

stage=$out/initramfs.d
rm -rf "$stage"
moddir=lib/modules/$KREL
mkdir -p "$stage"/{dev,proc,sys,tmp,etc,tests,"$moddir"/extra}
# The kernel opens /dev/console for /init before anything is mounted.
mknod -m 600 "$stage/dev/console" c 5 1 2>/dev/null || true
install -m 0755 "$out/init" "$stage/init"
install -m 0755 "${TESTS[@]/#/$out/selftests/}" "$stage/tests/"
cp "${ko[crc32c_vmx]}" "$stage/$moddir/extra/crc32c_vmx.ko"
cp "${ko[crc_family_vmx]}" "$stage/$moddir/extra/crc_family_vmx.ko"
# Load order: the in-tree modules and what ours need, each after its
# dependencies (modprobe resolves them on the host; the guest has no
# modprobe), ours last.
deps=()
for m in crc32c_vmx crc_family_vmx; do
	while IFS= read -r d; do
		[ -z "$d" ] || deps+=("$d")
	done < <(modinfo -F depends "${ko[$m]}" | tr ',' '\n')
done
order=$out/modules.load
: >"$order"
for m in "${TREE_MODULES[@]}" "${deps[@]}"; do
	modprobe -d "$KROOT" -S "$KREL" --show-depends "$m" >"$out/show-depends.txt" 2>&1 ||
		stop "build:initramfs" "modprobe cannot resolve $m in $KROOT: $(head -n 1 "$out/show-depends.txt")"
	awk '$1 == "insmod" { print $2 }' "$out/show-depends.txt" | while read -r k; do
		rel=${k#"$KROOT/$moddir/"}
		grep -qxF "$rel" "$order" || echo "$rel" >>"$order"
	done
done
while read -r rel; do
	mkdir -p "$stage/$moddir/$(dirname "$rel")"
	cp "$KROOT/$moddir/$rel" "$stage/$moddir/$rel"
done <"$order"
cp "$order" "$stage/etc/modules.load"
(cd "$stage" && find . | cpio -o -H newc --quiet | gzip -1) >"$out/initramfs.cpio.gz.tmp" ||
	stop "build:initramfs" "cpio or gzip failed in $stage"
mv "$out/initramfs.cpio.gz.tmp" "$out/initramfs.cpio.gz"
say "bigendian: initramfs with $(wc -l <"$order") in-tree modules (load order from modprobe --show-depends)"
pass "build:initramfs"
t_build=$(($(date +%s) - t0 - t_kernel))

# --- 4. the guests ----------------------------------------------------------
for cpu in ${cpus//,/ }; do
	log=$out/guest-bigendian-$cpu.log
	g0=$(date +%s)
	rc=0
	"$here/run-guest.sh" --kernel-env "$out/kernel-be.env" --initrd "$out/initramfs.cpio.gz" \
		--set bigendian --cpu "$cpu" --timeout "$timeout" --log "$log" --show none \
		--append "crcvmx.depth=$depth" >&2 || rc=$?
	vrc=0
	python3 "$here/ktap-check.py" --expect "$EXPECT" --run-rc "$rc" "$log" >"$out/verdicts-$cpu.txt" || vrc=$?
	[ "$vrc" -le 1 ] || fail "$cpu:accounting" "ktap-check.py could not read $log (exit $vrc)"
	if [ "$expect_caught" -eq 1 ]; then
		nfail=$(grep -c '^FAIL' "$out/verdicts-$cpu.txt" || true)
		nall=$(grep -cE '^(PASS|FAIL)' "$out/verdicts-$cpu.txt" || true)
		if [ "$nfail" -gt 0 ]; then
			say "bigendian: $cpu: mutant $mutant made $nfail of $nall verdicts fail"
			pass "$cpu:mutant $mutant caught"
			grep '^FAIL' "$out/verdicts-$cpu.txt" | cut -f2 | sed 's/^/>>   caught by: /' >&2
		else
			fail "$cpu:mutant $mutant caught" "all $nall verdicts passed: the lane cannot tell $mutant from the real module ($log)"
		fi
		continue
	fi
	while IFS=$'\t' read -r v name reason; do
		case "$v" in
		PASS) pass "$cpu:$name" ;;
		FAIL) fail "$cpu:$name" "$reason" ;;
		esac
	done <"$out/verdicts-$cpu.txt"
	say "bigendian: $cpu guest: run-guest.sh exit $rc after $(($(date +%s) - g0))s (log $log; console ${log%.log}.console.log)"
done
say "bigendian: kernel step ${t_kernel}s, builds ${t_build}s, total $(($(date +%s) - t0))s"
exit $bad
