/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC-T10DIF (polynomial 0x8bb7, MSB first) by vpmsumd folding on POWER8
 * and later: the math only. crct10dif_vmx_core() advances the raw 16-bit
 * state (CRC-T10DIF has no inversion) under the rules of crc32c_vmx_core.h.
 */
#ifndef CRCT10DIF_VMX_CORE_H
#define CRCT10DIF_VMX_CORE_H

#include <linux/types.h>

u16 crct10dif_vmx_core(u16 crc, const u8 *p, size_t len);

#endif /* CRCT10DIF_VMX_CORE_H */
