/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC32C by vpmsumd folding on POWER8 and later: the math only.
 *
 * Each core advances the raw reflected CRC32C state over len >= 16 bytes
 * (no pre- or post-inversion, the contract of the kernel's __crc32c_le()),
 * at any alignment; shorter inputs are the caller's. The caller runs it
 * with preemption and page faults disabled, between enable_kernel_altivec()
 * and disable_kernel_altivec(); it allocates nothing, never sleeps and
 * calls nothing.
 */
#ifndef CRC32C_VMX_CORE_H
#define CRC32C_VMX_CORE_H

#include <linux/types.h>

#include "crc_vmx_isa31_loop.h"

u32 crc32c_vmx_core(u32 crc, const u8 *p, size_t len);

/*
 * The same with a second steady-state loop for POWER10 and later (ISA 3.1:
 * lxvp, xxeval) from CRC_VMX_ISA31_MIN_LEN bytes, where the loop is built:
 * little-endian, with an assembler that knows those instructions
 * (CRC_VMX_ISA31_LOOP in vmx-flags.mk). xxeval is a VSX instruction, so a
 * call of that length needs enable_kernel_vsx() instead. Elsewhere it is
 * crc32c_vmx_core() under another name.
 */
u32 crc32c_vmx_core_isa31(u32 crc, const u8 *p, size_t len);

/*
 * The ISA 3.1 loop starts from two of its groups and the blocks its last
 * iteration reads ahead, plus 8 more where its entry and exit pay off; an
 * input of CRC_VMX_ISA31_MIN_LEN bytes has that many aligned blocks at any
 * alignment (the first 16 bytes and up to 15 more come before them).
 */
#define CRC_VMX_ISA31_MIN_BLOCKS	(2 * CRC_VMX_ISA31_BLOCKS + 8)
#define CRC_VMX_ISA31_MIN_LEN		(16 + 15 + 16 * CRC_VMX_ISA31_MIN_BLOCKS)

#endif /* CRC32C_VMX_CORE_H */
