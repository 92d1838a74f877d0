/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The CRC family's template cores as compiled into the benchmark module
 * (bench_t10dif_core.c, bench_crc64_core.c): crct10dif_vmx_core() and
 * crc64_rocksoft_vmx_core() of module/arch/powerpc/ under other names.
 */
#ifndef BENCH_FAMILY_CORES_H
#define BENCH_FAMILY_CORES_H

#include <linux/types.h>

u16 bench_t10dif_core(u16 crc, const u8 *p, size_t len);
u64 bench_crc64_core(u64 crc, const u8 *p, size_t len);

#endif /* BENCH_FAMILY_CORES_H */
