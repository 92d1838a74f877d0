#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# End-to-end tests of the real crcbench-alg binary (and the real libkcapi) on
# a host without AF_ALG: its AF_ALG and NETLINK_CRYPTO calls go to the
# LD_PRELOAD fake in tests/fake_afalg. One case per call, named on the command
# line, so CTest lists each case; "all" runs every case.
#
# Usage: e2e.sh CASE|all   with CRCBENCH, JSONCHECK, FAKE_AFALG, FIXTURES set.
# Exit: 0 pass, 1 fail, 77 skipped (CTest SKIP_RETURN_CODE).
set -u
: "${CRCBENCH:?}" "${JSONCHECK:?}" "${FAKE_AFALG:?}" "${FIXTURES:?}"
PC="$FIXTURES/proc-crypto-fake.txt"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-e2e.XXXXXX")
# (SHM_FILE: case_file_drop_cache's file on /dev/shm, outside $TMP.)
SHM_FILE=
trap 'rm -rf "$TMP" ${SHM_FILE:+"$SHM_FILE"}' EXIT INT TERM

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=e2e-lib.sh
. "$here/e2e-lib.sh"

# Operations on the op socket per hashed message, from the fake's trace.
syscalls_per_op() { # SIZE OPS [run args...]
	size=$1 ops=$2
	shift 2
	rm -f "$TMP/trace"
	run trace 0 FAKE_AFALG_TRACE="$TMP/trace" -- run -q --driver crc32c-generic \
		--sizes "$size" --iterations "$ops" --trials 1 --warmup 0 --format csv "$@"
	calls=$(grep -cE '^(send|sendmsg|recvmsg|recv|read|vmsplice|splice)( |$)' "$TMP/trace")
	echo $((calls / ops))
}

case_help() {
	run help 0 -- --help
	has help.out "Exit codes:"
	has help.out "4  crypto_user not loaded"
	for c in list verify run; do
		run "help_$c" 0 -- "$c" --help
		has "help_$c.out" "Usage: crcbench-alg $c"
	done
	run version 0 -- --version
	has version.out "libkcapi 1.4"
}

case_bad_args() {
	# No arguments: the usage on stderr (stdout stays empty) and exit 2.
	run noargs 2 --
	has noargs.err "Usage: crcbench-alg"
	has noargs.err "no command given"
	[ ! -s "$TMP/noargs.out" ] || fail "noargs: usage on stdout"
	run noargs_cmd 2 -- bogus
	one_line noargs_cmd.err
	has noargs_cmd.err "unknown command 'bogus'"
	run badthreads 2 -- run --threads 0
	one_line badthreads.err
	run badsize 2 -- run --sizes 12X
	run badopt 2 -- verify --frobnicate
	run badcase 2 -- verify --case 16:0:default:8+7
	has badcase.err "pieces sum to 15"
}

case_unknown_driver() {
	run unknown 5 -- verify --driver crc32c-nope
	one_line unknown.err
	has unknown.err "unknown driver 'crc32c-nope'; crc32c drivers here: crc32c-fakevec (200), crc32c-generic (100), crc32c-broken (50)"
	run unknown_run 5 -- run --driver sha256-generic
}

case_no_af_alg() {
	run noalg 3 FAKE_AFALG_SOCKET_ERRNO=97 -- verify --driver crc32c-generic
	one_line noalg.err
	has noalg.err "AF_ALG is not available"
	run noalg_run 3 FAKE_AFALG_SOCKET_ERRNO=97 -- run --sizes 64 --iterations 1
}

case_no_algif_hash() {
	run nohash 3 FAKE_AFALG_BIND_ERRNO=2 -- verify --driver crc32c-generic
	one_line nohash.err
	has nohash.err "modprobe algif_hash"
}

case_no_crypto_user() {
	run nocu 4 FAKE_AFALG_NETLINK_ERRNO=93 -- verify --driver crc32c-generic
	one_line nocu.err
	has nocu.err "load crypto_user: modprobe crypto_user"
	run nocu_run 4 FAKE_AFALG_NETLINK_ERRNO=93 -- run --sizes 64 --iterations 1
	# libkcapi's own "NETLINK_CRYPTO: cannot obtain cipher information" is silenced
	if grep -q "cannot obtain cipher information" "$TMP/nocu.err"; then
		fail "libkcapi noise on stderr"
	fi
}

case_permission() {
	run perm 6 FAKE_AFALG_SOCKET_ERRNO=13 -- verify --driver crc32c-generic
	one_line perm.err
	has perm.err "permission denied"
	if [ "$(id -u)" != 0 ]; then
		: >"$TMP/unreadable"
		chmod 000 "$TMP/unreadable"
		run perm_file 6 -- list --proc-crypto "$TMP/unreadable"
		has perm_file.err "permission denied"
	fi
}

case_missing_proc_crypto() {
	run nofile 7 -- list --proc-crypto "$TMP/does-not-exist"
	one_line nofile.err
}

case_thread_limit() {
	# Thread creation fails under a small address-space limit (each thread
	# reserves a stack): the run must end at once with exit 7 and the cause,
	# not wait forever for the threads that were never created.
	(
		# shellcheck disable=SC3045 # dash (Debian's sh) and busybox have -v
		ulimit -v 300000
		exec timeout 60 env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" \
			"$CRCBENCH" run -q --threads 64 --sizes 64 --trials 1 --warmup 0 \
			--duration 10ms >"$TMP/threads.out" 2>"$TMP/threads.err"
	)
	rc=$?
	[ $rc != 124 ] || fail "thread_limit: run hung when thread creation failed"
	[ $rc = 7 ] || { cat "$TMP/threads.err"; fail "thread_limit: exit code $rc, expected 7"; }
	one_line threads.err
	has threads.err "cannot start thread [0-9]* of 64"
}

case_list() {
	run list 0 -- list
	has list.out "\\* *crc32c-fakevec"
	has list.out '"crc32c" resolves to: crc32c-fakevec'
	run listjson 0 -- list --format json
	"$JSONCHECK" --schema list --expect-driver crc32c-broken "$TMP/listjson.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "list JSON invalid"; }
	run listcsv 0 -- list --format csv
	has listcsv.out "crc32c-fakevec,fake_afalg,200,passed,false,true"
}

case_verify_pass() {
	run verify 0 -- verify --driver crc32c-generic,crc32c-fakevec,crc32c --random 20 --seed 5
	has verify.out "PASS crc32c-generic"
	has verify.out "PASS crc32c-fakevec"
	has verify.out "PASS crc32c:"
	has verify.out "verdict: ok"
	has verify.out "(--seed 5)"
}

case_verify_broken() {
	# The fixed cases alone must catch it (lengths 64k + 7 beyond 2048).
	run broken 1 -- verify --driver crc32c-broken --max-length 70000 --random 0
	has broken.out "FAIL crc32c-broken"
	has broken.out "MISMATCH driver=crc32c-broken length="
	has broken.out "reproduce: crcbench-alg verify --driver crc32c-broken --case "
	spec=$(sed -n 's/.*--case \([^ ]*\)$/\1/p' "$TMP/broken.out" | head -n 1)
	[ -n "$spec" ] || fail "no --case in the reproducer"
	run again 1 -- verify --driver crc32c-broken --case "$spec"
	has again.out "1 of 1 cases differ"
	# The same case passes on a correct driver.
	run again_ok 0 -- verify --driver crc32c-generic --case "$spec"
}

# Issue 3.4 item 9: verify --json FILE, a crcbench-alg.verify.v1 report that
# both checkers accept, and whose verdict the C++ checker holds to the rows.
case_verify_json() {
	run vjson 1 -- verify -q -d crc32c-generic,crc32c-broken --random 3 --seed 5 \
		--max-length 64K --json "$TMP/v.json"
	has vjson.out "the reproducers of the first 5 follow"
	"$JSONCHECK" --schema verify --expect-verdict mismatch "$TMP/v.json" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "verify JSON invalid"; }
	"$PYTHON3" "$(dirname "$0")/validate-report.py" "$(dirname "$0")/../../schema" "$TMP/v.json" \
		>"$TMP/py" 2>&1 || { cat "$TMP/py"; fail "verify JSON does not match its schema"; }
	has v.json '"seed": "5"'
	has v.json '"case": "'
	# A verdict that contradicts the rows is refused.
	sed 's/"verdict": "mismatch"$/"verdict": "ok"/' "$TMP/v.json" >"$TMP/v-bad.json"
	if "$JSONCHECK" --schema verify "$TMP/v-bad.json" >"$TMP/chk" 2>&1; then
		fail "the checker accepted a verify report whose verdict contradicts its results"
	fi
	# A passing run: verdict ok; a --json path that cannot be written fails
	# before any case runs (exit 7, the write error).
	run vok 0 -- verify -q -d crc32c-generic --random 2 --max-length 4K --json "$TMP/v.json"
	"$JSONCHECK" --schema verify --expect-verdict ok "$TMP/v.json" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "passing verify JSON invalid"; }
	run vno 7 -- verify -q -d crc32c-generic --json /nonexistent/dir/v.json
	has vno.err "cannot write /nonexistent/dir/v.json"
	! grep -q PASS "$TMP/vno.out" || fail "unwritable --json: the cases ran first"
}

case_run_json() {
	run runjson 0 -- run --driver crc32c-generic,crc32c-fakevec --sizes 64,4K,64K --iterations 20 --trials 3 --warmup 0 \
		--threads 2 --format json --csv "$TMP/r.csv" --json "$TMP/r.json"
	"$JSONCHECK" --schema run --expect-driver crc32c-generic --expect-driver crc32c-fakevec \
		--expect-verdict ok "$TMP/runjson.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "run JSON invalid"; }
	cmp -s "$TMP/runjson.out" "$TMP/r.json" || fail "--json file differs from stdout"
	head -n 1 "$TMP/r.csv" | grep -q '^driver,size,mode,threads,trials,' || fail "CSV header"
	[ "$(wc -l <"$TMP/r.csv")" -eq 7 ] || fail "CSV rows: expected 2 drivers x 3 sizes"
}

case_run_broken() {
	run runbroken 1 -- run --driver crc32c-generic,crc32c-broken --sizes 64,4103 \
		--iterations 5 --trials 2 --warmup 0 --format json
	"$JSONCHECK" --expect-verdict mismatch "$TMP/runbroken.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "mismatch JSON invalid"; }
	has runbroken.err "MISMATCH driver=crc32c-broken length=4103"
	run runbroken_table 1 -- run --driver crc32c-broken --sizes 4103 --iterations 3 --trials 1 \
		--warmup 0
	has runbroken_table.out "WRONG 3/3"
	has runbroken_table.out "verdict: MISMATCH"
}

case_output_files() {
	# An unwritable --json/--csv path fails before the run (a 1-hour run
	# would otherwise end in exit 7), and no progress is made first.
	start=$(date +%s)
	run nodir 7 -- run --driver crc32c-generic --sizes 64 --duration 60m --trials 1 \
		--json "$TMP/no/such/dir/r.json"
	one_line nodir.err
	has nodir.err "cannot write $TMP/no/such/dir/r.json"
	[ $(($(date +%s) - start)) -lt 30 ] || fail "nodir: the run started before the path was checked"
	run nodir_csv 7 -- run --driver crc32c-generic --sizes 64 --duration 60m --trials 1 \
		--csv "$TMP"
	# A write that fails at the end (/dev/full: ENOSPC) after a mismatch:
	# exit 1 (the mismatch), not 7; both the reproducer and the cause printed.
	run fullbroken 1 -- run --driver crc32c-broken --sizes 4103 --iterations 3 --trials 1 \
		--warmup 0 --json /dev/full
	has fullbroken.err "MISMATCH driver=crc32c-broken"
	has fullbroken.err "cannot write /dev/full"
	# Without a mismatch the failed write is exit 7.
	run fullok 7 -- run --driver crc32c-generic --sizes 64 --iterations 3 --trials 1 \
		--warmup 0 --csv /dev/full
	has fullok.err "cannot write /dev/full"
}

case_working_set_rss() {
	# Issue 3.4 item 1: --working-set is the memory it names. -s 64
	# --working-set 64M peaks between the working set (every buffer is
	# touched) and twice it. The address space is capped at 1G, so a tool
	# that allocates per buffer fails here instead of swamping the machine.
	: "${PYTHON3:?}"
	ws=$((64 * 1024 * 1024))
	"$PYTHON3" - "$TMP/rss" "$FAKE_AFALG" "$PC" "$CRCBENCH" run -q -d crc32c-generic -s 64 --working-set 64M \
		-n 2000 --trials 2 --warmup 0 -f json >"$TMP/rss.py.out" 2>&1 <<-'EOF'
	import os, resource, subprocess, sys
	def cap():
	    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
	env = dict(os.environ, LD_PRELOAD=sys.argv[2], CRCBENCH_PROC_CRYPTO=sys.argv[3])
	with open(sys.argv[1] + ".out", "w") as out, open(sys.argv[1] + ".err", "w") as err:
	    rc = subprocess.run(sys.argv[4:], env=env, preexec_fn=cap, stdout=out, stderr=err).returncode
	print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
	EOF
	read -r rc rss <"$TMP/rss.py.out" || fail "rss: no measurement: $(cat "$TMP/rss.py.out")"
	[ "$rc" = 0 ] || { cat "$TMP/rss.err"; fail "rss: exit code $rc"; }
	echo "peak RSS $rss bytes for a working set of $ws"
	[ "$rss" -ge "$ws" ] || fail "rss: $rss bytes, below the $ws-byte working set (not all touched)"
	[ "$rss" -lt $((2 * ws)) ] || fail "rss: $rss bytes, not under twice the $ws-byte working set"
	grep -q '"working_set": 67108864' "$TMP/rss.out" || fail "rss: working_set not in the report"
	# The pre-flight check: a set that does not fit MemAvailable is one clear
	# error (exit 7) before anything is measured.
	mkdir -p "$TMP/root/proc"
	printf 'MemTotal: 1048576 kB\nMemAvailable: 524288 kB\n' >"$TMP/root/proc/meminfo"
	run wsbig 7 CRCBENCH_MACHINE_ROOT="$TMP/root" -- run -q -d crc32c-generic -s 64 \
		--working-set 256M --threads 1,4 --duration 60m
	one_line wsbig.err
	has wsbig.err "working-set 256M with 4 threads need 1G of buffers, more than the 512M MemAvailable"
	run wsfits 0 CRCBENCH_MACHINE_ROOT="$TMP/root" -- run -q -d crc32c-generic -s 64 \
		--working-set 256M -n 10 --trials 1 --warmup 0
}

# signal_run NAME SIGNAL SECONDS ARGS...: runs the tool (with the fake) in its
# own process, sends SIGNAL after SECONDS, records the exit code in NAME.rc.
# (Python spawns it: an asynchronous command of a non-interactive sh starts
# with SIGINT ignored, and the tool keeps an ignored SIGINT ignored.)
signal_run() {
	name=$1 sig=$2 secs=$3
	shift 3
	"$PYTHON3" - "$TMP/$name" "$sig" "$secs" "$FAKE_AFALG" "$PC" "$CRCBENCH" "$@" <<-'EOF'
	import os, signal, subprocess, sys, time
	base, sig, secs, fake, pc = sys.argv[1:6]
	env = dict(os.environ, LD_PRELOAD=fake, CRCBENCH_PROC_CRYPTO=pc)
	with open(base + ".out", "w") as out, open(base + ".err", "w") as err:
	    p = subprocess.Popen(sys.argv[6:], env=env, stdout=out, stderr=err)
	    time.sleep(float(secs))
	    p.send_signal(getattr(signal, sig))
	    try:
	        rc = p.wait(timeout=30)
	    except subprocess.TimeoutExpired:
	        p.kill()
	        rc = "hung"
	open(base + ".rc", "w").write(str(rc) + "\n")
	EOF
	cat "$TMP/$name.rc"
}

# partial_checks NAME KIND: NAME.json (or NAME.out) is a partial report of
# KIND that both checkers accept, marked with the signal in NAME.sig.
partial_checks() {
	pname=$1 kind=$2 report="$TMP/$1.json"
	psig=$(cat "$TMP/$pname.sig")
	grep -q '"partial": true' "$report" || { cat "$report"; fail "$pname: not marked partial"; }
	grep -q "\"interrupted_by\": \"$psig\"" "$report" || fail "$pname: interrupted_by is not $psig"
	"$JSONCHECK" --schema "$kind" "$report" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "$pname: crcbench-jsoncheck refuses the partial report"; }
	"$PYTHON3" "$here/validate-report.py" "$here/../../schema" "$report" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "$pname: the schema refuses the partial report"; }
	leftover=$(find "$TMP" -name ".$pname.*" | head -n 1)
	[ -z "$leftover" ] || fail "$pname: a temporary file was left behind: $leftover"
}

# Item 4 of the 4.4 issue: SIGINT ends a read blocked on an idle pipe at
# once (the handler is not SA_RESTART around that read). The pipe's writer
# never writes nor closes it, so without that the tool would wait for ever;
# the bound is loose for a loaded host, the time itself is printed.
case_sigint_blocked_read() {
	"$PYTHON3" - "$FAKE_AFALG" "$PC" "$CRCBENCH" "$TMP/sigread" <<-'EOF' || fail "SIGINT on a blocked read"
	import os, signal, subprocess, sys, time
	fake, pc, tool, base = sys.argv[1:5]
	env = dict(os.environ, LD_PRELOAD=fake, CRCBENCH_PROC_CRYPTO=pc)
	with open(base + ".out", "w") as out, open(base + ".err", "w") as err:
	    p = subprocess.Popen([tool, "file", "-q", "-d", "user:slice8", "-f", "sum", "-"],
	                         env=env, stdin=subprocess.PIPE, stdout=out, stderr=err)
	    time.sleep(1.5)
	    assert p.poll() is None, "ended before the signal"
	    t0 = time.monotonic()
	    p.send_signal(signal.SIGINT)
	    try:
	        rc = p.wait(timeout=10)
	    except subprocess.TimeoutExpired:
	        p.kill()
	        sys.exit("still blocked 10 s after SIGINT")
	    took = time.monotonic() - t0
	print("ended %.0f ms after SIGINT, exit %d" % (took * 1000, rc))
	assert rc == 130, "exit %d, expected 130" % rc
	assert took < 0.5, "%.0f ms after SIGINT" % (took * 1000)
	assert "interrupted by SIGINT" in open(base + ".err").read(), "no interrupted note"
	EOF
}

case_file_partial_on_signal() {
	# Issue 3.4: SIGINT/SIGTERM during `file`: the files hashed so far are
	# written (stdout, --json, --csv; atomically), marked partial: a file
	# every driver completed, the one in progress by the drivers that
	# completed a pass (each with the passes it completed); exit 128 + signal.
	head -c 4096 /dev/urandom >"$TMP/small"
	head -c 16M /dev/zero >"$TMP/big"
	for sig in INT TERM; do
		name=fsig$sig
		echo "SIG$sig" >"$TMP/$name.sig"
		echo old >"$TMP/$name.json"
		rc=$(signal_run "$name" "SIG$sig" 2 file -q -d crc32c-generic,user:slice8 --repeat 1000 \
			-f json --json "$TMP/$name.json" --csv "$TMP/$name.csv" "$TMP/small" "$TMP/big")
		want=130
		[ "$sig" = TERM ] && want=143
		[ "$rc" = "$want" ] || { cat "$TMP/$name.err"; fail "SIG$sig: exit $rc, expected $want"; }
		has "$name.err" "interrupted by SIG$sig: reporting the [12] files\? hashed so far"
		cmp -s "$TMP/$name.out" "$TMP/$name.json" || fail "SIG$sig: stdout and --json differ"
		partial_checks "$name" file
		"$PYTHON3" -c 'import json, sys
r = json.load(open(sys.argv[1]))
files = r["files"]
assert files and files[0]["path"].endswith("/small"), files
assert [len(d["pass_seconds"]) for d in files[0]["results"]] == [1000, 1000], "small: not complete"
for f in files[1:]:
    passes = [len(d["pass_seconds"]) for d in f["results"]]
    assert 1 <= len(passes) <= 2 and all(p >= 1 for p in passes), passes
    assert len(passes) == 1 or passes[-1] < 1000, passes
assert r["verdict"] == "ok", r["verdict"]' "$TMP/$name.json" ||
			fail "SIG$sig: the partial file report does not hold what was hashed"
		head -n 1 "$TMP/$name.csv" | grep -q ',drop_cache,partial$' || fail "SIG$sig: no partial column"
		[ "$(grep -c ',true$' "$TMP/$name.csv")" = "$(($(wc -l <"$TMP/$name.csv") - 1))" ] ||
			fail "SIG$sig: a CSV row not marked partial"
	done
	# The table says it; a mismatch's exit 1 outranks the signal's.
	rc=$(signal_run ftab SIGINT 2 file -d crc32c-generic --repeat 1000 "$TMP/big")
	[ "$rc" = 130 ] || { cat "$TMP/ftab.err"; fail "table: exit $rc"; }
	has ftab.out "PARTIAL: interrupted by SIGINT; the results are of the 1 file hashed so far"
	head -c 16M /dev/urandom >"$TMP/noisy"
	echo SIGINT >"$TMP/fbroken.sig"
	rc=$(signal_run fbroken SIGINT 2 file -q -d crc32c-broken --repeat 1000 \
		--json "$TMP/fbroken.json" "$TMP/small" "$TMP/noisy")
	[ "$rc" = 1 ] || { cat "$TMP/fbroken.err"; fail "crc32c-broken interrupted: exit $rc, expected 1"; }
	partial_checks fbroken file
	grep -q '"verdict": "mismatch"' "$TMP/fbroken.json" || fail "crc32c-broken: verdict not mismatch"
}

case_verify_partial_on_signal() {
	# Issue 3.4: SIGINT/SIGTERM during `verify`: the verdicts of the cases
	# every driver ran so far are written to --json (atomically), marked
	# partial, and stdout says PARTIAL; exit 128 + signal, unless a driver
	# failed (exit 1 outranks it).
	for sig in INT TERM; do
		name=vsig$sig
		echo "SIG$sig" >"$TMP/$name.sig"
		echo old >"$TMP/$name.json"
		rc=$(signal_run "$name" "SIG$sig" 2 verify -q -d crc32c-generic,crc32c-fakevec \
			--random 200000 --seed 5 --json "$TMP/$name.json")
		want=130
		[ "$sig" = TERM ] && want=143
		[ "$rc" = "$want" ] || { cat "$TMP/$name.err"; fail "SIG$sig: exit $rc, expected $want"; }
		has "$name.err" "interrupted by SIG$sig: reporting the [0-9]* of [0-9]* cases every driver ran (partial)"
		has "$name.out" "^verdict: ok$"
		has "$name.out" "^PARTIAL: interrupted by SIG$sig; the verdicts are of the first [0-9]* of [0-9]* cases$"
		partial_checks "$name" verify
		"$PYTHON3" -c 'import json, sys
r = json.load(open(sys.argv[1]))
cases = {d["cases"] for d in r["results"]}
assert len(cases) <= 1, cases
assert not r["results"] or 0 < cases.pop() < 200000, r["results"]
assert r["verdict"] == "ok"' "$TMP/$name.json" || fail "SIG$sig: the cases are not those run so far"
	done
	echo SIGINT >"$TMP/vbroken.sig"
	rc=$(signal_run vbroken SIGINT 2 verify -q -d crc32c-broken --random 200000 \
		--json "$TMP/vbroken.json")
	[ "$rc" = 1 ] || { cat "$TMP/vbroken.err"; fail "crc32c-broken interrupted: exit $rc, expected 1"; }
	has vbroken.out "^verdict: MISMATCH$"
	partial_checks vbroken verify
}

case_reports_survive() {
	# Issue 3.4 item 2. A report file is replaced only by a complete new one:
	# a run that fails keeps the old file (and leaves no temporary file).
	echo old >"$TMP/keep.json"
	chmod 640 "$TMP/keep.json"
	run keepfail 3 FAKE_AFALG_SOCKET_ERRNO=97 -- run -q -d crc32c-generic -s 64 -n 5 \
		--trials 1 --warmup 0 --json "$TMP/keep.json" --csv "$TMP/keep.csv"
	[ "$(cat "$TMP/keep.json")" = old ] || fail "keepfail: the old report was destroyed"
	[ ! -e "$TMP/keep.csv" ] || fail "keepfail: a CSV of a failed run exists"
	run keepok 0 -- run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 \
		--json "$TMP/keep.json"
	"$JSONCHECK" --schema run "$TMP/keep.json" >"$TMP/chk" || { cat "$TMP/chk"; fail "keepok: invalid"; }
	[ "$(stat -c %a "$TMP/keep.json")" = 640 ] || fail "keepok: the report's mode was not kept"
	leftover=$(find "$TMP" -name '.keep.*' | head -n 1)
	[ -z "$leftover" ] || fail "a temporary file was left behind: $leftover"
	# SIGINT and SIGTERM: what was measured is written, marked partial, to
	# stdout and the files; exit 128 + the signal number.
	for sig in INT TERM; do
		# (3 s: a few complete trials even on a loaded machine)
		rc=$(signal_run "sig$sig" "SIG$sig" 3 run -q -d crc32c-generic,crc32c-fakevec -s 64,4K \
			--duration 100ms --trials 1000 --warmup 0 -f json --json "$TMP/sig$sig.json" \
			--csv "$TMP/sig$sig.csv")
		want=130
		[ "$sig" = TERM ] && want=143
		[ "$rc" = "$want" ] || { cat "$TMP/sig$sig.err"; fail "SIG$sig: exit $rc, expected $want"; }
		has "sig$sig.err" "interrupted by SIG$sig"
		has "sig$sig.out" '"partial": true'
		has "sig$sig.out" "\"interrupted_by\": \"SIG$sig\""
		cmp -s "$TMP/sig$sig.out" "$TMP/sig$sig.json" || fail "SIG$sig: stdout and --json differ"
		"$JSONCHECK" --schema run "$TMP/sig$sig.json" >"$TMP/chk" ||
			{ cat "$TMP/chk"; fail "SIG$sig: the partial report is invalid"; }
		grep -q '"trials": [1-9]' "$TMP/sig$sig.json" || fail "SIG$sig: no complete trial reported"
		[ "$(grep -c '"trials": 1000,' "$TMP/sig$sig.json")" = 1 ] ||
			fail "SIG$sig: a row claims all 1000 trials"
		[ "$(wc -l <"$TMP/sig$sig.csv")" -ge 2 ] || fail "SIG$sig: the CSV has no row"
	done
	rc=$(signal_run sigtab SIGINT 2 run -d crc32c-generic -s 64 --duration 100ms --trials 1000 \
		--warmup 0)
	[ "$rc" = 130 ] || fail "table: exit $rc"
	has sigtab.out "PARTIAL: interrupted by SIGINT"
	# Every write to stdout is checked: a full device is exit 7.
	for cmd in "list" "verify -d crc32c-generic --random 1" \
		"run -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 -f json" \
		"file -d user:slice8 $FIXTURES/proc-crypto-fake.txt"; do
		# shellcheck disable=SC2086
		env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" "$CRCBENCH" -q $cmd \
			>/dev/full 2>"$TMP/full.err"
		rc=$?
		[ "$rc" = 7 ] || { cat "$TMP/full.err"; fail "$cmd > /dev/full: exit $rc, expected 7"; }
		has full.err "cannot write to stdout: .*No space left on device"
	done
	# A mismatch still outranks the write error.
	env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" "$CRCBENCH" -q verify \
		-d crc32c-broken >/dev/full 2>/dev/null
	[ $? = 1 ] || fail "verify crc32c-broken > /dev/full: not exit 1"
	# A trial of 400 us is 0.0004 s in the report, which the checker accepts.
	run short 0 -- run -q -d crc32c-generic -s 64 --duration 400us --trials 1 --warmup 0 -f json
	has short.out '"duration_s": 0.0004,'
	"$JSONCHECK" --schema run "$TMP/short.out" >"$TMP/chk" || { cat "$TMP/chk"; fail "400us: invalid"; }
	# File names that are not UTF-8 or hold a newline: the JSON stays
	# strict UTF-8 (Python's decoder), the table quotes them so that the
	# shell gives the same name back.
	bad=$(printf '%s/bad\377 name\nx' "$TMP")
	printf 'crc me' >"$bad"
	run badname 0 -- file -q -d user:slice8 -f json "$bad"
	"$PYTHON3" -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8", errors="strict"))' \
		"$TMP/badname.out" || fail "badname: the JSON is not strict UTF-8"
	has badname.out "bad$(printf '\357\277\275') name\\\\nx"
	run badtable 0 -- file -q -d user:slice8 "$bad"
	quoted=$(sed -n 's/^file \(.*\): 6 bytes.*/\1/p' "$TMP/badtable.out")
	[ -n "$quoted" ] || { cat "$TMP/badtable.out"; fail "badtable: no file line"; }
	back=$(bash -c "printf %s $quoted") || fail "badtable: the quoted name does not parse"
	[ "$back" = "$bad" ] || fail "badtable: $quoted is not the file's name"
}

case_baseline() {
	# Issue 3.4 item 3: the ratios' baseline is the generic driver, or on
	# 6.17+ (no crc32c-generic) crc32c-lib, named in the table and the JSON.
	p617="$FIXTURES/proc-crypto-fake-6.17.txt"
	run b617 0 CRCBENCH_PROC_CRYPTO="$p617" -- run -d crc32c-fakevec,crc32c-lib -s 64 -n 20 \
		--trials 2 --warmup 0 --json "$TMP/b617.json"
	has b617.out "this driver / crc32c-lib in the same trial"
	has b617.out "vs crc32c-lib"
	grep -E '^ *64 +crc32c-fakevec +.* [0-9]+\.[0-9]+x~? +[0-9.]+-[0-9.]+ +ok$' "$TMP/b617.out" >/dev/null ||
		{ cat "$TMP/b617.out"; fail "b617: no ratio for crc32c-fakevec"; }
	has b617.json '"baseline": "crc32c-lib"'
	"$JSONCHECK" --schema run "$TMP/b617.json" >"$TMP/chk" || { cat "$TMP/chk"; fail "b617: invalid"; }
	# Not measured: the ratios are "-" and the table says why.
	run b617only 0 CRCBENCH_PROC_CRYPTO="$p617" -- run -d crc32c-fakevec -s 64 -n 5 --trials 1 \
		--warmup 0
	has b617only.out "ratios: - (the baseline crc32c-lib was not measured (add -d crc32c-lib))"
	# Neither exists: the table says so.
	run bnone 0 CRCBENCH_PROC_CRYPTO="$FIXTURES/proc-crypto-fake-no-baseline.txt" -- run \
		-s 64 -n 5 --trials 1 --warmup 0 -f json
	has bnone.out '"baseline": "crc32c-generic"'
	run bnonet 0 CRCBENCH_PROC_CRYPTO="$FIXTURES/proc-crypto-fake-no-baseline.txt" -- run \
		-s 64 -n 5 --trials 1 --warmup 0
	has bnonet.out "ratios: - (this kernel has no crc32c-generic and no crc32c-lib (6.17 and later): no baseline)"
	# Where crc32c-generic exists it stays the baseline; the checker refuses
	# crc32c-lib there, and a ratio without the baseline measured.
	run bgen 0 -- run -d crc32c-fakevec,crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 -f json
	has bgen.out '"baseline": "crc32c-generic"'
	sed 's/"baseline": "crc32c-generic"/"baseline": "crc32c-lib"/' "$TMP/bgen.out" >"$TMP/bgen-lib.json"
	if "$JSONCHECK" --schema run "$TMP/bgen-lib.json" >"$TMP/chk"; then
		fail "the checker took crc32c-lib as the baseline beside crc32c-generic"
	fi
	grep -q "crc32c-generic is among" "$TMP/chk" || { cat "$TMP/chk"; fail "bgen-lib: no reason"; }
	sed 's/"baseline": "crc32c-lib"/"baseline": "crc32c-generic"/' "$TMP/b617.json" >"$TMP/b617-gen.json"
	if "$JSONCHECK" --schema run "$TMP/b617-gen.json" >"$TMP/chk"; then
		fail "the checker took ratios to an unmeasured crc32c-generic"
	fi
}

case_cpus() {
	# --cpus: recorded in JSON and CSV; a CPU the process may not use is a
	# one-line runtime error (exit 7); a malformed list is a usage error.
	run cpus 0 -- run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 --threads 2 \
		--cpus 0 -f json --csv "$TMP/cpus.csv"
	has cpus.out '"cpus": "0"'
	head -n 1 "$TMP/cpus.csv" | grep -q ',cpu_model,cpus,' || fail "no cpus CSV column"
	run cpus_table 0 -- run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 --cpus 0
	has cpus_table.out "threads 1 on CPUs 0"
	run cpus_bad 7 -- run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 --cpus 4095
	one_line cpus_bad.err
	has cpus_bad.err "cannot pin a thread to CPU 4095"
	run cpus_usage 2 -- run --cpus 3-1
}

case_pinned_cpus() {
	# config.pinned_cpus: the CPUs the workers were pinned to. Without
	# --cpus the first of the affinity mask, one per thread of the largest
	# count (all of it when fewer); --cpus's list when given. JSON, CSV
	# (a cpulist) and the table's settings line.
	first=$("$PYTHON3" -c 'import os; print(",".join(map(str, sorted(os.sched_getaffinity(0))[:2])))')
	run pin 0 -- run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 --threads 1,2 \
		-f json --csv "$TMP/pin.csv"
	"$PYTHON3" -c 'import json, sys
got = json.load(open(sys.argv[1]))["config"]["pinned_cpus"]
assert ",".join(map(str, got)) == sys.argv[2], (got, sys.argv[2])' "$TMP/pin.out" "$first" ||
		fail "pinned_cpus is not the first two allowed CPUs ($first)"
	"$JSONCHECK" --schema run "$TMP/pin.out" >"$TMP/chk" || { cat "$TMP/chk"; fail "pin: invalid"; }
	head -n 1 "$TMP/pin.csv" | grep -q ',pinned_cpus,warmup_runs,min_runs,max_runs,partial$' || fail "no pinned_cpus CSV column"
	run pincpus 0 -- run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 --threads 3 \
		--cpus 0 -f json
	has pincpus.out '"cpus": "0",'
	tr -d ' \n' <"$TMP/pincpus.out" | grep -q '"pinned_cpus":\[0\],' || fail "--cpus 0: pinned_cpus not [0]"
	last=$("$PYTHON3" -c 'import os; print(max(os.sched_getaffinity(0)))')
	if command -v taskset >/dev/null 2>&1 && [ "$last" != "${first%%,*}" ]; then
		# A mask of one CPU: three threads share it, and the table says so.
		env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" taskset -c "$last" "$CRCBENCH" \
			run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 --threads 3 -f json \
			>"$TMP/pinmask.out" || fail "taskset -c $last: run failed"
		tr -d ' \n' <"$TMP/pinmask.out" | grep -q "\"pinned_cpus\":\\[$last\\]," ||
			{ cat "$TMP/pinmask.out"; fail "taskset -c $last: pinned_cpus not [$last]"; }
		env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" taskset -c "$last" "$CRCBENCH" \
			run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 >"$TMP/pinmask_table.out" ||
			fail "taskset -c $last: table run failed"
		has pinmask_table.out "threads 1 pinned to CPU $last (the allowed CPUs in turn)"
	fi
}

case_threads_sweep() {
	# --threads 1,2: one run per count; rows per driver, size and count;
	# each count's ratio paired within its own run.
	run sweep 0 -- run -q -d crc32c-generic,crc32c-fakevec -s 64,4K -n 5 --trials 2 --warmup 0 \
		--threads 1,2 -f json --csv "$TMP/sweep.csv"
	"$JSONCHECK" --schema run --expect-verdict ok "$TMP/sweep.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "sweep JSON invalid"; }
	[ "$(sed -n '/"results"/,/"inkernel"/p' "$TMP/sweep.out" | grep -c '"threads": 2,')" = 4 ] ||
		fail "expected 4 rows with 2 threads"
	[ "$(wc -l <"$TMP/sweep.csv")" -eq 9 ] || fail "CSV rows: 2 drivers x 2 sizes x 2 counts"
	run sweep_table 0 -- run -q -d crc32c-generic -s 64 -n 5 --trials 1 --warmup 0 -t 1..4
	has sweep_table.out "THREADS"
	has sweep_table.out "threads sweep 1,2,4"
}

case_run_table() {
	run table 0 -- run --driver crc32c-generic,crc32c-fakevec --sizes 64..256 \
		--duration 20ms --warmup 5ms --trials 2
	has table.out "SIZE  DRIVER"
	has table.out "verdict: ok"
	has table.out "1.00x"
}

# Issue 4.4 item 1: warm-up by count (hyperfine's --warmup), beside the
# warm-up by time; every result of a warm-up trial is checked, so the
# checked operations count the warm-up trials that ran.
case_warmup_runs() {
	run wr 0 -- run -q -d crc32c-generic,crc32c-fakevec -s 64,4K -n 7 --trials 2 \
		--warmup-runs 3 --format json --csv "$TMP/wr.csv"
	"$JSONCHECK" --schema run --expect-verdict ok "$TMP/wr.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "--warmup-runs JSON invalid"; }
	"${PYTHON3:-python3}" - "$TMP/wr.out" <<'PY' || fail "--warmup-runs: warm-up trials not counted"
import json, sys
r = json.load(open(sys.argv[1]))
c = r["config"]
assert c["warmup_runs"] == 3 and c["warmup_s"] is None, c
for row in r["results"]:
    assert row["trials"] == 2, row
    assert row["checked_ops"] == (3 + 2) * 7, row  # 3 warm-up + 2 timed trials of 7
PY
	col=$(head -n 1 "$TMP/wr.csv" | tr ',' '\n' | grep -nx warmup_runs | cut -d: -f1)
	[ -n "$col" ] || fail "no warmup_runs CSV column"
	[ "$(sed -n 2p "$TMP/wr.csv" | cut -d, -f"$col")" = 3 ] || fail "CSV warmup_runs is not 3"
	run wr_table 0 -- run -q -d crc32c-generic -s 64 -n 7 --trials 3 --warmup-runs 1
	has wr_table.out "warm-up 1 untimed trial$"
	# --warmup keeps its meaning: a time, and 0 is none.
	run wt 0 -- run -q -d crc32c-generic -s 64 -n 7 --trials 2 --warmup 0 --format json
	"${PYTHON3:-python3}" - "$TMP/wt.out" <<'PY' || fail "--warmup 0 checked more than the trials"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["config"]["warmup_s"] == 0 and r["config"]["warmup_runs"] is None
assert r["results"][0]["checked_ops"] == 2 * 7, r["results"][0]
PY
	run wboth 2 -- run -d crc32c-generic --warmup 10ms --warmup-runs 2
	one_line wboth.err
	has wboth.err "exclude each other"
	run wbad 2 -- run -d crc32c-generic --warmup-runs many
	one_line wbad.err
}

# Issue 4.4 item 1: --min-runs/--max-runs bound a trial count that fills
# 3 s per driver and size (as hyperfine's run count); --trials stays the
# exact count. JSON, CSV and the table show the count that ran.
case_min_max_runs() {
	# Trials of 5 operations are far below 3 s: the count is the most.
	run mm 0 -- run -q -d crc32c-generic,crc32c-fakevec -s 64,256 -n 5 --warmup 0 \
		--min-runs 2 --max-runs 6 --format json --csv "$TMP/mm.csv"
	"$JSONCHECK" --schema run --expect-verdict ok "$TMP/mm.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "bounded run JSON invalid"; }
	"${PYTHON3:-python3}" - "$TMP/mm.out" <<'PY' || fail "bounded run: wrong counts in the JSON"
import json, sys
r = json.load(open(sys.argv[1]))
c = r["config"]
assert c["trials"] is None and c["min_runs"] == 2 and c["max_runs"] == 6, c
assert len(r["results"]) == 4
for row in r["results"]:
    assert row["trials"] == 6 and len(row["samples"]) == 6, row
PY
	[ "$(cut -d, -f5 "$TMP/mm.csv" | sort -u | tr '\n' ' ')" = "6 trials " ] ||
		fail "CSV trials column: $(cut -d, -f5 "$TMP/mm.csv" | sort -u | tr '\n' ' ')"
	# Trials of 1.1 s: the count is the least that fills 3 s from the first
	# trial's measured length, within 1..9 (hyperfine's rule), 3 on a quiet
	# machine; the table has a TRIALS column. The measured length decides:
	# on a loaded machine (CI runs this beside a guest) a trial overran its
	# 1.1 s by more than 0.4 s, and two trials then filled the budget.
	run mm_slow 0 -- run -q -d crc32c-generic -s 64 --duration 1100ms --warmup 0 \
		--min-runs 1 --max-runs 9 --json "$TMP/mm_slow.json"
	has mm_slow.out "1 to 9 trials"
	has mm_slow.out "TRIALS"
	want=$("${PYTHON3:-python3}" -c '
import json, math, sys
row = json.load(open(sys.argv[1]))["results"][0]
first = row["samples"][0]["seconds"]
want = min(max(math.ceil(3.0 / first), 1), 9)
assert row["trials"] == want, (first, want, row["trials"])
print(want)' "$TMP/mm_slow.json") ||
		fail "bounded run of 1.1 s trials: the count is not the least that fills 3 s"
	sed -n '/SIZE  DRIVER/,$p' "$TMP/mm_slow.out" | grep -qE "^ +64 +crc32c-generic +$want " ||
		{ cat "$TMP/mm_slow.out"; fail "table: not the $want trials of the JSON"; }
	# --max-runs alone: hyperfine's least count (10) is lowered to it.
	run mm_max 0 -- run -q -d crc32c-generic -s 64 -n 5 --warmup 0 --max-runs 4 -f json
	"${PYTHON3:-python3}" -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["config"]["min_runs"] == 4 and r["results"][0]["trials"] == 4, r["results"][0]["trials"]' \
		"$TMP/mm_max.out" || fail "--max-runs 4 alone did not run 4 trials"
	# --trials without bounds: the exact count and no TRIALS column, as before.
	run mm_exact 0 -- run -q -d crc32c-generic -s 64 -n 5 --warmup 0 --trials 3
	! grep -q TRIALS "$TMP/mm_exact.out" || fail "a TRIALS column with an exact --trials"
	has mm_exact.out ", 3 trials of 5 operations"
	# The combinations that cannot hold: usage errors, one line each.
	run mm_both 2 -- run -d crc32c-generic --trials 5 --min-runs 2
	one_line mm_both.err
	has mm_both.err "give one or the other"
	run mm_order 2 -- run -d crc32c-generic --min-runs 8 --max-runs 4
	one_line mm_order.err
	has mm_order.err "--min-runs 8 is more than --max-runs 4"
	run mm_zero 2 -- run -d crc32c-generic --min-runs 0
	one_line mm_zero.err
}

case_emulated() {
	run emu 0 CRCBENCH_CPUINFO="$FIXTURES/cpuinfo-qemu-pseries-power8.txt" -- \
		run --sizes 64 --iterations 3 --trials 1 --warmup 0 --format json
	"$JSONCHECK" --expect-emulated yes "$TMP/emu.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "emulated JSON"; }
	has emu.out '"emulation": "qemu_tcg"'
	has emu.err "NOT POWER performance"
	run emutable 0 CRCBENCH_EMULATED=yes -- run --sizes 64 --iterations 3 --trials 1 --warmup 0
	has emutable.out "NOT POWER performance"
	run emucsv 0 CRCBENCH_EMULATED=yes -- run --sizes 64 --iterations 3 --trials 1 --warmup 0 \
		--format csv
	has emucsv.out ",true,"
	run real 0 CRCBENCH_CPUINFO="$FIXTURES/cpuinfo-powernv-power9.txt" -- \
		run --sizes 64 --iterations 3 --trials 1 --warmup 0 --format json
	"$JSONCHECK" --expect-emulated no "$TMP/real.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "real-hardware JSON"; }
	run override 0 CRCBENCH_CPUINFO="$FIXTURES/cpuinfo-qemu-pseries-power8.txt" -- \
		--emulated no run --sizes 64 --iterations 3 --trials 1 --warmup 0 --format json
	"$JSONCHECK" --expect-emulated no "$TMP/override.out" >/dev/null || fail "--emulated no"
}

# System calls per operation as libkcapi 1.4 issues them (README: "System
# calls per operation"). The fake logs exactly the calls on its sockets.
case_syscalls() {
	n=$(syscalls_per_op 4096 50)
	[ "$n" = 2 ] || fail "digest of 4 KiB: $n calls per operation, expected 2 (send + recvmsg)"
	n=$(syscalls_per_op 4096 50 --mode stream --chunk 1K)
	[ "$n" = 5 ] || fail "stream of 4 x 1 KiB: $n calls per operation, expected 5"
	n=$(syscalls_per_op 4M 10)
	[ "$n" = 2 ] || fail "digest of 4 MiB: $n calls per operation, expected 2 (sendmsg + recvmsg)"
	n=$(syscalls_per_op 32K 20)
	[ "$n" = 2 ] || fail "digest of 32 KiB: $n calls per operation, expected 2 (sendmsg + recvmsg)"
	n=$(syscalls_per_op 64K 20)
	[ "$n" = 2 ] || fail "digest of 64 KiB: $n calls per operation, expected 2"
	# libkcapi's default for 32 KiB up to its pipe size: vmsplice + splice + recvmsg.
	n=$(syscalls_per_op 32K 20 --splice on)
	[ "$n" = 3 ] || fail "digest of 32 KiB, --splice on: $n calls, expected 3"
	# Handles are opened once, before the loop: one accept per thread and driver.
	[ "$(grep -c '^accept' "$TMP/trace")" = 1 ] || fail "accept is not done once per handle"
}

# tools/plot-crcbench.sh on a CSV and a JSON report (PNG written and named).
case_plot() {
	: "${PLOT:?}"
	command -v gnuplot >/dev/null 2>&1 || { echo "no gnuplot: case not applicable"; exit 77; }
	run plotrun 0 CRCBENCH_EMULATED=yes -- run --driver crc32c-generic,crc32c-fakevec \
		--sizes 64..4K --iterations 5 --trials 2 --warmup 0 --csv "$TMP/p.csv" --json "$TMP/p.json"
	sh "$PLOT" "$TMP/p.csv" "$TMP/p.png" >"$TMP/plot.out" 2>&1 || { cat "$TMP/plot.out"; fail "plot of CSV"; }
	[ "$(head -c 4 "$TMP/p.png" | od -An -c | tr -d ' ')" = '211PNG' ] || fail "not a PNG"
	if command -v python3 >/dev/null 2>&1; then
		sh "$PLOT" "$TMP/p.json" "$TMP/pj.png" >"$TMP/plot.out" 2>&1 ||
			{ cat "$TMP/plot.out"; fail "plot of JSON"; }
	fi
	sh "$PLOT" "$TMP/p.csv" >/dev/null 2>&1 && fail "plot without OUT must fail"
	sh "$PLOT" "$FIXTURES/cpuinfo-x86.txt" "$TMP/x.png" >/dev/null 2>&1 && fail "plot of junk must fail"
	return 0
}

# Whether this host's kernel can give AF_ALG sockets at all, decided without
# creating one (socket(AF_ALG) would load af_alg/algif_hash on such a host,
# and a test must not touch the host's modules): "yes", "no" or "unknown".
host_af_alg() {
	if grep -q '^ALG ' /proc/net/protocols 2>/dev/null; then
		echo yes
		return
	fi
	cfg=
	if [ -r /proc/config.gz ]; then
		cfg=$(zcat /proc/config.gz 2>/dev/null | grep '^CONFIG_CRYPTO_USER_API=')
	elif [ -r "/boot/config-$(uname -r)" ]; then
		cfg=$(grep '^CONFIG_CRYPTO_USER_API=' "/boot/config-$(uname -r)")
	else
		echo unknown
		return
	fi
	case "$cfg" in *=y|*=m) echo yes ;; *) echo no ;; esac
}

case_host_has_no_af_alg() {
	# Without the fake: where the host kernel has no AF_ALG (this project's
	# build hosts), the real EAFNOSUPPORT must give exit 3. Elsewhere the
	# case does not apply and is skipped (exit 77) before any AF_ALG socket
	# exists; tools/check.sh allows exactly this skip.
	avail=$(host_af_alg)
	if [ "$avail" != no ]; then
		echo "this host's kernel may have AF_ALG ($avail): case not applicable, nothing run"
		exit 77
	fi
	CRCBENCH_PROC_CRYPTO="$PC" "$CRCBENCH" verify --driver crc32c-generic \
		>"$TMP/real.out" 2>"$TMP/real.err"
	rc=$?
	[ $rc = 3 ] || { echo "expected exit 3 (no AF_ALG), got $rc"; cat "$TMP/real.err"; return 1; }
	one_line real.err
	has real.err "AF_ALG is not available"
	return 0
}

# The userspace baselines: listed apart from the kernel's drivers; named or
# added by --user-baselines; verified and measured without AF_ALG (no fake
# preloaded) and without /proc/crypto; user:vmx unavailable off ppc64le.
case_user_baselines() {
	run ulist 0 -- list
	has ulist.out "user:slice8 *userspace *available"
	has ulist.out "user:vmx *userspace *unavailable: this crcbench-alg was not built for ppc64le"
	has ulist.out "user:vmx-isa31 *userspace *unavailable: this crcbench-alg was not built for ppc64le"
	run ulistcsv 0 -- list --format csv
	has ulistcsv.out "^user:slice8,userspace,,,false,false,crc32c$"
	run ulistjson 0 -- list --format json
	"$JSONCHECK" --schema list "$TMP/ulistjson.out" >"$TMP/chk" || { cat "$TMP/chk"; fail "list JSON"; }
	# Defaults unchanged: no user: driver unless asked for.
	good="CRCBENCH_PROC_CRYPTO=$FIXTURES/proc-crypto-fake-good.txt"
	run udefault 0 "$good" -- verify --random 2 --max-length 4K
	has udefault.out "PASS crc32c-fakevec"
	grep -q "user:" "$TMP/udefault.out" && fail "default verify includes a user: driver"
	run udefrun 0 "$good" -- run -q -s 64 -n 5 --trials 1 --warmup 0 --format csv
	has udefrun.out "^crc32c-fakevec,64,"
	grep -q "user:" "$TMP/udefrun.out" && fail "default run includes a user: driver"
	# No AF_ALG, no /proc/crypto: a user-only verify and run still work.
	env CRCBENCH_PROC_CRYPTO=/nonexistent "$CRCBENCH" verify -q -d user:slice8 --random 5 		--max-length 128K >"$TMP/uver.out" 2>"$TMP/uver.err" || { cat "$TMP/uver.err"; fail "user-only verify"; }
	has uver.out "PASS user:slice8: .* all match the bitwise reference"
	env CRCBENCH_PROC_CRYPTO=/nonexistent "$CRCBENCH" run -q -d user:slice8 -s 64,4K -n 20 		--trials 2 --warmup 0 --format csv >"$TMP/urun.out" 2>"$TMP/urun.err" || { cat "$TMP/urun.err"; fail "user-only run"; }
	[ "$(grep -c '^user:slice8,' "$TMP/urun.out")" = 2 ] || { cat "$TMP/urun.out"; fail "user-only run rows"; }
	# Beside the kernel's drivers (through the fake), checked JSON.
	run urun 0 -- run -d crc32c-generic --user-baselines -s 64,4K -n 20 --trials 2 --warmup 0 \
		--format json
	has urun.err "leaves out user:vmx: this crcbench-alg was not built for ppc64le"
	"$JSONCHECK" --schema run --expect-driver crc32c-generic --expect-driver user:slice8 \
		--expect-verdict ok "$TMP/urun.out" >"$TMP/chk" || { cat "$TMP/chk"; fail "run JSON"; }
	# user:vmx asked for by name: one clear line, exit 5.
	run uvmx 5 -- verify -d user:vmx
	one_line uvmx.err
	has uvmx.err "user:vmx is unavailable: this crcbench-alg was not built for ppc64le"
	run unope 5 -- run -d user:nope
	has unope.err "unknown userspace driver 'user:nope'; userspace drivers: user:slice8, user:vmx"
}

# A synthetic InnoDB full_crc32 tablespace (python3): 16K pages, PAGES pages,
# page 2 all zero, one byte flipped in each page of FLIP; FLAGS in page 0.
make_tablespace() { # OUT PAGES FLAGS FLIP...
	python3 - "$@" <<'PY'
import struct, sys
out, pages, flags, flips = sys.argv[1], int(sys.argv[2]), int(sys.argv[3], 0), sys.argv[4:]
table = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
    table.append(c)
def crc32c(b):
    c = 0xFFFFFFFF
    for x in b:
        c = table[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF
ps, data = 16384, bytearray()
for i in range(pages):
    page = bytearray((i * 7 + j) & 0xFF for j in range(ps))
    page[0:4] = b"\0\0\0\0"
    if i == 0:
        page[54:58] = struct.pack(">I", flags)
    page[ps - 4:] = struct.pack(">I", crc32c(page[:ps - 4]))
    if i == 2:
        page = bytearray(ps)
    data += page
for f in flips:
    data[int(f) * ps + 1000] ^= 1
open(out, "wb").write(data)
PY
}

case_file_whole() {
	head -c 3000001 /dev/urandom >"$TMP/data" # bigger than the 1 MiB pipe: pieces
	rm -f "$TMP/trace"
	run fwhole 0 FAKE_AFALG_TRACE="$TMP/trace" -- file -q -d crc32c-generic,crc32c-fakevec \
		--user-baselines -f csv "$TMP/data"
	[ "$(cut -d, -f11 "$TMP/fwhole.out" | sed 1d | sort -u | wc -l)" = 1 ] ||
		{ cat "$TMP/fwhole.out"; fail "the drivers' CRCs differ"; }
	has fwhole.out ",crc32c-generic,splice,"
	has fwhole.out ",user:slice8,read,"
	# Zero-copy: file -> pipe -> socket by splice, MORE until the last piece;
	# no vmsplice, no send of the data.
	grep -q '^splice .* SPLICE_F_MORE$' "$TMP/trace" || fail "no splice with SPLICE_F_MORE"
	grep -qE '^(vmsplice|send|sendmsg)' "$TMP/trace" && fail "data went another way than splice"
	run fwtable 0 -- file -d crc32c-generic "$TMP/data"
	has fwtable.out "verdict: ok"
	has fwtable.out "file $TMP/data: 3000001 bytes, crc32c 0x"
	# An empty file has a CRC too (0).
	: >"$TMP/empty"
	run fempty 0 -- file -q -d crc32c-generic -f csv "$TMP/empty"
	has fempty.out ",crc32c-generic,splice,.*,0x00000000,0,"
}

case_file_splice_fallback() {
	head -c 70000 /dev/urandom >"$TMP/data"
	run ffall 0 FAKE_AFALG_SPLICE_ERRNO=22 -- file -d crc32c-generic "$TMP/data"
	has ffall.out "crc32c-generic  read"
	has ffall.out "note: crc32c-generic: splice (pipe to AF_ALG socket) refused with EINVAL"
	has ffall.err "note: crc32c-generic on $TMP/data: splice"
	has ffall.out "verdict: ok"
	# Any other splice error is an error (exit 7), not a fallback.
	run ffail 7 FAKE_AFALG_SPLICE_ERRNO=5 -- file -q -d crc32c-generic "$TMP/data"
	has ffail.err "splice on 'crc32c-generic' failed: EIO"
}

case_file_broken() {
	head -c 20000 /dev/urandom >"$TMP/data"
	run fbroken 1 -- file -q -d crc32c-generic,crc32c-broken "$TMP/data"
	has fbroken.err "^MISMATCH driver=crc32c-broken file=$TMP/data offset=0 length=20000 expected=0x"
	has fbroken.err "reproduce: crcbench-alg file --driver crc32c-broken $TMP/data"
	has fbroken.out "verdict: MISMATCH"
}

case_file_pages() {
	head -c 40960 /dev/urandom >"$TMP/data"
	run fpages 0 -- file -q -d crc32c-generic --page-size 4K --per-page -f json "$TMP/data"
	has fpages.out '"pages": 10,'
	[ "$(grep -c '"index": ' "$TMP/fpages.out")" = 10 ] || fail "per-page list: not 10 entries"
	has fpages.out '"pages_per_s": '
	run fpagesize 2 -- file -q -d crc32c-generic --page-size 16K "$TMP/data"
	one_line fpagesize.err
	has fpagesize.err "40960 bytes is not a multiple of the page size 16K (2 pages and 8192 bytes)"
	run fperpage 2 -- file --per-page "$TMP/data"
	has fperpage.err "--per-page needs --page-size or --innodb"
}

# Peak RSS of a run, measured from outside (getrusage of the child).
peak_rss() { # OUT ERR ARGS...: prints "rc rss_bytes"
	out=$1 err=$2
	shift 2
	"$PYTHON3" - "$out" "$err" "$FAKE_AFALG" "$PC" "$CRCBENCH" "$@" <<-'EOF'
	import os, resource, subprocess, sys
	out, err, fake, pc = sys.argv[1:5]
	env = dict(os.environ, LD_PRELOAD=fake, CRCBENCH_PROC_CRYPTO=pc)
	rc = subprocess.call(sys.argv[5:], env=env, stdout=open(out, "w"), stderr=open(err, "w"))
	print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
	EOF
}

case_file_rss_bounded() {
	# A 1 GiB sparse file: nothing is mapped, so the peak RSS of a run over
	# it stays within a few MiB of a run over a 4 KiB file.
	truncate -s 1G "$TMP/big"
	head -c 4096 /dev/urandom >"$TMP/small"
	read -r rc base <<-EOF
	$(peak_rss "$TMP/small.out" "$TMP/small.err" file -q -d crc32c-generic,user:slice8 -f csv "$TMP/small")
	EOF
	[ "$rc" = 0 ] || { cat "$TMP/small.err"; fail "small file: exit code $rc"; }
	read -r rc big <<-EOF
	$(peak_rss "$TMP/big.out" "$TMP/big.err" file -q -d crc32c-generic,user:slice8 -f csv "$TMP/big")
	EOF
	[ "$rc" = 0 ] || { cat "$TMP/big.err"; fail "1 GiB file: exit code $rc"; }
	echo "peak RSS: $base bytes for 4 KiB, $big bytes for 1 GiB"
	[ "$big" -lt $((base + 8 * 1048576)) ] || fail "1 GiB file: peak RSS $big, more than 8 MiB above $base"
	grep -q ',1073741824,.*,crc32c-generic,splice,' "$TMP/big.out" || { cat "$TMP/big.out"; fail "no splice row"; }
	[ "$(cut -d, -f11 "$TMP/big.out" | sed 1d | sort -u | wc -l)" = 1 ] || fail "the CRCs differ"
}

case_file_shrinks() {
	head -c 3000000 /dev/urandom >"$TMP/data"
	# Truncated 1 MiB into the reference's read: exit 8, no SIGBUS.
	run fshrink_ref 8 FAKE_AFALG_SHRINK="$TMP/data:1048576:1000" -- file -q -d user:slice8 "$TMP/data"
	one_line fshrink_ref.err
	has fshrink_ref.err "$TMP/data changed size while being hashed: 3000000 bytes when opened, ended after 1048576 bytes had been read, now 1000"
	# Truncated in the middle of a kernel driver's splice pass.
	head -c 3000000 /dev/urandom >"$TMP/data"
	run fshrink_splice 8 FAKE_AFALG_SHRINK="$TMP/data:4000000:2000000" -- file -q -d crc32c-generic "$TMP/data"
	has fshrink_splice.err "changed size while being hashed: 3000000 bytes when opened"
	has fshrink_splice.err "now 2000000"
	# Between two passes (--repeat): found before the next pass starts.
	head -c 3000000 /dev/urandom >"$TMP/data"
	run fshrink_pass 8 FAKE_AFALG_SHRINK="$TMP/data:6000000:0" -- file -q --repeat 3 -d user:slice8 "$TMP/data"
	has fshrink_pass.err "3000000 bytes when opened, now 0"
	# A user: driver in the middle of its pass.
	head -c 3000000 /dev/urandom >"$TMP/data"
	run fshrink_user 8 FAKE_AFALG_SHRINK="$TMP/data:4000000:5" -- file -q -d user:slice8 "$TMP/data"
	has fshrink_user.err "now 5"
	run fhelp 0 -- file --help
	has fhelp.out "8  file: a file changed size while it was being hashed"
}

case_file_repeat() {
	head -c 100000 /dev/urandom >"$TMP/data"
	run frepeat 0 -- file -q --repeat 3 -d crc32c-generic,user:slice8 -f json "$TMP/data"
	has frepeat.out '"repeat": 3,'
	"$PYTHON3" -c 'import json, sys
r = json.load(open(sys.argv[1]))["files"][0]["results"]
assert [len(d["pass_seconds"]) for d in r] == [3, 3], r
for d in r:
    p = sorted(d["pass_seconds"])
    assert d["seconds"] == p[1], d' "$TMP/frepeat.out" || fail "not three pass_seconds per driver, median in seconds"
	run frepeat_table 0 -- file --repeat 2 -d crc32c-generic "$TMP/data"
	has frepeat_table.out "SECONDS the median of 2 timed passes per driver"
	run frepeat_csv 0 -- file -q --repeat 2 -d crc32c-generic -f csv "$TMP/data"
	has frepeat_csv.out ",crc32c,2,false,false$" # passes, drop_cache, then partial (last)
	run frepeat0 2 -- file --repeat 0 "$TMP/data"
	one_line frepeat0.err
	has frepeat0.err "repeat"
	# Every pass is checked: crc32c-broken is caught (exit 1), once per file.
	run frepeat_broken 1 -- file -q --repeat 2 -d crc32c-broken "$TMP/data"
	[ "$(grep -c '^MISMATCH' "$TMP/frepeat_broken.err")" = 1 ] || fail "not one MISMATCH line"
}

case_file_drop_cache() {
	head -c 3000000 /dev/urandom >"$TMP/data"
	run fdrop 0 -- file -q --drop-cache --repeat 2 -d crc32c-generic,user:slice8 -f json "$TMP/data"
	has fdrop.out '"drop_cache": true'
	run fdrop_table 0 -- file --drop-cache -d crc32c-generic "$TMP/data"
	has fdrop_table.out "(--drop-cache: the page cache dropped before each pass)"
	run fdrop_stdin 2 -- file --drop-cache - <"$TMP/data"
	one_line fdrop_stdin.err
	has fdrop_stdin.err "standard input ('-') has no page cache to drop"
	# tmpfs keeps file data in the page cache: the drop cannot be done,
	# and that is an error, not a silent no-op.
	if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
		SHM_FILE=$(mktemp /dev/shm/crcbench-e2e.XXXXXX)
		head -c 100000 /dev/urandom >"$SHM_FILE"
		run fdrop_tmpfs 7 -- file -q --drop-cache -d user:slice8 "$SHM_FILE"
		rm -f "$SHM_FILE"
		SHM_FILE=
		one_line fdrop_tmpfs.err
		has fdrop_tmpfs.err "still in the page cache after POSIX_FADV_DONTNEED"
	else
		echo "note: /dev/shm is not tmpfs here: the tmpfs refusal is not checked"
	fi
}

case_file_stdin() {
	head -c 3000001 /dev/urandom >"$TMP/data"
	run fstdin_file 0 -- file -q -d crc32c-generic,user:slice8 -f csv "$TMP/data"
	want=$(sed -n 2p "$TMP/fstdin_file.out" | cut -d, -f11)
	# shellcheck disable=SC2002
	cat "$TMP/data" | env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" "$CRCBENCH" file -q \
		-d crc32c-generic,user:slice8 -f csv - >"$TMP/fstdin.out" 2>"$TMP/fstdin.err" ||
		{ cat "$TMP/fstdin.err"; fail "stdin: exit code $?"; }
	has fstdin.out '^-,3000001,,,crc32c-generic,read,'
	has fstdin.out '^-,3000001,,,user:slice8,read,'
	[ "$(cut -d, -f11 "$TMP/fstdin.out" | sed 1d | sort -u)" = "$want" ] ||
		{ cat "$TMP/fstdin.out"; fail "stdin CRCs differ from the file's $want"; }
	# Pages from a pipe; a partial last page is refused at the end.
	head -c 40960 "$TMP/data" | env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" "$CRCBENCH" \
		file -q -d crc32c-generic --page-size 4K -f json - >"$TMP/fstdin_pages.out" ||
		fail "stdin pages: exit code $?"
	has fstdin_pages.out '"pages": 10,'
	head -c 40000 "$TMP/data" >"$TMP/odd"
	run fstdin_odd 2 -- file -q -d crc32c-generic --page-size 4K - <"$TMP/odd"
	has fstdin_odd.err "standard input: 40000 bytes is not a multiple of the page size 4K (9 pages and 3136 bytes)"
	run fstdin_repeat 2 -- file --repeat 2 - <"$TMP/data"
	one_line fstdin_repeat.err
	has fstdin_repeat.err "--repeat 2: standard input ('-') is read once"
	run fstdin_twice 2 -- file - - <"$TMP/data"
	has fstdin_twice.err "given twice"
	run fstdin_innodb 2 -- file --innodb - <"$TMP/data"
	has fstdin_innodb.err "--innodb needs a regular file"
	run fstdin_broken 1 -- file -q -d crc32c-broken - <"$TMP/data"
	has fstdin_broken.err "^MISMATCH driver=crc32c-broken file=- "
}

case_file_sum_check() {
	mkdir "$TMP/d"
	head -c 70000 /dev/urandom >"$TMP/d/plain"
	: >"$TMP/d/empty"
	nl='
'
	head -c 5000 /dev/urandom >"$TMP/d/new${nl}line"
	head -c 6000 /dev/urandom >"$TMP/d/back\\slash"
	cd "$TMP/d" || fail "cd"
	run fsum 0 -- file -q -d crc32c-generic,user:slice8 -f sum plain empty "new${nl}line" 'back\slash'
	cd - >/dev/null || fail "cd -"
	[ "$(wc -l <"$TMP/fsum.out")" = 4 ] || { cat "$TMP/fsum.out"; fail "not 4 lines"; }
	grep -qx '[0-9a-f]\{8\}  plain' "$TMP/fsum.out" || { cat "$TMP/fsum.out"; fail "no 'CRC  plain' line"; }
	grep -qx '00000000  empty' "$TMP/fsum.out" || fail "the empty file's CRC is not 00000000"
	grep -qx '\\[0-9a-f]\{8\}  new\\nline' "$TMP/fsum.out" || { cat "$TMP/fsum.out"; fail "newline not escaped"; }
	grep -qx '\\[0-9a-f]\{8\}  back\\\\slash' "$TMP/fsum.out" || { cat "$TMP/fsum.out"; fail "backslash not escaped"; }
	want=$(grep ' plain$' "$TMP/fsum.out" | cut -c1-8)
	got=$(env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" "$CRCBENCH" file -q -d crc32c-generic -f csv "$TMP/d/plain" | sed -n 2p | cut -d, -f11)
	[ "0x$want" = "$got" ] || fail "sum line $want, table CRC $got"
	# The round trip: --check verifies every line, escaped names too.
	cd "$TMP/d" || fail "cd"
	run fcheck 0 -- file -d crc32c-generic,user:slice8 --check "$TMP/fsum.out"
	cd - >/dev/null || fail "cd -"
	[ "$(grep -c ': OK$' "$TMP/fcheck.out")" = 4 ] || { cat "$TMP/fcheck.out"; fail "not 4 OK lines"; }
	has fcheck.out '^plain: OK$'
	has fcheck.out '^\\new\\nline: OK$'
	[ ! -s "$TMP/fcheck.err" ] || { cat "$TMP/fcheck.err"; fail "stderr not empty"; }
	# The list from standard input, and --alg: its width.
	cd "$TMP/d" || fail "cd"
	run fcheck_stdin 0 -- file -q -d crc32c-generic -c - <"$TMP/fsum.out"
	run fsum_t10 0 -- file -q --alg crct10dif -d crct10dif-generic -f sum plain
	grep -qx '[0-9a-f]\{4\}  plain' "$TMP/fsum_t10.out" || { cat "$TMP/fsum_t10.out"; fail "no 4-digit line"; }
	run fcheck_t10 0 -- file -q --alg crct10dif -d crct10dif-generic -c "$TMP/fsum_t10.out"
	cd - >/dev/null || fail "cd -"
	run fsum_pages 2 -- file -f sum --page-size 4K "$TMP/d/plain"
	has fsum_pages.err "--format sum prints one CRC per whole file"
	run fcheck_paths 2 -- file --check "$TMP/fsum.out" "$TMP/d/plain"
	has fcheck_paths.err "give no PATH operands"
}

# stderr with each tool's name and wording taken out: the shape of its lines
# (a cause per unreadable file, WARNING lines word for word).
stderr_shape() { # FILE
	sed -e 's/^sha256sum: //' -e 's/^crcbench-alg: //' \
		-e 's/^.*: [0-9]*: improperly formatted .*/LIST: N: improperly formatted/' \
		-e 's/^\(sha\|crc\)\.[a-z]*: /LIST: /' \
		-e '/^WARNING/!s/^.*\(missing\|gone\).*/cannot open a missing file/' "$1"
}

# Item 2 of the 4.4 issue: --check is sha256sum -c, flag for flag. The same
# files, listed by each tool and spoiled the same way (a changed file, a
# junk line, a missing file), give the same stdout and exit code with each
# flag, and stderr lines of the same shape.
case_check_as_sha256sum() {
	command -v sha256sum >/dev/null || fail "no sha256sum (coreutils)"
	mkdir "$TMP/d"
	cd "$TMP/d" || fail "cd"
	nl='
'
	head -c 70000 /dev/urandom >a
	head -c 5000 /dev/urandom >b
	: >empty
	head -c 300 /dev/urandom >"n${nl}l"
	sha256sum a b empty "n${nl}l" >sha.good
	run crcgood 0 -- file -q -d user:slice8 -f sum a b empty "n${nl}l"
	mv "$TMP/crcgood.out" crc.good
	for t in sha crc; do
		cp $t.good $t.list
		echo 'not a checksum line' >>$t.list
		sed -n 1p $t.good | sed 's/  a$/  missing/' >>$t.list
		sed -n 1p $t.good | sed 's/  a$/  gone/' >$t.allmissing
		grep -v '  b$' $t.good >$t.junk
		echo junk >>$t.junk
	done
	head -c 5000 /dev/urandom >b.new
	cp b b.old
	for flags in "" "--quiet" "--status" "--strict" "--ignore-missing" "-w" "--strict -w" \
		"--quiet --ignore-missing"; do
		for list in good list allmissing junk; do
			for state in old new; do
				cp "b.$state" b
				# shellcheck disable=SC2086
				sha256sum -c $flags sha.$list >sha.out 2>sha.err
				src=$?
				# shellcheck disable=SC2086
				env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" \
					"$CRCBENCH" file -d user:slice8 --check crc.$list $flags \
					>crc.out 2>crc.err
				crc=$?
				what="--check $flags on the '$list' list, b $state"
				[ "$src" = "$crc" ] ||
					{ cat crc.err; fail "$what: exit code $crc, sha256sum's $src"; }
				cmp -s sha.out crc.out ||
					{ diff sha.out crc.out; fail "$what: stdout differs from sha256sum's"; }
				stderr_shape sha.err >sha.shape
				stderr_shape crc.err >crc.shape
				cmp -s sha.shape crc.shape ||
					{ diff sha.err crc.err; fail "$what: stderr lines differ in shape"; }
			done
		done
	done
	cp b.old b
	# --tag lines (BSD style) are read back by --check, as sha256sum does.
	sha256sum --tag a "n${nl}l" >sha.tag
	run crctag 0 -- file -q -d user:slice8 -f sum --tag a "n${nl}l"
	grep -qx 'CRC32C (a) = [0-9a-f]\{8\}' "$TMP/crctag.out" ||
		{ cat "$TMP/crctag.out"; fail "no 'CRC32C (a) = CRC' line"; }
	[ "$(sed 's/[0-9a-f]*$//' "$TMP/crctag.out" | sed 's/^\\CRC32C/\\SHA256/; s/^CRC32C/SHA256/')" = \
		"$(sed 's/[0-9a-f]*$//' sha.tag)" ] || { cat "$TMP/crctag.out" sha.tag; fail "--tag shape"; }
	sha256sum -c sha.tag >sha.out
	run crctagcheck 0 -- file -d user:slice8 --check "$TMP/crctag.out"
	cmp -s sha.out "$TMP/crctagcheck.out" || { cat "$TMP/crctagcheck.out"; fail "--check of --tag lines"; }
	# -z: NUL-ended lines, the path unescaped.
	sha256sum -z a "n${nl}l" | tr '\0' '@' | sed 's/[0-9a-f]\{8,\}//g' >sha.z
	run crcz 0 -- file -q -d user:slice8 -f sum -z a "n${nl}l"
	tr '\0' '@' <"$TMP/crcz.out" | sed 's/[0-9a-f]\{8,\}//g' >crc.z
	cmp -s sha.z crc.z || { od -c "$TMP/crcz.out"; fail "-z differs from sha256sum -z"; }
	# Both refuse what makes no sense (sha256sum exits 1, this tool 2 for
	# any usage error, as everywhere else).
	run ctag 2 -- file --check crc.good --tag
	one_line ctag.err
	has ctag.err "meaningless when verifying checksums"
	run cz 2 -- file --check crc.good -z
	run sstatus 2 -- file --status a
	has sstatus.err "meaningful only when verifying checksums"
	run ttag 2 -- file --tag a
	has ttag.err "add -f sum"
	cd - >/dev/null || fail "cd -"
}

# Item 2 of the 4.4 issue, -f sum: a file that cannot be read among several
# is reported and the rest are hashed (exit 1, as sha256sum), and each line
# is printed as its file is done: the first line is out while the second
# file, standard input, has not even been written.
case_sum_streams_lines() {
	head -c 70000 /dev/urandom >"$TMP/a"
	head -c 5000 /dev/urandom >"$TMP/b"
	run sbad 1 -- file -q -d user:slice8 -f sum "$TMP/a" "$TMP/nonexistent" "$TMP/b"
	[ "$(wc -l <"$TMP/sbad.out")" = 2 ] || { cat "$TMP/sbad.out"; fail "not 2 lines"; }
	has sbad.out "  $TMP/a\$"
	has sbad.out "  $TMP/b\$"
	one_line sbad.err
	has sbad.err "$TMP/nonexistent"
	sha256sum "$TMP/a" "$TMP/nonexistent" "$TMP/b" >/dev/null 2>&1
	[ $? = 1 ] || fail "sha256sum's exit code is not 1 here"
	: >"$TMP/s.out"
	# shellcheck disable=SC2094 # the writer watches the tool's output on purpose
	{
		i=0
		while [ ! -s "$TMP/s.out" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
		[ -s "$TMP/s.out" ] && echo shown >"$TMP/s.early"
		cat "$TMP/b"
	} | env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" "$CRCBENCH" file -q \
		-d user:slice8 -f sum "$TMP/a" - >"$TMP/s.out" 2>"$TMP/s.err" ||
		{ cat "$TMP/s.err"; fail "-f sum a -: exit code $?"; }
	[ -f "$TMP/s.early" ] || { cat "$TMP/s.out"; fail "a's line waited for standard input"; }
	[ "$(wc -l <"$TMP/s.out")" = 2 ] || { cat "$TMP/s.out"; fail "not 2 lines"; }
}

# Issue 4.4 item 2: -f sum and --check read each file once; the reference
# and every driver take the same windows, so a wrong driver is still caught.
# Bytes read are counted from outside, by the kernel: a reaped child's
# rchar (/proc/PID/io) is added to its parent's, so python's own rchar
# before and after the command brackets everything the tool read.
case_one_read_per_file() {
	[ -r /proc/self/io ] || fail "no /proc/self/io (CONFIG_TASK_IO_ACCOUNTING): cannot count reads"
	size=$((8 << 20))
	head -c "$size" /dev/urandom >"$TMP/big"
	# times_read ARGS...: the tool's bytes read over the file's size.
	times_read() {
		env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" "${PYTHON3:-python3}" -c '
import subprocess, sys
def rchar():
    with open("/proc/self/io") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("rchar:"))
before = rchar()
rc = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print("%.2f %d" % ((rchar() - before) / int(sys.argv[1]), rc))' "$size" "$CRCBENCH" "$@"
	}
	# within LOW HIGH RATIO: LOW <= RATIO < HIGH.
	within() { awk -v lo="$1" -v hi="$2" -v x="$3" 'BEGIN { exit !(x >= lo && x < hi) }'; }
	for drivers in user:slice8 crc32c-generic crc32c-generic,crc32c-fakevec,user:slice8; do
		set -- $(times_read file -q -d "$drivers" -f sum "$TMP/big")
		[ "$2" = 0 ] || fail "-f sum -d $drivers: exit $2"
		within 1 1.25 "$1" || fail "-f sum -d $drivers read the file $1 times, not once"
	done
	run sumline 0 -- file -q -d user:slice8 -f sum "$TMP/big"
	set -- $(times_read file -q -d crc32c-generic,user:slice8 --check "$TMP/sumline.out")
	[ "$2" = 0 ] || fail "--check: exit $2"
	within 1 1.25 "$1" || fail "--check read the file $1 times, not once"
	# A benchmark keeps its passes: --repeat 2 is a reference pass and two
	# passes of the driver (the count above would see the extra reads).
	set -- $(times_read file -q -d user:slice8 --repeat 2 -f sum "$TMP/big")
	within 2.9 3.25 "$1" || fail "--repeat 2 read the file $1 times, not 3"
	# A wrong driver is still caught in the one read: by the reference, and
	# where user:slice8 (the reference's own code) stands in for it.
	for drivers in crc32c-broken crc32c-broken,user:slice8; do
		run onebroken 1 -- file -q -d "$drivers" -f sum "$TMP/big"
		has onebroken.err "MISMATCH driver=crc32c-broken"
		[ "$(cat "$TMP/onebroken.out")" = "$(cat "$TMP/sumline.out")" ] ||
			fail "-f sum -d $drivers: the line is not the reference's CRC"
	done
	run checkbroken 1 -- file -d crc32c-broken --check "$TMP/sumline.out"
	has checkbroken.err "a driver returned wrong CRCs for 1 file"
	has checkbroken.out ": OK$"
}

case_file_check_mismatch() {
	head -c 70000 /dev/urandom >"$TMP/a"
	head -c 70000 /dev/urandom >"$TMP/b"
	run fsum 0 -- file -q -d crc32c-generic -f sum "$TMP/a" "$TMP/b"
	cp "$TMP/fsum.out" "$TMP/list"
	printf 'not a checksum line\n' >>"$TMP/list"
	echo "00000000  $TMP/missing" >>"$TMP/list"
	head -c 70000 /dev/urandom >"$TMP/b" # b changed since the list was made
	run fcheck 1 -- file -w -d crc32c-generic --check "$TMP/list"
	has fcheck.out "^$TMP/a: OK$"
	has fcheck.out "^$TMP/b: FAILED$"
	has fcheck.out "^$TMP/missing: FAILED open or read$"
	has fcheck.err "$TMP/list: 3: improperly formatted crc32c checksum line"
	has fcheck.err "cannot open $TMP/missing: ENOENT"
	has fcheck.err "WARNING: 1 line is improperly formatted"
	has fcheck.err "WARNING: 1 listed file could not be read"
	has fcheck.err "WARNING: 1 computed checksum did NOT match"
	# A list of nothing but bad lines.
	printf 'junk\n' >"$TMP/junk"
	run fcheck_junk 1 -- file -q --check "$TMP/junk"
	has fcheck_junk.err "no properly formatted crc32c checksum lines found"
	# The list is right but a driver is wrong: OK line, MISMATCH, exit 1.
	run fsum_a 0 -- file -q -d crc32c-generic -f sum "$TMP/a"
	run fcheck_broken 1 -- file -d crc32c-broken --check "$TMP/fsum_a.out"
	has fcheck_broken.out "^$TMP/a: OK$"
	has fcheck_broken.err "^MISMATCH driver=crc32c-broken"
	has fcheck_broken.err "WARNING: a driver returned wrong CRCs for 1 file"
	run fcheck_nolist 7 -- file --check "$TMP/nolist"
	has fcheck_nolist.err "cannot read $TMP/nolist"
}

case_file_innodb() {
	make_tablespace "$TMP/ok.ibd" 6 0x15
	run fiok 0 -- file -d crc32c-generic,crc32c-fakevec,user:slice8 --innodb "$TMP/ok.ibd"
	has fiok.out "innodb full_crc32 (FSP_SPACE_FLAGS 0x00000015): 5 valid, 1 empty"
	make_tablespace "$TMP/bad.ibd" 6 0x15 2 4
	run fibad 1 -- file -q -d crc32c-generic --innodb -f json "$TMP/bad.ibd"
	has fibad.out '"invalid": 2,'
	tr -d ' \n' <"$TMP/fibad.out" | grep -q '"invalid_pages":\[2,4\]' ||
		fail "invalid pages are not [2, 4] (page 2: a zero page with a flipped byte)"
	has fibad.out '"verdict": "invalid_pages"'
	# The CSV's invalid_pages column lists the file's invalid pages, as
	# innochecksum names them (not a driver's count of them).
	run fibadcsv 1 -- file -q -d crc32c-generic --innodb -f csv "$TMP/bad.ibd"
	[ "$(sed -n 2p "$TMP/fibadcsv.out" | cut -d, -f15-16)" = "2,2 4" ] ||
		fail "CSV innodb_invalid,invalid_pages: $(sed -n 2p "$TMP/fibadcsv.out" | cut -d, -f15-16)"
	make_tablespace "$TMP/old.ibd" 2 0x05
	run fiold 2 -- file -q --innodb "$TMP/old.ibd"
	one_line fiold.err
	has fiold.err "FSP_SPACE_FLAGS 0x00000005 lack the full_crc32 marker"
	make_tablespace "$TMP/comp.ibd" 2 0x35
	run ficomp 2 -- file -q --innodb "$TMP/comp.ibd"
	has ficomp.err "COMPRESSED_ALGO 1 (page_compressed)"
	run fips 2 -- file -q --innodb --page-size 4K "$TMP/ok.ibd"
	has fips.err "--page-size 4K disagrees with page 0"
}

all="help bad_args unknown_driver no_af_alg no_algif_hash no_crypto_user permission
missing_proc_crypto thread_limit list verify_pass verify_broken run_json run_broken output_files working_set_rss reports_survive baseline cpus threads_sweep run_table emulated
syscalls plot user_baselines file_whole file_splice_fallback file_broken file_pages file_innodb
file_rss_bounded file_shrinks file_repeat file_drop_cache file_stdin file_sum_check file_check_mismatch check_as_sha256sum sum_streams_lines
sigint_blocked_read file_partial_on_signal verify_partial_on_signal pinned_cpus"
if [ "${1:-}" = all ]; then
	for c in $all; do ("case_$c") || exit 1; echo "ok - $c"; done
	exit 0
fi
"case_${1:?case name}"
echo "ok - $1"
