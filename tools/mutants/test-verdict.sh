#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Self-tests of how mutants are judged: the guest's per-test verdicts
# (tools/vm/guest/mutant-verdict.sh) on crafted kselftest runner outputs and
# kernel logs, and tools/mutants/verdict.sh on crafted results.tsv files with
# mutants in a temporary folder. A timeout, a crash, a failure before any
# assertion, a testmgr "failure" without the crypto manager's report, or a
# debug-lane failure that is not a debug report must never count as a catch,
# unless the mutant declares it (Expect:) with a reason. Prints one verdict
# line per case (PASS<TAB>name / FAIL<TAB>name<TAB>why); exit 0 if all pass.
# make check counts them as "harness:mutant verdicts:<case>".
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
no_arguments "(no arguments) runs the mutant-verdict self-tests; exit 0 if all pass" "$@"
# shellcheck source=../vm/guest/mutant-verdict.sh
. "$top/tools/vm/guest/mutant-verdict.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0
check() { # NAME GOT WANT-REGEX
	if [[ "$2" =~ $3 ]]; then
		printf 'PASS\t%s\n' "$1"
	else
		printf 'FAIL\t%s\tgot %q, wanted /%s/\n' "$1" "$2" "$3"
		bad=1
	fi
}

# --- one kselftest run (runner output, kernel log) -------------------------
ksft() { # OUTPUT KLOG: the verdict
	printf '%b' "$1" >"$work/out"
	printf '%b' "$2" >"$work/klog"
	mutant_ksft_verdict "$work/out" "$work/klog"
}
H='TAP version 13\n1..1\n# selftests: crc32c_vmx: t\n# TAP version 13\n# 1..3\n# ok 1 a\n'
check "a failed assertion is a catch, with its subtest" \
	"$(ksft "$H# not ok 2 digest of 4097 bytes\n# ok 3 c\nnot ok 1 selftests: crc32c_vmx: t # exit=1\n" '')" \
	'^caught #2 digest of 4097 bytes$'
check "a timeout is not a catch" \
	"$(ksft "$H# not ok 2 b\nnot ok 1 selftests: crc32c_vmx: t # TIMEOUT 45 seconds\n" '')" '^timeout '
check "a test killed by a signal is not a catch" \
	"$(ksft "$H# not ok 2 b\nnot ok 1 selftests: crc32c_vmx: t # exit=139\n" '')" '^crashed exit=139'
check "a kernel oops while the test ran is not a catch" \
	"$(ksft "$H# not ok 2 b\nnot ok 1 selftests: crc32c_vmx: t # exit=1\n" \
		'[ 12.5] Unable to handle kernel paging request for data at address 0x1\n[ 12.5] Oops: Kernel access\n')" \
	'^crashed kernel: '
check "a failure before any assertion is not a catch" \
	"$(ksft "$H# Bail out! cannot bind crc32c-vmx\nnot ok 1 selftests: crc32c_vmx: t # exit=1\n" '')" \
	'^setup-failed exit=1'
check "a test the runner could not start is not a catch" \
	"$(ksft 'TAP version 13\n1..1\nnot ok 1 selftests: crc32c_vmx: t\n' '')" '^setup-failed'
check "ok is missed" "$(ksft "$H# ok 2 b\n# ok 3 c\nok 1 selftests: crc32c_vmx: t\n" '')" '^missed$'
check "no result line is no-result" "$(ksft 'TAP version 13\n' '')" '^no-result$'

# --- the registration self-test and the kernel log ------------------------
printf '[ 3.1] alg: shash: crc32c-vmx test failed (wrong result) on test vector 0, cfg="init+update+final aligned buffer"\n' \
	>"$work/alg.klog"
printf '[ 3.1] alg: No test for crc32c-vmxx (crc32c-vmxx)\n' >"$work/other.klog"
: >"$work/empty.klog"
check "testmgr: failed self-test with its report is a catch" \
	"$(mutant_testmgr_verdict "$work/alg.klog" unknown crc32c-vmx)" '^caught alg: shash: crc32c-vmx test failed'
check "testmgr: a state that is not passed without the report is not a catch" \
	"$(mutant_testmgr_verdict "$work/empty.klog" unknown crc32c-vmx)" '^setup-failed'
check "testmgr: an alg: line naming another driver is not a catch" \
	"$(mutant_testmgr_verdict "$work/other.klog" unknown crc32c-vmx)" '^setup-failed'
check "testmgr: passed is missed even with a report in the log" \
	"$(mutant_testmgr_verdict "$work/alg.klog" passed crc32c-vmx)" '^missed$'
printf '[ 9.0] BUG: using smp_processor_id() in preemptible [00000000] code: t/42\n' >"$work/debug.klog"
printf '[ 9.0] Kernel panic - not syncing: Fatal exception\n' >"$work/panic.klog"
check "kernel-log: a debug report is a catch, with the report" \
	"$(mutant_klog_verdict "$work/debug.klog")" '^caught BUG: using smp_processor_id'
check "kernel-log: a panic is a crash, not a catch" "$(mutant_klog_verdict "$work/panic.klog")" '^crashed '
check "kernel-log: a clean log is missed" "$(mutant_klog_verdict "$work/empty.klog")" '^missed$'
printf "[ 9.0] do_init_module: 'crc32c_vmx'->init suspiciously returned 1, it should follow 0/-E convention\n" \
	>"$work/init1.klog"
check "kernel-log: a module init that returns a positive value is a catch" \
	"$(mutant_klog_verdict "$work/init1.klog")" "^caught do_init_module: 'crc32c_vmx'->init suspiciously returned 1"

# --- verdict.sh on crafted lanes --------------------------------------------
mkdir -p "$work/m"
mk() { # NAME CATCH [EXPECT-LINE]
	{
		echo "Mutant: $1"
		echo "Defect: a planted defect."
		echo "Catch: $2"
		[ -z "${3:-}" ] || printf '%b\n' "$3"
		echo "--- a/x"
	} >"$work/m/$1.patch"
}
judge() { # RESULTS-TSV-LINES: verdict.sh's line for the one mutant in $work/m
	printf '%b' "$1" >"$work/results.tsv"
	MUTANT_DIR=$work/m "$top/tools/mutants/verdict.sh" --results "$work/results.tsv" \
		--table "$work/table.md" 2>/dev/null
	echo "rc=$?"
}
one() { # NAME CATCH EXPECT-LINE RESULTS WANT-REGEX
	rm -f "$work/m/"*.patch
	mk "$1" "$2" "$3"
	check "verdict.sh: $1" "$(judge "$4" | tr '\n' ' ')" "$5"
}
one caught-by-assertion t '' 'stock\tcaught-by-assertion\tt\tcaught\t#2 b\n' '^PASS.*rc=0'
one timeout-is-not-a-catch t '' 'stock\ttimeout-is-not-a-catch\tt\ttimeout\tTIMEOUT 45 seconds\n' \
	'^FAIL.*t=timeout.*rc=1'
one crash-is-not-a-catch t '' 'stock\tcrash-is-not-a-catch\tt\tcrashed\t\n' '^FAIL.*t=crashed.*rc=1'
one declared-crash-is-a-catch t 'Expect: crash the read past the end faults on the guard page\nFault: BUG: Unable to handle kernel data access @ crc32c_vmx_core' \
	'stock\tdeclared-crash-is-a-catch\tt\tcrashed\tkernel: Oops\n' '^PASS.*rc=0'
one declared-crash-needs-its-fault t 'Expect: crash the read past the end faults on the guard page' \
	'stock\tdeclared-crash-needs-its-fault\tt\tcrashed\tkernel: Oops\n' '^FAIL.*without a Fault:.*rc=1'
one other-crash-is-not-the-declared-one t 'Expect: crash the read past the end faults on the guard page\nFault: BUG: Unable to handle kernel data access @ crc32c_vmx_core' \
	'stock\tother-crash-is-not-the-declared-one\tt\tcrashed-otherwise\tnot the declared fault\n' \
	'^FAIL.*t=crashed-otherwise.*rc=1'
one hang-is-not-the-declared-crash t 'Expect: crash the read past the end faults on the guard page\nFault: BUG: Unable to handle kernel data access @ crc32c_vmx_core' \
	'stock\thang-is-not-the-declared-crash\tt\ttimeout\tthe guest hung\n' '^FAIL.*t=timeout.*rc=1'

# --- the guest died: which verdict (tools/mutants/lib.sh mutant_died_verdict) ---
rm -f "$work/m/"*.patch
mk dies t 'Expect: crash the read past the end faults\nFault: BUG: Unable to handle kernel data access @ crc32c_vmx_core'
printf '%s\n' '[ 116.45] BUG: Unable to handle kernel data access on read at 0xc008000000c70000' \
	'[ 116.45] Oops: Kernel access of bad area, sig: 11 [#1]' \
	'[ 116.46] NIP [c008000000690f24] crc32c_vmx_core+0x22c/0x5a0 [crc32c_vmx]' >"$work/declared.console"
printf '%s\n' '[ 116.45] BUG: Unable to handle kernel data access on read at 0xc008000000c70000' \
	'[ 116.46] NIP [c00000000072d518] alg_test+0xcf8/0xd60' >"$work/elsewhere.console"
printf '%s\n' '[ 116.45] Kernel panic - not syncing: Fatal exception' >"$work/panic.console"
# shellcheck source=lib.sh
. "$top/tools/mutants/lib.sh"
died() { MUTANT_DIR=$work/m mutant_died_verdict dies "$1" "$2"; }
check "died: the declared oops in the declared function is the declared crash" \
	"$(died 3 "$work/declared.console")" '^crashed$'
check "died: the declared oops in another function is not" "$(died 3 "$work/elsewhere.console")" \
	'^crashed-otherwise$'
check "died: a panic without the oops is not" "$(died 3 "$work/panic.console")" '^crashed-otherwise$'
check "died: a hang (run-guest exit 4) is a timeout, whatever the console says" \
	"$(died 4 "$work/declared.console")" '^timeout$'
one declared-crash-needs-a-reason t 'Expect: crash' 'stock\tdeclared-crash-needs-a-reason\tt\tcrashed\t\n' \
	'^FAIL.*without a reason.*rc=1'
one unknown-expect-kind t 'Expect: anything goes' 'stock\tunknown-expect-kind\tt\tcaught\t\n' \
	'^FAIL.*not crash, timeout or setup-failed.*rc=1'
one setup-failure-is-not-a-catch t '' 'stock\tsetup-failure-is-not-a-catch\tt\tsetup-failed\t\n' \
	'^FAIL.*t=setup-failed.*rc=1'
one every-named-test-must-catch 't u' '' 'stock\tevery-named-test-must-catch\tt\tcaught\t#1 a\n' \
	'^FAIL.*u=not-run.*rc=1'
one debug-needs-a-debug-report debug-kernel '' \
	'debug\tdebug-needs-a-debug-report\tcrc32c_vmx_afalg\tcaught\t#3 x\ndebug\tdebug-needs-a-debug-report\tkernel-log\tmissed\t\n' \
	'^FAIL.*debug-kernel=missed.*rc=1'
one debug-report-is-a-catch debug-kernel '' \
	'debug\tdebug-report-is-a-catch\tkernel-log\tcaught\tBUG: using smp_processor_id()\n' '^PASS.*rc=0'
one stock-report-is-not-debug debug-kernel '' \
	'stock\tstock-report-is-not-debug\tkernel-log\tcaught\tWARNING: x\n' '^FAIL.*debug-kernel=not-run.*rc=1'
one testmgr-setup-is-not-a-catch testmgr '' 'stock\ttestmgr-setup-is-not-a-catch\ttestmgr\tsetup-failed\t\n' \
	'^FAIL.*testmgr=setup-failed.*rc=1'
rm -f "$work/m/"*.patch
mk a t
mk b t
check "verdict.sh: a mutant without results fails though another passes" \
	"$(judge 'stock\ta\tt\tcaught\t#1 x\n' | tr '\n' ' ')" '^PASS	mutant:a FAIL	mutant:b.*rc=1'
check "verdict.sh: the table records the failed subtest" "$(cat "$work/table.md")" '\| t \(#1 x\) \|'
# The mutation sweep's section (tools/mutation) shares the file: a new
# table keeps it, from its marker line on, and drops what stood before it.
{
	echo 'stale table line'
	echo '<!-- mutation sweep: written by hand and tools/mutation/sweep.py, kept by verdict.sh -->'
	echo '## The sweep section'
	echo '| `a-const-0123abcd` | equivalent |'
} >"$work/table.md"
judge 'stock\ta\tt\tcaught\t#1 x\n' >/dev/null
check "verdict.sh: the mutation sweep's section is kept, the old table is not" \
	"$(tr '\n' ' ' <"$work/table.md")" \
	'^<!-- SPDX[^|]*\| mutant .*Caught: .* <!-- mutation sweep: [^>]*--> ## The sweep section \| `a-const-0123abcd` \| equivalent \| $'
check "verdict.sh: the mutation sweep's section is kept once" \
	"$(grep -c '^## The sweep section$' "$work/table.md")" '^1$'
exit "$bad"
