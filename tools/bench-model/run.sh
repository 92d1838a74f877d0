#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make bench-model`: the performance evidence of issues 2/4 and 2.4, without
# POWER hardware. Builds the insn-interval QEMU plugin, crc32c_vmx.ko,
# crc_family_vmx.ko (crct10dif-vmx, crc64-rocksoft-vmx), the test-only
# crc32c_vmx_bench module and the vsx-live guest program; boots a
# POWER8 guest (one vCPU) with the plugin, which counts the instructions
# executed in every measured interval, then a POWER10 guest the same way;
# runs llvm-mca on our steady-state loops, on the in-tree crc32c-vpmsum loop
# and on the traced instruction stream of whole short calls (short-call.sh);
# and regenerates docs/performance.md from those numbers alone (report.sh,
# then family-report.sh for the CRC family: issue 2.6 item 6). TCG
# wall-clock time is never measured or reported.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tools/bench-model
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [options]
  --out FILE       the report to write (default docs/performance.md)
  --msr-cost N     instruction-equivalents charged per MSR write (mtmsrd) in
                   the threshold allowance (default 50; see the report)
  --no-setup       do not run tools/setup.sh first (packages, kernel, userland)
  --report-only    reuse the counts and llvm-mca results of the last run in
                   build/bench-model and only rewrite the report
  --timeout SECS   guest timeout (default 900)
Outputs in build/bench-model/: plugin.txt (raw counts), guest.log (console),
counts.tsv (paired intervals) of the POWER8 guest, the same with -power10 of
the POWER10 guest, mca/ and mca.tsv (llvm-mca), mca-family.tsv and
mca-sw.tsv (the CRC family's loops and the generic byte loops),
short-call/ and short-call.tsv (the short-call cycle model), commands.txt.
Exit codes: 0 report written, 1 failure (build, guest, pairing; message
names the log), 2 bad usage, 3 guest crashed or timed out.
USAGE
}

out=$top/docs/performance.md msr_cost=50 setup=1 report_only=0 timeout=900
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--no-setup) setup=0 ;;
	--report-only) report_only=1 ;;
	--out|--msr-cost|--timeout)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--out) out=$2 ;; --msr-cost) msr_cost=$2 ;; --timeout) timeout=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[[ "$msr_cost" =~ ^[0-9]+$ ]] || die 2 "--msr-cost must be a whole number of instructions"
[[ "$timeout" =~ ^[0-9]+$ ]] || die 2 "--timeout must be a number of seconds"

B=$top/build/bench-model
cd "$top"
mkdir -p "$B"

# Every command that produces a number is logged, with machine-specific paths
# replaced by the names of the variables that hold them, for the report.
cmd() {
	local a line=
	for a in "$@"; do
		case "$a" in *[[:space:]]*) line+="\"$a\" " ;; *) line+="$a " ;; esac
	done
	printf '%s\n' "${line% }" | sed -e "s|$top/||g" -e "s|$top|.|g" -e "s|$KDIR|\$KDIR|g" \
		-e "s|$VMLINUX|\$VMLINUX|g" -e "s|$KROOT/lib/modules/$KREL|\$KROOT/lib/modules/\$KREL|g" \
		-e "s|$CRCVMX_CACHE|\$CRCVMX_CACHE|g" >>"$B/commands.txt"
	"$@"
}

if [ "$report_only" -eq 0 ]; then
	if [ "$setup" -eq 1 ]; then
		say "bench-model: setup (host packages, Debian ppc64el kernel, guest userland)"
		tools/setup.sh || die "tools/setup.sh failed"
	fi
	[ -s build/kernel.env ] || die "no build/kernel.env: run 'make setup' first"
fi
[ -s build/kernel.env ] || die "no build/kernel.env: run 'make setup' first"
# shellcheck disable=SC1091
. build/kernel.env
inkernel_ko=$KROOT/lib/modules/$KREL/kernel/arch/powerpc/crypto/crc32c-vpmsum.ko
# The engines of crct10dif-generic and crc64-rocksoft-generic (and of
# crc_family_vmx's fallback) on Debian's 6.1.
t10dif_ko=$KROOT/lib/modules/$KREL/kernel/crypto/crct10dif_common.ko
crc64_ko=$KROOT/lib/modules/$KREL/kernel/lib/crc64.ko

if [ "$report_only" -eq 0 ]; then
	rm -rf "$B/mca" "$B/short-call" "$B/commands.txt" "$B/plugin.txt" "$B/plugin-power10.txt" \
		"$B/counts.tsv" "$B/counts-power10.tsv" "$B/short-call.tsv" "$B/mca.tsv" \
		"$B/mca-family.tsv" "$B/mca-sw.tsv"
	for t in gcc powerpc64le-linux-gnu-gcc powerpc64le-linux-gnu-objdump llvm-mca-14 qemu-system-ppc64; do
		command -v "$t" >/dev/null || die "$t not found: run tools/setup.sh (packages in tools/setup/host-packages.txt)"
	done
	case "$B" in *,*) die "the build directory $B contains a comma, which QEMU's -plugin option cannot take" ;; esac

	say "bench-model: build the plugin, crc32c_vmx.ko, crc_family_vmx.ko, crc32c_vmx_bench.ko, vsx-live (log: $B/build.log)"
	KMAKE=(make -s -C "$KDIR" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- W=1)
	{
		cmd "$here/build-plugin.sh" "$B/insn-interval.so" &&
		cmd "${KMAKE[@]}" M="$top" CRCVMX_FAMILY_CORES=y modules &&
		cmd "${KMAKE[@]}" M="$here/kmod" modules &&
		cmd powerpc64le-linux-gnu-gcc -O2 -Wall -Wextra -Werror -static -mcpu=power8 \
			-o "$B/vsx-live" "$here/guest/vsx-live.c"
	} >"$B/build.log" 2>&1 || { tail -n 20 "$B/build.log" >&2; die "build failed (log: $B/build.log)"; }

	# The benchmark module carries its own copy of the core; it must be the
	# same machine code as the driver's, or the vmx-section numbers would
	# describe another program.
	disasm() {
		powerpc64le-linux-gnu-objdump -d --no-show-raw-insn "$1" | awk -v f="$2" '
			$0 ~ "^[0-9a-f]+ <" f ">:$" { p = 1; next }
			/^[0-9a-f]+ </ { p = 0 }
			p && NF' | sed -E 's/^ *[0-9a-f]+:\s*//; s/ *<[^>]*>//; s/(b[a-z]*|bl)\s+[0-9a-f]+$/\1/'
	}
	disasm module/arch/powerpc/crc32c_vmx_core.o crc32c_vmx_core >"$B/core-driver.s"
	disasm "$here/kmod/bench_vmx_core.o" bench_vmx_core >"$B/core-bench.s"
	[ -s "$B/core-driver.s" ] || die "crc32c_vmx_core not found in module/arch/powerpc/crc32c_vmx_core.o"
	disasm module/arch/powerpc/crc32c_vmx_core.o crc32c_vmx_core_isa31 >>"$B/core-driver.s"
	disasm module/arch/powerpc/crc_vmx_isa31_loop.o crc_vmx_fold_streams_isa31 >>"$B/core-driver.s"
	disasm "$here/kmod/bench_vmx_core.o" bench_vmx_core_isa31 >>"$B/core-bench.s"
	disasm "$here/kmod/bench_isa31_loop.o" crc_vmx_fold_streams_isa31 >>"$B/core-bench.s"
	cmp -s "$B/core-driver.s" "$B/core-bench.s" ||
		die "the core compiled into crc32c_vmx_bench differs from the driver's (diff $B/core-driver.s $B/core-bench.s): are the core's flags in tools/bench-model/kmod/Kbuild still those of the top-level Kbuild?"
	# The same for the CRC family's template cores (t10dif-section, crc64-section).
	for c in crct10dif_vmx_core:bench_t10dif_core crc64_rocksoft_vmx_core:bench_crc64_core; do
		disasm "module/arch/powerpc/${c%%:*}.o" "${c%%:*}" >"$B/${c%%:*}-driver.s"
		disasm "$here/kmod/${c#*:}.o" "${c#*:}" >"$B/${c%%:*}-bench.s"
		[ -s "$B/${c%%:*}-driver.s" ] || die "${c%%:*} not found in module/arch/powerpc/${c%%:*}.o"
		cmp -s "$B/${c%%:*}-driver.s" "$B/${c%%:*}-bench.s" ||
			die "the ${c%%:*} compiled into crc32c_vmx_bench differs from crc_family_vmx's (diff $B/${c%%:*}-driver.s $B/${c%%:*}-bench.s)"
	done

	# The markers must occur only where we put them: nowhere in the kernel or
	# the drivers the guest runs, once each in the module and in vsx-live.
	markers() { LC_ALL=C grep -obUaP '\x01\xb5\x00\x60|\x02\xb5\x00\x60' "$1" | wc -l; }
	for f in "$VMLINUX" "$inkernel_ko" "$KROOT/lib/modules/$KREL/kernel/crypto/crc32c_generic.ko" crc32c_vmx.ko \
		crc_family_vmx.ko "$t10dif_ko" "$crc64_ko" "$KROOT/lib/modules/$KREL/kernel/crypto/crct10dif_generic.ko" \
		"$KROOT/lib/modules/$KREL/kernel/crypto/crc64_rocksoft_generic.ko"; do
		[ -s "$f" ] || die "$f not found"
		[ "$(markers "$f")" -eq 0 ] || die "$f contains the marker instruction bytes; pick other immediates (plugin begin=/end=, BENCH_MARK_* in the module and vsx-live)"
	done
	[ "$(markers "$here/kmod/crc32c_vmx_bench.ko")" -ge 2 ] || die "crc32c_vmx_bench.ko has no markers"

	say "bench-model: initramfs"
	cmd tools/vm/mkinitramfs.sh --kernel-env build/kernel.env --sysroot "$CRCVMX_CACHE/sysroot-ppc64el" \
		--out "$B/initramfs.cpio.gz" --ko crc32c_vmx.ko --ko crc_family_vmx.ko --ko "$here/kmod/crc32c_vmx_bench.ko" \
		--bin "$B/vsx-live" >>"$B/build.log" 2>&1 || { tail -n 20 "$B/build.log" >&2; die "initramfs failed (log: $B/build.log)"; }

	# One guest per CPU model: boot, count, pair the k-th interval the guest
	# logged with the k-th one the plugin counted (pair-counts.sh). TAG
	# names the files (counts.tsv for POWER8, counts-<tag>.tsv for the others).
	guest_counts() {
		local cpu=$1 tag=$2 sfx='' rc=0
		[ "$tag" = power8 ] || sfx=-$tag
		say "bench-model: $cpu guest, 1 vCPU, insn-interval plugin (console: $B/guest$sfx.log)"
		cmd env QEMU_EXTRA_ARGS="-plugin file=$B/insn-interval.so,out=$B/plugin$sfx.txt" \
			tools/vm/run-guest.sh --kernel-env build/kernel.env --initrd "$B/initramfs.cpio.gz" \
			--set bench-insn --cpu "$cpu" --smp 1 --timeout "$timeout" --log "$B/guest$sfx.log" \
			--show none || rc=$?
		[ "$rc" -eq 0 ] || { [ "$rc" -ge 3 ] && exit 3; die "the $cpu guest run failed (console: $B/guest$sfx.log)"; }
		"$here/pair-counts.sh" --log "$B/guest$sfx.log" --plugin "$B/plugin$sfx.txt" \
			>"$B/counts$sfx.tsv" || die "the $cpu guest's intervals do not pair (above)"
		grep '^# insn-interval:' "$B/plugin$sfx.txt" | sed 's/^# //' >"$B/summary$sfx.txt"
	}
	guest_counts POWER8 power8
	summary=$(cat "$B/summary.txt")
	# POWER10: the ISA 3.1 core runs (in the driver from 1183 bytes, and as
	# the isa31-section subject), next to the same subjects as on POWER8.
	guest_counts POWER10 power10
	grep -q '^isa31-section	' "$B/counts-power10.tsv" ||
		die "the POWER10 guest measured no isa31-section: did the module see ISA 3.1? ($B/guest-power10.log)"
	! grep -q '^isa31-section	' "$B/counts.tsv" ||
		die "the POWER8 guest measured isa31-section: the module must not run ISA 3.1 code there"
	for s in crct10dif-vmx crct10dif-generic crc64-rocksoft-vmx crc64-rocksoft-generic t10dif-section crc64-section; do
		grep -q "^$s	" "$B/counts.tsv" ||
			die "the POWER8 guest measured no $s: does the bench module see the crct10dif and crc64-rocksoft algorithms? ($B/guest.log)"
	done

	say "bench-model: short-call cycle model (qemu-ppc64le trace, llvm-mca pwr9 and pwr10)"
	cmd "$here/short-call.sh" --core-obj module/arch/powerpc/crc32c_vmx_core.o \
		--core-obj module/arch/powerpc/crc_vmx_isa31_loop.o \
		--plugin "$B/insn-interval.so" --dir "$B/short-call" >"$B/short-call.tsv" ||
		die "the short-call model failed (files in $B/short-call)"

	say "bench-model: llvm-mca (pwr9, pwr10) on our loops and the in-tree loop"
	{
		cmd "$here/mca.sh" --name crc32c-vmx --function crc32c_vmx_core \
			--obj module/arch/powerpc/crc32c_vmx_core.o --dir "$B/mca"
		# The ISA 3.1 loop (lxvp, xxeval): pwr9 cannot model it.
		cmd "$here/mca.sh" --name crc32c-vmx-isa31 --function crc_vmx_fold_streams_isa31 \
			--mcpu pwr10 --obj module/arch/powerpc/crc_vmx_isa31_loop.o --dir "$B/mca"
		cmd "$here/mca.sh" --name crc32c-vpmsum --obj "$inkernel_ko" --dir "$B/mca"
	} >"$B/mca.tsv" || die "llvm-mca failed"
	# The CRC family's loops: CRC-T10DIF (MSB first: a vperm per block on
	# little-endian, also modeled without it) and CRC64-Rocksoft; and the
	# byte loops of their generic drivers.
	{
		cmd "$here/mca.sh" --name crct10dif-vmx --function crct10dif_vmx_core --drop vperm \
			--obj module/arch/powerpc/crct10dif_vmx_core.o --dir "$B/mca"
		cmd "$here/mca.sh" --name crc64-rocksoft-vmx --function crc64_rocksoft_vmx_core \
			--obj module/arch/powerpc/crc64_rocksoft_vmx_core.o --dir "$B/mca"
	} >"$B/mca-family.tsv" || die "llvm-mca failed on the CRC family's loops"
	{
		cmd "$here/mca-sw-loop.sh" --name crct10dif-generic --function crc_t10dif_generic \
			--obj "$t10dif_ko" --dir "$B/mca"
		cmd "$here/mca-sw-loop.sh" --name crc64-rocksoft-generic --function crc64_rocksoft_generic \
			--obj "$crc64_ko" --dir "$B/mca"
	} >"$B/mca-sw.tsv" || die "llvm-mca failed on the generic drivers' byte loops"

	{
		echo "kernel=$KREL ($KVER)"
		echo "cpu=$(sed -n 's/^BENCH cpu //p' "$B/guest.log" | head -n 1)"
		echo "cpu_power10=$(sed -n 's/^BENCH cpu //p' "$B/guest-power10.log" | head -n 1)"
		echo "guest_stats_power10=$(sed -n 's/^BENCH stat //p' "$B/guest-power10.log" | tr '\n' ' ')"
		echo "plugin_summary_power10=$(cat "$B/summary-power10.txt")"
		echo "qemu=$(qemu-system-ppc64 --version | head -n 1)"
		echo "gcc=$(powerpc64le-linux-gnu-gcc --version | head -n 1)"
		echo "mca=llvm-mca-14 ($(llvm-mca-14 --version | sed -n 's/^ *\(.*LLVM version .*\)/\1/p' | head -n 1))"
		echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
		echo "core_sha=$(sha256sum module/arch/powerpc/crc32c_vmx_core.c | cut -c1-12)"
		echo "glue_min_len=$(sed -n 's/^#define[ \t]*CRC32C_VMX_MIN_LEN[ \t]*\([0-9]*\).*/\1/p' module/crc32c_vmx_glue.c | head -n 1)"
		echo "glue_min_len_live=$(sed -n 's/^#define[ \t]*CRC32C_VMX_MIN_LEN_LIVE[ \t]*\([0-9]*\).*/\1/p' module/crc32c_vmx_glue.c | head -n 1)"
		echo "family_min_len_t10dif=$(sed -n 's/^#define[ \t]*CRCT10DIF_VMX_MIN_LEN[ \t]*\([0-9]*\).*/\1/p' module/crc_family_vmx_glue.c | head -n 1)"
		echo "family_min_len_crc64=$(sed -n 's/^#define[ \t]*CRC64_ROCKSOFT_VMX_MIN_LEN[ \t]*\([0-9]*\).*/\1/p' module/crc_family_vmx_glue.c | head -n 1)"
		echo "family_stats=$(sed -n 's/^BENCH family-stat //p' "$B/guest.log" | tr '\n' ' ')"
		echo "guest_params=$(sed -n 's/^BENCH param //p' "$B/guest.log" | tr '\n' ' ')"
		echo "guest_stats=$(sed -n 's/^BENCH stat //p' "$B/guest.log" | tr '\n' ' ')"
		echo "plugin_summary=${summary#\# }"
	} >"$B/meta.txt"
fi

for f in counts.tsv counts-power10.tsv short-call.tsv mca.tsv mca-family.tsv mca-sw.tsv meta.txt commands.txt; do
	[ -s "$B/$f" ] || die "$B/$f missing: run without --report-only first"
done
say "bench-model: writing $out"
mkdir -p "$(dirname "$out")"
{
	"$here/report.sh" --dir "$B" --msr-cost "$msr_cost" &&
	"$here/family-report.sh" --dir "$B" --msr-cost "$msr_cost"
} >"$out.tmp" || { rm -f "$out.tmp"; die "report generation failed"; }
mv "$out.tmp" "$out"
sed -n 's/^<!-- summary: \(.*\) -->$/\1/p' "$out" | while IFS= read -r line; do say "$line"; done
say "bench-model: done ($out)"
