/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The VMX core as compiled into the benchmark module (bench_vmx_core.c):
 * crc32c_vmx_core() of module/arch/powerpc/ under another name.
 */
#ifndef BENCH_VMX_CORE_H
#define BENCH_VMX_CORE_H

#include <linux/types.h>

u32 bench_vmx_core(u32 crc, const u8 *p, size_t len);

#endif /* BENCH_VMX_CORE_H */
