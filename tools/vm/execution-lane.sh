#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The "vpmsumd" lane of `make check`: proof from outside the guest that
# crc32c-vmx really runs the vector core. One POWER8 guest with one vCPU
# runs the test set "vpmsumd" under the insn-interval QEMU plugin, which
# counts the vpmsumd instructions the vCPU executes while vpmsumd-probe
# hashes 1 MiB through a driver. crc32c-vmx must execute at least one
# vpmsumd per 32 bytes (the core does about one per 16), crc32c-generic
# none (the control that shows the count tells drivers apart). Mutants given
# with --mutants are probed after the real module; their counts go to
# OUT/vpmsumd.tsv for tools/mutants/lane.sh to judge.
#
# Prints one verdict line per check, PASS<TAB>name or
# FAIL<TAB>name<TAB>reason, like tools/vm/ktap-check.py.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE --initrd FILE --out DIR [--mutants a,b] [--timeout SECS]
Writes DIR/insn-interval.so, DIR/plugin.txt, DIR/guest-vpmsumd.log (result
channel; the console next to it) and DIR/vpmsumd.tsv (label, bytes, vpmsumd).
Exit codes: 0 all checks passed, 1 a check failed, 2 bad usage, 3 the guest
crashed or timed out.
USAGE
}
kenv= initrd= out= mutants= timeout=600
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env|--initrd|--out|--mutants|--timeout)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--kernel-env) kenv=$2 ;; --initrd) initrd=$2 ;; --out) out=$2 ;;
		--mutants) mutants=$2 ;; --timeout) timeout=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$kenv" ] && [ -n "$initrd" ] && [ -n "$out" ] || die 2 "--kernel-env, --initrd and --out are required (try --help)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
case "$out" in *,*) die 2 "--out $out contains a comma, which qemu's -plugin option cannot take" ;; esac

"$top/tools/bench-model/build-plugin.sh" "$out/insn-interval.so"
rm -f "$out/plugin.txt"
rc=0
QEMU_EXTRA_ARGS="-plugin file=$out/insn-interval.so,out=$out/plugin.txt" \
	"$top/tools/vm/run-guest.sh" --kernel-env "$kenv" --initrd "$initrd" --set vpmsumd \
	--cpu POWER8 --smp 1 --timeout "$timeout" --log "$out/guest-vpmsumd.log" \
	--append "crcvmx.mutants=$mutants" --show none || rc=$?
[ "$rc" -ne 3 ] || { printf 'FAIL\tvpmsumd:guest run\tthe guest crashed or timed out (%s)\n' "$out/guest-vpmsumd.log"; exit 3; }

# Pair the k-th PROBE label with the k-th interval the plugin counted.
grep '^PROBE ' "$out/guest-vpmsumd.log" | cut -d' ' -f2 >"$out/labels.txt" || true
sed -n 's/^interval vcpu=[0-9]* seq=[0-9]* insns=[0-9]* mtmsr=[0-9]* vpmsumd=\([0-9]*\)$/\1/p' \
	"$out/plugin.txt" 2>/dev/null >"$out/counts.txt" || true
nl=$(wc -l <"$out/labels.txt") nc=$(wc -l <"$out/counts.txt")
if [ "$nl" -ne "$nc" ] || [ "$nl" -eq 0 ]; then
	printf 'FAIL\tvpmsumd:pairing\tthe guest probed %s times, the plugin counted %s intervals (%s)\n' \
		"$nl" "$nc" "$out/guest-vpmsumd.log"
	exit 1
fi
paste "$out/labels.txt" "$out/counts.txt" | awk -v OFS='\t' '{ print $1, 1048576, $2 }' >"$out/vpmsumd.tsv"

bad=0
count_of() { awk -F'\t' -v l="$1" '$1 == l { print $3 }' "$out/vpmsumd.tsv"; }
verdict() { # NAME CONDITION-EXIT REASON
	if [ "$2" -eq 0 ]; then printf 'PASS\t%s\n' "$1"; else printf 'FAIL\t%s\t%s\n' "$1" "$3"; bad=1; fi
}
vmx=$(count_of real:crc32c-vmx) gen=$(count_of real:crc32c-generic)
[ -n "$vmx" ] && [ "$vmx" -ge $((1048576 / 32)) ]
verdict "vpmsumd:crc32c-vmx executes vpmsumd" $? "1 MiB through crc32c-vmx executed ${vmx:-no} vpmsumd (need >= $((1048576 / 32)))"
[ -n "$gen" ] && [ "$gen" -eq 0 ]
verdict "vpmsumd:crc32c-generic executes none (control)" $? "crc32c-generic executed ${gen:-?} vpmsumd"
grep -q 'VPMSUMD-PROBE driver=crc32c-vmx bytes=1048576 digest=[0-9a-f]* ok' "$out/guest-vpmsumd.log"
verdict "vpmsumd:crc32c-vmx digest of the probe is right" $? "see $out/guest-vpmsumd.log"
[ "$rc" -eq 0 ]
verdict "vpmsumd:guest run" $? "run-guest.sh exited $rc ($out/guest-vpmsumd.log)"
exit $bad
