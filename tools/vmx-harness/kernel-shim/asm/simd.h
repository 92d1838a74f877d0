/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <asm/simd.h> when upstream-harness compiles
 * the upstream series' lib/crc/powerpc files in userspace: none of its
 * names is used there.
 */
