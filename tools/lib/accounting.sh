# SPDX-License-Identifier: GPL-2.0-only
#
# The result accounting of `make check` (tools/check.sh). Source it after
# tools/lib/common.sh. Every rule here fails closed: a checker that crashes,
# a lane whose exit code says it stopped, a verdict that never arrives or a
# result the manifest names but the run did not produce is a failure, never
# a silent pass or a smaller total. tools/test-accounting.sh feeds each of
# these functions crafted inputs that must fail.
#
# State: ACC_RESULTS (file: one "PASS|FAIL<TAB>name" line per result, in
# order), ACC_PASSED, ACC_FAILED, ACC_FAILURES (names of failed results).
# The checker of guest sets is $KTAP_CHECK (default tools/vm/ktap-check.py).

ACC_PASSED=0
ACC_FAILED=0
ACC_FAILURES=()
ACC_RESULTS=${ACC_RESULTS:-build/results.tsv}
KTAP_CHECK=${KTAP_CHECK:-tools/vm/ktap-check.py}

# acc_reset FILE: start counting into FILE (emptied).
acc_reset() {
	ACC_RESULTS=$1
	ACC_PASSED=0 ACC_FAILED=0 ACC_FAILURES=()
	mkdir -p "$(dirname "$ACC_RESULTS")"
	: >"$ACC_RESULTS"
}

# result NAME RC: one result, passed if RC is 0.
result() {
	if [ "$2" -eq 0 ] 2>/dev/null; then
		ACC_PASSED=$((ACC_PASSED + 1))
		printf 'PASS\t%s\n' "$1" >>"$ACC_RESULTS"
	else
		ACC_FAILED=$((ACC_FAILED + 1))
		ACC_FAILURES+=("$1")
		printf 'FAIL\t%s\n' "$1" >>"$ACC_RESULTS"
	fi
}

# count_verdict_file LABEL FILE RC [WHAT]: one result per "PASS<TAB>name" /
# "FAIL<TAB>name<TAB>why" line of FILE, which a lane (WHAT, for messages)
# wrote and left with exit code RC. Fails closed: no verdict at all, a lane
# that exited non-zero without a FAIL line (it stopped early: the verdicts
# it did not print would otherwise just vanish), or one that printed a FAIL
# line yet exited 0 (its exit code cannot be trusted) is one more failure,
# "LABEL:lane exit code".
count_verdict_file() {
	local label=$1 file=$2 rc=$3 what=${4:-the lane} v name reason n=0 nfail=0
	while IFS=$'\t' read -r v name reason; do
		case "$v" in
		PASS) result "$label:$name" 0 ;;
		FAIL) say "check: $label: $name: ${reason:-failed}"; result "$label:$name" 1; nfail=$((nfail + 1)) ;;
		*) continue ;;
		esac
		n=$((n + 1))
	done <"$file"
	if [ "$n" -eq 0 ]; then
		say "check: $label: $what gave no verdicts (exit $rc; $file)"
		result "$label:verdicts" 1
	elif [ "$rc" -ne 0 ] && [ "$nfail" -eq 0 ]; then
		say "check: $label: $what exited $rc after $n passing verdicts: it stopped early ($file)"
		result "$label:lane exit code" 1
	elif [ "$rc" -eq 0 ] && [ "$nfail" -gt 0 ]; then
		say "check: $label: $what printed $nfail FAIL verdicts but exited 0 ($file)"
		result "$label:lane exit code" 1
	fi
}

# count_lane LABEL OUTFILE CMD...: run a lane that prints verdict lines,
# keep them in OUTFILE and count them with its exit code (no process
# substitution: its exit code would be lost).
count_lane() {
	local label=$1 out=$2 rc=0
	shift 2
	"$@" >"$out" || rc=$?
	count_verdict_file "$label" "$out" "$rc" "$1"
}

# guest_verdicts SET LOG RUN_GUEST_EXIT OUT [PINS]: the checker's verdict lines on
# SET's result channel LOG into OUT; returns the checker's exit code
# normalised: 0 all PASS, 1 the verdicts are consistent and some FAIL, and
# anything else (it crashed, printed nothing, or its output contradicts its
# exit code) after adding a "FAIL<TAB>checker" line.
guest_verdicts() {
	local set=$1 log=$2 run_rc=$3 out=$4 pins=${5:-} rc=0 nfail nacc
	python3 "$KTAP_CHECK" --expect "tools/vm/guest/sets/$set.expect" \
		--allow-skip tools/vm/guest/skip-allowlist.txt --run-rc "$run_rc" \
		${pins:+--pins "$pins"} "$log" >"$out" || rc=$?
	nfail=$(grep -c '^FAIL	' "$out" || true)
	nacc=$(grep -cE '^(PASS|FAIL)	accounting(	|$)' "$out" || true)
	if [ "$rc" -gt 1 ]; then
		printf 'FAIL\tchecker\tthe result checker failed (exit %s): it could not judge %s\n' "$rc" "$log" >>"$out"
		return 2
	elif [ "$nacc" -ne 1 ]; then
		printf 'FAIL\tchecker\tthe result checker printed %s accounting verdicts, not 1 (exit %s)\n' "$nacc" "$rc" >>"$out"
		return 2
	elif [ "$rc" -eq 1 ] && [ "$nfail" -eq 0 ]; then
		printf 'FAIL\tchecker\tthe result checker exited 1 without a FAIL verdict\n' >>"$out"
		return 2
	elif [ "$rc" -eq 0 ] && [ "$nfail" -gt 0 ]; then
		printf 'FAIL\tchecker\tthe result checker exited 0 with %s FAIL verdicts\n' "$nfail" >>"$out"
		return 2
	fi
	return "$rc"
}

# count_guest_results LABEL SET LOG RUN_GUEST_EXIT: one result per verdict
# (every test SET's .expect declares, and its accounting). The accounting
# and checker verdicts are named for the set ("accounting of set check"),
# so that two sets under one label never share a result name.
count_guest_results() {
	local out=${3%.log}.verdicts rc=0 pins=
	# With CRCVMX_PINS=1 (make check) each run's nested subtests are held to
	# tools/vm/guest/pins/<label>-<set>-<cpu>.pins (tools/vm/pin-subtests.sh).
	if [ "${CRCVMX_PINS:-0}" = 1 ]; then
		pins=$(basename "$3" .log)
		pins=tools/vm/guest/pins/${pins#guest-}.pins
	fi
	guest_verdicts "$2" "$3" "$4" "$out" "$pins" || rc=$?
	sed -i -E "s/^(PASS|FAIL)\t(accounting|checker)(\t|\$)/\1\t\2 of set $2\3/" "$out"
	# The checker's inconsistency, if any, is already a FAIL line in $out.
	count_verdict_file "$1" "$out" "$([ "$rc" -le 1 ] && echo "$rc" || echo 1)" "the result checker"
}

# start_bg_lane NAME CMD...: run a lane in the background; its verdicts go
# to build/NAME-verdicts.txt and its exit code, when it ends, to
# build/NAME-verdicts.rc. finish_bg_lane LABEL NAME waits and counts it.
declare -A ACC_BG_PIDS=()
start_bg_lane() {
	local name=$1
	shift
	rm -f "build/$name-verdicts.rc"
	( rc=0; "$@" >"build/$name-verdicts.txt" || rc=$?; echo "$rc" >"build/$name-verdicts.rc" ) &
	ACC_BG_PIDS[$name]=$!
}
finish_bg_lane() {
	local label=$1 name=$2 wrc=0 rc
	wait "${ACC_BG_PIDS[$name]}" || wrc=$?
	rc=$(cat "build/$name-verdicts.rc" 2>/dev/null || true)
	if ! [[ "$rc" =~ ^[0-9]+$ ]]; then
		# Killed before it could write its exit code.
		say "check: $label: the background lane died (wait status $wrc)"
		rc=${wrc/#0/1}
	fi
	count_verdict_file "$label" "build/$name-verdicts.txt" "$rc" "the $name lane"
}

# acc_fail_each FORMAT: one failed result per line of stdin, named by
# printf FORMAT with the line.
acc_fail_each() {
	local name
	while IFS= read -r name; do
		# shellcheck disable=SC2059
		result "$(printf "$1" "$name")" 1
	done
}

# manifest_check MANIFEST: compare the results counted so far with the
# committed list of result names every run must produce. A name missing
# from the run fails (the test, lane or mutant behind it did not run); a
# passing result missing from the list fails (add it, so that the change
# shows in review); a name counted twice fails. Prints what was expected
# and what was got.
manifest_check() {
	local manifest=$1 names expected missing extra dup
	names=$(mktemp) expected=$(mktemp)
	cut -f2- "$ACC_RESULTS" | sort >"$names"
	grep -v '^#' "$manifest" | grep -v '^[[:space:]]*$' | sort >"$expected"
	dup=$(uniq -d "$names")
	missing=$(sort -u "$names" | comm -13 - "$expected")
	extra=$(grep '^PASS	' "$ACC_RESULTS" | cut -f2- | sort -u | comm -23 - "$expected")
	say "check: results: $(wc -l <"$expected") expected ($manifest), $(sort -u "$names" | wc -l) produced"
	if [ -n "$(uniq -d "$expected")" ]; then
		say "check: $manifest lists a name twice: $(uniq -d "$expected" | head -n 3 | tr '\n' ' ')"
		result "manifest:names listed once" 1
	fi
	if [ -n "$missing" ]; then
		say "check: $(wc -l <<<"$missing") results the manifest expects were not produced (first ones below)"
		head -n 20 <<<"$missing" | sed 's/^/   missing: /' >&2
		acc_fail_each "%s (missing: not produced by this run)" <<<"$missing"
	fi
	if [ -n "$extra" ]; then
		say "check: results not in $manifest (add them so the change shows in review):"
		sed 's/^/   new: /' <<<"$extra" >&2
		acc_fail_each "manifest:unlisted result '%s'" <<<"$extra"
	fi
	if [ -n "$dup" ]; then
		say "check: results counted more than once:"
		sed 's/^/   twice: /' <<<"$dup" >&2
		acc_fail_each "manifest:counted twice '%s'" <<<"$dup"
	fi
	rm -f "$names" "$expected"
}

# acc_summary: the failures, then the line CI reads; returns 0 only if
# nothing failed.
acc_summary() {
	if [ ${#ACC_FAILURES[@]} -gt 0 ]; then
		say "check: FAILED:"
		printf '   %s\n' "${ACC_FAILURES[@]}" >&2
	fi
	echo "$ACC_PASSED passed, $ACC_FAILED failed"
	[ "$ACC_FAILED" -eq 0 ]
}
