/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <linux/compiler.h> when upstream-harness
 * compiles the upstream series' lib/crc/powerpc files in userspace.
 */
#include "kernel_types.h"
