#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A stand-in for "modprobe tcrypt mode=300 alg=DRIVER sec=N" on a host that
# cannot load modules (crcbench-alg run --modprobe). Like the real tcrypt it
# writes its records into the kernel log, here the file FAKE_KMSG (given to
# the tool with --kmsg), and then fails with EAGAIN. The records are ones
# recorded in a POWER8 guest: FAKE_TCRYPT_DIR/tcrypt-6.1-DRIVER.kmsg, or,
# for a driver without a recording, the one FAKE_TCRYPT_ALIAS maps it to
# ("crc32c-fakevec=crc32c-vmx ..."), with the driver name replaced.
# FAKE_TCRYPT: missing (no tcrypt module), wrong-driver (tcrypt reports
# another driver than asked for), loaded (modprobe succeeds, prints nothing).
# A driver without records gets tcrypt's "failed to load transform" record.
set -eu
: "${FAKE_KMSG:?}" "${FAKE_TCRYPT_DIR:?}"
[ "${1:-}" = tcrypt ] || { echo "fake modprobe: knows only tcrypt, got '${1:-}'" >&2; exit 1; }
case "${FAKE_TCRYPT:-}" in
missing)
	echo "modprobe: FATAL: Module tcrypt not found in directory /lib/modules/fake" >&2
	exit 1 ;;
loaded) exit 0 ;;
esac
alg=
for a in "$@"; do
	case "$a" in alg=*) alg=${a#alg=} ;; esac
done
recorded=$alg
for m in ${FAKE_TCRYPT_ALIAS:-}; do
	[ "${m%%=*}" = "$alg" ] && recorded=${m#*=}
done
reported=$alg
[ "${FAKE_TCRYPT:-}" = wrong-driver ] && reported=crc32c-other
file=$FAKE_TCRYPT_DIR/tcrypt-6.1-$recorded.kmsg
if [ -f "$file" ]; then
	sed -e '/^#/d' -e "s/async $recorded ($recorded)/async $alg ($reported)/" "$file" >>"$FAKE_KMSG"
else
	echo "3,1,1,-;tcrypt: failed to load transform for $alg: -2" >>"$FAKE_KMSG"
fi
echo "modprobe: ERROR: could not insert 'tcrypt': Resource temporarily unavailable" >&2
exit 1
