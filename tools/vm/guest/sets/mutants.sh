#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "mutants": mutation testing of the kselftests. For each mutant
# named in crcvmx.mutants= (a build of crc32c_vmx.ko, or of crc_family_vmx.ko
# as /mutants/NAME.module says, with one deliberate defect, /mutants/NAME.ko,
# from tools/mutants/), in order:
#   1. swap it in for the real module and load it;
#   2. "testmgr": did the kernel's registration self-test reject it (any of
#      the module's drivers)?
#   3. run each kselftest listed in /mutants/NAME.LANE.tests (LANE from
#      crcvmx.lane=, "stock" or "debug"), whole, through run_kselftest.sh:
#      a "not ok" means the test caught the mutant;
#   4. "kernel-log": did the kernel log a warning, BUG or lockdep splat?
# and print one line per verdict:
#   MUTANT-RESULT NAME TEST caught|missed [#N,... the failed subtests]
# "MUTANT-TEST NAME TEST" precedes each test so that the host can name the
# test during which a mutant crashed the kernel (tools/mutants/lane.sh then
# boots again for the remaining mutants). The real module is restored and
# the kernel log cleared after each mutant: the warnings a mutant provokes
# are its verdicts, not problems of the run.
. /sets/lib.sh
load_crc32c_stack || exit 1
fail=0
lane=$(sed -n 's/.*crcvmx\.lane=\([a-z]*\).*/\1/p' /proc/cmdline)
problems='WARNING:|BUG:|Oops|Call Trace:|possible circular locking|inconsistent lock state'
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
		echo "MUTANT-RESULT $m load failed"
		fail=1
		continue
	fi
	[ "$mod" = crc_family_vmx ] || load crc32c-vpmsum
	caught=missed
	for d in $drivers; do
		st=$(awk -F' *: *' -v want="$d" '/^driver/ { d = $2 } /^selftest/ && d == want { print $2 }' /proc/crypto)
		if [ "$st" != passed ] || dmesg | grep -q "alg:.*$d"; then
			caught=caught
		fi
	done
	echo "MUTANT-RESULT $m testmgr $caught"
	for t in $(cat "/mutants/$m.${lane:-stock}.tests"); do
		echo "MUTANT-TEST $m $t"
		(cd /kselftest && ./run_kselftest.sh -t "crc32c_vmx:$t") >/tmp/mutant.out 2>&1
		grep -E 'not ok|MISMATCH' /tmp/mutant.out | head -n 20 | sed 's/^/# /'
		if grep -q '^not ok' /tmp/mutant.out; then
			# The numbers of the subtests that failed, e.g. "#6,#9".
			sub=$(sed -n 's/^# not ok \([0-9]*\) .*/#\1/p' /tmp/mutant.out | tr '\n' , | sed 's/,$//')
			echo "MUTANT-RESULT $m $t caught $sub"
		elif grep -q '^ok ' /tmp/mutant.out; then
			echo "MUTANT-RESULT $m $t missed"
		else
			echo "MUTANT-RESULT $m $t no-result"
			fail=1
		fi
	done
	if dmesg | grep -qE "$problems"; then
		dmesg | grep -E "$problems" | head -n 3 | sed 's/^/# kernel: /'
		echo "MUTANT-RESULT $m kernel-log caught"
	else
		echo "MUTANT-RESULT $m kernel-log missed"
	fi
	if [ "$mod" = crc_family_vmx ]; then
		swap_crc_family_vmx "$REAL_FAMILY_KO"
	else
		swap_crc32c_vmx "$REAL_KO" && load crc32c-vpmsum
	fi || { echo "cannot restore the real module"; exit 1; }
	dmesg -c >/dev/null
	echo "MUTANT-END $m"
done
exit $fail
