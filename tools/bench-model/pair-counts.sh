#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Pair what the guest's crc32c_vmx_bench logged with what the insn-interval
# plugin counted: the k-th "interval subject=... size=... n=..." line of the
# guest log belongs to the k-th interval in the plugin's output (the module
# runs its intervals one after another, in a single worker). Used by
# make bench-model (tools/bench-model/run.sh) and make run (tools/run.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --log GUEST.log --plugin PLUGIN.txt [--module NAME] [--any-vcpu]
  --log FILE     the guest's result channel, with the module's lines as
                 "BENCH crc32c_vmx_bench: interval subject=S size=N n=K"
  --plugin FILE  the plugin's output (out=FILE): "interval vcpu=.. insns=.."
                 lines and its "# insn-interval:" summary line
  --module NAME  the benchmark module whose lines to pair (default
                 crc32c_vmx_bench; tools/upstream/numbers.sh: crc_lib_bench)
  --any-vcpu     accept intervals on any vCPU (a guest with several vCPUs);
                 by default every interval must be on vCPU 0
Writes counts.tsv to stdout: subject, size, n (calls per interval), insns
(instructions of the whole interval), mtmsr. Fails when the plugin's summary
is missing or reports unbalanced markers, when the two sides hold different
numbers of intervals, or on an interval of another vCPU.
Exit codes: 0 paired, 1 the data do not pair (message says why), 2 bad usage.
USAGE
}
log='' plugin='' any_vcpu=0 module=crc32c_vmx_bench
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--any-vcpu) any_vcpu=1 ;;
	--log|--plugin|--module)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in --log) log=$2 ;; --plugin) plugin=$2 ;; --module) module=$2 ;; esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$log" ] && [ -n "$plugin" ] || die 2 "--log and --plugin are required (try --help)"
[[ "$module" =~ ^[a-z0-9_]+$ ]] || die 2 "--module needs a module name, not '$module'"
[ -r "$log" ] || die "cannot read the guest log $log"
[ -s "$plugin" ] || die "the plugin wrote no counts ($plugin); did QEMU load it? (guest log: $log)"

summary=$(grep '^# insn-interval:' "$plugin" || true)
[ -n "$summary" ] || die "the plugin's summary line is missing from $plugin (QEMU did not exit cleanly?)"
case "$summary" in
*" 0 END without BEGIN, 0 BEGIN inside an interval, 0 unterminated, 0 events"*) ;;
*) die "unbalanced markers: $summary ($plugin)" ;;
esac
# (Plugins from the one with site lines on also count failed allocations.)
case "$summary" in
*" allocations failed"*) case "$summary" in *" 0 allocations failed"*) ;; *) die "the plugin ran out of memory, its counts are incomplete: $summary ($plugin)" ;; esac ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/pair-counts.XXXXXX")
trap 'rm -rf "$work"' EXIT
sed -n 's/^BENCH '"$module"': interval subject=\([^ ]*\) size=\([0-9]*\) n=\([0-9]*\)$/\1\t\2\t\3/p' \
	"$log" >"$work/labels.tsv"
# (Fields after vpmsumd=, which later plugins add at the end, are ignored.)
sed -n 's/^interval vcpu=\([0-9]*\) seq=[0-9]* insns=\([0-9]*\) mtmsr=\([0-9]*\) vpmsumd=[0-9]*\( .*\)\{0,1\}$/\1\t\2\t\3/p' \
	"$plugin" >"$work/intervals.tsv"
nl=$(wc -l <"$work/labels.tsv") ni=$(wc -l <"$work/intervals.tsv")
[ "$nl" -gt 0 ] && [ "$nl" -eq "$ni" ] ||
	die "the guest logged $nl intervals but the plugin counted $ni ($log, $plugin)"
[ "$any_vcpu" -eq 1 ] || awk -F'\t' '$1 != 0 { bad = 1 } END { exit bad }' "$work/intervals.tsv" ||
	die "intervals on a vCPU other than 0 in a one-vCPU guest ($plugin)"
printf 'subject\tsize\tn\tinsns\tmtmsr\n'
paste "$work/labels.tsv" "$work/intervals.tsv" | cut -f1-3,5-6
