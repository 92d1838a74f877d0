/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <asm/switch_to.h> when upstream-harness
 * compiles the upstream series' lib/crc/powerpc files in userspace: each
 * vector section is counted in harness_open_sections (family_harness.c),
 * so that the harness sees every core call run inside exactly one.
 */
#ifndef HARNESS_SHIM_ASM_SWITCH_TO_H
#define HARNESS_SHIM_ASM_SWITCH_TO_H

extern int harness_open_sections;

static inline void enable_kernel_altivec(void)
{
	harness_open_sections++;
}

static inline void disable_kernel_altivec(void)
{
	harness_open_sections--;
}

#endif /* HARNESS_SHIM_ASM_SWITCH_TO_H */
