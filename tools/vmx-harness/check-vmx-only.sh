#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Fails when an object holds an instruction that needs more than MSR[VEC]
# (enable_kernel_altivec()): any VSX or floating-point instruction, or any
# instruction on a VSX register 0-31 (the FPRs). Allowed: AltiVec (VMX) and
# the vector crypto instructions, mfvrd/mtvrd (mfvsrd/mtvsrd on VR 0-31,
# printed so by objdump), and the ISA 3.1 paired loads and stores (lxvp,
# stxvp) on VSR 32-63, which need only MSR[VEC] too. The one VSX code of
# the project, the ISA 3.1 loop, is an assembly file of its own
# (crc_vmx_isa31_loop.S) that this check is not given.
#
# --self-test assembles objects that hold each kind of forbidden instruction
# and one that holds only allowed ones, and checks the verdicts.
set -euo pipefail

usage() {
	cat <<USAGE
Usage: $(basename "$0") [--objdump PROG] OBJECT...
       $(basename "$0") [--objdump PROG] --as PROG --self-test
Exit status: 0 only AltiVec, 1 a forbidden
instruction (each is listed) or a tool failure, 2 bad usage.
USAGE
}

objdump=powerpc64le-linux-gnu-objdump as=powerpc64le-linux-gnu-as
objs=() selftest=0
while [ $# -gt 0 ]; do
	case "$1" in
	--objdump) objdump=${2:?}; shift 2 ;;
	--as) as=${2:?}; shift 2 ;;
	--self-test) selftest=1; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) echo "check-vmx-only: unknown argument '$1' (try --help)" >&2; exit 2 ;;
	*) objs+=("$1"); shift ;;
	esac
done

# check OBJECT: prints each forbidden instruction, fails on any.
check() {
	local obj=$1
	"$objdump" -d --no-show-raw-insn "$obj" >"$work/dis" ||
		{ echo "check-vmx-only: $objdump cannot disassemble $obj" >&2; return 1; }
	awk -v obj="$obj" '
		/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
		/^ *[0-9a-f]+:\t/ {
			line = $0; sub(/^ *[0-9a-f]+:\t/, "", line)
			m = line; sub(/[ \t].*/, "", m)
			ops = line; sub(/^[^ \t]+[ \t]*/, "", ops); sub(/[ \t]*#.*/, "", ops)
			why = ""
			if (m ~ /^x[xvs]/)
				why = "VSX (XX form)"
			else if (m ~ /^p?(lx|stx)/ && m !~ /^p?(lxvp|stxvp)$/)
				why = "VSX load/store"
			else if (m ~ /^(p?lf|p?stf|mffs|mtfs|f[a-z])/ && m !~ /^fence/)
				why = "floating point"
			# a branch target is an address (f30 is one), not a register
			n = m ~ /^b/ ? 0 : split(ops, tok, /[ ,()]+/)
			for (i = 1; i <= n && why == ""; i++) {
				if (tok[i] ~ /^vs[0-9]+$/ && substr(tok[i], 3) + 0 < 32)
					why = "VSX register " tok[i]
				else if (tok[i] ~ /^f[0-9]+$/)
					why = "FP register " tok[i]
			}
			if (why != "") {
				printf "%s: %s: %s (%s)\n", obj, fn, line, why
				bad++
			}
		}
		END { exit bad > 0 }' "$work/dis"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$selftest" -eq 1 ]; then
	command -v "$as" >/dev/null || { echo "check-vmx-only: $as not found" >&2; exit 1; }
	fail=0
	# verdict NAME WANT(0|1) INSTRUCTIONS...: one function per object
	verdict() {
		local name=$1 want=$2 rc=0
		shift 2
		printf '\t.machine power10\n\t.text\n\t.globl f\nf:\n' >"$work/$name.s"
		printf '\t%s\n' "$@" >>"$work/$name.s"
		"$as" -o "$work/$name.o" "$work/$name.s" || { echo "FAIL $name: does not assemble"; fail=1; return; }
		check "$work/$name.o" >"$work/$name.out" || rc=$?
		if [ "$rc" -eq "$want" ]; then
			echo "ok   $name (exit $rc)"
		else
			echo "FAIL $name: exit $rc, want $want"; cat "$work/$name.out"; fail=1
		fi
	}
	verdict altivec-only 0 'lvx 2,0,3' 'lvsr 3,0,4' 'vperm 2,2,3,4' 'vpmsumd 2,2,3' \
		'vxor 2,2,3' 'mfvrd 3,2' 'mtvrd 2,3' 'vsldoi 2,2,2,8' 'lxvp 48,0(3)' 'xor 3,3,4' 'blr'
	verdict branch-to-f30 0 '.skip 0xf34' 'b .-4'
	verdict xxlxor 1 'xxlxor 34,34,34'
	verdict xxeval 1 'xxeval 34,34,35,36,105'
	verdict lxvd2x-vr 1 'lxvd2x 34,0,3'
	verdict lxv 1 'lxv 0,0(3)'
	verdict stxvd2x 1 'stxvd2x 32,0,3'
	verdict lxvp-fpr 1 'lxvp 0,0(3)'
	verdict mfvsrd-fpr 1 'mfvsrd 3,1'
	verdict lfd 1 'lfd 1,0(3)'
	verdict fmr 1 'fmr 1,2'
	exit "$fail"
fi

[ ${#objs[@]} -gt 0 ] || { usage >&2; exit 2; }
command -v "$objdump" >/dev/null || { echo "check-vmx-only: $objdump not found" >&2; exit 1; }
rc=0
for o in "${objs[@]}"; do
	[ -s "$o" ] || { echo "check-vmx-only: $o not found" >&2; rc=1; continue; }
	if check "$o"; then
		echo "ok   $o: AltiVec only"
	else
		rc=1
	fi
done
exit "$rc"
