#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The differential test must be able to fail. crc32c_broken (a test-only
# module from selftests/kmod) registers "crc32c-broken": right for every
# testmgr vector, wrong for long updates (here: of more than four pages)
# that contain a byte >= 0x80. crc32c_vmx_afalg run against it must report a
# MISMATCH and exit 1.
ksft_skip=4
dir=$(cd "$(dirname "$0")" && pwd)
loaded=

if ! grep -q '^driver *: crc32c-broken$' /proc/crypto; then
	# beyond_testmgr=1: wrong only for updates longer than four pages, so
	# that a kernel with testmgr's extra (random, up to two pages) tests
	# registers it too; AF_ALG hands over up to 16 pages per update.
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
