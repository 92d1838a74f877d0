#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Machine-code check of the built module. Only the core objects (the
# CRC32C core module/arch/powerpc/crc32c_vmx_core.o, its ISA 3.1 loop
# crc_vmx_isa31_loop.o and the CRC family's template cores
# crct10dif_vmx_core.o and crc64_rocksoft_vmx_core.o beside it) may use the
# vector unit: they run between enable_kernel_altivec() or
# enable_kernel_vsx() and the matching disable. Every other object (the glue, the counters) runs
# with the vector unit off and must contain no VMX, VSX or FP instruction;
# the kernel's flags forbid them, and this proves it. And the module and
# each core must contain vpmsumd, or the "vector" path is not one.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"

OBJDUMP=${OBJDUMP:-powerpc64le-linux-gnu-objdump}

# The CRC family's template cores (module/arch/powerpc/crc_vmx_core_template.h):
# POWER8 code, built by tools/build-guest.sh into crc_family_vmx.ko.
family=(module/arch/powerpc/crct10dif_vmx_core.o module/arch/powerpc/crc64_rocksoft_vmx_core.o)
# The CRC32C core (POWER8 code) and its ISA 3.1 loop (POWER10 and later,
# built for little-endian kernels: Kbuild, vmx-flags.mk).
core=module/arch/powerpc/crc32c_vmx_core.o
loop=module/arch/powerpc/crc_vmx_isa31_loop.o
# The only objects that may use the vector unit.
cores=("$core" "$loop" "${family[@]}")

usage() {
	cat <<USAGE
Usage: ${0##*/} [--dir DIR] [--no-vector OBJ ...] [--vpmsumd OBJ ...] [--isa31 OBJ ...]
       ${0##*/} [--power8 OBJ ...]
       ${0##*/} --self-test
Disassembles with $OBJDUMP (OBJDUMP= overrides) and fails if
  - an object that must stay scalar (default: every DIR/module/**/*.o but
    the core objects ${cores[*]##*/},
    among them DIR/module/crc32c_vmx_glue.o and DIR/module/crc_family_vmx_glue.o,
    which must exist) holds any VMX, VSX or floating-point
    instruction: a vector, VSX or FP register operand (v0-v31, vs0-vs63,
    f0-f31) or a mnemonic of those units (lvx, stvx, lxv*, stxv*, lxs*, xx*,
    xs*, xv*, v*, mfvscr, mtvscr, mfvsr*, mtvsr*, mfvrsave, dss, dst*, f*,
    lf*, stf*, mffs, mtfs*, mcrfs, prefixed pl*/pst* forms);
  - an object that must use the vector core (default: DIR/crc32c_vmx.ko,
    DIR/crc_family_vmx.ko and the family's template cores DIR/${family[0]} and
    DIR/${family[1]}) has no vpmsumd;
  - an object that must run on POWER8 (default: DIR/$core and the
    family's template cores) has any ISA 3.1 instruction (the list in the
    next item);
  - in the ISA 3.1 loop (default: DIR/$loop), an ISA 3.1 instruction
    (lxvp, stxvp, xxeval, xxpermx, xxblendv*, xxsplti*, lxvr*/stxvr*,
    prefixed p* forms) is outside the function crc_vmx_fold_streams_isa31
    (which only crc32c_vmx_core_isa31() calls, and the glue only on
    POWER10 and later), or it has no lxvp and xxeval (the loop is gone).
DIR defaults to the top of this tree (build first: tools/build-guest.sh or
make KDIR=... ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-
CRCVMX_FAMILY_CORES=y: without it the template cores are built only for a
kernel that has the crct10dif and crc64-rocksoft algorithms). Giving
--no-vector, --vpmsumd, --isa31 or --power8 replaces that kind's defaults and
turns the default ISA 3.1 and POWER8 checks off unless --isa31 or --power8 is
given too; relative paths are taken from DIR.
  --self-test   prove that the check fails when it should: compiles small
                objects with powerpc64le-linux-gnu-gcc (a vector op, FP code,
                vpmsumd, integer code) and checks them as glue or module.
Exit codes: 0 all checks passed, 1 a check failed (offending instructions are
listed), 2 bad usage, 3 a tool or an object is missing.
USAGE
}

# Every instruction of OBJ as "function<TAB>mnemonic<TAB>operands", symbol
# names in <...> and comments dropped.
insns() {
	local dis
	dis=$("$OBJDUMP" -d --no-show-raw-insn "$1") || die 3 "$OBJDUMP cannot disassemble $1"
	printf '%s\n' "$dis" | awk '
		/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
		/^ *[0-9a-f]+:\t/ {
			line = $0
			sub(/^ *[0-9a-f]+:\t/, "", line)
			sub(/[ \t]*#.*$/, "", line)
			gsub(/<[^>]*>/, "", line)
			n = index(line, " ")
			if (n) { mn = substr(line, 1, n - 1); ops = substr(line, n + 1) }
			else { mn = line; ops = "" }
			gsub(/[ \t]/, "", ops)
			printf "%s\t%s\t%s\n", fn, mn, ops
		}'
}

# Lines of insns() that use the vector/VSX/FP units.
vector_insns() {
	insns "$1" | awk -F'\t' '
		function regs(ops,   n, i, t) {
			n = split(ops, t, /[,()]/)
			for (i = 1; i <= n; i++)
				if (t[i] ~ /^(v|vs|f)[0-9]+$/)
					return 1
			return 0
		}
		{
			mn = $2
			sub(/[.+-]+$/, "", mn)	# record forms, branch hints
			# Branches take a hex target address ("bl f0"), never a
			# vector or FP register: only their mnemonic counts.
			if (mn ~ /^(lv|stv|lxv|stxv|lxs|stxs|xx|xs|xv|v|mfvscr|mtvscr|mfvsr|mtvsr|mffpr|mtfpr|mfvr|mtvr|dss|dst|f|lf|stf|mffs|mtfs|mcrfs|plxv|pstxv|plxs|pstxs|plf|pstf|lxvp|stxvp|plxvp|pstxvp)/ ||
			    (mn !~ /^b/ && regs($3)))
				print
		}'
}

# fail_with MESSAGE LINES: the failure and the first 20 offending
# instructions (lines of insns()) on stderr; returns 1.
fail_with() {
	printf '%s: FAIL: %s\n' "${0##*/}" "$1" >&2
	printf '%s\n' "$2" | head -n 20 | awk -F'\t' '{ printf "  %s: %s %s\n", $1, $2, $3 }' >&2
	return 1
}

check_no_vector() { # OBJ
	local bad
	bad=$(vector_insns "$1")
	[ -z "$bad" ] || fail_with "$1 must not use VMX/VSX/FP, but has $(printf '%s\n' "$bad" | wc -l) such instruction(s):" "$bad" || return 1
	echo "ok: $1: no VMX/VSX/FP instruction ($(insns "$1" | wc -l) instructions)"
}

# Lines of insns() with an ISA 3.1 (POWER10) instruction.
isa31_insns() {
	insns "$1" | awk -F'\t' '$2 ~ /^(lxvp|stxvp|xxeval|xxpermx|xxblendv|xxsplti|lxvr|stxvr|pl|pst|paddi|pla$|pli$|pnop|pmx)/'
}

check_isa31() { # OBJ
	local all bad n
	all=$(isa31_insns "$1")
	bad=$(printf '%s\n' "$all" | awk -F'\t' 'NF && $1 != "crc_vmx_fold_streams_isa31"')
	[ -z "$bad" ] || fail_with "$1 has ISA 3.1 instructions outside the loop crc_vmx_fold_streams_isa31 (POWER8/9 would trap):" "$bad" || return 1
	n=$(printf '%s\n' "$all" | awk -F'\t' 'NF' | wc -l)
	if ! printf '%s\n' "$all" | grep -q '	lxvp	' || ! printf '%s\n' "$all" | grep -q '	xxeval	'; then
		printf '%s: FAIL: %s: the ISA 3.1 loop has no lxvp or no xxeval: it is missing\n' \
			"${0##*/}" "$1" >&2
		return 1
	fi
	echo "ok: $1: $n ISA 3.1 instructions, all in crc_vmx_fold_streams_isa31"
}

check_power8() { # OBJ
	local bad
	bad=$(isa31_insns "$1")
	[ -z "$bad" ] || fail_with "$1 must run on POWER8, but has $(printf '%s\n' "$bad" | wc -l) ISA 3.1 instruction(s):" "$bad" || return 1
	echo "ok: $1: no ISA 3.1 instruction"
}

check_vpmsumd() { # OBJ
	local hits fns
	hits=$(insns "$1" | awk -F'\t' '$2 == "vpmsumd"')
	if [ -z "$hits" ]; then
		printf '%s: FAIL: %s contains no vpmsumd: the vector core is missing or not built for POWER8\n' \
			"${0##*/}" "$1" >&2
		return 1
	fi
	fns=$(printf '%s\n' "$hits" | cut -f1 | sort -u | tr '\n' ' ')
	echo "ok: $1: $(printf '%s\n' "$hits" | wc -l) vpmsumd, in: ${fns% }"
}

self_test() {
	local cc=powerpc64le-linux-gnu-gcc tmp src=$top/tools/check-objects-tests fails=0
	command -v "$cc" >/dev/null || die 3 "$cc not found (Debian: apt-get install gcc-powerpc64le-linux-gnu)"
	tmp=$(mktemp -d)
	# shellcheck disable=SC2064
	trap "rm -rf '$tmp'" EXIT
	local scalar=(-O2 -mcpu=power8 -mno-altivec -mno-vsx -msoft-float)
	local vec=(-O2 -mcpu=power8 -maltivec -mvsx)
	"$cc" "${scalar[@]}" -c "$src/scalar.c" -o "$tmp/scalar.o"
	"$cc" -c "$src/branch_asm.S" -o "$tmp/branch_asm.o"
	"$cc" "${vec[@]}" -c "$src/vector_op.c" -o "$tmp/vector_op.o"
	"$cc" -O2 -mcpu=power8 -mno-altivec -mno-vsx -mhard-float -c "$src/float_op.c" -o "$tmp/float_op.o"
	"$cc" "${vec[@]}" -c "$src/vscr.c" -o "$tmp/vscr.o"
	"$cc" "${vec[@]}" -c "$src/vpmsumd.c" -o "$tmp/vpmsumd.o"

	expect() { # WANT_RC DESCRIPTION ARGS...
		local want=$1 what=$2 rc=0
		shift 2
		"$0" "$@" >"$tmp/out" 2>&1 || rc=$?
		if [ "$rc" -eq "$want" ]; then
			echo "ok - $what (exit $rc)"
		else
			echo "not ok - $what: exit $rc, expected $want; output:"
			sed 's/^/#   /' "$tmp/out"
			fails=$((fails + 1))
		fi
	}
	echo "# check-objects self-test"
	expect 0 "integer code (symbols named v1/f2/vs3, xor, branches to 0xf0) passes as glue" \
		--dir "$tmp" --no-vector scalar.o --no-vector branch_asm.o --vpmsumd vpmsumd.o
	expect 1 "an AltiVec vector add fails as glue" --dir "$tmp" --no-vector vector_op.o \
		--vpmsumd vpmsumd.o
	expect 1 "hard-float arithmetic fails as glue" --dir "$tmp" --no-vector float_op.o \
		--vpmsumd vpmsumd.o
	expect 1 "mfvscr/mtvscr fail as glue" --dir "$tmp" --no-vector vscr.o --vpmsumd vpmsumd.o
	expect 1 "a module without vpmsumd fails" --dir "$tmp" --no-vector scalar.o \
		--vpmsumd scalar.o
	expect 1 "a vector object without vpmsumd fails" --dir "$tmp" --no-vector scalar.o \
		--vpmsumd vector_op.o
	expect 3 "a missing object is reported" --dir "$tmp" --no-vector missing.o \
		--vpmsumd vpmsumd.o
	if [ -e "$top/crc32c_vmx.ko" ] && [ -e "$top/module/crc32c_vmx_glue.o" ] &&
	   [ -e "$top/crc_family_vmx.ko" ] && [ -e "$top/module/crc_family_vmx_glue.o" ] &&
	   [ -e "$top/${family[0]}" ] && [ -e "$top/${family[1]}" ]; then
		expect 0 "the built module and the family's template cores of this tree pass" \
			--dir "$top"
		expect 1 "a family template core fails as glue" --dir "$top" --no-vector "${family[0]}"
		expect 0 "the family's template cores have vpmsumd and no ISA 3.1 instruction" \
			--dir "$top" --vpmsumd "${family[0]}" --vpmsumd "${family[1]}" \
			--power8 "${family[0]}" --power8 "${family[1]}"
		expect 1 "the ISA 3.1 loop's object fails the POWER8 check" --dir "$top" \
			--power8 "$loop"
		# A stray vector object under module/ is caught without being named.
		mkdir -p "$tmp/module/arch/powerpc"
		cp "$top/module/crc32c_vmx_glue.o" "$top/module/crc_family_vmx_glue.o" "$tmp/module/"
		cp "$tmp/vector_op.o" "$tmp/module/stray.o"
		cp "$tmp/vpmsumd.o" "$tmp/module/arch/powerpc/crct10dif_vmx_core.o"
		cp "$tmp/vpmsumd.o" "$tmp/module/arch/powerpc/crc64_rocksoft_vmx_core.o"
		cp "$top/crc32c_vmx.ko" "$top/crc_family_vmx.ko" "$tmp/"
		cp "$top/$core" "$top/$loop" "$tmp/module/arch/powerpc/"
		expect 1 "an unlisted vector object under module/ fails by default" --dir "$tmp"
		rm "$tmp/module/stray.o"
		expect 0 "... and the same tree without it passes" --dir "$tmp"
		expect 1 "the core object fails as glue" --dir "$top" \
			--no-vector "$core"
		expect 0 "the loop's object has its ISA 3.1 loop, only in crc_vmx_fold_streams_isa31" \
			--dir "$top" --isa31 "$loop"
		expect 1 "an object without the ISA 3.1 loop fails the ISA 3.1 check" \
			--dir "$tmp" --no-vector scalar.o --vpmsumd vpmsumd.o --isa31 vpmsumd.o
	else
		# Its premise is ours to arrange: a missing build is a failure.
		echo "not ok - the built module and the family's template cores of this tree pass: not built (run tools/build-guest.sh first)"
		echo "not ok - a family template core fails as glue: not built"
		echo "not ok - the family's template cores have vpmsumd and no ISA 3.1 instruction: not built"
		echo "not ok - the ISA 3.1 loop's object fails the POWER8 check: not built"
		echo "not ok - an unlisted vector object under module/ fails by default: not built"
		echo "not ok - ... and the same tree without it passes: not built"
		echo "not ok - the core object fails as glue: not built (run tools/build-guest.sh first)"
		echo "not ok - the loop's object has its ISA 3.1 loop: not built (run tools/build-guest.sh first)"
		echo "not ok - an object without the ISA 3.1 loop fails the ISA 3.1 check: not built"
		fails=$((fails + 9))
	fi
	[ "$fails" -eq 0 ] && echo "# all passed" || echo "# $fails failed"
	[ "$fails" -eq 0 ]
}

dir=$top
novec=()
vpm=()
isa=()
p8=()
explicit=0
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--self-test) [ $# -eq 1 ] || die 2 "--self-test takes no other arguments"; self_test; exit $? ;;
	--dir|--no-vector|--vpmsumd|--isa31|--power8)
		[ $# -ge 2 ] || die 2 "$1 needs an argument (try --help)"
		case "$1" in
		--dir) dir=$2 ;; --no-vector) novec+=("$2"); explicit=1 ;;
		--vpmsumd) vpm+=("$2"); explicit=1 ;; --isa31) isa+=("$2"); explicit=1 ;;
		--power8) p8+=("$2"); explicit=1 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
# Default scalar set: every object under DIR/module but the cores; the two
# glue objects must be among them (checked below), so an unbuilt tree
# fails rather than passing with nothing checked.
if [ ${#novec[@]} -eq 0 ]; then
	novec=(module/crc32c_vmx_glue.o module/crc_family_vmx_glue.o)
	if [ -d "$dir/module" ]; then
		while IFS= read -r o; do
			o=${o#"$dir"/}
			case " ${cores[*]} ${novec[*]} " in *" $o "*) continue ;; esac
			novec+=("$o")
		done < <(find "$dir/module" -name '*.o' | sort)
	fi
fi
[ ${#vpm[@]} -gt 0 ] || vpm=(crc32c_vmx.ko crc_family_vmx.ko "${family[@]}")
# The ISA 3.1 and POWER8 checks run by default only when no kind was chosen
# explicitly.
[ ${#isa[@]} -gt 0 ] || [ "$explicit" -eq 1 ] || isa=("$loop")
[ ${#p8[@]} -gt 0 ] || [ "$explicit" -eq 1 ] || p8=("$core" "${family[@]}")

command -v "$OBJDUMP" >/dev/null ||
	die 3 "$OBJDUMP not found (Debian: apt-get install binutils-powerpc64le-linux-gnu)"
abs() { case "$1" in /*) echo "$1" ;; *) echo "$dir/$1" ;; esac; }
for o in "${novec[@]}" "${vpm[@]}" "${isa[@]}" "${p8[@]}"; do
	[ -s "$(abs "$o")" ] || die 3 "$(abs "$o") not found: build the module first (tools/build-guest.sh)"
done

rc=0
for o in "${novec[@]}"; do check_no_vector "$(abs "$o")" || rc=1; done
for o in "${vpm[@]}"; do check_vpmsumd "$(abs "$o")" || rc=1; done
for o in "${isa[@]}"; do check_isa31 "$(abs "$o")" || rc=1; done
for o in "${p8[@]}"; do check_power8 "$(abs "$o")" || rc=1; done
[ "$rc" -eq 0 ] || echo "${0##*/}: object check FAILED" >&2
exit "$rc"
