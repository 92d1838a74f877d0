#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "mutants": mutation testing of the kselftests. For each mutant
# named in crcvmx.mutants= (a build of crc32c_vmx.ko, or of crc_family_vmx.ko
# as /mutants/NAME.module says, with one deliberate defect, /mutants/NAME.ko,
# from tools/mutants/), in order:
#   1. swap it in for the real module and load it (where that fails, only
#      crc32c_vmx_params.sh, which loads the module itself, runs);
#   2. "testmgr": did the kernel's registration self-test reject it (a
#      driver's /proc/crypto selftest is not "passed" and the crypto manager
#      logged its failure)?
#   3. run each kselftest listed in /mutants/NAME.LANE.tests (LANE from
#      crcvmx.lane=, "stock" or "debug"), whole, through run_kselftest.sh,
#      and judge it with mutant_ksft_verdict (/sets/mutant-verdict.sh): a
#      catch is a failed assertion; a timeout, a crash or a failure before
#      any assertion is a verdict of its own, not a catch;
#   4. "kernel-log": did the kernel log a warning, a debug check's report or
#      lockdep splat (a crash is "crashed", not a catch)?
# and print one line per verdict:
#   MUTANT-RESULT NAME TEST VERDICT [DETAIL: the failed subtests, the report]
# "MUTANT-TEST NAME TEST" precedes each test so that the host can name the
# test during which a mutant crashed the kernel (tools/mutants/lane.sh then
# boots again for the remaining mutants). The real module is restored and
# the kernel log cleared after each mutant: the warnings a mutant provokes
# are its verdicts, not problems of the run.
. /sets/lib.sh
. /sets/mutant-verdict.sh
load_crc32c_stack || exit 1
fail=0

# mutant_test NAME TEST: run kselftest TEST against mutant NAME, print its
# failed subtests and its MUTANT-RESULT line; the kernel log of the run is
# left in /tmp/mutant-test.klog. Returns 1 if the test gave no result.
mutant_test() {
	echo "MUTANT-TEST $1 $2"
	(cd /kselftest && ./run_kselftest.sh -t "crc32c_vmx:$2") >/tmp/mutant.out 2>&1
	dmesg -c >/tmp/mutant-test.klog
	grep -E 'not ok|MISMATCH' /tmp/mutant.out | head -n 20 | sed 's/^/# /'
	mt_verdict=$(mutant_ksft_verdict /tmp/mutant.out /tmp/mutant-test.klog)
	echo "MUTANT-RESULT $1 $2 $mt_verdict"
	case "$mt_verdict" in no-result*) return 1 ;; esac
}

lane=$(sed -n 's/.*crcvmx\.lane=\([a-z]*\).*/\1/p' /proc/cmdline)
for m in $(sed -n 's/.*crcvmx\.mutants=\([A-Za-z0-9_,-]*\).*/\1/p' /proc/cmdline | tr , ' '); do
	echo "MUTANT-BEGIN $m"
	dmesg -c >/dev/null
	mod=$(cat "/mutants/$m.module")
	if [ "$mod" = crc_family_vmx ]; then
		drivers="crct10dif-vmx crc64-rocksoft-vmx"
		swap_crc_family_vmx "/mutants/$m.ko" && load crc_family_vmx
	else
		drivers=crc32c-vmx
		swap_crc32c_vmx "/mutants/$m.ko"
	fi
	if [ $? -ne 0 ]; then
		# Ended here: a boot again would only fail the same load. One
		# test needs no loaded module: crc32c_vmx_params.sh loads and
		# unloads crc32c_vmx itself, and asserts that each valid priority
		# loads. It runs where the mutant's list has it.
		echo "MUTANT-RESULT $m load failed"
		t=crc32c_vmx_params.sh
		case "$mod: $(cat "/mutants/$m.${lane:-stock}.tests") " in
		"crc32c_vmx:"*" $t "*) mutant_test "$m" "$t" ;;
		esac
		echo "MUTANT-END $m"
		fail=1
		continue
	fi
	[ "$mod" = crc_family_vmx ] || load crc32c-vpmsum
	# Each phase's kernel log, cleared as it is read (so none is lost to
	# offsets), and all of them together for the kernel-log verdict.
	dmesg -c >/tmp/mutant-load.klog
	cp /tmp/mutant-load.klog /tmp/mutant-all.klog
	v=missed
	for d in $drivers; do
		st=$(awk -F' *: *' -v want="$d" '/^driver/ { d = $2 } /^selftest/ && d == want { print $2 }' /proc/crypto)
		dv=$(mutant_testmgr_verdict /tmp/mutant-load.klog "${st:-absent}" "$d")
		case "$dv" in caught*) v=$dv; break ;; setup-failed*) v=$dv ;; esac
	done
	echo "MUTANT-RESULT $m testmgr $v"
	for t in $(cat "/mutants/$m.${lane:-stock}.tests"); do
		mutant_test "$m" "$t" || fail=1
		cat /tmp/mutant-test.klog >>/tmp/mutant-all.klog
	done
	dmesg -c >>/tmp/mutant-all.klog
	v=$(mutant_klog_verdict /tmp/mutant-all.klog)
	case "$v" in caught*|crashed*) grep -E "$MUTANT_WARN_RE|$MUTANT_CRASH_RE" /tmp/mutant-all.klog |
		head -n 3 | sed 's/^/# kernel: /' ;; esac
	echo "MUTANT-RESULT $m kernel-log $v"
	if [ "$mod" = crc_family_vmx ]; then
		swap_crc_family_vmx "$REAL_FAMILY_KO"
	else
		swap_crc32c_vmx "$REAL_KO" && load crc32c-vpmsum
	fi || { echo "cannot restore the real module"; exit 1; }
	dmesg -c >/dev/null
	echo "MUTANT-END $m"
done
exit $fail
