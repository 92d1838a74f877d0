/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC-T10DIF (polynomial 0x8bb7, MSB first) by vpmsumd folding on POWER8
 * and later: the math only, from the template core
 * (crc_vmx_core_template.h).
 *
 * crct10dif_vmx_core() advances the raw 16-bit state over len bytes (no
 * inversion; CRC-T10DIF has none), any length and alignment. Like
 * crc32c_vmx_core() it uses AltiVec (VMX) only: in the kernel, only
 * between enable_kernel_altivec() and disable_kernel_altivec(), with
 * preemption and page faults disabled.
 */
#ifndef CRCT10DIF_VMX_CORE_H
#define CRCT10DIF_VMX_CORE_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "kernel_types.h"
#endif

u16 crct10dif_vmx_core(u16 crc, const u8 *p, size_t len);

/* The facility it needs: 0 AltiVec (MSR[VEC]) only, 1 VSX too */
#define CRCT10DIF_VMX_CORE_NEEDS_VSX	0

#endif /* CRCT10DIF_VMX_CORE_H */
