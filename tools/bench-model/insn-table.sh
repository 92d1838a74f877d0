#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The instruction-count table of `make run`: from the paired counts of
# crc32c_vmx_bench (pair-counts.sh), instructions per call and per byte of
# each crc32c driver at each size, and the ratio to a reference driver.
# Per call = (interval - the empty loop's interval at that size) / calls,
# the smallest of the repeated intervals, as in docs/performance.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --counts COUNTS.tsv --drivers A,B,... --sizes N,N,... [--ref DRIVER] [--tsv OUT]
  --counts FILE   subject, size, n, insns, mtmsr (pair-counts.sh's output)
  --drivers LIST  the drivers the guest measured, in the table's order
  --sizes LIST    the sizes it measured them at (bytes)
  --ref DRIVER    the "vs" column's reference (default crc32c-generic; it
                  must be one of --drivers)
  --tsv FILE      also write driver, size, instructions/call,
                  instructions/byte as TSV (for tools/plot-insns.sh)
Prints the table to stdout. Every driver and the empty loop ("baseline")
must have an interval at every size, with the same number of calls.
Exit codes: 0 ok, 1 missing or inconsistent counts, 2 bad usage.
USAGE
}
counts='' drivers='' sizes='' ref=crc32c-generic tsv=/dev/null
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--counts|--drivers|--sizes|--ref|--tsv)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--counts) counts=$2 ;; --drivers) drivers=$2 ;; --sizes) sizes=$2 ;;
		--ref) ref=$2 ;; --tsv) tsv=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$counts" ] && [ -n "$drivers" ] && [ -n "$sizes" ] || die 2 "--counts, --drivers and --sizes are required (try --help)"
[[ "$sizes" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die 2 "--sizes must be a comma-separated list of byte counts"
case ",$drivers," in *",$ref,"*) ;; *) die 2 "the reference $ref is not one of --drivers ($drivers)" ;; esac
[ -r "$counts" ] || die "cannot read $counts"

awk -F'\t' -v drivers="$drivers" -v sizes="$sizes" -v ref="$ref" -v tsv="$tsv" '
function err(m) { print "insn-table: " m > "/dev/stderr"; bad = 1 }
NR == 1 {
	if ($0 != "subject\tsize\tn\tinsns\tmtmsr") { err("not a counts.tsv header: " $0); exit 1 }
	next
}
NF != 5 { err("line " NR " has " NF " fields"); exit 1 }
{
	k = $1 SUBSEP $2
	if (!(k in lo) || $4 + 0 < lo[k]) lo[k] = $4 + 0
	if (!(k in hi) || $4 + 0 > hi[k]) hi[k] = $4 + 0
	if ((k in n) && n[k] != $3) err($1 " at " $2 " bytes: intervals of " n[k] " and " $3 " calls")
	n[k] = $3
}
END {
	if (bad) exit 1
	nd = split(drivers, d, ",")
	nz = split(sizes, z, ",")
	for (j = 1; j <= nz; j++) {
		b = "baseline" SUBSEP z[j]
		if (!(b in lo)) { err("no empty-loop (baseline) interval at " z[j] " bytes"); continue }
		for (i = 1; i <= nd; i++) {
			k = d[i] SUBSEP z[j]
			if (!(k in lo)) { err("no count for " d[i] " at " z[j] " bytes"); continue }
			if (n[k] != n[b]) { err(d[i] " at " z[j] " bytes: " n[k] " calls per interval, the empty loop " n[b]); continue }
			pc[k] = (lo[k] - lo[b]) / n[k]
			if (pc[k] <= 0) err(d[i] " at " z[j] " bytes: " pc[k] " instructions per call")
		}
	}
	if (bad) exit 1
	printf "%-16s %7s %19s %18s %18s\n", "driver", "size", "instructions/call", "instructions/byte", "vs " ref
	for (i = 1; i <= nd; i++) {
		for (j = 1; j <= nz; j++) {
			k = d[i] SUBSEP z[j]
			note = (lo[k] == hi[k]) ? "" : "  (repetitions differ by " hi[k] - lo[k] ")"
			printf "%-16s %7d %19.1f %18.3f %17.2fx%s\n", d[i], z[j], pc[k], pc[k] / z[j],
				pc[k] / pc[ref SUBSEP z[j]], note
			printf "%s\t%d\t%.1f\t%.4f\n", d[i], z[j], pc[k], pc[k] / z[j] > tsv
		}
	}
}' "$counts" || die "the counts in $counts do not make the table (above)"
