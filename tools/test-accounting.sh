#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Self-tests of make check's result accounting (tools/lib/accounting.sh).
# Each case feeds the accounting a crafted lane, checker or result list of
# the kind a reviewer used to fool it (a crashed checker, a lost exit code,
# a background lane that died, a result that silently vanished) and checks
# that it is counted as a failure. Prints one verdict line per case,
# PASS<TAB>name or FAIL<TAB>name<TAB>why; exit 0 only if all pass.
# make check counts them as "harness:accounting:<case>".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# shellcheck source=lib/common.sh
. tools/lib/common.sh
no_arguments "(no arguments) runs the accounting self-tests; exit 0 if all pass" "$@"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The cases below run without subtest pins unless they ask for them
# (make check exports CRCVMX_PINS=1).
unset CRCVMX_PINS
mkdir -p "$work/build"
bad=0

# case_run NAME WANT_FAILED WANT_PASSED BODY: BODY (shell code) runs in a
# subshell with fresh accounting; the numbers of failed and passed results
# it leaves must be WANT_FAILED (a number, or "+" for at least one) and
# WANT_PASSED (a number, or "-" for any).
case_run() {
	local name=$1 wf=$2 wp=$3 body=$4 got
	got=$(
		cd "$work" || exit 99
		# shellcheck source=lib/accounting.sh
		. "$top/tools/lib/accounting.sh"
		KTAP_CHECK=${KTAP_CHECK_OVERRIDE:-$top/tools/vm/ktap-check.py}
		acc_reset "$work/results.tsv"
		eval "$body" >/dev/null 2>&1
		echo "$ACC_FAILED $ACC_PASSED"
	)
	local f=${got% *} p=${got#* } ok=1
	case "$wf" in +) [ "$f" -ge 1 ] || ok=0 ;; *) [ "$f" -eq "$wf" ] || ok=0 ;; esac
	case "$wp" in -) ;; *) [ "$p" -eq "$wp" ] || ok=0 ;; esac
	if [ "$ok" -eq 1 ]; then
		printf 'PASS\t%s\n' "$name"
	else
		printf 'FAIL\t%s\tcounted %s failed, %s passed; wanted %s failed, %s passed\n' \
			"$name" "$f" "$p" "$wf" "$wp"
		bad=1
	fi
}

# Lanes that print verdicts (count_lane).
cat >"$work/lane-stops.sh" <<'EOF'
printf 'PASS\ta\nPASS\tb\n'; exit 1
EOF
cat >"$work/lane-silent.sh" <<'EOF'
exit 0
EOF
cat >"$work/lane-fail-exit0.sh" <<'EOF'
printf 'PASS\ta\nFAIL\tb\twrong\n'; exit 0
EOF
cat >"$work/lane-good.sh" <<'EOF'
printf 'PASS\ta\nPASS\tb\nnoise line\n'; exit 0
EOF
case_run "a lane that exits non-zero after passing verdicts fails" + 2 \
	'count_lane L out.txt sh "$work/lane-stops.sh"'
case_run "a lane that prints no verdict fails" 1 0 \
	'count_lane L out.txt sh "$work/lane-silent.sh"'
case_run "a lane whose FAIL verdict comes with exit 0 fails twice" 2 1 \
	'count_lane L out.txt sh "$work/lane-fail-exit0.sh"'
case_run "a good lane passes: 2 results" 0 2 \
	'count_lane L out.txt sh "$work/lane-good.sh"'

# The guest-set checker: fake checkers that misbehave, and the real one.
mkdir -p "$work/tools/vm/guest/sets"
printf 'x\n' >"$work/tools/vm/guest/sets/t.expect"
: >"$work/tools/vm/guest/skip-allowlist.txt"
printf 'import sys\nsys.exit(1)\n' >"$work/crash-silent.py"
printf 'print("PASS\\tx")\nprint("FAIL\\taccounting\\tboom")\n' >"$work/fail-exit0.py"
printf 'print("PASS\\tx")\n' >"$work/no-accounting.py"
printf 'raise SystemExit(3)\n' >"$work/exit3.py"
printf 'CRCVMX-BEGIN\n1..1\nok 1 x\nCRCVMX-END rc=0\n' >"$work/good.log"
printf 'CRCVMX-BEGIN\n1..1\nnot ok 1 x # exit=1\nCRCVMX-END rc=1\n' >"$work/notok.log"
printf 'CRCVMX-BEGIN\n1..1\nok %s x\nCRCVMX-END rc=0\n' "$(printf '9%.0s' $(seq 5000))" >"$work/huge.log"
for c in crash-silent fail-exit0 no-accounting exit3; do
	KTAP_CHECK_OVERRIDE=$work/$c.py case_run "a checker that misbehaves ($c) fails the set" + - \
		'count_guest_results L t "$work/good.log" 0'
done
case_run "the real checker passes a good set: 2 results" 0 2 \
	'count_guest_results L t "$work/good.log" 0'
case_run "a set whose only test is not ok is never '0 passed, 0 failed'" 2 0 \
	'count_guest_results L t "$work/notok.log" 1'
case_run "a 5000-digit test number fails, it does not crash the count" + - \
	'count_guest_results L t "$work/huge.log" 0'
# With pins required (make check), a run without its pin file fails, and one
# that matches its pins passes.
printf 'CRCVMX-BEGIN\n1..1\n# 1..1\n# ok 1 inner\nok 1 x\nCRCVMX-END rc=0\n' >"$work/build/guest-L-t-P.log"
case_run "with pins required, a run without its pin file fails" 1 1 \
	'CRCVMX_PINS=1 count_guest_results L t "$work/build/guest-L-t-P.log" 0'
mkdir -p "$work/tools/vm/guest/pins"
printf '= x\n1\t1..1\n1\tok 1 inner\n' >"$work/tools/vm/guest/pins/L-t-P.pins"
case_run "with pins required, a run that matches its pin file passes: 2 results" 0 2 \
	'CRCVMX_PINS=1 count_guest_results L t "$work/build/guest-L-t-P.log" 0'

# Background lanes (the deb stage).
case_run "a background lane that stops early fails" + 1 \
	'start_bg_lane bg sh -c "printf \"PASS\\ta\\n\"; exit 1"; finish_bg_lane L bg'
case_run "a background lane killed before its end fails" + - \
	'start_bg_lane bg sh -c "printf \"PASS\\ta\\n\"; kill -9 \$\$"; finish_bg_lane L bg'
case_run "a background lane that ends well passes: 1 result" 0 1 \
	'start_bg_lane bg sh -c "printf \"PASS\\ta\\n\""; finish_bg_lane L bg'

# The manifest of result names.
printf '# comment\nA\nB\nC\n' >"$work/manifest.txt"
case_run "a result the manifest names but the run lacks fails" 1 2 \
	'result A 0; result B 0; manifest_check "$work/manifest.txt"'
case_run "a passing result the manifest lacks fails" 1 4 \
	'result A 0; result B 0; result C 0; result D 0; manifest_check "$work/manifest.txt"'
case_run "a result counted twice fails" 1 4 \
	'result A 0; result B 0; result C 0; result C 0; manifest_check "$work/manifest.txt"'
case_run "exactly the manifest's results pass" 0 3 \
	'result A 0; result B 0; result C 0; manifest_check "$work/manifest.txt"'
# CTest's PASS_REGULAR_EXPRESSION ignores exit codes: tests that need a
# line go through exit-and-line.sh, which needs both.
eal=userspace/crcbench/tests/host/exit-and-line.sh
for c in "exit 1 with the line:echo L; exit 1:1" "exit 0 without the line:echo LL:1" \
	"exit 0 with the line:echo L:0"; do
	desc=${c%%:*} rest=${c#*:} want=${c##*:}
	rc=0
	sh "$eal" L sh -c "${rest%:*}" >/dev/null 2>&1 || rc=$?
	if { [ "$want" -eq 0 ] && [ "$rc" -eq 0 ]; } || { [ "$want" -ne 0 ] && [ "$rc" -ne 0 ]; }; then
		printf 'PASS\t%s\n' "exit-and-line.sh: $desc exits $([ "$want" -eq 0 ] && echo 0 || echo non-zero)"
	else
		printf 'FAIL\t%s\texit %s\n' "exit-and-line.sh: $desc exits $([ "$want" -eq 0 ] && echo 0 || echo non-zero)" "$rc"
		bad=1
	fi
done

line=$(
	cd "$work" && . "$top/tools/lib/accounting.sh" && acc_reset "$work/r.tsv" &&
	result A 0 && result B 1 2>/dev/null && acc_summary 2>/dev/null
	echo "rc=$?"
)
if [ "$line" = $'1 passed, 1 failed\nrc=1' ]; then
	printf 'PASS\t%s\n' "the summary line is the last line and its exit code follows it"
else
	printf 'FAIL\t%s\tgot %q\n' "the summary line is the last line and its exit code follows it" "$line"
	bad=1
fi
exit "$bad"
