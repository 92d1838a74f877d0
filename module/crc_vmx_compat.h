/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a supported kernel lacks that both drivers use, each entry with the
 * version that changed it upstream. The CRC_VMX_HAVE_* macros come from
 * module/compat.mk, which reads the kernel's headers: distribution kernels
 * carry backports that their version number does not tell. What only one
 * driver needs is in its own header (crc32c_vmx_compat.h,
 * crc_family_vmx_compat.h).
 */
#ifndef CRC_VMX_COMPAT_H
#define CRC_VMX_COMPAT_H

/* 6.12 moved the unaligned access helpers from asm/ to linux/unaligned.h. */
#ifdef CRC_VMX_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * struct module_attribute's show() takes a const attribute pointer from
 * 6.14 on; the callbacks must match the member's type exactly, or a kCFI
 * kernel traps the call.
 */
#ifdef CRC_VMX_HAVE_CONST_MODATTR
#define CRC_VMX_MODATTR const struct module_attribute
#else
#define CRC_VMX_MODATTR struct module_attribute
#endif

#endif /* CRC_VMX_COMPAT_H */
