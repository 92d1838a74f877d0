#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "upstream-hwkit": the kit for hardware owners
# (tools/hw-report/crc-hw-report.sh, docs/upstream.md) run end to end in a
# make check-upstream guest, as an owner would run it: crc_kunit ran at boot
# (built in), crcbench-alg is in /usr/bin. Under QEMU the report must mark
# every figure EMULATED; it must hold every crc_kunit benchmark's lengths,
# the suite's results and crcbench-alg's table. The report is printed to the
# log (its figures are TCG time, never reported as performance).
. /sets/lib.sh
KIT="sh /usr/bin/crc-hw-report"
OUT=/tmp/crc-hw-report.txt
BENCHES="crc7_be crc16 crc_t10dif crc32_le crc32_be crc32c crc64_be crc64_nvme"
echo "TAP version 13"
echo "1..7"

# The premise: this is QEMU, so the report must say it is emulated.
grep -qi qemu /proc/cpuinfo
result $? "hwkit: the guest's /proc/cpuinfo names QEMU (the premise of the EMULATED checks)"

$KIT --label "make check-upstream guest" --out $OUT --crcbench /usr/bin/crcbench-alg >/tmp/kit.err 2>&1
rc=$?
sed 's/^/# kit: /' /tmp/kit.err
result $rc "hwkit: crc-hw-report exits 0 and writes its report"
sed 's/^/# report: /' $OUT 2>/dev/null

grep -qx "emulated: yes" $OUT 2>/dev/null && grep -q "^# EMULATED: " $OUT
result $? "hwkit: the report says it is emulated"

bad=''
for b in $BENCHES; do
	n=$(grep -c "^EMULATED $b len=[0-9]* [0-9]* MB/s\$" $OUT 2>/dev/null)
	[ "${n:-0}" -ge 5 ] || bad="$bad $b($n)"
done
[ -z "$bad" ] && ! grep -q "^[a-z0-9_]* len=" $OUT
result $? "hwkit: every crc_kunit benchmark's lengths, each marked EMULATED" "${bad:+too few lines:$bad}"

n=$(sed -n '/^## crc_kunit results/,/^## /p' $OUT 2>/dev/null | grep -c '^    ok ')
[ "$n" -eq 16 ]
result $? "hwkit: the report holds crc_kunit's 16 results, all ok" "$n ok"

sed -n '/^## crcbench-alg/,/^## /p' $OUT 2>/dev/null | grep -qx "exit code: 0" &&
	sed -n '/^## crcbench-alg/,/^## /p' $OUT | grep -qi emulated
result $? "hwkit: crcbench-alg ran (exit 0) and its table says emulated"

$KIT --bogus >/dev/null 2>&1
r1=$?
$KIT --crcbench /nonexistent --out /tmp/x.txt >/dev/null 2>&1
r2=$?
[ $r1 -eq 2 ] && [ $r2 -eq 2 ] && [ ! -e /tmp/x.txt ]
result $? "hwkit: bad usage and a missing crcbench-alg exit 2 and write no report" "$r1 $r2"
