/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The VMX core as compiled into the benchmark module (bench_vmx_core.c):
 * crc32c_vmx_core() and crc32c_vmx_core_isa31() of module/arch/powerpc/
 * under other names.
 */
#ifndef BENCH_VMX_CORE_H
#define BENCH_VMX_CORE_H

#include <linux/types.h>

u32 bench_vmx_core(u32 crc, const u8 *p, size_t len);
/* crc32c_vmx_core_isa31(): ISA 3.1 instructions, POWER10 and later only */
u32 bench_vmx_core_isa31(u32 crc, const u8 *p, size_t len);

#endif /* BENCH_VMX_CORE_H */
