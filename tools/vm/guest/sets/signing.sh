#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "signing": module signature enforcement with a key the kernel
# trusts. Runs on the debug kernel (tools/vm/build-debug-kernel.sh), which
# has CONFIG_MODULE_SIG and a throwaway certificate in its built-in trusted
# keys, booted with module.sig_enforce=1, and an initramfs to which
# tools/vm/signing-initramfs.sh added four builds of crc32c_vmx.ko:
#   /signing/unsigned.ko  as built
#   /signing/other.ko     signed with a key the kernel does not trust
#   /signing/tampered.ko  signed with the trusted key, then one byte changed
#   /signing/trusted.ko   signed with the trusted key
# kernel/module/signing.c refuses the first three with EKEYREJECTED ("Key
# was rejected by service"); it logs why for the unsigned one and the one
# with an unknown key. The trusted one must load, untainted, and work.
# Prints TAP.
. /sets/lib.sh

echo "TAP version 13"
echo "1..10"

enforce=$(cat /sys/module/module/parameters/sig_enforce 2>/dev/null)
echo "# sig_enforce: ${enforce:-unreadable}; cmdline: $(cat /proc/cmdline)"
if [ "$enforce" = Y ]; then
	ok "module signatures are enforced"
else
	not_ok "module signatures are enforced" \
		"/sys/module/module/parameters/sig_enforce is '${enforce:-unreadable}'" \
		"boot with --append module.sig_enforce=1 on a kernel with CONFIG_MODULE_SIG"
fi

if grep -q 'crc32c-vmx throwaway module signing key (trusted)' /proc/keys; then
	ok "the kernel holds the throwaway key among its trusted keys"
else
	not_ok "the kernel holds the throwaway key among its trusted keys" \
		"no such key in /proc/keys:" "$(grep -i asymmetric /proc/keys)"
fi

# refused NAME KO MESSAGE: insmod KO must fail with EKEYREJECTED and, if
# MESSAGE is not empty, the kernel must log MESSAGE.
refused() {
	dmesg -c >/dev/null
	out=$(insmod "$2" 2>&1)
	rc=$?
	echo "# insmod $2: exit $rc: $out"
	if [ "$rc" -eq 0 ]; then
		not_ok "$1 is refused with EKEYREJECTED" "it loaded"
		rmmod crc32c_vmx
	elif echo "$out" | grep -q 'Key was rejected by service'; then
		ok "$1 is refused with EKEYREJECTED"
	else
		not_ok "$1 is refused with EKEYREJECTED" "it failed otherwise: $out"
	fi
	[ -n "$3" ] || return 0
	if dmesg | grep -qF "$3"; then
		echo "# kernel: $3"
		ok "the kernel log says: $3"
	else
		not_ok "the kernel log says: $3" "dmesg has no such line:" "$(dmesg | tail -n 5)"
	fi
}
refused "an unsigned crc32c_vmx" /signing/unsigned.ko "Loading of unsigned module is rejected"
refused "crc32c_vmx signed with an untrusted key" /signing/other.ko \
	"Loading of module with unavailable key is rejected"
refused "crc32c_vmx changed after signing" /signing/tampered.ko ""

dmesg -c >/dev/null
out=$(insmod /signing/trusted.ko 2>&1)
rc=$?
echo "# insmod /signing/trusted.ko: exit $rc: ${out:-(no output)}"
if [ "$rc" -eq 0 ] && grep -q '^crc32c_vmx ' /proc/modules; then
	ok "crc32c_vmx signed with the trusted key loads"
else
	not_ok "crc32c_vmx signed with the trusted key loads" "exit $rc: $out" "$(dmesg | tail -n 5)"
fi

# A module whose signature checked out carries no E (unsigned) taint.
taint=$(cat /sys/module/crc32c_vmx/taint 2>/dev/null)
echo "# /sys/module/crc32c_vmx/taint: '${taint}'"
if [ -r /sys/module/crc32c_vmx/taint ] && ! echo "$taint" | grep -q E; then
	ok "the kernel accepted its signature (no unsigned-module taint)"
else
	not_ok "the kernel accepted its signature (no unsigned-module taint)" \
		"taint '${taint:-unreadable}'; dmesg: $(dmesg | grep -i 'verification' | tail -n 2)"
fi

st=$(awk -F' *: *' '/^driver/ { d = $2 } /^selftest/ && d == "crc32c-vmx" { print $2; exit }' /proc/crypto)
if [ "$st" = passed ]; then
	ok "crc32c-vmx is registered and passed its self-test"
else
	not_ok "crc32c-vmx is registered and passed its self-test" "selftest: '${st:-not registered}'"
fi

echo "# signing: $((N - FAILED)) of $N passed"
[ "$FAILED" -eq 0 ]
