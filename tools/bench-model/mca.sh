#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Modeled steady-state throughput of a vpmsumd folding loop with llvm-mca.
# Finds the loop in an object file's disassembly (the backward bdnz whose
# body holds the most vpmsumd), writes it as an assembly file llvm-mca reads,
# and runs llvm-mca for each CPU model, once on the loop as built and once
# without the POWER8 group-ending no-ops `ori r2,r2,0` (LLVM models them as a
# serial dependency on r2, which the hardware does not have; see
# /work/shared/notes/platform-facts.md and docs/performance.md).
#
# With --drop MNEMONIC, a third form leaves every instruction of that
# mnemonic out too (form "no-MNEMONIC"): the CRC-T10DIF loop without its
# byte-reversing vperm shows what the reversal costs.
#
# Prints one tab-separated line per (model, form):
#   name model form insns vpmsumd bytes cycles_per_iter bytes_per_cycle rthroughput
#   busiest-resource (llvm-mca's resource pressure per iteration, e.g. "CY 16.00")
# Bytes per iteration are 16 per vpmsumd (each folds one 16-byte block); the
# loop must also advance a pointer by that many bytes, or this fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --name NAME --obj FILE --dir DIR [--function SYM] [--mcpu "pwr9 pwr10"] [--iterations N] [--drop MNEMONIC]
  --name NAME     label of the loop in the output (e.g. crc32c-vmx)
  --obj FILE      ppc64le object or module to disassemble
  --dir DIR       where to write NAME.s and NAME-nohint.s (the llvm-mca inputs)
  --function SYM  take the loop from function SYM only (default: any function)
  --mcpu LIST     llvm-mca CPU models (default "pwr9 pwr10")
  --iterations N  llvm-mca iterations (default 1000)
  --drop MN       also model the loop without its MN instructions (form
                  no-MN, file NAME-no-MN.s); the loop must hold some
Exit codes: 0 ok, 1 failure (no loop found, llvm-mca failed), 2 bad usage.
USAGE
}

name='' obj='' dir='' func='' mcpus="pwr9 pwr10" iterations=1000 drop=''
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--name|--obj|--dir|--function|--mcpu|--iterations|--drop)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--name) name=$2 ;; --obj) obj=$2 ;; --dir) dir=$2 ;; --function) func=$2 ;;
		--mcpu) mcpus=$2 ;; --iterations) iterations=$2 ;; --drop) drop=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$name" ] && [ -n "$obj" ] && [ -n "$dir" ] || die 2 "--name, --obj and --dir are required (try --help)"
[[ "$drop" =~ ^[a-z0-9.]*$ ]] || die 2 "--drop takes one mnemonic (e.g. vperm)"
[ -s "$obj" ] || die "$obj not found (build it first)"
OBJDUMP=${OBJDUMP:-powerpc64le-linux-gnu-objdump}
MCA=${MCA:-llvm-mca-14}
command -v "$OBJDUMP" >/dev/null || die "$OBJDUMP not found (package binutils-powerpc64le-linux-gnu)"
command -v "$MCA" >/dev/null || die "$MCA not found (package llvm-14; run tools/setup.sh)"
mkdir -p "$dir"

# objdump lines "  190:	lvx     v16,0,r3" -> the chosen loop, one instruction
# a line, registers as %r3/%v16/%vs32/%f1/%cr7 (llvm-mca's PowerPC syntax).
"$OBJDUMP" -d --no-show-raw-insn "$obj" >"$dir/$name.dis" || die "$OBJDUMP cannot disassemble $obj"
rc=0
awk -v want="$func" '
	function hex(s,   i, v) {
		v = 0; s = tolower(s)
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^[0-9a-f]+ <.*>:$/ { fn++; sym = $2; gsub(/[<>:]/, "", sym); next }
	/^ *[0-9a-f]+:\t/ {
		if (want != "" && sym != want) next
		a = $1; sub(/:$/, "", a); addr = hex(a)
		line = $0; sub(/^ *[0-9a-f]+:\t/, "", line)
		n++; A[n] = addr; L[n] = line; F[n] = fn
		split(line, w, /[ \t]+/)
		if (w[1] == "bdnz" && hex(w[2]) < addr) {
			t = hex(w[2]); v = 0; c = 0
			for (i = n; i > 0 && A[i] >= t && F[i] == fn; i--) {
				c++; if (L[i] ~ /^vpmsumd/) v++
			}
			if (A[i + 1] == t && (v > bestv || (v == bestv && c > bestc))) {
				bestv = v; bestc = c; first = i + 1; last = n
			}
		}
	}
	END {
		if (!bestv) exit 3
		print ".Lloop:"
		for (i = first; i <= last; i++) {
			line = L[i]
			if (line ~ /^bdnz/) { print "\tbdnz .Lloop"; continue }
			if (line ~ /^b[a-z]*[ \t]/) { print "branch inside the loop: " line > "/dev/stderr"; exit 4 }
			m = line; sub(/[ \t].*/, "", m)
			ops = line; sub(/^[^ \t]+[ \t]*/, "", ops)
			print "\t" m (ops == "" ? "" : " " ops)
		}
	}' "$dir/$name.dis" >"$dir/$name.raw" || rc=$?
case $rc in
0) ;;
3) die "no vpmsumd loop closed by a backward bdnz found in $obj" ;;
4) die "the vpmsumd loop in $obj has a branch inside; it is not a straight-line steady state" ;;
*) die "reading the disassembly of $obj failed" ;;
esac
sed -E -f "$here/mca-registers.sed" "$dir/$name.raw" >"$dir/$name.s"
rm -f "$dir/$name.dis" "$dir/$name.raw"

vpmsumd=$(grep -c '^	vpmsumd ' "$dir/$name.s")
bytes=$((16 * vpmsumd))
grep -Eq "^	addi %r[0-9]+,%r[0-9]+,$bytes\$" "$dir/$name.s" ||
	die "$name: $vpmsumd vpmsumd per iteration but no pointer advances by $bytes bytes; bytes/cycle would be wrong"
grep -v '^	ori %r2,%r2,0$' "$dir/$name.s" >"$dir/$name-nohint.s"
forms="built nohint"
if [ -n "$drop" ]; then
	grep -q "^	$drop " "$dir/$name.s" || die "$name: the loop holds no $drop to leave out"
	grep -v "^	$drop " "$dir/$name.s" >"$dir/$name-no-$drop.s"
	forms+=" no-$drop"
fi

for mcpu in $mcpus; do
	for form in $forms; do
		src=$dir/$name-$form.s
		[ "$form" != built ] || src=$dir/$name.s
		out=$dir/$name-$mcpu-$form.mca
		"$MCA" -mtriple=powerpc64le-linux-gnu -mcpu="$mcpu" -iterations="$iterations" \
			"$src" >"$out" 2>&1 || { cat "$out" >&2; die "$MCA -mcpu=$mcpu failed on $src"; }
		# llvm-mca leaves out a line it cannot parse and still models the rest
		! grep -q 'error:' "$out" || { cat "$out" >&2; die "$MCA -mcpu=$mcpu could not read all of $src"; }
		awk -v name="$name" -v mcpu="$mcpu" -v form="$form" -v bytes="$bytes" \
			-v vp="$vpmsumd" -v it="$iterations" '
			/^Instructions:/ { ins = $2 / it }
			/^Total Cycles:/ { cyc = $3 / it }
			/^Block RThroughput:/ { rt = $3 }
			# "[14.2] - IP_AGEN": resource names by column
			/^\[[0-9.]+\] +- / { res[$1] = $3 }
			/^Resource pressure per iteration:/ { getline hdr; getline vals; nh = split(hdr, h, / +/); split(vals, v, / +/) }
			END {
				if (!cyc) exit 1
				# the busiest resource: what bounds the loop in the model
				best = -1
				for (i = 1; i <= nh; i++) if (h[i] != "" && v[i] != "-" && v[i] + 0 > best) { best = v[i] + 0; bn = res[h[i]] }
				printf "%s\t%s\t%s\t%d\t%d\t%d\t%.2f\t%.2f\t%s\t%s %.2f\n", name, mcpu, form, ins, vp, bytes, cyc, bytes / cyc, rt, bn, best
			}' "$out" || die "cannot read llvm-mca's summary in $out"
	done
done
