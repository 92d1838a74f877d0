#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The short-call cycle model (issue 2.4, item 3): llvm-mca of the whole
# instruction stream one call executes, for the vector core and for the
# slice-by-8 fallback, at short sizes.
#
#   1. links tools/bench-model/short-call/ with the VMX core object the
#      kernel build made (the driver's machine code, unchanged) and the
#      slice-by-8 stand-in for the kernel's __crc32c_le() (the glue's
#      software path) compiled with the glue's code-generation flags;
#   2. runs it under qemu-ppc64le with the insn-interval plugin in trace
#      mode: one interval per call, the executed instruction words in order;
#   3. disassembles each trace with objdump (branch targets become one
#      label: llvm-mca neither follows branches nor needs their targets) and
#      runs llvm-mca on it for each CPU model (calls and returns as no-ops,
#      see below), twice: one iteration (one
#      call from an idle pipeline: its latency, the dependent multiplies
#      included) and 100 iterations (calls back to back, each independent
#      of the one before: throughput).
#
# Prints one tab-separated line per (subject, size, model):
#   subject size model insns cycles_one cycles_each
# and keeps the .s files in DIR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --core-obj FILE... --plugin FILE --dir DIR [--sizes "N ..."] [--mcpu "pwr9 pwr10"]
  --core-obj FILE  an object of the core as the kernel build made it, once for each:
                   module/arch/powerpc/crc32c_vmx_core.o and, where it is built
                   (little-endian), its ISA 3.1 loop crc_vmx_isa31_loop.o
  --plugin FILE    the insn-interval plugin (tools/bench-model/plugin), built for this host
  --dir DIR        where to put the program, the traces and the llvm-mca inputs
  --sizes LIST     call sizes in bytes (default: every 8 from 16 to 256, 384, 512)
  --mcpu LIST      llvm-mca CPU models (default "pwr9 pwr10")
Exit codes: 0 ok, 1 failure (build, run, paths disagree, llvm-mca), 2 bad usage.
USAGE
}

core_objs=() plugin='' dir='' sizes='' mcpus="pwr9 pwr10"
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--core-obj|--plugin|--dir|--sizes|--mcpu)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--core-obj) core_objs+=("$2") ;; --plugin) plugin=$2 ;; --dir) dir=$2 ;;
		--sizes) sizes=$2 ;; --mcpu) mcpus=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ ${#core_objs[@]} -gt 0 ] && [ -n "$plugin" ] && [ -n "$dir" ] || die 2 "--core-obj, --plugin and --dir are required (try --help)"
for o in "${core_objs[@]}"; do
	[ -s "$o" ] || die "$o not found (build the module first)"
done
[ -s "$plugin" ] || die "$plugin not found (build the plugin first)"
[ -n "$sizes" ] || sizes="$(seq -s ' ' 16 8 256) 384 512"
CC=${CC_PPC64LE:-powerpc64le-linux-gnu-gcc}
OBJDUMP=${OBJDUMP:-powerpc64le-linux-gnu-objdump}
MCA=${MCA:-llvm-mca-14}
QEMU=${QEMU_PPC64LE:-qemu-ppc64le}
for t in "$CC" "$OBJDUMP" "$MCA" "$QEMU"; do
	command -v "$t" >/dev/null || die "$t not found: run tools/setup.sh (packages in tools/setup/host-packages.txt)"
done
rm -rf "$dir"
mkdir -p "$dir/s"

# 1. The program. sw.c gets the glue's code generation (no vector
# registers); the core is the kernel build's objects, linked as they are.
src=$here/short-call
common=(-O2 -std=gnu11 -Wall -Wextra -Werror -mcpu=power8 -I"$top/module"
	-I"$top/module/arch/powerpc" -I"$top/tools/vmx-harness" -I"$top/tools/vmx-harness/kernel-shim"
	-I"$src")
"$CC" "${common[@]}" -mno-altivec -mno-vsx -c "$src/sw.c" -o "$dir/sw.o" &&
"$CC" "${common[@]}" -c "$src/short_call.c" -o "$dir/short_call.o" &&
"$CC" -static -z noexecstack -o "$dir/short-call" "$dir/short_call.o" "$dir/sw.o" "${core_objs[@]}" ||
	die "building the short-call program failed"

# 2. One traced interval per call.
# shellcheck disable=SC2086 # the sizes are words
"$QEMU" -cpu power8 -plugin "$plugin,out=$dir/intervals.txt,trace=$dir/traces.txt" \
	"$dir/short-call" $sizes >"$dir/labels.txt" ||
	die "short-call failed under $QEMU (the vector and slice-by-8 paths must agree; see above)"
n_labels=$(grep -c '^interval subject=' "$dir/labels.txt" || true)
n_traces=$(grep -c '^trace ' "$dir/traces.txt" || true)
[ "$n_labels" -gt 0 ] && [ "$n_labels" -eq "$n_traces" ] ||
	die "the program logged $n_labels calls but the plugin traced $n_traces ($dir)"
! grep -q ' truncated$' "$dir/traces.txt" || die "a trace was truncated ($dir/traces.txt)"

# 3. Each trace as llvm-mca assembly, then the models.
paste -d ' ' <(sed 's/^interval //' "$dir/labels.txt") <(sed 's/^trace [^w]*words=//' "$dir/traces.txt") |
while read -r subj sz words; do
	subj=${subj#subject=} sz=${sz#size=}
	name=$subj-$sz
	# shellcheck disable=SC2086 # the words are words
	printf '%s\n' $words | python3 -c '
import struct, sys
sys.stdout.buffer.write(b"".join(struct.pack("<I", int(w, 16)) for w in sys.stdin.read().split()))' >"$dir/s/$name.bin"
	"$OBJDUMP" -D -b binary -m powerpc:common64 -EL -M power10 --no-show-raw-insn "$dir/s/$name.bin" |
		awk -F'\t' '
			/^ *[0-9a-f]+:\t/ {
				line = $2; sub(/[ \t]+$/, "", line)
				m = line; sub(/[ \t].*/, "", m)
				ops = line; sub(/^[^ \t]+[ \t]*/, "", ops)
				if (m == ".long") { print "undecodable word in a trace: " ops > "/dev/stderr"; exit 1 }
				# Calls and returns as no-ops: LLVM models bl with a
				# latency of about 100 cycles that holds up the
				# instructions after it, while a predicted call or
				# return costs POWER a dispatch slot and no latency.
				if (m ~ /^(bl|blr|bctr|bctrl)$/) { m = "nop"; ops = "" }
				if (m ~ /^b/) sub(/0x[0-9a-f]+$/, ".Lt", ops)
				n++
				print "\t" m (ops == "" ? "" : " " ops)
			}
			END { if (!n) exit 1; print ".Lt:" }' |
		sed -E -f "$here/mca-registers.sed" >"$dir/s/$name.s" ||
		die "cannot disassemble the trace of $subj at $sz bytes"
	# The label the branches name, first, so that every branch is backward.
	{ echo ".Lt:"; grep -v '^\.Lt:$' "$dir/s/$name.s"; } >"$dir/s/$name.tmp" && mv "$dir/s/$name.tmp" "$dir/s/$name.s"
	insns=$(grep -c '^	' "$dir/s/$name.s")
	for mcpu in $mcpus; do
		for it in 1 100; do
			"$MCA" -mtriple=powerpc64le-linux-gnu -mcpu="$mcpu" -iterations="$it" \
				"$dir/s/$name.s" >"$dir/s/$name-$mcpu-$it.mca" 2>&1 ||
				{ cat "$dir/s/$name-$mcpu-$it.mca" >&2; die "$MCA -mcpu=$mcpu failed on $dir/s/$name.s"; }
		done
		one=$(awk '/^Total Cycles:/ { print $3 }' "$dir/s/$name-$mcpu-1.mca")
		each=$(awk '/^Total Cycles:/ { printf "%.1f", $3 / 100 }' "$dir/s/$name-$mcpu-100.mca")
		[ -n "$one" ] && [ -n "$each" ] || die "no cycle count in $dir/s/$name-$mcpu-*.mca"
		printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$subj" "$sz" "$mcpu" "$insns" "$one" "$each"
	done
	rm -f "$dir/s/$name.bin"
done
