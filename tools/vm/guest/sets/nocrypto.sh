#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Test set "nocrypto": a guest whose kernel sees a CPU without the vector
# crypto facility, where crc32c_vmx must refuse to load. Boot it with the
# POWER8 CPU model in POWER7 compatibility mode (the kernel then takes its
# features from the architected POWER7 entry: no PPC_FEATURE2_VEC_CRYPTO,
# while the emulated CPU still runs Debian's POWER8 userland):
#   QEMU_EXTRA_ARGS="-machine max-cpu-compat=power7" \
#     tools/vm/run-guest.sh --kernel-env build/kernel.env \
#       --initrd build/initramfs.cpio.gz --set nocrypto --cpu POWER8
# Prints TAP. Booted without that option (the CPU has vector crypto), the
# first test fails and says so.
# ok/not_ok and the N/FAILED counts come from lib.sh.
. /sets/lib.sh

echo "TAP version 13"
echo "1..5"

# AT_HWCAP2 (26) of this process, from the auxiliary vector: pairs of 64-bit
# native-endian words, so one u8 per word in od's output.
hwcap2() {
	od -A n -t u8 -v /proc/self/auxv | tr -s ' ' '\n' | grep -v '^$' |
		awk 'NR % 2 == 1 { t = $1; next } t == 26 { print $1; exit }'
}

cpu=$(grep -m1 '^cpu' /proc/cpuinfo | sed 's/^cpu[^:]*: *//')
echo "# cpu: $cpu"
# (awk prints the word as read; its own arithmetic would saturate at 2^31)
h2=$(hwcap2)
[ -z "$h2" ] || h2=$(printf '0x%x' "$h2")
echo "# AT_HWCAP2: ${h2:-none}"
# PPC_FEATURE2_VEC_CRYPTO is 0x02000000.
if [ -n "$h2" ] && [ $((h2 & 0x02000000)) -eq 0 ]; then
	ok "the kernel reports no vector crypto facility"
else
	not_ok "the kernel reports no vector crypto facility" \
		"AT_HWCAP2 is '${h2:-unreadable}' (vcrypto is 0x02000000); cpu: $cpu" \
		"boot with QEMU_EXTRA_ARGS=\"-machine max-cpu-compat=power7\""
fi

dmesg -c >/dev/null
out=$(modprobe crc32c_vmx 2>&1)
rc=$?
echo "# modprobe crc32c_vmx: exit $rc: $out"
case "$rc:$out" in
0:*) not_ok "modprobe crc32c_vmx fails with ENODEV" "it loaded"; rmmod crc32c_vmx ;;
*"No such device"*) ok "modprobe crc32c_vmx fails with ENODEV" ;;
*) not_ok "modprobe crc32c_vmx fails with ENODEV" "it failed otherwise: $out" ;;
esac

# module_cpu_feature_match() refuses the module before its init function
# runs: the kernel's own convention for a CPU without the feature is a
# silent -ENODEV, so the module must leave no line in the log. The
# kernel's module loader names the module in lines of its own (the taint
# of an out-of-tree, unsigned module), which are not the module's.
NAME="the kernel log has no line from crc32c_vmx (refused before its init ran)"
own=$(dmesg | grep 'crc32c_vmx:' |
	grep -v -e 'loading out-of-tree module taints kernel' -e 'module verification failed')
if [ -n "$own" ]; then
	not_ok "$NAME" "$(echo "$own" | tail -n 3)"
else
	ok "$NAME"
fi

if grep -q '^driver *: crc32c-vmx$' /proc/crypto; then
	not_ok "crc32c-vmx is absent from /proc/crypto" "it is registered"
else
	ok "crc32c-vmx is absent from /proc/crypto"
fi

if grep -qx crc32c_vmx /proc/modules || grep -q '^crc32c_vmx ' /proc/modules; then
	not_ok "crc32c_vmx is not loaded" "it is in /proc/modules"
else
	ok "crc32c_vmx is not loaded"
fi

echo "# nocrypto: $((N - FAILED)) of $N passed"
[ "$FAILED" -eq 0 ]
