/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the crc_family_vmx driver (crct10dif-vmx, crc64-rocksoft-vmx) needs
 * to build on every supported kernel, beyond crc_vmx_compat.h.
 *
 * 6.15 removed the "crct10dif" and "crc64-rocksoft" crypto API algorithms
 * (crypto/crct10dif_generic.c, crypto/crc64_rocksoft_generic.c): the CRC
 * library calls the arch code directly and nothing allocates those names
 * any more. Before, a kernel configured without them (the project's debug
 * kernel) lacks them and the software fallbacks alike. In both cases
 * CRC_FAMILY_VMX_SHASH is 0 and the module refuses to load. Otherwise the
 * fallbacks are crc_t10dif_generic() (crypto/crct10dif_common.c) and
 * crc64_rocksoft_generic() (lib/crc64.c), as read in Debian's 6.1 and
 * 6.12 (both built); 6.13 and 6.14 follow upstream history only (not
 * built here).
 */
#ifndef CRC_FAMILY_VMX_COMPAT_H
#define CRC_FAMILY_VMX_COMPAT_H

#include "crc_vmx_compat.h"

#if !CRC_VMX_SINCE(6, 15) && IS_ENABLED(CONFIG_CRYPTO_CRCT10DIF) && \
	IS_ENABLED(CONFIG_CRYPTO_CRC64_ROCKSOFT)
#define CRC_FAMILY_VMX_SHASH 1
#include <linux/crc-t10dif.h>
#include <linux/crc64.h>
#else
#define CRC_FAMILY_VMX_SHASH 0
#endif

#endif /* CRC_FAMILY_VMX_COMPAT_H */
