#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The CRC family's part of docs/performance.md (issue 2.6 item 6), to
# stdout; tools/bench-model/run.sh appends it to report.sh's. From DIR:
# counts.tsv (the POWER8 guest's paired intervals), mca.tsv (crc32c-vmx's
# loop), mca-family.tsv (the crct10dif and crc64-rocksoft loops, the
# first also without its vperm), mca-sw.tsv (the generic drivers' byte
# loops), short-call.tsv (crc32c's short-call cycle model, for the cycles
# per instruction of a short vector call) and meta.txt (the glue
# thresholds). Pure text processing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --dir DIR [--msr-cost N]   (writes the report section to stdout)
  --dir DIR       run.sh's build directory (build/bench-model)
  --msr-cost N    instructions charged per MSR write in the crossover
                  allowance (default 50, as report.sh)
Exit codes: 0 ok, 1 missing or inconsistent data, 2 bad usage.
USAGE
}
dir='' msr_cost=50
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--dir|--msr-cost)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in --dir) dir=$2 ;; --msr-cost) msr_cost=$2 ;; esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$dir" ] || die 2 "--dir is required (try --help)"
[[ "$msr_cost" =~ ^[0-9]+$ ]] || die 2 "--msr-cost must be a whole number of instructions"
for f in meta.txt counts.tsv mca.tsv mca-family.tsv mca-sw.tsv short-call.tsv; do
	[ -s "$dir/$f" ] || die "$dir/$f is missing or empty (run tools/bench-model/run.sh)"
done

awk -F'\t' -v msr_cost="$msr_cost" '
function num(x) { return (x == int(x)) ? sprintf("%d", x) : sprintf("%.1f", x) }
function f2(x) { return sprintf("%.2f", x) }
function f3(x) { return sprintf("%.3f", x) }
function fail(m) { print "family-report: " m > "/dev/stderr"; bad = 1 }
function has(s, z) { return ((s SUBSEP z) in lo) }
# instructions per call: the smallest repeated interval minus the empty loop
function pc(s, z) {
	if (!has(s, z)) { fail("no count for " s " at " z " bytes"); return 0 }
	return (lo[s, z] - base) / N[s, z]
}
# Per algorithm a: the driver pair, the bare vector section and software
# engine, and the constant costs around them (crypto API and glue):
# dv vector path over the section, df fallback over the engine, dg generic
# over the engine.
function costs(a,   i, z, d, thr) {
	thr = T[a]; dv[a] = ""; df[a] = ""; dg[a] = ""
	for (i = 1; i <= nsz[G[a]]; i++) {
		z = ord[G[a], i]
		d = pc(G[a], z) - pc(W[a], z)
		if (dg[a] == "" || d < dg[a]) dg[a] = d
		if (z < thr) { d = pc(V[a], z) - pc(W[a], z); if (df[a] == "" || d < df[a]) df[a] = d }
		else if (dv[a] == "") dv[a] = pc(V[a], z) - pc(S[a], z)
	}
	if (dv[a] == "") fail(V[a] ": no size at or above its threshold " thr " was measured")
	# No size below the threshold: the fallback (the same engine behind the
	# vmx glue) is charged the overhead of the generic driver, which makes it
	# look no dearer than crc*-generic: the crossover found is then late, not early.
	dfnote[a] = ""
	if (df[a] == "") { df[a] = dg[a]; dfnote[a] = " (not measured: no size below the threshold; taken as " G[a] "\047s)" }
}
function vec(a, z) { return pc(S[a], z) + dv[a] }
function fb(a, z) { return pc(W[a], z) + df[a] }
function gen(a, z) { return pc(W[a], z) + dg[a] }
# Estimated cycles of the fallback (the generic engine behind the vmx
# driver glue): its byte loop at llvm-mca cycles per byte (model m),
# everything else one cycle per instruction.
function fcyc(a, z, m) { return fb(a, z) - LI[G[a]] * z + CPB[G[a], m] * z }
# Smallest section size from which vector + allowance x beats the fallback,
# in instructions (kind "insn") or in estimated cycles (kind = model), at
# that size and every larger one.
function cross(a, x, kind,   i, z, last, sw) {
	last = 0
	for (i = 1; i <= nsz[S[a]]; i++) {
		z = ord[S[a], i]
		sw = (kind == "insn") ? fb(a, z) : fcyc(a, z, kind)
		if (vec(a, z) + x >= sw) last = i
	}
	if (last == 0) return ord[S[a], 1]
	if (last == nsz[S[a]]) return 1e9
	return ord[S[a], last + 1]
}
function bytes(x) { return (x >= 1e9) ? "never (up to 64 KiB)" : x " B" }
function up16(x) { return 16 * int((x + 15) / 16) }

FILENAME ~ /meta.txt$/ { i = index($0, "="); meta[substr($0, 1, i - 1)] = substr($0, i + 1); next }
FILENAME ~ /short-call.tsv$/ {
	# subject size model insns cycles_one cycles_each: cycles per instruction of the vector core
	if ($1 == "vmx" && $4 > 0) {
		r = $5 / $4
		if (cpimin == "" || r < cpimin) cpimin = r
		if (cpimax == "" || r > cpimax) cpimax = r
	}
	next
}
FILENAME ~ /mca-sw.tsv$/ {
	# name model insns bytes cycles cycles/byte
	LI[$1] = $3 / $4; CPB[$1, $2] = $6 + 0; SWC[$1, $2] = $5; SWB[$1] = $4; SWI[$1] = $3
	next
}
FILENAME ~ /mca(-family)?.tsv$/ {
	# name model form insns vpmsumd bytes cycles bytes/cycle rthroughput busiest
	MI[$1, $2, $3] = $4; MB[$1, $2, $3] = $6; MC[$1, $2, $3] = $7; MBPC[$1, $2, $3] = $8
	MBUSY[$1, $2, $3] = $10
	if (!(($2) in mseen)) { mseen[$2] = 1; nmodel++; model[nmodel] = $2 }
	next
}
FNR == 1 {
	if ($0 != "subject\tsize\tn\tinsns\tmtmsr") { fail("not a counts.tsv header: " $0); exit 1 }
	next
}
{
	s = $1; z = $2 + 0
	if (!((s, z) in lo)) { nsz[s]++; ord[s, nsz[s]] = z; lo[s, z] = $4 + 0; mt[s, z] = $5 + 0 }
	if ($4 + 0 < lo[s, z]) { lo[s, z] = $4 + 0; mt[s, z] = $5 + 0 }
	if (((s, z) in N) && N[s, z] != $3) fail(s " at " z " bytes: intervals of " N[s, z] " and " $3 " calls")
	N[s, z] = $3 + 0
}
END {
	if (bad) exit 1
	if (!nsz["baseline"]) { print "family-report: no empty-loop (baseline) intervals" > "/dev/stderr"; exit 1 }
	base = lo["baseline", ord["baseline", 1]]
	for (i = 2; i <= nsz["baseline"]; i++) if (lo["baseline", ord["baseline", i]] < base) base = lo["baseline", ord["baseline", i]]

	na = 3
	A[1] = "crc32c"; V[1] = "crc32c-vmx"; G[1] = "crc32c-generic"; S[1] = "vmx-section"; W[1] = "sw"
	T[1] = meta["glue_min_len"] + 0; TN[1] = "CRC32C_VMX_MIN_LEN"
	A[2] = "crct10dif"; V[2] = "crct10dif-vmx"; G[2] = "crct10dif-generic"; S[2] = "t10dif-section"; W[2] = "t10dif-sw"
	T[2] = meta["family_min_len_t10dif"] + 0; TN[2] = "CRCT10DIF_VMX_MIN_LEN"
	A[3] = "crc64-rocksoft"; V[3] = "crc64-rocksoft-vmx"; G[3] = "crc64-rocksoft-generic"; S[3] = "crc64-section"; W[3] = "crc64-sw"
	T[3] = meta["family_min_len_crc64"] + 0; TN[3] = "CRC64_ROCKSOFT_VMX_MIN_LEN"
	for (a = 1; a <= na; a++) {
		if (!T[a]) fail("the glue threshold " TN[a] " is unknown (meta.txt)")
		if (!nsz[G[a]]) fail("no intervals of " G[a])
		if (!nsz[S[a]]) fail("no intervals of " S[a])
	}
	for (a = 2; a <= na; a++) {
		if (!(G[a] in LI)) fail("no llvm-mca model of " G[a] "\047s byte loop (mca-sw.tsv)")
		for (j = 1; j <= nmodel; j++) if (!((G[a], model[j]) in CPB)) fail("no " model[j] " model of " G[a] "\047s byte loop")
	}
	for (j = 1; j <= nmodel; j++) {
		if (!(("crct10dif-vmx", model[j], "no-vperm") in MC)) fail("mca-family.tsv: no " model[j] " model of crct10dif-vmx without vperm")
		if (!(("crc32c-vmx", model[j], "built") in MC)) fail("mca.tsv: no " model[j] " model of crc32c-vmx")
		if (!(("crc64-rocksoft-vmx", model[j], "built") in MC)) fail("mca-family.tsv: no " model[j] " model of crc64-rocksoft-vmx")
	}
	if (cpimin == "") fail("short-call.tsv holds no vector calls")
	if (bad) exit 1
	for (a = 1; a <= na; a++) costs(a)

	# What a loop of calls cannot see (report.sh derives the same): the MSR
	# write of a kernel entry first section, and the save and restore of a
	# user thread live vector registers, from the live-* probes.
	allow[0] = 0
	allow[1] = msr_cost
	if (has("live-roundtrip-vector", 256) && has("live-roundtrip-none", 256)) {
		live = lo["live-roundtrip-vector", 256] - lo["live-roundtrip-none", 256] - pc("vmx-section", 256)
		allow[2] = live + msr_cost * (mt["live-roundtrip-vector", 256] - mt["live-roundtrip-none", 256])
	} else fail("no live-roundtrip probes in counts.tsv")
	if (bad) exit 1

	for (a = 2; a <= na; a++) {
		for (c = 0; c <= 2; c++) X[a, c] = cross(a, allow[c], "insn")
		for (j = 1; j <= nmodel; j++) XC[a, model[j]] = cross(a, allow[1], model[j])
		rec[a] = up16(X[a, 1]); for (j = 1; j <= nmodel; j++) if (up16(XC[a, model[j]]) > rec[a]) rec[a] = up16(XC[a, model[j]])
		if (rec[a] < 16) rec[a] = 16
	}
	printf "<!-- summary: CRC family: 64 B: crct10dif-vmx %s vs crct10dif-generic %s, crc64-rocksoft-vmx %s vs crc64-rocksoft-generic %s instructions/call; recommended CRCT10DIF_VMX_MIN_LEN %d (now %d), CRC64_ROCKSOFT_VMX_MIN_LEN %d (now %d) -->\n", num(pc(V[2], 64)), num(pc(G[2], 64)), num(pc(V[3], 64)), num(pc(G[3], 64)), rec[2], T[2], rec[3], T[3]
	print ""
	print "## The CRC family: crct10dif-vmx and crc64-rocksoft-vmx (issue 2.6)"
	print ""
	print "The same POWER8 guest counts the CRC family next to crc32c: crc_family_vmx\047s"
	print "`crct10dif-vmx` and `crc64-rocksoft-vmx` against the kernel\047s `crct10dif-generic` and"
	print "`crc64-rocksoft-generic`, each by `crypto_shash_digest()` on the driver allocated by name,"
	print "the empty loop subtracted as above. Every call\047s digest was checked against"
	print "`crc_t10dif_generic()` / `crc64_rocksoft_generic()` first (the module refuses to count a"
	print "wrong result). Below its threshold a vmx driver runs the generic engine behind its own glue"
	print "(marked fallback)."
	print ""
	print "### Instructions per call against the generic driver"
	print ""
	for (a = 1; a <= na; a++) {
		printf "**%s** (threshold `%s` = %d):\n\n", A[a], TN[a], T[a]
		printf "| Size | %s /call | /byte | %s /call | /byte | %s / %s |\n", V[a], G[a], V[a], G[a]
		print "|---:|---:|---:|---:|---:|---:|"
		for (i = 1; i <= nsz[G[a]]; i++) {
			z = ord[G[a], i]
			printf "| %d%s | %s | %s | %s | %s | %.2fx |\n", z, (z < T[a]) ? " (fallback)" : "", num(pc(V[a], z)), f3(pc(V[a], z) / z), num(pc(G[a], z)), f3(pc(G[a], z) / z), pc(V[a], z) / pc(G[a], z)
		}
		print ""
	}

	print "### Where the vector path starts to win"
	print ""
	print "Below the threshold the drivers never run their vector path, so it is counted bare, as"
	print "crc32c\047s `vmx-section` above: `t10dif-section` and `crc64-section` are crc_family_vmx\047s"
	print "vector section (`crc_vmx_simd_begin()`, the template core compiled into the benchmark module"
	print "from the same source with the same flags, checked instruction for instruction against"
	print "crc_family_vmx.ko\047s, `crc_vmx_simd_end()`), `t10dif-sw` and `crc64-sw` the generic engines"
	print "`crc_t10dif_generic()` and `crc64_rocksoft_generic()`. The constant costs around them, from"
	print "the driver rows (crypto API and glue):"
	print ""
	for (a = 2; a <= na; a++)
		printf "- %s: vector path = section + %s, fallback = engine + %s%s; %s = engine + %s.\n", V[a], num(dv[a]), num(df[a]), dfnote[a], G[a], num(dg[a])
	print ""
	print "| Size | t10dif-section | t10dif-sw | crct10dif-vmx vector / fallback | crct10dif-generic | vector / generic | crc64-section | crc64-sw | crc64-rocksoft-vmx vector / fallback | crc64-rocksoft-generic | vector / generic |"
	print "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	for (i = 1; i <= nsz[S[2]]; i++) {
		z = ord[S[2], i]
		if (z > 1024 && z != 65536) continue
		line = "| " z
		for (a = 2; a <= na; a++)
			line = line sprintf(" | %s | %s | %s / %s | %s | %.2fx", num(pc(S[a], z)), num(pc(W[a], z)), num(vec(a, z)), num(fb(a, z)), num(gen(a, z)), vec(a, z) / gen(a, z))
		print line " |"
	}
	print ""
	print "Instructions are not cycles, and here the difference favours the vector path: the generic"
	print "engines look up one byte at a time, each lookup\047s load depending on the previous result."
	print "llvm-mca on their loops as Debian built them (`crct10dif_common.ko`, `crc64.ko`;"
	print "tools/bench-model/mca-sw-loop.sh):"
	print ""
	print "| Loop | Model | Instructions / byte | Cycles / byte |"
	print "|---|---|---:|---:|"
	for (a = 2; a <= na; a++) for (j = 1; j <= nmodel; j++)
		printf "| %s (%d bytes per iteration) | %s | %s | %s |\n", G[a], SWB[G[a]], model[j], f2(LI[G[a]]), f2(CPB[G[a], model[j]])
	print ""
	print "so the estimate in cycles below charges the generic byte loop its modeled cycles per byte and"
	print "everything else, the whole vector path included, one cycle per instruction (crc32c\047s"
	printf "[short-call model](#short-calls-in-cycles) found its vector core at %s to %s cycles per\n", f2(cpimin), f2(cpimax)
	print "instruction from 16 to 512 B; the family cores have the same structure and were not traced)."
	print ""
	print "Crossover: the smallest size from which the vector path, allowance included, costs less"
	print "than the software path at that size and every larger one (every 8 bytes to 256, then powers"
	print "of two). Allowances as for crc32c ([Crossover and threshold](#crossover-and-threshold)):"
	printf "the first section of a kernel entry writes the MSR (charged %d), a user thread with live\n", msr_cost
	printf "vector registers pays their save and restore (%s, measured by the live probes).\n", num(allow[2])
	print ""
	printf "| Case | Allowance | crct10dif-vmx: instructions | pwr9 cycles (est.) | pwr10 cycles (est.) | crc64-rocksoft-vmx: instructions | pwr9 cycles (est.) | pwr10 cycles (est.) |\n"
	print "|---|---:|---:|---:|---:|---:|---:|---:|"
	cname[0] = "repeated calls (vector unit already enabled)"
	cname[1] = "first call of a kernel entry (one MSR write)"
	cname[2] = "first call from a user thread with live vector registers"
	for (c = 0; c <= 2; c++) {
		line = "| " cname[c] " | " num(allow[c])
		for (a = 2; a <= na; a++) {
			line = line " | " bytes(X[a, c])
			for (j = 1; j <= nmodel; j++) line = line " | " bytes(cross(a, allow[c], model[j]))
		}
		print line " |"
	}
	print ""
	for (a = 2; a <= na; a++) {
		printf "**%s**: at 64 B the vector path costs %s instructions against %s for %s (%.2fx); ", V[a], num(vec(a, 64)), num(gen(a, 64)), G[a], vec(a, 64) / gen(a, 64)
		printf "with the MSR write %s, %s. ", num(vec(a, 64) + allow[1]), (vec(a, 64) + allow[1] < gen(a, 64)) ? "still ahead" : "BEHIND"
		printf "Crossover (first call of a kernel entry): %s by instructions, %s and %s by estimated pwr9 and pwr10 cycles. ", bytes(X[a, 1]), bytes(XC[a, "pwr9"]), bytes(XC[a, "pwr10"])
		printf "Recommended `%s` = **%d** (the smallest multiple of 16 at or above every case-1 crossover, as for crc32c); the glue has %d.\n\n", TN[a], rec[a], T[a]
	}
	print "The family glue has no second threshold for callers with live user vector state (crc32c-vmx"
	print "has `CRC32C_VMX_MIN_LEN_LIVE`): such a first call pays the save and restore above, and the"
	print "last row gives the sizes from which it still wins. T10 PI hashes whole sectors (512 B and"
	print "4 KiB protection intervals), far above every crossover here."
	print ""

	print "### The steady-state loops (llvm-mca)"
	print ""
	print "All three drivers fold 16 streams of 16 bytes per iteration (256 bytes). CRC-T10DIF is"
	print "MSB first: on little-endian every loaded block is byte-reversed by a `vperm` before it is"
	print "folded (crc_vmx_core_template.h, `CORE_REVERSE`); the reflected CRCs need none. mca.sh cuts"
	print "each loop from the objects the kernel build made; \"without vperm\" is the CRC-T10DIF loop with"
	print "its 16 `vperm` left out (not a correct CRC: the cost of the reversal, by difference)."
	print ""
	print "| Loop | Model | Instructions / 256 B | Cycles / 256 B | Bytes / cycle | Busiest resource |"
	print "|---|---|---:|---:|---:|---|"
	ln[1] = "crc32c-vmx"; lf[1] = "built"; lt[1] = "crc32c-vmx"
	ln[2] = "crc64-rocksoft-vmx"; lf[2] = "built"; lt[2] = "crc64-rocksoft-vmx"
	ln[3] = "crct10dif-vmx"; lf[3] = "built"; lt[3] = "crct10dif-vmx"
	ln[4] = "crct10dif-vmx"; lf[4] = "no-vperm"; lt[4] = "crct10dif-vmx without vperm"
	for (l = 1; l <= 4; l++) for (j = 1; j <= nmodel; j++) {
		k = ln[l] SUBSEP model[j] SUBSEP lf[l]
		if (MB[k] != 256) fail(ln[l] ": " MB[k] " bytes per iteration, not 256")
		printf "| %s | %s | %d | %s | **%s** | %s |\n", lt[l], model[j], MI[k], MC[k], MBPC[k], MBUSY[k]
	}
	print ""
	printf "The byte reversal: %d against %d instructions per 256 B (one `vperm` per 16-byte block);", MI["crct10dif-vmx", model[1], "built"], MI["crct10dif-vmx", model[1], "no-vperm"]
	line = ""
	for (j = 1; j <= nmodel; j++) {
		k1 = "crct10dif-vmx" SUBSEP model[j] SUBSEP "built"; k0 = "crct10dif-vmx" SUBSEP model[j] SUBSEP "no-vperm"
		line = line sprintf(" %s **+%s cycles per 256 B** (%s against %s, %s%% more time per byte)%s", model[j], f2(MC[k1] - MC[k0]), MC[k1], MC[k0], sprintf("%.0f", 100 * (MC[k1] / MC[k0] - 1)), (j < nmodel) ? ";" : ".")
	}
	print line
	for (j = 1; j <= nmodel; j++) {
		k1 = "crct10dif-vmx" SUBSEP model[j] SUBSEP "built"
		split(MBUSY[k1], bz, " ")
		if (MC[k1] <= 1.1 * bz[2])
			printf "On %s the loop with the permutes is bound by its busiest resource (%s cycles of %s per\niteration): the 16 permutes take issue slots beside the loads, multiplies and xors.\n", model[j], bz[2], bz[1]
		else
			printf "On %s it runs above its busiest resource (%s, %s cycles per iteration): bound by\ndependencies and the model\047s in-order retirement ([Limits](#limits)), which 16 more\ninstructions per iteration fill sooner.\n", model[j], bz[1], bz[2]
	}
	print "Without the permutes the loop is the reflected one (the same instructions as crc32c-vmx and"
	print "crc64-rocksoft-vmx, the same cycles). Not built: on POWER9 and later `lxvb16x` (ISA 3.0) loads 16 bytes in"
	print "big-endian order in one instruction, which would remove the permutes there; POWER8 has no"
	print "such load, so a POWER8 core keeps them."
	print ""
	print "### Checks and reproduction"
	print ""
	print "- Every family subject returned the expected digest at every size before it was counted"
	print "  (module check against `crc_t10dif_generic()` / `crc64_rocksoft_generic()`)."
	print "- The template cores in the benchmark module are crc_family_vmx.ko\047s instruction for"
	print "  instruction (run.sh compares the disassembly); the marker instructions occur nowhere in"
	print "  crc_family_vmx.ko, crct10dif_common.ko, crc64.ko or the two generic drivers."
	fs = meta["family_stats"]; sub(/ +$/, "", fs)
	printf "- crc_family_vmx counters after the POWER8 run: %s.\n", fs
	print "- Reproduce with `make bench-model` (the commands are listed above, under"
	print "  [How to reproduce](#how-to-reproduce)); `tools/bench-model/run.sh --report-only --msr-cost N`"
	print "  re-derives this section with another MSR charge."
	print ""
	if (bad) exit 1
}' "$dir/meta.txt" "$dir/short-call.tsv" "$dir/mca-sw.tsv" "$dir/mca.tsv" "$dir/mca-family.tsv" "$dir/counts.tsv"
