#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The no-VSX lane of `make check`: crc32c_vmx on a POWER10 whose VSX is
# turned off (QEMU's pseries cap-vsx=off), the one CPU on which an ISA 3.1
# machine runs the POWER8 core for a reason of the CPU. Debian's userland
# needs VSX, so the guest's whole userland is tools/vm/novsx/init.c, a
# freestanding /init built here with -mno-vsx -mno-altivec. It loads the
# module (and AF_ALG's and crc32c-generic's), hashes a message through
# crc32c-vmx and crc32c-generic and reports what it saw; this script judges
# it.
#
# Prints one verdict line per check, PASS<TAB>name or FAIL<TAB>name<TAB>reason
# (tools/check.sh counts them as novsx:name).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE --ko crc32c_vmx.ko --out DIR [options]
  --kernel-env FILE  the little-endian kernel to boot (build/kernel.env)
  --ko FILE          the crc32c_vmx.ko built for it
  --out DIR          where the init, the initramfs and the guest's logs go
  --mutants a,b      committed mutants (Catch: novsx) to run after the
                     module, each in a boot of its own, from
                     DIR/NAME/crc32c_vmx.ko of --mutant-dir; their verdicts
                     go to OUT/results.tsv (tools/mutants/verdict.sh --results)
  --mutant-dir DIR   where tools/mutants/build.sh put them (build/mutants)
  --timeout SECS     the guest's (default 300)
Checks: the CPU is ISA 3.1 without VSX (the premise), the module loads, its
load line names the POWER8 core and the reason, /proc/crypto has crc32c-vmx
at priority 300 with its self-test passed, crc32c-vmx's digest of a
100003-byte message equals crc32c-generic's, the vector path counted the
bytes and the ISA 3.1 loop none, and the kernel logged no problem.
Exit codes: 0 all checks passed, 1 a check failed, 2 bad usage or a missing
input (the module, the kernel's modules), 3 the guest crashed, 4 it hung (a
FAIL line says which).
USAGE
}

kenv='' ko='' out='' mutants='' mdir='' timeout=300
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel-env|--ko|--out|--mutants|--mutant-dir|--timeout)
		[ $# -ge 2 ] || die 2 "$1 needs a value (try --help)"
		case "$1" in
		--kernel-env) kenv=$2 ;; --ko) ko=$2 ;; --out) out=$2 ;; --timeout) timeout=$2 ;;
		--mutants) mutants=$2 ;; --mutant-dir) mdir=$2 ;;
		esac
		shift 2 ;;
	-h|--help) usage; exit 0 ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
done
if [ -z "$kenv" ] || [ -z "$ko" ] || [ -z "$out" ]; then
	die 2 "--kernel-env, --ko and --out are required (try --help)"
fi
[ -f "$ko" ] || die 2 "no module $ko: build it first (make KDIR=...)"
for m in ${mutants//,/ }; do
	[ -n "$mdir" ] || die 2 "--mutants needs --mutant-dir"
	[ -f "$mdir/$m/crc32c_vmx.ko" ] ||
		die 2 "no $mdir/$m/crc32c_vmx.ko: build it with tools/mutants/build.sh $m"
done
# shellcheck source=/dev/null
. "$kenv"
mods=$KROOT/lib/modules/$KREL/kernel/crypto
for m in af_alg algif_hash crc32c_generic; do
	[ -f "$mods/$m.ko" ] ||
		die 2 "$kenv's kernel has no $mods/$m.ko (the guest hashes through AF_ALG, crc32c-generic the reference)"
done

# The length of the message init.c hashes (its MSG_LEN).
msg_len=100003
# AT_HWCAP and AT_HWCAP2 bits (<asm/cputable.h> of the uapi).
has_altivec=0x10000000 has_vsx=0x00000080 arch_3_1=0x00040000

mkdir -p "$out"
powerpc64le-linux-gnu-gcc -O2 -Wall -Wextra -Werror -ffreestanding -nostdlib -static \
	-fno-builtin -fno-stack-protector -mcpu=power8 -mno-vsx -mno-altivec \
	-o "$out/init" "$top/tools/vm/novsx/init.c"

# field LOG KEY: the rest of LOG's first "NOVSX-KEY " line.
field() { sed -n "s/^NOVSX-$2 //p" "$1" | head -n 1; }

# judge KO DIR: boot KO with the init in DIR and print the verdict lines
# (common.sh's verdict); returns 0 (all passed), 1 (a check failed), 3
# (crashed) or 4 (hung).
judge() {
	local ko=$1 dir=$2 log=$2/guest.log rc=0 hw='' hw2='' ok got want_digest line entry vb ib
	mkdir -p "$dir/root/dev" "$dir/root/proc" "$dir/root/sys"
	cp "$out/init" "$dir/root/init"
	cp "$ko" "$mods/af_alg.ko" "$mods/algif_hash.ko" "$mods/crc32c_generic.ko" "$dir/root/"
	(cd "$dir/root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -9n) \
		>"$dir/initramfs.cpio.gz"
	"$top/tools/vm/run-guest.sh" --kernel-env "$kenv" --initrd "$dir/initramfs.cpio.gz" \
		--set novsx --cpu POWER10 --smp 1 --machine cap-vsx=off --timeout "$timeout" \
		--log "$log" --show none >&2 || rc=$?

	VERDICT_RC=0 ok=1
	read -r hw hw2 <<<"$(field "$log" HWCAP)" || true
	if [[ "$hw" =~ ^0x[0-9a-f]+$ ]] && [[ "$hw2" =~ ^0x[0-9a-f]+$ ]] &&
	   (( (hw2 & arch_3_1) && (hw & has_altivec) && !(hw & has_vsx) )); then
		ok=0
	fi
	verdict "the CPU is ISA 3.1 with AltiVec and without VSX (the premise)" $ok \
		"AT_HWCAP ${hw:-none}, AT_HWCAP2 ${hw2:-none}"

	got=$(field "$log" 'LOAD crc32c_vmx.ko') ok=0
	[ "$got" = 0 ] || ok=1
	verdict "crc32c_vmx loads" $ok "finit_module: ${got:-no result}"

	line=$(sed -n 's/^NOVSX-KLOG <[0-9]>\[ *[0-9.]*\] \(crc32c_vmx: registered .*\)/\1/p' "$log") ok=0
	[ "$line" = "$want" ] || ok=1
	verdict "the load line names the POWER8 core and why" $ok "got \"${line:-no load line}\""

	entry=$(sed -n 's/^NOVSX-CRYPTO //p' "$log") ok=0
	{ grep -qE '^selftest +: passed$' <<<"$entry" && grep -qE '^priority +: 300$' <<<"$entry"; } || ok=1
	verdict "crc32c-vmx is in /proc/crypto at priority 300, self-test passed" $ok \
		"$(tr '\n' ';' <<<"${entry:-no entry}")"

	got=$(field "$log" 'DIGEST crc32c-vmx') want_digest=$(field "$log" 'DIGEST crc32c-generic') ok=0
	{ [[ "$got" =~ ^$msg_len\ [0-9a-f]{8}$ ]] && [ "$got" = "$want_digest" ]; } || ok=1
	verdict "crc32c-vmx's digest of $msg_len bytes equals crc32c-generic's" $ok \
		"crc32c-vmx: \"${got:-no digest}\", crc32c-generic: \"${want_digest:-no digest}\""

	vb=$(field "$log" 'STAT vector_bytes') ib=$(field "$log" 'STAT isa31_bytes') ok=0
	{ [[ "$vb" =~ ^[0-9]+$ ]] && [ "$vb" -ge "$msg_len" ] && [ "$ib" = 0 ]; } || ok=1
	verdict "the vector path hashed the message, the ISA 3.1 loop nothing" $ok \
		"vector_bytes ${vb:-none} (>= $msg_len expected), isa31_bytes ${ib:-none} (0 expected)"

	case $rc in
	0|1) verdict "$end_check" "$rc" \
		"run-guest.sh exit 1: the kernel logged a problem ($dir/guest.console.log)" ;;
	3) verdict "$end_check" 1 "the guest crashed ($dir/guest.console.log)"; return 3 ;;
	4) verdict "$end_check" 1 "the guest hung ($dir/guest.console.log)"; return 4 ;;
	*) verdict "$end_check" 1 "run-guest.sh exit $rc" ;;
	esac
	return "$VERDICT_RC"
}

want='crc32c_vmx: registered crc32c-vmx, priority 300, POWER8 core (VSX is disabled on this CPU: the ISA 3.1 loop needs it)'
end_check="no kernel problem, the guest finished"
status=0
judge "$ko" "$out/module" || status=$?

# A committed mutant is caught by a failed check other than the guest's
# end, in a guest that finished; a crash or a hang is a verdict of its own
# (the checks after it only miss their lines).
: >"$out/results.tsv"
for m in ${mutants//,/ }; do
	rc=0
	judge "$mdir/$m/crc32c_vmx.ko" "$out/mutants/$m" >"$out/mutants-$m.verdicts" || rc=$?
	fail=$(grep -v -F "$end_check" "$out/mutants-$m.verdicts" | sed -n 's/^FAIL\t//p' | head -n 1)
	if [ "$rc" -eq 3 ]; then
		v=crashed fail="the guest crashed"
	elif [ "$rc" -eq 4 ]; then
		v=timeout fail="the guest hung"
	elif [ -n "$fail" ]; then
		v=caught
	else
		v=missed fail="every check passed"
	fi
	printf 'stock\t%s\tnovsx\t%s\t%s\n' "$m" "$v" "$(tr '\t' ' ' <<<"$fail")" >>"$out/results.tsv"
	say "novsx: mutant $m: $v ($fail)" >&2
done
exit "$status"
