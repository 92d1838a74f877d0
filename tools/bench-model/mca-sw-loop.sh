#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Modeled cycles per byte of a table-driven software CRC loop with llvm-mca:
# the generic drivers' engines (crc_t10dif_generic(), crc64_rocksoft_generic())
# process one byte per table lookup, a chain of dependent loads that
# instruction counts cannot see. Takes the loop of one function (the code
# between the target of its last backward branch and that branch), writes
# it as NAME-sw.s, and runs llvm-mca for each CPU model. Bytes per iteration
# are the loop's byte loads (lbz, lbzx, lbzu, lbzux): the compiler may unroll.
# Branches inside the loop (an unrolled loop's early exit) stay in the file;
# llvm-mca treats them as instructions that are never taken.
#
# Prints one tab-separated line per model:
#   name model insns bytes cycles_per_iter cycles_per_byte
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --name NAME --obj FILE --function SYM --dir DIR [--mcpu "pwr9 pwr10"]
  --name NAME     label of the loop in the output (e.g. crct10dif-generic)
  --obj FILE      ppc64le object or module holding SYM
  --function SYM  the function whose loop is modeled
  --dir DIR       where to write NAME-sw.s and llvm-mca's output
  --mcpu LIST     llvm-mca CPU models (default "pwr9 pwr10")
Exit codes: 0 ok, 1 failure (no loop, no byte load, llvm-mca failed), 2 bad usage.
USAGE
}

name='' obj='' dir='' func='' mcpus="pwr9 pwr10" iterations=1000
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--name|--obj|--dir|--function|--mcpu)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--name) name=$2 ;; --obj) obj=$2 ;; --dir) dir=$2 ;; --function) func=$2 ;;
		--mcpu) mcpus=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$name" ] && [ -n "$obj" ] && [ -n "$dir" ] && [ -n "$func" ] ||
	die 2 "--name, --obj, --function and --dir are required (try --help)"
[ -s "$obj" ] || die "$obj not found"
OBJDUMP=${OBJDUMP:-powerpc64le-linux-gnu-objdump}
MCA=${MCA:-llvm-mca-14}
command -v "$OBJDUMP" >/dev/null || die "$OBJDUMP not found (package binutils-powerpc64le-linux-gnu)"
command -v "$MCA" >/dev/null || die "$MCA not found (package llvm-14; run tools/setup.sh)"
mkdir -p "$dir"

rc=0
"$OBJDUMP" -d --no-show-raw-insn "$obj" | awk -v want="$func" '
	function hex(s,   i, v) {
		v = 0; s = tolower(s)
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^[0-9a-f]+ <.*>:$/ { sym = $2; gsub(/[<>:]/, "", sym); next }
	/^ *[0-9a-f]+:\t/ && sym == want {
		a = $1; sub(/:$/, "", a)
		line = $0; sub(/^ *[0-9a-f]+:\t/, "", line)
		n++; A[n] = hex(a); L[n] = line
		split(line, w, /[ \t]+/)
		# a backward branch to an address: b, bdnz, blt, bne, ... (not blr, bl)
		if (w[1] ~ /^b/ && w[1] !~ /^bl$/ && w[2] ~ /^[0-9a-f]+$/ && hex(w[2]) < A[n]) {
			last = n; target = hex(w[2])
		}
	}
	END {
		if (!last) exit 3
		for (first = last; first > 1 && A[first] > target; first--) ;
		if (A[first] != target) exit 3
		print ".Lloop:"
		for (i = first; i <= last; i++) {
			m = L[i]; sub(/[ \t].*/, "", m)
			ops = L[i]; sub(/^[^ \t]+[ \t]*/, "", ops); sub(/ *<[^>]*>$/, "", ops)
			if (i == last) { print "\t" m " .Lloop"; continue }
			print "\t" m (ops == "" ? "" : " " ops)
		}
	}' >"$dir/$name-sw.raw" || rc=$?
case $rc in
0) ;;
3) die "no loop closed by a backward branch in $func ($obj)" ;;
*) die "reading the disassembly of $obj failed" ;;
esac
sed -E -f "$here/mca-registers.sed" "$dir/$name-sw.raw" >"$dir/$name-sw.s"
rm -f "$dir/$name-sw.raw"
bytes=$(grep -cE '^	lbz(x|u|ux)? ' "$dir/$name-sw.s" || true)
[ "$bytes" -gt 0 ] || die "$name: the loop of $func loads no bytes; it is not a table-driven byte loop"

for mcpu in $mcpus; do
	out=$dir/$name-sw-$mcpu.mca
	"$MCA" -mtriple=powerpc64le-linux-gnu -mcpu="$mcpu" -iterations="$iterations" \
		"$dir/$name-sw.s" >"$out" 2>&1 || { cat "$out" >&2; die "$MCA -mcpu=$mcpu failed on $dir/$name-sw.s"; }
	awk -v name="$name" -v mcpu="$mcpu" -v bytes="$bytes" -v it="$iterations" '
		/^Instructions:/ { ins = $2 / it }
		/^Total Cycles:/ { cyc = $3 / it }
		END {
			if (!cyc) exit 1
			printf "%s\t%s\t%d\t%d\t%.2f\t%.2f\n", name, mcpu, ins, bytes, cyc, cyc / bytes
		}' "$out" || die "cannot read llvm-mca's summary in $out"
done
