/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the crc_family_vmx driver (crct10dif-vmx, crc64-rocksoft-vmx) needs
 * to build on every supported kernel, beyond crc_vmx_compat.h.
 *
 * 6.15 removed the "crct10dif" and "crc64-rocksoft" crypto API algorithms:
 * the CRC library calls the arch code directly. Before, each exists where
 * its config symbol is set (CONFIG_CRYPTO_CRC64_ROCKSOFT from 6.0 on), and
 * the driver falls back to crc_t10dif_generic() or
 * crc64_rocksoft_generic(). module/compat.mk checks both and sets
 * CRC_VMX_HAVE_CRCT10DIF_SHASH and CRC_VMX_HAVE_CRC64_ROCKSOFT_SHASH; the
 * module registers a driver for each algorithm the kernel has.
 */
#ifndef CRC_FAMILY_VMX_COMPAT_H
#define CRC_FAMILY_VMX_COMPAT_H

#include "crc_vmx_compat.h"

#ifdef CRC_VMX_HAVE_CRCT10DIF_SHASH
#define CRC_FAMILY_VMX_T10DIF_SHASH 1
#include <linux/crc-t10dif.h>
#else
#define CRC_FAMILY_VMX_T10DIF_SHASH 0
#endif

#ifdef CRC_VMX_HAVE_CRC64_ROCKSOFT_SHASH
#define CRC_FAMILY_VMX_CRC64_SHASH 1
#include <linux/crc64.h>
#else
#define CRC_FAMILY_VMX_CRC64_SHASH 0
#endif

#define CRC_FAMILY_VMX_SHASH (CRC_FAMILY_VMX_T10DIF_SHASH || CRC_FAMILY_VMX_CRC64_SHASH)

#endif /* CRC_FAMILY_VMX_COMPAT_H */
