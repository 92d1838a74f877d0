/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the crc_family_vmx driver (crct10dif-vmx, crc64-rocksoft-vmx) needs
 * to build on every supported kernel, beyond crc_vmx_compat.h.
 *
 * 6.15 removed the "crct10dif" and "crc64-rocksoft" crypto API algorithms
 * (crypto/crct10dif_generic.c, crypto/crc64_rocksoft_generic.c): the CRC
 * library calls the arch code directly and nothing allocates those names
 * any more. Before, each exists where its config symbol is set:
 * CONFIG_CRYPTO_CRCT10DIF since long before 5.10, CONFIG_CRYPTO_CRC64_ROCKSOFT
 * from 6.0 (so 5.10 to 5.19 have crct10dif alone). The module registers a
 * driver for each algorithm the kernel has (CRC_FAMILY_VMX_T10DIF_SHASH,
 * CRC_FAMILY_VMX_CRC64_SHASH); with neither (6.15 and later, or a kernel
 * configured without them, as the project's debug kernel) CRC_FAMILY_VMX_SHASH
 * is 0 and it refuses to load. The software fallbacks are
 * crc_t10dif_generic() (crypto/crct10dif_common.c, 5.10 to 6.14) and
 * crc64_rocksoft_generic() (lib/crc64.c), as read in Debian's 5.10, 6.1
 * and 6.12 (all built); 6.13 and 6.14 follow upstream history only (not
 * built here).
 */
#ifndef CRC_FAMILY_VMX_COMPAT_H
#define CRC_FAMILY_VMX_COMPAT_H

#include "crc_vmx_compat.h"

#if !CRC_VMX_SINCE(6, 15) && IS_ENABLED(CONFIG_CRYPTO_CRCT10DIF)
#define CRC_FAMILY_VMX_T10DIF_SHASH 1
#include <linux/crc-t10dif.h>
#else
#define CRC_FAMILY_VMX_T10DIF_SHASH 0
#endif

#if !CRC_VMX_SINCE(6, 15) && IS_ENABLED(CONFIG_CRYPTO_CRC64_ROCKSOFT)
#define CRC_FAMILY_VMX_CRC64_SHASH 1
#include <linux/crc64.h>
#else
#define CRC_FAMILY_VMX_CRC64_SHASH 0
#endif

#define CRC_FAMILY_VMX_SHASH (CRC_FAMILY_VMX_T10DIF_SHASH || CRC_FAMILY_VMX_CRC64_SHASH)

#endif /* CRC_FAMILY_VMX_COMPAT_H */
