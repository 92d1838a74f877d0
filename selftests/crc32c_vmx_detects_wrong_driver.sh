#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The differential test must be able to fail. crc32c_broken (a test-only
# module from selftests/kmod) registers "crc32c-broken": right for every
# testmgr vector, wrong for updates of more than 2048 bytes that contain a
# byte >= 0x80 (outside testmgr's own thread, see crc32c_broken.c). crc32c_vmx_afalg run against it must report a
# MISMATCH and exit 1.
ksft_skip=4
dir=$(cd "$(dirname "$0")" && pwd)
loaded=

if ! grep -q '^driver *: crc32c-broken$' /proc/crypto; then
	# beyond_testmgr=1: right inside testmgr's self-test thread, so that
	# a kernel with testmgr's extra random tests registers it too.
	if ! modprobe crc32c_broken beyond_testmgr=1 2>/dev/null; then
		echo "# SKIP: test module crc32c_broken is not installed (build selftests/kmod)"
		exit $ksft_skip
	fi
	loaded=1
fi

out=$("$dir/crc32c_vmx_afalg" -d crc32c-broken -R -n 4096 2>&1)
rc=$?
[ -z "$loaded" ] || rmmod crc32c_broken

echo "$out" | sed 's/^/expected-failure: /'
if [ $rc -eq 1 ] && echo "$out" | grep -q 'MISMATCH driver=crc32c-broken'; then
	echo "# a wrong driver is detected (exit $rc with a reproducer)"
	exit 0
fi
echo "# the differential test did NOT detect crc32c-broken (exit $rc)"
exit 1
