#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# plot-crcbench.sh: turn a crcbench-alg run report into a PNG chart of
# throughput (median MB/s, min..max as error bars) against buffer size, one
# line per driver. Emulated runs get a red "EMULATED - NOT POWER performance"
# banner, as in the tool's own output.
#
# Usage: tools/plot-crcbench.sh [--title TEXT] REPORT.csv|REPORT.json OUT.png
#   REPORT.csv   from: crcbench-alg run --csv FILE (or --format csv)
#   REPORT.json  from: crcbench-alg run --json FILE (needs python3 to read)
# Needs gnuplot (Debian: gnuplot-nox).
# Exit codes: 0 ok, 1 failure (bad input, gnuplot missing or failing), 2 bad usage.
set -eu

usage() { sed -n '4,13p' "$0" | sed 's/^# \{0,1\}//'; }
# shellcheck source=lib/plot.sh
. "$(cd "$(dirname "$0")" && pwd)/lib/plot.sh"
die() { echo "plot-crcbench: $*" >&2; exit 1; }

title=""
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--title) [ $# -ge 2 ] || { echo "plot-crcbench: --title needs a value" >&2; exit 2; }
		title=$2; shift 2 ;;
	-*) echo "plot-crcbench: unknown option '$1' (try --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || { echo "plot-crcbench: need REPORT and OUT.png (try --help)" >&2; exit 2; }
in=$1 out=$2
[ -r "$in" ] || die "cannot read $in"
command -v gnuplot >/dev/null 2>&1 || die "gnuplot not found: apt-get install gnuplot-nox"

work=$(mktemp -d "${TMPDIR:-/tmp}/plot-crcbench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# JSON -> the CSV columns used here.
case "$in" in
*.json)
	command -v python3 >/dev/null 2>&1 ||
		die "reading JSON needs python3; give the CSV instead (crcbench-alg run --csv FILE)"
	python3 - "$in" >"$work/report.csv" <<'PY' || die "$in is not a crcbench-alg run report"
import csv, json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] in ("crcbench-alg.run.v1", "crcbench-alg.run.v2")
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["driver", "size", "bytes_per_s_min", "bytes_per_s_median", "bytes_per_s_max",
            "emulated", "kernel_release", "cpu_model", "mode", "threads"])
s, c = r["system"], r["config"]
for x in r["results"]:
    b = x["bytes_per_s"]
    w.writerow([x["driver"], x["size"], b["min"], b["median"], b["max"],
                "true" if s["emulated"] else "false", s["kernel_release"], s["cpu_model"],
                c["mode"], c["threads"]])
PY
	in="$work/report.csv" ;;
esac

# Split the CSV by driver: size, median, min, max in MB/s. Columns are found
# by header name; only cpu_model may hold commas (quoted), and the columns
# after it are not read.
awk -F, -v dir="$work" '
function unquote(s) { gsub(/^"|"$/, "", s); gsub(/""/, "\"", s); return s }
NR == 1 {
	for (i = 1; i <= NF; i++) col[$i] = i
	need = "driver size bytes_per_s_min bytes_per_s_median bytes_per_s_max emulated"
	n = split(need, want, " ")
	for (i = 1; i <= n; i++) if (!(want[i] in col)) { print "missing column " want[i] > "/dev/stderr"; exit 3 }
	next
}
# Rows of the tcrypt backend (run --backend afalg,tcrypt) are not charted;
# those of AF_ALG and of the user: baselines (backend "user") are.
"backend" in col && $col["backend"] == "tcrypt" { next }
NF >= 6 {
	d = $col["driver"]
	if (!(d in idx)) { idx[d] = ++nd; order[nd] = d }
	printf "%s %.6f %.6f %.6f\n", $col["size"], $col["bytes_per_s_median"] / 1e6, \
		$col["bytes_per_s_min"] / 1e6, $col["bytes_per_s_max"] / 1e6 > (dir "/d" idx[d] ".dat")
	sizes[$col["size"] + 0] = 1
	# "true" since CSVs spell booleans as the JSON does; "yes" before.
	if ($col["emulated"] == "true" || $col["emulated"] == "yes") emulated = 1
	if ("kernel_release" in col) kernel = $col["kernel_release"]
	if ("cpu_model" in col) {
		# a quoted field runs to the first field that ends in a quote
		i = col["cpu_model"]
		cpu = $i
		if (cpu ~ /^"/)
			while ((cpu == "\"" || cpu !~ /"$/) && i < NF) cpu = cpu "," $(++i)
		cpu = unquote(cpu)
	}
	if ("mode" in col) mode = $col["mode"]
	if ("threads" in col) threads = $col["threads"]
}
END {
	if (nd == 0) { print "no result rows" > "/dev/stderr"; exit 3 }
	for (i = 1; i <= nd; i++) print order[i] > (dir "/drivers")
	# x tics at the measured sizes, labelled in binary units (64, 1K, 1M)
	tics = ""
	for (s in sizes) {
		v = s + 0
		if (v >= 1048576 && v % 1048576 == 0) l = (v / 1048576) "M"
		else if (v >= 1024 && v % 1024 == 0) l = (v / 1024) "K"
		else l = v
		tics = tics (tics == "" ? "" : ", ") "\"" l "\" " v
	}
	print "set xtics (" tics ")" > (dir "/xtics")
	printf "%s\n%s\n%s\n%s\n%d\n", kernel, cpu, mode, threads, emulated > (dir "/meta")
}' "$in" || die "$in is not a crcbench-alg CSV report"

kernel=$(sed -n 1p "$work/meta")
cpu=$(sed -n 2p "$work/meta")
mode=$(sed -n 3p "$work/meta")
threads=$(sed -n 4p "$work/meta")
emulated=$(sed -n 5p "$work/meta")
[ -n "$title" ] || title="crc32c through AF_ALG: throughput by buffer size"
sub="kernel $kernel, $cpu"
[ -z "$mode" ] || sub="$sub, mode $mode, threads $threads"
{
	plot_head "$out" "$(plot_quote "$title")\\n$(plot_quote "$sub")" \
		"throughput, MB/s (10^6 bytes/s), median; bars: min..max" "$work/xtics"
	echo 'set offsets graph 0.03, graph 0.03, 0, 0'
	echo 'set key bottom right box opaque'
	if [ "$emulated" = 1 ]; then
		echo 'set label 1 "EMULATED (QEMU TCG): these figures are NOT POWER performance" at graph 0.5, graph 0.94 center font "sans,16" tc rgb "#cc0000" front'
		echo 'set object 1 rectangle from graph 0,0 to graph 1,1 behind fc rgb "#fff4f4" fs solid noborder'
	fi
	plot_lines "$work" 1:2:3:4 yerrorlines
} >"$work/plot.gp"

gnuplot "$work/plot.gp" 2>"$work/gnuplot.err" || {
	cat "$work/gnuplot.err" >&2
	die "gnuplot failed"
}
[ -s "$out" ] || die "gnuplot wrote no $out"
echo "$out"
