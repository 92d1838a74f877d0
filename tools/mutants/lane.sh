#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Run mutants against the kselftests in a guest: boots the test set
# "mutants" (tools/vm/guest/sets/mutants.sh), which swaps each mutant in,
# runs the tests named for it and reports "MUTANT-RESULT NAME TEST
# caught|missed". A mutant that crashes the kernel is caught by the test
# that was running; the guest is then booted again for the mutants not yet
# run. Writes OUT/results.tsv: lane, mutant, test, verdict (caught, missed,
# crashed, failed (the mutant did not load), no-result) and the failed
# subtests (#N,...). tools/mutants/verdict.sh judges them.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=lib.sh
. "$top/tools/mutants/lib.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE --initrd FILE --lane stock|debug --out DIR [options]
  --mutants a,b    which mutants (default: stock: all; debug: those whose
                   Catch: line names debug-kernel)
  --cpu MODEL      guest CPU (default POWER8)
  --timeout SECS   per guest boot (default 1500)
The initrd must hold /mutants/NAME.ko, /mutants/NAME.module and
/mutants/NAME.LANE.tests (tools/build-guest.sh puts them there). When a
mutant of crc_family_vmx is among them, the guest gets the NVMe namespaces
with protection information (run-guest.sh --nvme-pi) its tests need.
Guest logs: OUT/guest-mutants-N.log.
Exit codes: 0 every mutant ran, 1 a mutant could not be run, 2 bad usage.
USAGE
}
kenv= initrd= lane= out= list= cpu=POWER8 timeout=1500
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env|--initrd|--lane|--out|--mutants|--cpu|--timeout)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--kernel-env) kenv=$2 ;; --initrd) initrd=$2 ;; --lane) lane=$2 ;; --out) out=$2 ;;
		--mutants) list=$2 ;; --cpu) cpu=$2 ;; --timeout) timeout=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$kenv" ] && [ -n "$initrd" ] && [ -n "$out" ] || die 2 "--kernel-env, --initrd and --out are required (try --help)"
case "$lane" in stock|debug) ;; *) die 2 "--lane must be stock or debug" ;; esac
if [ -z "$list" ]; then
	# Mutants that declare a crash (Expect: crash) go last: the crash ends
	# the boot, and with nothing after it no second boot is needed.
	crashers=
	for m in $(mutant_names); do
		[ "$lane" = stock ] || mutant_has_catch "$m" debug-kernel || continue
		if [ "$(mutant_expect "$m")" = crash ]; then
			crashers="$crashers,$m"
		else
			list="$list,$m"
		fi
	done
	list=${list#,}$crashers
	list=${list#,}
fi
[ -n "$list" ] || die "no mutants to run for lane $lane (tools/mutants/*.patch)"
mkdir -p "$out"
: >"$out/results.tsv"
nvme=()
for m in ${list//,/ }; do
	[ "$(mutant_module "$m")" != crc_family_vmx ] || nvme=(--nvme-pi)
done

remaining=$list
boot=0
status=0
while [ -n "$remaining" ]; do
	boot=$((boot + 1))
	log=$out/guest-mutants-$boot.log
	say "mutants ($lane): boot $boot for ${remaining//,/ }"
	rc=0
	"$top/tools/vm/run-guest.sh" --kernel-env "$kenv" --initrd "$initrd" --set mutants \
		--cpu "$cpu" --smp 2 --timeout "$timeout" --log "$log" --show none "${nvme[@]}" \
		--append "crcvmx.mutants=$remaining crcvmx.lane=$lane" || rc=$?
	sed -n 's/^MUTANT-RESULT \([^ ]*\) \([^ ]*\) \([a-z-]*\) *\(.*\)/\1\t\2\t\3\t\4/p' "$log" |
		sed "s/^/$lane\t/" >>"$out/results.tsv"
	done_list=$(sed -n 's/^MUTANT-END //p' "$log")
	# The mutant that was running when the guest died, and its test.
	current=$(sed -n 's/^MUTANT-BEGIN //p' "$log" | tail -n 1)
	next=
	for m in ${remaining//,/ }; do
		case " $(echo $done_list) " in *" $m "*) continue ;; esac
		if [ "$m" = "$current" ] && { [ "$rc" -eq 3 ] || [ "$rc" -eq 4 ]; }; then
			t=$(sed -n "s/^MUTANT-TEST $m //p" "$log" | tail -n 1)
			# A hang (run-guest exit 4) is a timeout; a crash counts as
			# the declared one only with the declared oops in the
			# declared function (Fault:), on the console of this boot.
			v=$(mutant_died_verdict "$m" "$rc" "${log%.log}.console.log")
			case "$v" in
			timeout) why="the guest hung" ;;
			crashed) why="$(mutant_fault_oops "$m") in $(mutant_fault_at "$m")" ;;
			*) why="not the declared fault" ;;
			esac
			say "mutants ($lane): $m: $v during ${t:-loading}: $why ($log)"
			printf '%s\t%s\t%s\t%s\t%s\n' "$lane" "$m" "${t:-load}" "$v" "$why" >>"$out/results.tsv"
			continue
		fi
		next="$next,$m"
	done
	next=${next#,}
	if [ "$next" = "$remaining" ]; then
		say "mutants ($lane): boot $boot made no progress (run-guest exit $rc, $log)"
		for m in ${remaining//,/ }; do
			printf '%s\t%s\tguest\tno-result\t\n' "$lane" "$m" >>"$out/results.tsv"
		done
		status=1
		break
	fi
	remaining=$next
done
exit $status
