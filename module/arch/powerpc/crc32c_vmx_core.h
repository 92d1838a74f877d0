/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC32C by vpmsumd folding on POWER8 and later: the math only.
 *
 * crc32c_vmx_core() advances the raw reflected CRC32C state over len bytes
 * (no pre- or post-inversion, the contract of the kernel's __crc32c_le()).
 * Any length and any alignment. It uses AltiVec (VMX) registers and
 * instructions only, so in the kernel it must run between
 * enable_kernel_altivec() and disable_kernel_altivec(), with preemption
 * and page faults disabled; it allocates nothing, sleeps never and calls
 * nothing. The same source builds in userspace for the
 * differential harness (tools/vmx-harness), where kernel_types.h stands in
 * for <linux/types.h>.
 */
#ifndef CRC32C_VMX_CORE_H
#define CRC32C_VMX_CORE_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "kernel_types.h"
#endif

u32 crc32c_vmx_core(u32 crc, const u8 *p, size_t len);

/* The facility each entry point needs: 0 AltiVec (MSR[VEC]), 1 VSX too */
#define CRC32C_VMX_CORE_NEEDS_VSX	0

/*
 * The same on POWER10 and later (ISA 3.1: lxvp, xxeval), with a second
 * steady-state loop for inputs of CRC32C_VMX_CORE_ISA31_MIN_LEN bytes and
 * more. Executes ISA 3.1 instructions: call it only when the CPU has them.
 * Its loop uses xxeval, a VSX instruction, so on little-endian a call of
 * that length must run between enable_kernel_vsx() and disable_kernel_vsx()
 * (docs/vmx-core-design.md, "AltiVec or VSX"); shorter inputs run the
 * POWER8 code, for which crc32c_vmx_core() is the AltiVec-only entry point.
 * On big-endian it is crc32c_vmx_core() under another name.
 */
u32 crc32c_vmx_core_isa31(u32 crc, const u8 *p, size_t len);

#ifdef CONFIG_CPU_LITTLE_ENDIAN
#define CRC32C_VMX_CORE_ISA31_NEEDS_VSX	1
#else
#define CRC32C_VMX_CORE_ISA31_NEEDS_VSX	0
#endif

/*
 * The shortest input for which crc32c_vmx_core_isa31() runs its ISA 3.1
 * loop at any alignment, where the loop is built (little-endian, an
 * assembler that knows it): the template's CRC_VMX_ISA31_MIN_LEN, which
 * crc32c_vmx_core.c checks this against. A constant, so that the glue's
 * test of it is a compare with an immediate.
 */
#define CRC32C_VMX_CORE_ISA31_MIN_LEN	1183

#endif /* CRC32C_VMX_CORE_H */
