# SPDX-License-Identifier: GPL-2.0-only
#
# How the mutation lane judges one kselftest run against a mutant. POSIX sh:
# the guest's busybox sources it (/sets/mutant-verdict.sh, from the set
# "mutants"), and the host's tools/mutants/test-verdict.sh feeds it crafted
# runner outputs that must not count as catches.
#
# A mutant is caught by a test only when the test fails an assertion: the
# runner reports it "not ok" with its exit code, and at least one of its own
# nested results is "not ok". Everything else that goes wrong is not a catch,
# only a verdict of its own:
#   timeout       the runner killed it ("# TIMEOUT")
#   crashed       it died of a signal (exit >= 128) or the kernel oopsed
#                 while it ran
#   setup-failed  "not ok" without any failing assertion (it could not start,
#                 or bailed out before checking anything)
#   missed        "ok"
#   no-result     no result line at all
# A mutant may declare one of the first three as its expected catch, with a
# reason (tools/mutants/lib.sh, "Expect:"); tools/mutants/verdict.sh decides.

# Kernel log lines that mean the kernel crashed (not a warning it survived).
MUTANT_CRASH_RE='Oops|Unable to handle kernel|Kernel panic|kernel BUG at|BUG: Unable to handle'
# Reports a kernel survives: warnings, the debug kernel's checks, lockdep,
# and a module init that returned a positive value (do_init_module() loads
# the module anyway, with this line and a stack dump).
MUTANT_WARN_RE='WARNING:|BUG:|possible circular locking|inconsistent lock state|DEBUG_LOCKS_WARN_ON|init suspiciously returned'

# mutant_ksft_verdict OUTFILE KLOGFILE: the verdict of one
# `run_kselftest.sh -t crc32c_vmx:TEST` run (its output in OUTFILE, the
# kernel log lines written while it ran in KLOGFILE), as "VERDICT DETAIL":
# for "caught", DETAIL names the failed subtests ("#2 desc; #5 desc").
mutant_ksft_verdict() {
	_top=$(grep -E '^(not ok|ok) [0-9]+ ' "$1" | tail -n 1)
	_failed=$(sed -n 's/^# not ok \([0-9][0-9]*\) *\(.*\)$/#\1 \2/p' "$1" |
		cut -c1-70 | tr '\t' ' ' | awk '{ s = s (NR > 1 ? "; " : "") $0 } END { print s }')
	if grep -qE "$MUTANT_CRASH_RE" "$2"; then
		echo "crashed kernel: $(grep -E "$MUTANT_CRASH_RE" "$2" | head -n 1 | cut -c1-80)"
		return
	fi
	case "$_top" in
	"")
		echo "no-result" ;;
	"ok "*)
		echo "missed" ;;
	*"# TIMEOUT"*)
		echo "timeout ${_top##*# }" ;;
	*"# exit="*)
		_rc=${_top##*# exit=}
		_rc=${_rc%% *}
		if [ "$_rc" -ge 128 ] 2>/dev/null; then
			echo "crashed exit=$_rc (signal $((_rc - 128)))"
		elif [ -n "$_failed" ]; then
			echo "caught $_failed"
		else
			echo "setup-failed exit=$_rc, no failing subtest"
		fi ;;
	*)
		echo "setup-failed ${_top#not ok }" ;;
	esac
}

# mutant_klog_verdict KLOGFILE: "caught FIRST-REPORT" if the kernel log has
# a warning-class report (not a crash), else "missed"; a crash is "crashed".
mutant_klog_verdict() {
	if grep -qE "$MUTANT_CRASH_RE" "$1"; then
		echo "crashed $(grep -E "$MUTANT_CRASH_RE" "$1" | head -n 1 | cut -c1-80)"
	elif grep -qE "$MUTANT_WARN_RE" "$1"; then
		echo "caught $(grep -E "$MUTANT_WARN_RE" "$1" | head -n 1 | sed 's/^\[[^]]*\] *//' | cut -c1-80 | tr '\t' ' ')"
	else
		echo "missed"
	fi
}

# mutant_testmgr_verdict KLOGFILE SELFTEST-STATE DRIVER: caught only when
# /proc/crypto does not say "passed" for DRIVER and the kernel log has the
# crypto manager's failure line naming it (the line is the detail).
mutant_testmgr_verdict() {
	_line=$(grep -E "alg: .*[ (]$3[ ),].*fail" "$1" | head -n 1 |
		sed 's/^\[[^]]*\] *//' | cut -c1-90 | tr '\t' ' ')
	if [ "$2" != passed ] && [ -n "$_line" ]; then
		echo "caught $_line"
	elif [ "$2" != passed ]; then
		echo "setup-failed selftest '$2' without a crypto manager failure line for $3"
	else
		echo "missed"
	fi
}
