#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# crc32c-vmx where the vector unit may not be used. Loading the test-only
# module crc32c_vmx_ctx (selftests/kmod) hashes many lengths and offsets with
# crc32c-vmx from process context, from a timer and a tasklet (softirq) and
# from an irq_work (hardirq), then long messages in process context while a
# hardirq hrtimer on the same CPU interrupts them and hashes too; it compares
# each digest with the reference driver's ($REF_CRC32C of crc32c_lib.sh). Then crc32c_vmx's own counters must show
# that the interrupt contexts took the fallback (fallback_bytes rose by at
# least what they hashed) and process context took the vector path
# (vector_bytes rose by at least what it hashed in pieces of 4 KiB or more).
# Last, the module hashes messages from a kernel thread, which has no user
# vector state: 128-byte ones (below the live-state threshold, 192) must take
# the vector path (vector_bytes rises by as much) and none may be counted in
# live_state_bytes (the other half of crc32c_vmx_livestate); at the vector
# path's threshold (64 bytes, docs/driver.md) 64-byte messages must take the
# vector path and 63-byte ones the fallback. Messages longer than one chunk
# (32 KiB, docs/driver.md, "vector path") must be cut into several vector
# sections: vector_sections counts one per message of 32768 bytes, two per
# message of 32769, two per message of 40002 and of 60000 (cut in two
# halves: no third, shorter section), two per message of 65536 (the 32768
# left after the first chunk is one section, not cut in halves), three per
# message of 80000 and four per message of 100000 (32768, 32768, then the
# 34464 left cut in two halves). The counters give only the number: the
# module's kprobes on crc32c-vmx's two cores (parameter section_probes) see
# each section's length, which must be the cut chunk_split gives.
. "$(dirname "$0")/crc32c_lib.sh"
MOD=crc32c_vmx_ctx
PARAMS=/sys/module/$MOD/parameters

param() { cat "$PARAMS/$1" 2>/dev/null || echo -1; }

require_root
modprobe crc32c_vmx 2>/dev/null
[ -r "$STATS/fallback_bytes" ] || ktap_skip_all "crc32c_vmx is not loaded (no $STATS)"
modprobe "$REF_CRC32C_MOD" 2>/dev/null
if module_loaded $MOD; then
	rmmod $MOD
fi
modinfo $MOD >/dev/null 2>&1 || ktap_skip_all "test module $MOD is not installed (build selftests/kmod)"

ktap_plan 13
fb0=$(fallback_bytes)
vb0=$(vector_bytes)
mark=$(kernel_log_mark)
start=$(date +%s)
# The module does all its work in its init function and stays loaded to
# report: parameter "result" (0 or -errno) and the byte counts.
out=$(modprobe $MOD section_probes=crc32c_vmx_core,crc32c_vmx_core_isa31 2>&1)
rc=$?
secs=$(($(date +%s) - start))
fb1=$(fallback_bytes)
vb1=$(vector_bytes)
kernel_log_since "$mark" | grep "$MOD:" | sed 's/^/# kernel: /'
ktap_diag "module ran in ${secs}s"
if [ $rc -ne 0 ]; then
	ktap_diag "modprobe $MOD failed: $out"
	ktap_fail "$MOD loads and runs (needs crc32c-vmx and $REF_CRC32C)"
	ktap_fail "interrupt contexts took the fallback (not evaluated)"
	ktap_fail "process context took the vector path (not evaluated)"
	ktap_fail "a kernel thread took the vector path (not evaluated)"
	ktap_fail "64-byte messages from a kernel thread took the vector path (not evaluated)"
	ktap_fail "63-byte messages from a kernel thread took the fallback (not evaluated)"
	ktap_fail "32768-byte messages from a kernel thread took one vector section each (not evaluated)"
	ktap_fail "32769-byte messages from a kernel thread took two vector sections each (not evaluated)"
	ktap_fail "40002-byte messages from a kernel thread took two vector sections each (not evaluated)"
	ktap_fail "60000-byte messages from a kernel thread took two vector sections each (not evaluated)"
	ktap_fail "65536-byte messages from a kernel thread took two vector sections each (not evaluated)"
	ktap_fail "80000-byte messages from a kernel thread took three vector sections each (not evaluated)"
	ktap_fail "100000-byte messages from a kernel thread took four vector sections each (not evaluated)"
	ktap_finish
fi
res=$(param result)
ib=$(param interrupt_bytes)
plb=$(param process_long_bytes)
pb=$(param process_bytes)
n=$(param cases)
# kthread_hash LEN: the module's kernel-thread run over messages of LEN
# bytes; sets kres and kb (its result and bytes) and dv, df, dl and ds, what
# vector_bytes, fallback_bytes, live_state_bytes and vector_sections rose by
# meanwhile.
kthread_hash() {
	_v=$(vector_bytes) _f=$(fallback_bytes) _l=$(live_state_bytes) _s=$(vector_sections)
	echo "$1" >"$PARAMS/kthread_run" || ktap_diag "writing $1 to $PARAMS/kthread_run failed"
	dv=$(($(vector_bytes) - _v)) df=$(($(fallback_bytes) - _f)) dl=$(($(live_state_bytes) - _l))
	ds=$(($(vector_sections) - _s))
	kres=$(param kthread_result)
	kb=$(param kthread_bytes)
	ktap_diag "kernel thread, $1-byte messages: result $kres, $kb bytes; vector_bytes +$dv, fallback_bytes +$df, live_state_bytes +$dl, vector_sections +$ds"
}
# chunk_split LEN: the lengths of the vector sections of one message of LEN
# bytes, comma-separated, as docs/driver.md cuts it: 32768 bytes while two
# chunks or more are left; what is left between one and two chunks in two
# halves, the first rounded up to a multiple of 16 bytes.
chunk_split() {
	_l=$1 _cut=
	while [ "$_l" -gt 32768 ]; do
		if [ "$_l" -ge 65536 ]; then
			_n=32768
		else
			_n=$(((_l / 2 + 15) / 16 * 16))
		fi
		_cut="$_cut$_n," _l=$((_l - _n))
	done
	echo "$_cut$_l"
}
# sections_check LEN PER WORDS: kthread_hash LEN, then sets sok (0 if each
# message took PER vector sections, of the lengths chunk_split gives) and
# sname (the result's description). At least PER sections per message
# fails a missing cut, fewer than PER + 1 a cut too many; the second bound
# would also fail under another busy user of crc32c-vmx, and the test guest
# has none. The module checks that every message was cut as the first.
sections_check() {
	kthread_hash "$1"
	_calls=$((kb / $1))
	_cut=$(param kthread_sections)
	_want=$(chunk_split "$1")
	ktap_diag "kernel thread, $1-byte messages: sections of $_cut bytes (want $_want)"
	[ "$kres" -eq 0 ] && [ "$_calls" -gt 0 ] && [ "$ds" -ge $(($2 * _calls)) ] &&
		[ "$ds" -lt $((($2 + 1) * _calls)) ] && [ "$_cut" = "$_want" ]
	sok=$?
	sname="$1-byte messages from a kernel thread took $3 each ($(echo "$_want" | sed 's/[0-9][0-9]*/&-byte/g; s/,/, /g')): vector_sections rose by $ds over $_calls messages"
}
kthread_hash 128
r128=$kres b128=$kb v128=$dv l128=$dl
kthread_hash 64
r64=$kres b64=$kb v64=$dv
kthread_hash 63
r63=$kres b63=$kb v63=$dv f63=$df
sections_check 32768 1 "one vector section"
ok1=$sok name1=$sname
sections_check 32769 2 "two vector sections"
ok2=$sok name2=$sname
sections_check 40002 2 "two vector sections"
ok2o=$sok name2o=$sname
sections_check 60000 2 "two vector sections"
ok2h=$sok name2h=$sname
sections_check 65536 2 "two vector sections"
ok2c=$sok name2c=$sname
sections_check 80000 3 "three vector sections"
ok3=$sok name3=$sname
sections_check 100000 4 "four vector sections"
ok4=$sok name4=$sname
rmmod $MOD

ktap_diag "$MOD result: $res"
[ "$res" -eq 0 ]
ktap_result $? "crc32c-vmx == $REF_CRC32C from process, timer, tasklet, irq_work and hrtimer-interrupted process context ($n cases each)"
ktap_diag "fallback_bytes $fb0 -> $fb1 (+$((fb1 - fb0))), bytes hashed in interrupt context: $ib"
ktap_diag "vector_bytes $vb0 -> $vb1 (+$((vb1 - vb0))), in process context: $pb, in pieces >= 4 KiB: $plb"
[ "$ib" -gt 0 ] && [ $((fb1 - fb0)) -ge "$ib" ]
ktap_result $? "interrupt contexts took the fallback: fallback_bytes rose by >= $ib"
[ "$plb" -gt 0 ] && [ $((vb1 - vb0)) -ge "$plb" ]
ktap_result $? "process context took the vector path: vector_bytes rose by >= $plb"
[ "$r128" -eq 0 ] && [ "$b128" -gt 0 ] && [ "$v128" -ge "$b128" ] && [ "$l128" -eq 0 ]
ktap_result $? "a kernel thread (no user vector state) took the vector path for 128-byte messages: vector_bytes rose by >= $b128, live_state_bytes unchanged"
[ "$r64" -eq 0 ] && [ "$b64" -gt 0 ] && [ "$v64" -ge "$b64" ]
ktap_result $? "64-byte messages from a kernel thread took the vector path: vector_bytes rose by $v64 (need >= $b64)"
# Bounds on the rises rather than exact values, so that another user of
# crc32c-vmx hashing meanwhile does not fail the test (there is none in the
# test guest: vector_bytes does not move there).
[ "$r63" -eq 0 ] && [ "$b63" -gt 0 ] && [ "$f63" -ge "$b63" ] && [ "$v63" -lt "$b63" ]
ktap_result $? "63-byte messages from a kernel thread took the fallback: fallback_bytes rose by $f63 (need >= $b63), vector_bytes by $v63 (need < $b63)"
ktap_result $ok1 "$name1"
ktap_result $ok2 "$name2"
ktap_result $ok2o "$name2o"
ktap_result $ok2h "$name2h"
ktap_result $ok2c "$name2c"
ktap_result $ok3 "$name3"
ktap_result $ok4 "$name4"
ktap_finish
