#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Modeled throughput of a vpmsumd loop with llvm-mca: finds, in a ppc64le
# object, the loop (a backward bdnz/bne/... branch) with the most vpmsumd,
# converts it to LLVM assembly and runs llvm-mca for POWER9 and POWER10.
# Reports cycles per iteration and bytes per cycle, taking 16 bytes per
# vpmsumd unless --bytes says otherwise; when the loop contains POWER8
# group-ending no-ops (ori r2,r2,0), also without them, since LLVM models
# them as a serial dependency on r2, which the hardware does not have.
#
# Default object: the VMX core, compiled here with the Kbuild flags.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

usage() {
	cat <<USAGE
Usage: $(basename "$0") [--object FILE] [--function SYM] [--bytes N] [--keep DIR]
  --object FILE   ppc64le object or module (default: crc32c_vmx_core.c compiled
                  with -O2 -mcpu=power8 -maltivec -mno-vsx -mhard-float)
  --function SYM  only look inside this symbol (default: whole object)
  --bytes N       bytes consumed per loop iteration (default: 16 per vpmsumd)
  --keep DIR      keep the extracted loop (.s) in DIR
Exit status: 0 ok, 1 tool or loop not found, 2 bad usage.
USAGE
}

obj= func= bytes= keep=
while [ $# -gt 0 ]; do
	case "$1" in
	--object) obj=${2:?}; shift 2 ;;
	--function) func=${2:?}; shift 2 ;;
	--bytes) bytes=${2:?}; shift 2 ;;
	--keep) keep=${2:?}; shift 2 ;;
	-h|--help) usage; exit 0 ;;
	*) echo "mca-loop: unknown argument '$1' (try --help)" >&2; exit 2 ;;
	esac
done

for tool in llvm-mca-14 powerpc64le-linux-gnu-objdump powerpc64le-linux-gnu-gcc; do
	command -v "$tool" >/dev/null || {
		echo "mca-loop: $tool not found (run tools/setup/install-host-deps.sh)" >&2
		exit 1
	}
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -z "$obj" ]; then
	# the POWER8 loop: the ISA 3.1 one (more vpmsumd) is not pwr9 code
	func=${func:-crc32c_vmx_core}
	obj=$work/crc32c_vmx_core.o
	powerpc64le-linux-gnu-gcc -O2 -mcpu=power8 -maltivec -mno-vsx -mhard-float -std=gnu11 \
		-I"$top/module/arch/powerpc" -I"$here" -I"$here/kernel-shim" -DCRC_VMX_ISA31_BUILT=1 \
		-c "$top/module/arch/powerpc/crc32c_vmx_core.c" -o "$obj"
fi

powerpc64le-linux-gnu-objdump -d --no-show-raw-insn "$obj" >"$work/all.dis"
if [ -n "$func" ]; then
	awk -v f="<$func>:" '$2 == f { p = 1; next } p && /^$/ { exit } p' "$work/all.dis" >"$work/f.dis"
else
	cp "$work/all.dis" "$work/f.dis"
fi

# Loops: a branch to a lower address. Keep the innermost ones (no other
# backward branch inside) and of those the one with the most vpmsumd.
awk '
	function hex(s,    i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^ *[0-9a-f]+:/ {
		line[n] = $0; at[n] = hex(substr($1, 1, length($1) - 1))
		back[n] = 0
		if (split($0, f, /[ \t]+/) >= 4 && f[3] ~ /^b[a-z]*$/ && f[3] !~ /^bl/ &&
		    f[4] ~ /^[0-9a-f]+$/ && hex(f[4]) < at[n]) {
			back[n] = 1; target[n] = hex(f[4])
		}
		n++
	}
	END {
		best = 0
		for (i = 0; i < n; i++) {
			if (!back[i]) continue
			c = 0; inner = 0
			for (j = 0; j < i; j++) {
				if (at[j] < target[i]) continue
				if (line[j] ~ /vpmsumd/) c++
				if (back[j]) inner = 1
			}
			if (!inner && c > best) { best = c; lo = target[i]; hi = at[i] }
		}
		if (best == 0) exit 1
		for (i = 0; i < n; i++) if (at[i] >= lo && at[i] <= hi) print line[i]
	}' "$work/f.dis" >"$work/loop.dis" || {
	echo "mca-loop: no loop with vpmsumd found in $obj${func:+ ($func)}" >&2
	exit 1
}

# objdump to LLVM syntax: label, registers with %, branch back to the label.
{
	echo ".Lloop:"
	sed -E 's/^ *[0-9a-f]+:[[:space:]]*//; s/[[:space:]]*<[^>]*>//; s/^(b[a-z]*)[[:space:]]+[0-9a-f]+$/\1 .Lloop/' \
		"$work/loop.dis" |
		sed -E 's/\b(vs|r|v|f)([0-9]+)\b/%\1\2/g; s/\bcr([0-7])\b/%cr\1/g'
} >"$work/loop.s"
grep -v -E '^ori[[:space:]]+%r2,%r2,0$' "$work/loop.s" >"$work/loop-noori.s"

nmul=$(grep -c vpmsumd "$work/loop.s")
ninsn=$(($(wc -l <"$work/loop.s") - 1))
nori=$(grep -c -E '^ori[[:space:]]+%r2,%r2,0$' "$work/loop.s" || true)
bytes=${bytes:-$((16 * nmul))}
[ -n "$keep" ] && mkdir -p "$keep" && cp "$work/loop.s" "$work/loop-noori.s" "$keep/"

echo "loop: $ninsn instructions, $nmul vpmsumd, $nori 'ori r2,r2,0', $bytes bytes/iteration"
report() { # file label
	local cpu out cyc rtp
	for cpu in pwr9 pwr10; do
		out=$(llvm-mca-14 -mtriple=powerpc64le-linux-gnu -mcpu=$cpu -iterations=1000 "$1")
		cyc=$(awk '/^Total Cycles:/ { print $3 / 1000 }' <<<"$out")
		rtp=$(awk '/^Block RThroughput:/ { print $3 }' <<<"$out")
		awk -v c="$cpu" -v l="$2" -v cy="$cyc" -v b="$bytes" -v r="$rtp" 'BEGIN {
			printf "  %-5s %-22s %6.2f cycles/iteration  %5.2f bytes/cycle  (block rthroughput %s)\n",
				c, l, cy, b / cy, r }'
	done
}
report "$work/loop.s" "as compiled"
[ "$nori" -gt 0 ] && report "$work/loop-noori.s" "without ori r2,r2,0"
exit 0
