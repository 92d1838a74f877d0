/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vector section every driver of this project runs its core in, and
 * the test for live user vector state, and the CPU check at load.
 * crc_family_vmx_glue.c uses all of it; crc32c_vmx_glue.c only the CPU
 * check for now: it still has its own copies of the section code (moving
 * it over means regenerating the mutant patches under tools/mutants/ that
 * edit those lines).
 *
 * A core (arch/powerpc/) uses VMX and VSX registers. It may run only from
 * task context (the caller has checked crypto_simd_usable()), with
 * preemption disabled (the registers are not saved on a context switch
 * while the kernel owns them) and page faults disabled (a fault handler
 * that sleeps would need preemption), between enable_kernel_vsx() and
 * disable_kernel_vsx(). VSX, not only VMX: the cores use VSX loads and
 * register moves.
 */
#ifndef CRC_VMX_SIMD_H
#define CRC_VMX_SIMD_H

#include <asm/cpu_has_feature.h>
#include <asm/cpufeature.h>
#include <asm/switch_to.h>
#include <linux/cpufeature.h>
#include <linux/printk.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/uaccess.h>

/*
 * Longest stretch hashed in one preemption-disabled section. 32 KiB takes
 * about 2,400 cycles at 13.6 bytes/cycle (under 1 us on a 3-4 GHz POWER8)
 * and stays in the low microseconds even at a quarter of that rate, while
 * the per-section entry cost is spread over 32 KiB. Longer inputs are
 * processed chunk by chunk with preemption points between the chunks.
 */
#define CRC_VMX_CHUNK	SZ_32K

/* Open a vector section: the core may run until crc_vmx_simd_end(). */
static __always_inline void crc_vmx_simd_begin(void)
{
	preempt_disable();
	pagefault_disable();
	enable_kernel_vsx();
}

/* Close the section opened by crc_vmx_simd_begin(). */
static __always_inline void crc_vmx_simd_end(void)
{
	disable_kernel_vsx();
	pagefault_enable();
	preempt_enable();
}

/*
 * True when the current task's user FP, VMX or VSX state is in the
 * registers: the condition under which enable_kernel_vsx() saves it.
 * Kernel threads have none.
 */
static __always_inline bool crc_vmx_user_state_live(void)
{
	const struct pt_regs *regs = current->thread.regs;

	return regs && (regs->msr & (MSR_FP | MSR_VEC | MSR_VSX));
}

/*
 * vpmsumd is part of the vector crypto facility (ISA 2.07, POWER8). The
 * cores also execute VSX instructions (unaligned loads, register moves),
 * and the sections switch VSX on around them, so both must be present.
 * Returns 0, or -ENODEV after saying which is missing.
 */
static inline int crc_vmx_check_cpu(void)
{
	if (!cpu_have_feature(cpu_feature(PPC_MODULE_FEATURE_VEC_CRYPTO))) {
		pr_err("no vector crypto facility (vpmsumd, POWER8 and later): not loading\n");
		return -ENODEV;
	}
	if (!cpu_has_feature(CPU_FTR_VSX)) {
		pr_err("no VSX on this CPU (or it is disabled): not loading\n");
		return -ENODEV;
	}
	return 0;
}

#endif /* CRC_VMX_SIMD_H */
