#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# numbers.sh: instruction counts per call of every lib/crc function the
# series touches, patched 7.2 against stock 7.2, at crc_kunit's benchmark
# lengths (1 to 16384) and at 32 and 48 (where the thresholds lie), in
# POWER8 and POWER10 guests (issue 3.3 item 4), and crc32c() in a third
# kernel, stock with the one-line change of tools/upstream/breakpoint.patch
# (issue 4.1 item 3.4: the series' crc32c patch is meant only if it is at
# or below that change at every length from its threshold).
# Counted by the insn-interval QEMU plugin (tools/bench-model/plugin)
# around the calls of crc_lib_bench (tools/upstream/bench), never timed:
# TCG time is not POWER time. Per call = (interval - baseline interval of
# the same length) / calls, the median of the repetitions; the baseline is
# the same loop calling an empty function.
# Writes to build/upstream-numbers/: counts-<kernel>-<cpu>.tsv (paired
# intervals), table.tsv (cpu, function, length, stock, patched,
# breakpoint) and
# table.md (the tables and the targets for docs/upstream.md).
# Prints "PASS|FAIL<TAB>..." verdicts: that every count was made and
# paired, and one per target of issue 4.1 (table.md's target rows): a
# missed target fails.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=../lib/common.sh
. tools/lib/common.sh
no_arguments "instruction counts per call, patched vs stock 7.2 (and crc32c's one-line alternative), POWER8 and POWER10 (build/upstream-numbers/table.md)" "$@"

N=build/upstream-numbers
B=build/upstream-kernel
CROSS=powerpc64le-linux-gnu-
mkdir -p "$N"
case "$PWD" in *,*) die "the checkout's path $PWD contains a comma, which QEMU's -plugin option cannot take" ;; esac

tools/bench-model/build-plugin.sh "$N/insn-interval.so" >"$N/build.log" 2>&1
verdict "the insn-interval plugin builds" $? "see $N/build.log"
markers() { LC_ALL=C grep -obUaP '\x01\xb5\x00\x60|\x02\xb5\x00\x60' "$1" | wc -l; }

for v in stock patched breakpoint; do
	env=$B/kernel-$v.env
	tools/upstream/build-kernel.sh --variant "$v" --env-out "$env" >>"$N/build.log" 2>&1 ||
		{ verdict "$v kernel" 1 "tools/upstream/build-kernel.sh failed, see $N/build.log"; continue; }
	KDIR=$(sed -n 's/^KDIR=//p' "$env") VMLINUX=$(sed -n 's/^VMLINUX=//p' "$env")
	k=$N/kmod-$v
	rm -rf "$k"
	mkdir -p "$k"
	cp tools/upstream/bench/Kbuild tools/upstream/bench/crc_lib_bench.c "$k/"
	make -s -C "$KDIR" M="$PWD/$k" ARCH=powerpc CROSS_COMPILE="$CROSS" W=1 modules >"$k/build.log" 2>&1 &&
		! grep -q 'warning:' "$k/build.log"
	verdict "crc_lib_bench builds without warnings against the $v kernel" $? "see $k/build.log"
	# The markers occur only where the module puts them.
	[ "$(markers "$VMLINUX")" -eq 0 ] && [ "$(markers "$k/crc_lib_bench.ko")" -ge 2 ]
	verdict "the plugin's markers are in crc_lib_bench.ko and nowhere in the $v vmlinux" $?
	tools/vm/mkinitramfs.sh --kernel-env "$env" --sysroot "$CRCVMX_CACHE/sysroot-ppc64el" \
		--out "$N/initramfs-$v.cpio.gz" --ko "$k/crc_lib_bench.ko" >>"$N/build.log" 2>&1 ||
		{ verdict "$v initramfs" 1 "see $N/build.log"; continue; }
	for cpu in POWER8 POWER10; do
		t=$v-$cpu
		rm -f "$N/plugin-$t.txt"
		env QEMU_EXTRA_ARGS="-plugin file=$PWD/$N/insn-interval.so,out=$PWD/$N/plugin-$t.txt" \
			tools/vm/run-guest.sh --kernel-env "$env" --initrd "$N/initramfs-$v.cpio.gz" \
			--set upstream-bench --cpu "$cpu" --smp 1 --timeout 900 --log "$N/guest-$t.log" \
			--show none >>"$N/build.log" 2>&1 &&
			tools/bench-model/pair-counts.sh --module crc_lib_bench --log "$N/guest-$t.log" \
				--plugin "$N/plugin-$t.txt" >"$N/counts-$t.tsv" 2>>"$N/build.log"
		verdict "$t: every interval counted and paired" $? "see $N/guest-$t.log, $N/build.log"
	done
done

# The table: per call, baseline removed, median of the repetitions.
per_call() { # TSV: subject size n insns mtmsr -> cpu subject size insns_per_call
	awk -F'\t' -v cpu="$2" 'NR > 1 {
		k = $1 SUBSEP $2; c[k]++; v[k, c[k]] = $4; n[k] = $3; sz[$2] = 1; sub_[$1] = 1
	}
	function median(k,   m, i, j, t, a) {
		m = c[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
		for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
	}
	END {
		for (s in sub_) if (s != "baseline") for (z in sz) {
			k = s SUBSEP z; b = "baseline" SUBSEP z
			if (!(k in c) || !(b in c)) { print "missing " s " " z > "/dev/stderr"; bad = 1; continue }
			printf "%s\t%s\t%s\t%.1f\n", cpu, s, z, (median(k) - median(b)) / n[k]
		}
		exit bad
	}' "$1"
}
ok=1
: >"$N/per-call.tsv"
for t in stock-POWER8 stock-POWER10 patched-POWER8 patched-POWER10 breakpoint-POWER8 breakpoint-POWER10; do
	[ -s "$N/counts-$t.tsv" ] || { ok=0; continue; }
	per_call "$N/counts-$t.tsv" "${t#*-}" | sed "s/^/${t%%-*}\t/" >>"$N/per-call.tsv" || ok=0
done
# table.tsv: cpu function length stock patched breakpoint
awk -F'\t' '{ v[$2 SUBSEP $3 SUBSEP $4, $1] = $5; k[$2 SUBSEP $3 SUBSEP $4] = 1 }
	END { for (x in k) { split(x, p, SUBSEP); printf "%s\t%s\t%s\t%s\t%s\t%s\n", p[1], p[2], p[3], v[x, "stock"], v[x, "patched"], v[x, "breakpoint"] } }' \
	"$N/per-call.tsv" | sort -t"$(printf '\t')" -k1,1 -k2,2 -k3,3n >"$N/table.tsv"
rows=$(wc -l <"$N/table.tsv")
# 2 CPUs x 6 functions x 15 lengths, each with both kernels.
[ "$ok" -eq 1 ] && [ "$rows" -eq 180 ] && ! awk -F'\t' '$4 == "" || $5 == "" || $6 == "" { bad = 1 } END { exit !bad }' "$N/table.tsv"
verdict "a count per call for every function, length, CPU and kernel (180 rows, three kernels)" $? "$rows rows in $N/table.tsv"

# table.md: one table per CPU, then the targets.
{
	for cpu in POWER8 POWER10; do
		echo "**$cpu guest**: instructions per call, stock 7.2 / patched 7.2 (ratio)"
		echo
		printf '| length |'
		printf ' crc32c, one-line change |'
		for f in crc32c crc32_le crc32_be crc_t10dif crc64_nvme crc64_be; do printf ' %s |' "$f"; done
		echo
		echo '|---:|---:|---:|---:|---:|---:|---:|---:|'
		for z in 1 16 32 48 64 127 128 200 256 511 512 1024 3173 4096 16384; do
			printf '| %s |' "$z"
			awk -F'\t' -v c="$cpu" -v z="$z" '$1 == c && $2 == "crc32c" && $3 == z { printf " %.0f |", $6 }' "$N/table.tsv"
			for f in crc32c crc32_le crc32_be crc_t10dif crc64_nvme crc64_be; do
				awk -F'\t' -v c="$cpu" -v f="$f" -v z="$z" '$1 == c && $2 == f && $3 == z {
					r = $5 > 0 ? $4 / $5 : 0
					printf " %.0f / %.0f (%.2fx) |", $4, $5, r }' "$N/table.tsv"
			done
			echo
		done
		echo
	done
	echo "| target | measured | verdict |"
	echo "|---|---|---|"
	target() { # CPU FUNCTION LENGTH FACTOR
		awk -F'\t' -v c="$1" -v f="$2" -v z="$3" -v x="$4" '$1 == c && $2 == f && $3 == z {
			r = $5 > 0 ? $4 / $5 : 0
			printf "| %s at %s B at least %sx fewer (%s) | %.0f -> %.0f, %.2fx | **%s** |\n", f, z, x, c, $4, $5, r, (r >= x ? "met" : "missed") }' "$N/table.tsv"
	}
	for cpu in POWER8 POWER10; do
		target "$cpu" crc64_nvme 4096 25
		target "$cpu" crc32_le 4096 20
		awk -F'\t' -v c="$cpu" '$1 == c && $2 == "crc32c" && $3 >= 48 && $5 > $6 { n++; w = w sprintf("%s%s B (%.0f vs %.0f)", n > 1 ? ", " : "", $3, $5, $6) }
			END { printf "| crc32c: the series at or below the one-line change from 48 B (%s) | %s | **%s** |\n", c, n ? n " lengths above: " w : "at or below at every length", n ? "missed: send the one-line change" : "met" }' "$N/table.tsv"
		# Below a threshold a CRC with no stock arch code (all but crc32c
		# and crc_t10dif) may pay the length test alone: 5 instructions.
		awk -F'\t' -v c="$cpu" '$1 == c {
				allow = ($2 == "crc32c" || $2 == "crc_t10dif" || $3 >= 48) ? 0 : 5 }
			$1 == c && $5 > $4 + allow { n++; w = w sprintf("%s%s at %s B (%.0f vs %.0f)", n > 1 ? ", " : "", $2, $3, $5, $4) }
			END { printf "| no benchmark length where the patched kernel executes more (%s; below 48 B up to 5 more where stock has no arch code) | %s | **%s** |\n", c, n ? n " cells more: " w : "none", n ? "missed" : "met" }' "$N/table.tsv"
	done
} >"$N/table.md"
# Each target is a verdict, so that a sent patch that misses one fails the
# run: the rows after table.md's target header, "| target | measured |
# **met** or **missed...** |".
while IFS=$'\t' read -r name measured met; do
	verdict "target: $name" "$met" "$measured"
done < <(awk -F' [|] ' '/^[|] target [|]/ { on = 1; next } on && /^[|][^-]/ {
		sub(/^[|] /, "", $1); printf "%s\t%s\t%d\n", $1, $2, ($3 !~ /^[*][*]met[*][*]/) }' "$N/table.md")
exit "$VERDICT_RC"
