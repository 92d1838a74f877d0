/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <linux/uaccess.h> when upstream-harness
 * compiles the upstream series' lib/crc/powerpc files in userspace: no
 * page faults to disable.
 */
#define pagefault_disable()	do { } while (0)
#define pagefault_enable()	do { } while (0)
