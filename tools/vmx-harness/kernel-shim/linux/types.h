/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <linux/types.h> when upstream-harness compiles
 * the upstream series' lib/crc/powerpc files in userspace: the C library's
 * <linux/types.h> (the uapi __u32 and friends, which libc headers need)
 * plus the kernel types of kernel_types.h.
 */
#include_next <linux/types.h>
#include "kernel_types.h"
