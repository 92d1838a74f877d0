/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Differences between the kernel versions this project builds against
 * (its own 5.10 from Debian 11's source, Debian's 6.1 and 6.12, Debian
 * testing's 7.2) that both drivers meet.
 * Each entry names the API that changed and the version it changed in.
 * What only one driver needs is in its own header (crc32c_vmx_compat.h,
 * crc_family_vmx_compat.h); what only the test modules need is beside them
 * (selftests/kmod/crc_vmx_test_compat.h).
 *
 * The version boundaries between the kernels built here follow the
 * upstream history; both sides of every entry are compiled, the kernels in
 * between are not built here.
 */
#ifndef CRC_VMX_COMPAT_H
#define CRC_VMX_COMPAT_H

#include <linux/version.h>

/*
 * The one comparison with the version of the kernel built against; the
 * entries use it. (checkpatch warns about LINUX_VERSION_CODE, which
 * in-tree code has no use for; tools/check.sh exempts this file alone.)
 */
#define CRC_VMX_SINCE(major, minor) \
	(KERNEL_VERSION(major, minor, 0) <= LINUX_VERSION_CODE)

/* 5.12 moved ALIGN() and its relatives from linux/kernel.h to linux/align.h. */
#if CRC_VMX_SINCE(5, 12)
#include <linux/align.h>
#else
#include <linux/kernel.h>
#endif

/* 6.12 moved the unaligned access helpers from asm/ to linux/unaligned.h. */
#if CRC_VMX_SINCE(6, 12)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * struct module_attribute's show() takes a const attribute pointer from
 * 6.14 on ("module: Constify 'struct module_attribute'"); the callbacks
 * must match the member's type exactly, or a kCFI kernel traps the call.
 */
#if CRC_VMX_SINCE(6, 14)
#define CRC_VMX_MODATTR const struct module_attribute
#else
#define CRC_VMX_MODATTR struct module_attribute
#endif

#endif /* CRC_VMX_COMPAT_H */
