/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <linux/sizes.h> when upstream-harness compiles
 * the upstream series' lib/crc/powerpc files in userspace.
 */
#define SZ_32K	0x00008000
