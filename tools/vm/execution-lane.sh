#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The execution lane of `make check`: proof from outside the guest of which
# code ran, per CPU model. Each guest (one vCPU) runs the test set
# "execution" under the insn-interval QEMU plugin with sites=1: per probe
# (a 1 MiB AF_ALG hash through one driver, or a stretch of NVMe I/O) the
# plugin counts the vpmsumd, lxvp, xxeval and prefixed instructions the
# vCPU executed and at which PCs; the guest prints the kernel's text range
# and the modules' addresses before each probe, so that
# tools/vm/execution-verdict.py attributes every one of them to the kernel
# or a module. The guests:
#   POWER8 (--nvme-pi)  crc32c-vmx, crct10dif-vmx and crc64-rocksoft-vmx run
#                       vpmsumd in their own module and nowhere else; the
#                       generic drivers none (controls); crc32c-vpmsum's
#                       vpmsumd is in crc32c_vpmsum, not ours (attribution);
#                       the NVMe protection-information I/O (4 MiB written
#                       and read per namespace) runs vpmsumd in
#                       crc_family_vmx only; no ISA 3.1 instruction runs
#   POWER9              crc32c-vmx: vpmsumd in crc32c_vmx, no ISA 3.1
#                       instruction (lxvp, xxeval, any prefixed one)
#   POWER10             crc32c-vmx ran lxvp and xxeval (the ISA 3.1 loop's
#                       instructions) in crc32c_vmx, at least one of each
#                       per 64 bytes
# Mutants: those given with --mutants (Catch: vpmsumd-count) are probed on
# POWER8 after the real modules (a crc32c_vmx mutant with crc32c-vmx, a
# crc_family_vmx one with crct10dif-vmx and crc64-rocksoft-vmx), those with
# --isa31-mutants (Catch: isa31-count) on POWER10; their counts go to
# OUT/vpmsumd.tsv (label, bytes, vpmsumd inside the driver's module) and
# OUT/isa31.tsv (label, bytes, lxvp and xxeval inside crc32c_vmx) for
# tools/mutants/verdict.sh.
#
# Prints one verdict line per check, PASS<TAB>name or
# FAIL<TAB>name<TAB>reason (names execution:CPU:...), and INFO lines with
# the attributed counts.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=../mutants/lib.sh
. "$top/tools/mutants/lib.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE --initrd FILE --out DIR [options]
  --mutants a,b         mutants to probe on POWER8 (vpmsumd-count)
  --isa31-mutants a,b   crc32c_vmx mutants to probe on POWER10 (isa31-count)
  --cpus LIST           which guests (default POWER8,POWER9,POWER10)
  --module-from-mutant NAME
                        the "real" probes run mutant NAME instead of the
                        module: shows that the checks fail on it
  --timeout SECS        per guest (default 600)
Writes per CPU model DIR/CPU/plugin.txt (the plugin's counts and sites),
DIR/CPU/guest.log (result channel; the console next to it) and
DIR/CPU/verdicts.txt; DIR/vpmsumd.tsv (POWER8) and DIR/isa31.tsv (POWER10).
Exit codes: 0 all checks passed, 1 a check failed, 2 bad usage, 3 a guest
crashed or timed out (its FAIL line says which).
USAGE
}
kenv='' initrd='' out='' mutants='' isa31_mutants='' cpus=POWER8,POWER9,POWER10 timeout=600 as_real=''
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env|--initrd|--out|--mutants|--isa31-mutants|--cpus|--timeout|--module-from-mutant)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--kernel-env) kenv=$2 ;; --initrd) initrd=$2 ;; --out) out=$2 ;;
		--mutants) mutants=$2 ;; --isa31-mutants) isa31_mutants=$2 ;;
		--cpus) cpus=$2 ;; --timeout) timeout=$2 ;; --module-from-mutant) as_real=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$kenv" ] && [ -n "$initrd" ] && [ -n "$out" ] || die 2 "--kernel-env, --initrd and --out are required (try --help)"
for c in ${cpus//,/ }; do
	case "$c" in POWER8|POWER9|POWER10) ;; *) die 2 "--cpus: '$c' is not POWER8, POWER9 or POWER10" ;; esac
done
for m in ${mutants//,/ } ${isa31_mutants//,/ } $as_real; do
	[ -f "$top/tools/mutants/$m.patch" ] || die 2 "no mutant '$m' (tools/mutants/$m.patch)"
done
command -v python3 >/dev/null || die "python3 not found: run tools/setup.sh (tools/setup/host-packages.txt)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
case "$out" in *,*) die 2 "--out $out contains a comma, which qemu's -plugin option cannot take" ;; esac

# The CRC family's algorithms the kernel has, whose probes must run:
# crct10dif, and crc64-rocksoft from 6.0 on (5.10 lacks it); the guest's
# set decides the same way (FAMILY line).
[ -s "$kenv" ] || die 2 "--kernel-env $kenv: no such file"
KROOT=$(sed -n 's/^KROOT=//p' "$kenv") KREL=$(sed -n 's/^KREL=//p' "$kenv")
falgs=crct10dif
grep -qsE '(^|/)crc64_rocksoft_generic\.ko' "$KROOT/lib/modules/$KREL/modules.dep" \
	"$KROOT/lib/modules/$KREL/modules.builtin" && falgs+=" crc64-rocksoft"

"$top/tools/bench-model/build-plugin.sh" "$out/insn-interval.so"
rm -f "$out/vpmsumd.tsv" "$out/isa31.tsv"
worst=0
for cpu in ${cpus//,/ }; do
	d=$out/$cpu
	rm -rf "$d"
	mkdir -p "$d"
	labels='' m='' nvme=()
	case "$cpu" in
	POWER8) groups=crc32c,vpmsum,family,nvme m=$mutants nvme=(--nvme-pi)
		labels=real:crc32c-vmx,real:crc32c-generic,real:crc32c-vpmsum
		for a in $falgs; do
			labels+=,real:$a-vmx,real:$a-generic,nvme:$a
		done ;;
	POWER9) groups=crc32c labels=real:crc32c-vmx,real:crc32c-generic ;;
	POWER10) groups=crc32c m=$isa31_mutants labels=real:crc32c-vmx,real:crc32c-generic ;;
	esac
	for x in ${m//,/ }; do
		if [ "$(mutant_module "$x")" = crc_family_vmx ]; then
			for a in $falgs; do labels+=,$x:$a-vmx; done
		else
			labels+=,$x:crc32c-vmx
		fi
	done
	rc=0
	QEMU_EXTRA_ARGS="-plugin file=$out/insn-interval.so,out=$d/plugin.txt,sites=1" \
		"$top/tools/vm/run-guest.sh" --kernel-env "$kenv" --initrd "$initrd" --set execution \
		--cpu "$cpu" --smp 1 --timeout "$timeout" --log "$d/guest.log" "${nvme[@]}" \
		--append "crcvmx.exec=$groups crcvmx.mutants=$m crcvmx.realmutant=$as_real" \
		--show none || rc=$?
	if [ "$rc" -ge 3 ]; then
		printf 'FAIL\texecution:%s:guest run\tthe guest crashed or timed out (%s)\n' "$cpu" "$d/guest.log" |
			tee "$d/verdicts.txt"
		worst=3
		continue
	fi
	vrc=0
	python3 "$top/tools/vm/execution-verdict.py" --cpu "$cpu" --plugin "$d/plugin.txt" \
		--log "$d/guest.log" --expect "$labels" \
		--vpmsumd-tsv "$d/vpmsumd.tsv" --isa31-tsv "$d/isa31.tsv" >"$d/verdicts.txt" || vrc=$?
	# A verdict script that died (a traceback) has no FAIL line to show for it.
	if [ "$vrc" -ne 0 ] && ! grep -q '^FAIL' "$d/verdicts.txt"; then
		printf 'FAIL	execution:%s:verdicts	tools/vm/execution-verdict.py exited %s without a FAIL line
' \
			"$cpu" "$vrc" >>"$d/verdicts.txt"
	fi
	printf '%s\texecution:%s:guest run%s\n' "$([ "$rc" -eq 0 ] && echo PASS || echo FAIL)" "$cpu" \
		"$([ "$rc" -eq 0 ] || printf '\trun-guest.sh exited %s (%s)' "$rc" "$d/guest.log")" >>"$d/verdicts.txt"
	cat "$d/verdicts.txt"
	[ "$vrc" -eq 0 ] && [ "$rc" -eq 0 ] || [ "$worst" -ne 0 ] || worst=1
	case "$cpu" in
	POWER8) cp "$d/vpmsumd.tsv" "$out/vpmsumd.tsv" ;;
	POWER10) cp "$d/isa31.tsv" "$out/isa31.tsv" ;;
	esac
done
exit $worst
