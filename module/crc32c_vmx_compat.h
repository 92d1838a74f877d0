/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the crc32c_vmx driver needs to build on every supported kernel,
 * beyond crc_vmx_compat.h.
 */
#ifndef CRC32C_VMX_COMPAT_H
#define CRC32C_VMX_COMPAT_H

#include <linux/crc32.h>

#include "crc_vmx_compat.h"

/*
 * The kernel's software CRC-32C, the driver's one software path. Up to
 * 6.13 it is __crc32c_le() (lib/crc32.c, built in with CONFIG_CRC32, which
 * CONFIG_CRYPTO selects); there crc32c() belongs to libcrc32c and calls the
 * crypto API, so it must not be used. 6.14 removed __crc32c_le() and made
 * crc32c() the library entry point.
 */
#ifdef CRC_VMX_HAVE_CRC32C_LE
#define crc32c_vmx_sw(crc, p, len) __crc32c_le(crc, p, len)
#else
#define crc32c_vmx_sw(crc, p, len) crc32c(crc, p, len)
#endif

#endif /* CRC32C_VMX_COMPAT_H */
