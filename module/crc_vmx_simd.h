/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every driver of this project shares around its vector cores: the
 * vector section, the chunk loop and the test for live user vector state.
 *
 * A core (arch/powerpc/) runs only from task context (the caller has
 * checked crypto_simd_usable()), with preemption disabled (the kernel's
 * use of the vector registers is not saved on a context switch) and page
 * faults disabled (a fault handler that sleeps would need preemption),
 * inside a section opened by crc_vmx_simd_begin(): AltiVec alone for the
 * POWER8 cores (enable_kernel_altivec() saves 32 VRs of a task with live
 * state), VSX for the ISA 3.1 loop (enable_kernel_vsx() saves 64 VSRs and
 * the FPSCR).
 */
#ifndef CRC_VMX_SIMD_H
#define CRC_VMX_SIMD_H

#include <asm/switch_to.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "crc_vmx_compat.h"

/*
 * Longest stretch hashed in one preemption-disabled section. It bounds the
 * time a task can hold off preemption to a few microseconds even on a slow
 * core, while the cost of entering a section is spread over enough bytes
 * to be lost in the noise (docs/driver.md, "vector path", has the numbers).
 */
#define CRC_VMX_CHUNK	SZ_32K

/*
 * Shortest input any core takes: its first load is a whole 16-byte block.
 * Each glue's thresholds are at least this, and so is every chunk below.
 */
#define CRC_VMX_CORE_MIN_LEN	16

/* Open a vector section for a core that needs VSX (vsx) or AltiVec only. */
static __always_inline void crc_vmx_simd_begin(bool vsx)
{
	preempt_disable();
	pagefault_disable();
	if (vsx)
		enable_kernel_vsx();
	else
		enable_kernel_altivec();
}

/* Close the section opened by crc_vmx_simd_begin() with the same vsx. */
static __always_inline void crc_vmx_simd_end(bool vsx)
{
	if (vsx)
		disable_kernel_vsx();
	else
		disable_kernel_altivec();
	pagefault_enable();
	preempt_enable();
}

/*
 * True when opening a section (VSX or AltiVec only, as vsx says) would
 * first have to save the current task's user registers: enable_kernel_vsx()
 * saves them when its FP, VMX or VSX state is live, enable_kernel_altivec()
 * when its VMX state is. Kernel threads have none.
 */
static __always_inline bool crc_vmx_user_state_live(bool vsx)
{
	const struct pt_regs *regs = current->thread.regs;
	unsigned long live = vsx ? MSR_FP | MSR_VEC | MSR_VSX : MSR_VEC;

	return regs && (regs->msr & live);
}

/*
 * A vector section over at most CRC_VMX_CHUNK bytes. The state is passed
 * as u64 so that one chunk loop serves the 16-, 32- and 64-bit CRCs.
 */
typedef u64 (*crc_vmx_section_fn)(u64 crc, const u8 *p, size_t len);

/*
 * Runs section() over p[0..len) in chunks of at most CRC_VMX_CHUNK bytes,
 * with a preemption point between two sections. The last chunk is never a
 * sliver: what is left over between one and two chunks is cut in two
 * halves (the first rounded up to 16 bytes), so no section is shorter than
 * about CRC_VMX_CHUNK / 2 when len > CRC_VMX_CHUNK, and every section of a
 * call that met CRC_VMX_CORE_MIN_LEN meets it too. Inlined with a constant
 * section, which it then calls directly.
 */
static __always_inline u64 crc_vmx_chunks(u64 crc, const u8 *p, size_t len,
					  crc_vmx_section_fn section)
{
	while (len > CRC_VMX_CHUNK) {
		size_t n = len >= 2 * CRC_VMX_CHUNK ? CRC_VMX_CHUNK : ALIGN(len / 2, 16);

		crc = section(crc, p, n);
		p += n;
		len -= n;
	}
	return section(crc, p, len);
}

#endif /* CRC_VMX_SIMD_H */
