#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# plot-insns.sh: chart instructions per byte against buffer size, one line
# per crc32c driver, from the TSV that tools/bench-model/insn-table.sh
# writes (--tsv). The counts are exact under QEMU (an instruction-counting
# plugin); the chart says so, and that they are not time.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=lib/plot.sh
. "$top/tools/lib/plot.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--title TEXT] TABLE.tsv OUT.png
  TABLE.tsv  driver, size, instructions/call, instructions/byte (one line
             per driver and size; from insn-table.sh --tsv)
Needs gnuplot (Debian: gnuplot-nox, in tools/setup/host-packages.txt).
Exit codes: 0 chart written, 1 failure (bad input, gnuplot missing or failing), 2 bad usage.
USAGE
}
title="crc32c: instructions executed per byte (exact count under QEMU; not time)"
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--title) [ $# -ge 2 ] || die 2 "--title needs a value"; title=$2; shift 2 ;;
	-*) die 2 "unknown option '$1' (try --help)" ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || die 2 "need TABLE.tsv and OUT.png (try --help)"
in=$1 out=$2
[ -s "$in" ] || die "cannot read $in (or it is empty)"
command -v gnuplot >/dev/null || die "gnuplot not found: run tools/setup.sh (gnuplot-nox)"

work=$(mktemp -d "${TMPDIR:-/tmp}/plot-insns.XXXXXX")
trap 'rm -rf "$work"' EXIT
# One data file per driver, in the order of first appearance; x tics at the
# measured sizes in binary units.
awk -F'\t' -v dir="$work" '
NF != 4 || $2 !~ /^[0-9]+$/ || $4 !~ /^[0-9.]+$/ { print "line " NR ": not driver, size, per call, per byte" > "/dev/stderr"; exit 3 }
{
	if (!($1 in idx)) { idx[$1] = ++nd; print $1 > (dir "/drivers") }
	print $2, $4 > (dir "/d" idx[$1] ".dat")
	sizes[$2 + 0] = 1
}
END {
	if (nd == 0) exit 3
	t = ""
	for (s in sizes) {
		v = s + 0
		l = (v >= 1024 && v % 1024 == 0) ? (v / 1024) "K" : v
		t = t (t == "" ? "" : ", ") "\"" l "\" " v
	}
	print "set xtics (" t ")" > (dir "/xtics")
}' "$in" || die "$in is not an instruction table (insn-table.sh --tsv)"
{
	plot_head "$out" "$(plot_quote "$title")" \
		"instructions per byte (per call, empty loop subtracted)" "$work/xtics"
	echo 'set offsets graph 0.03, graph 0.03, 0, 0'
	echo 'set key top right box opaque'
	plot_lines "$work" 1:2 linespoints
} >"$work/plot.gp"
gnuplot "$work/plot.gp" 2>"$work/gnuplot.err" || { cat "$work/gnuplot.err" >&2; die "gnuplot failed"; }
[ -s "$out" ] || die "gnuplot wrote no $out"
echo "$out"
