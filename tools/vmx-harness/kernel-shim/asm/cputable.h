/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <asm/cputable.h> when upstream-harness
 * compiles the upstream series' lib/crc/powerpc files in userspace: the
 * names that vpmsum_cpu_has_vec_crypto() uses (the harness never calls
 * it).
 */
#ifndef HARNESS_SHIM_ASM_CPUTABLE_H
#define HARNESS_SHIM_ASM_CPUTABLE_H

#define CPU_FTR_ARCH_207S	1UL
#define PPC_FEATURE2_VEC_CRYPTO	1U

struct cpu_spec {
	unsigned int cpu_user_features2;
};

extern struct cpu_spec *cur_cpu_spec;

#endif /* HARNESS_SHIM_ASM_CPUTABLE_H */
