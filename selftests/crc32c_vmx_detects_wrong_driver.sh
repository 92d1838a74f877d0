#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The differential test must be able to fail. crc32c_broken (a test-only
# module from selftests/kmod) registers "crc32c-broken": right for every
# testmgr vector, wrong for updates of more than 2048 bytes that contain a
# byte >= 0x80 (outside testmgr's own thread, see crc32c_broken.c).
# crc32c_vmx_afalg run against it must report a MISMATCH with a reproducer
# and exit 1, failing its own subtests. Its output is shown with the prefix
# "expected-failure: " so that it can never be read as this test's results.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
ktap_plan 4

loaded=
if ! driver_present crc32c-broken; then
	# beyond_testmgr=1: right inside testmgr's self-test thread, so that
	# a kernel with testmgr's extra random tests registers it too.
	modprobe crc32c_broken beyond_testmgr=1 2>/dev/null && loaded=1
fi
await_selftests crc32c
st=$(awk -F' *: *' '/^driver/ { d = $2 } /^selftest/ && d == "crc32c-broken" { print $2 }' /proc/crypto)
[ "$st" = passed ]
ktap_result $? "crc32c-broken is registered and passed the kernel's self-test (selftest: ${st:-absent})"

out=$("$here/crc32c_vmx_afalg" -d crc32c-broken -R -n 4096 2>&1)
rc=$?
[ -z "$loaded" ] || rmmod crc32c_broken
echo "$out" | sed 's/^/# expected-failure: /'

[ "$rc" -eq 1 ]
ktap_result $? "crc32c_vmx_afalg exits 1 against crc32c-broken (exit $rc)"
echo "$out" | grep -q 'MISMATCH driver=crc32c-broken .*(rerun: -s [0-9]*)'
ktap_result $? "it reports a MISMATCH of crc32c-broken with a reproducer"
nfail=$(echo "$out" | grep -c '^not ok [0-9]')
[ "$nfail" -ge 1 ]
ktap_result $? "it fails its own subtests ($nfail not ok)"
ktap_finish
