/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <linux/preempt.h> when upstream-harness
 * compiles the upstream series' lib/crc/powerpc files in userspace: one
 * thread, nothing to disable.
 */
#define preempt_disable()	do { } while (0)
#define preempt_enable()	do { } while (0)
