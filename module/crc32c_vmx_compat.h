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
 * The kernel's software CRC-32C, the driver's one software path (short
 * inputs, callers with live user vector state below the live threshold,
 * contexts that may not use the vector unit). Up to 6.13 it is
 * __crc32c_le() (lib/crc32.c, declared in linux/crc32.h, built in with
 * CONFIG_CRC32, which CONFIG_CRYPTO selects); 6.14 removed that name and
 * made crc32c() the library entry point (it picks the arch code where that
 * may run). Before 6.14, crc32c() belongs to libcrc32c and calls the
 * crypto API, so it must not be used there.
 */
#if CRC_VMX_SINCE(6, 14)
#define crc32c_vmx_sw(crc, p, len) crc32c(crc, p, len)
#else
#define crc32c_vmx_sw(crc, p, len) __crc32c_le(crc, p, len)
#endif

#endif /* CRC32C_VMX_COMPAT_H */
