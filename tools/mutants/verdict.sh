#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Judge the mutants: each must be caught by every test its Catch: line
# names (tools/mutants/lib.sh). Reads the lanes' results (results.tsv of
# tools/mutants/lane.sh, vpmsumd.tsv and isa31.tsv of
# tools/vm/execution-lane.sh), prints
# one verdict line per mutant (PASS<TAB>mutant:NAME or
# FAIL<TAB>mutant:NAME<TAB>reason) and writes the table "mutant -> tests
# that caught it" as Markdown.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=lib.sh
. "$top/tools/mutants/lib.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --results FILE... [--vpmsumd FILE] [--isa31 FILE] --table FILE
  --results FILE   a results.tsv of tools/mutants/lane.sh (repeatable)
  --vpmsumd FILE   vpmsumd.tsv of tools/vm/execution-lane.sh (label, bytes,
                   vpmsumd executed inside the driver's module on POWER8)
  --isa31 FILE     isa31.tsv of the same lane (label, bytes, lxvp and xxeval
                   executed inside crc32c_vmx on POWER10)
  --table FILE     the Markdown table to write (make check: docs/mutants.md)
Exit codes: 0 every mutant caught as required, 1 otherwise, 2 bad usage.
USAGE
}
results=() vpm='' isa31='' table=''
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--results|--vpmsumd|--isa31|--table)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--results) results+=("$2") ;; --vpmsumd) vpm=$2 ;; --isa31) isa31=$2 ;;
		--table) table=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$table" ] && [ ${#results[@]} -gt 0 ] || die 2 "--results and --table are required (try --help)"

all=$(mktemp)
trap 'rm -f "$all"' EXIT
for f in "${results[@]}"; do
	[ -s "$f" ] && cat "$f"
done >"$all"
# 1 MiB through a mutant with (almost) no vpmsumd: caught by the count.
if [ -n "$vpm" ] && [ -s "$vpm" ]; then
	# A mutant probed with several drivers is caught when any of them is.
	awk -F'\t' -v OFS='\t' '$1 !~ /^real:/ { split($1, a, ":"); m = a[1];
		if (!(m in v)) order[++n] = m
		if ($3 < $2 / 32) v[m] = "caught"; else if (!(m in v)) v[m] = "missed"
		d[m] = d[m] (d[m] == "" ? "" : ", ") $3 " vpmsumd/MiB" (a[2] != "crc32c-vmx" ? " (" a[2] ")" : "") }
		END { for (i = 1; i <= n; i++) print "stock", order[i], "vpmsumd-count", v[order[i]], d[order[i]] }' "$vpm" >>"$all"
fi
# 1 MiB on POWER10 through a mutant with (almost) no lxvp or xxeval.
if [ -n "$isa31" ] && [ -s "$isa31" ]; then
	awk -F'\t' -v OFS='\t' '$1 !~ /^real:/ { split($1, a, ":");
		print "stock", a[1], "isa31-count", ($3 < $2 / 64 || $4 < $2 / 64 ? "caught" : "missed"),
			$3 " lxvp, " $4 " xxeval/MiB" }' "$isa31" >>"$all"
fi

# verdict_of MUTANT TEST: the verdict of the row that judges TEST for
# MUTANT (caught, missed, timeout, crashed, setup-failed, failed, no-result)
# or not-run. debug-kernel is the kernel-log verdict on the debug lane.
verdict_of() {
	local lane=stock test=$2
	if [ "$test" = debug-kernel ]; then
		lane=debug test=kernel-log
	fi
	awk -F'\t' -v l="$lane" -v m="$1" -v t="$test" '$1 == l && $2 == m && $3 == t { v = $4 }
		END { print (v == "" ? "not-run" : v) }' "$all"
}

# The verdict a declared "Expect:" kind stands for.
expect_verdict() {
	case "$1" in crash) echo crashed ;; timeout) echo timeout ;; setup-failed) echo setup-failed ;; esac
}

bad=0
rows=
for m in $(mutant_names); do
	catch=$(mutant_catch "$m")
	expect=$(mutant_expect "$m")
	accept=caught
	# The first sentence of its Defect: line (up to ". " and a capital).
	defect=$(sed -n 's/^Defect: *//p' "$MUTANT_DIR/$m.patch" | head -n 1 | sed -E 's/\. [A-Z].*/./; s/\|/\\|/g')
	missing=
	if [ -z "$catch" ]; then
		missing=" (no Catch: line)"
	fi
	if [ -n "$expect" ]; then
		if [ -z "$(expect_verdict "$expect")" ]; then
			missing="$missing (Expect: '$expect' is not crash, timeout or setup-failed)"
		elif [ -z "$(mutant_expect_reason "$m")" ]; then
			missing="$missing (Expect: $expect without a reason)"
		elif [ "$expect" = crash ] && { [ -z "$(mutant_fault_oops "$m")" ] || [ -z "$(mutant_fault_at "$m")" ]; }; then
			missing="$missing (Expect: crash without a Fault: OOPS-TEXT @ FUNCTION line)"
		else
			accept=$(expect_verdict "$expect")
		fi
	fi
	for t in $catch; do
		v=$(verdict_of "$m" "$t")
		[ "$v" = caught ] || [ "$v" = "$accept" ] || missing="$missing $t=$v"
	done
	# Everything that caught it, in any lane, with the failed subtests or
	# the report; declared-kind verdicts are marked as such.
	by=$(awk -F'\t' -v m="$m" -v acc="$accept" '$2 == m && ($4 == "caught" || $4 == acc) {
		d = $5; gsub(/\|/, "\\|", d)
		s = s (s ? "; " : "") $3 (d != "" ? " (" d ")" : "") ($4 != "caught" ? " [" $4 ", as declared]" : "") \
		    ($1 == "debug" ? " [debug kernel]" : "") }
		END { print s }' "$all")
	if [ -z "$missing" ]; then
		printf 'PASS\tmutant:%s\n' "$m"
		verdict=caught
	else
		printf 'FAIL\tmutant:%s\tnot caught as required:%s\n' "$m" "$missing"
		verdict="**NOT caught:**$missing"
		bad=1
	fi
	catch=${catch// /, }
	[ -z "$expect" ] || catch="$catch (expected: $expect: $(mutant_expect_reason "$m" | sed 's/|/\\|/g'))"
	rows+="| \`$m\` | $defect | $catch | ${by:-nothing} | $verdict |"$'\n'
done
total=$(mutant_names | wc -l)
# The mutation sweep's section (tools/mutation, make check-mutation) shares
# the file: everything from its marker line on is kept as it is.
sweep_marker='<!-- mutation sweep: written by hand and tools/mutation/sweep.py, kept by verdict.sh -->'
sweep_section=''
if [ -f "$table" ]; then
	sweep_section=$(awk -v m="$sweep_marker" '$0 == m { on = 1 } on' "$table")
fi
{
	echo "<!-- SPDX-License-Identifier: GPL-2.0-only -->"
	echo "# Mutation testing: which test catches which defect"
	echo
	echo "This part is written by \`make check\` (tools/mutants/verdict.sh); do not"
	echo "edit it (the mutation sweep's section at the end is kept). Each mutant"
	echo "is the real module with one planted defect (tools/mutants/NAME.patch); it"
	echo "must be caught by every test its \`Catch:\` line names. A kselftest catches"
	echo "it only by failing an assertion; a timeout, a crash or a failure before any"
	echo "assertion counts only where the mutant declares it (\`Expect:\`, with the"
	echo "reason). \"Caught by\" lists every check that caught it, with the failed"
	echo "subtests (#N and their descriptions) or the kernel's report: kselftests,"
	echo "\`testmgr\` (the kernel's registration self-test, with its failure line),"
	echo "\`kernel-log\` (a warning or debug report in the kernel log), \`vpmsumd-count\`"
	echo "(the QEMU plugin saw no vector multiplies in the module for 1 MiB),"
	echo "\`isa31-count\` (it saw no lxvp/xxeval in the module for 1 MiB on POWER10),"
	echo "\`novsx\` (a check of the no-VSX lane failed: a POWER10 with VSX off)"
	echo "and the debug kernel's reports. See docs/testing.md."
	echo
	echo "| mutant | defect | must be caught by | caught by | verdict |"
	echo "|---|---|---|---|---|"
	printf '%s' "$rows"
	echo
	caught=$(printf '%s' "$rows" | grep -c '| caught |$' || true)
	echo "Caught: $caught of $total ($((total ? caught * 100 / total : 0))%)."
	if [ -n "$sweep_section" ]; then
		echo
		printf '%s\n' "$sweep_section"
	fi
} >"$table"
exit $bad
