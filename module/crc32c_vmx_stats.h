/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU byte counters of the crc32c-vmx driver: how many bytes went through
 * the vector path and how many through the software fallback. Updating is one
 * this_cpu_add(); reading sums all CPUs. They are exported read-only as
 * /sys/module/crc32c_vmx/stats/{vector_bytes,fallback_bytes}.
 */
#ifndef CRC32C_VMX_STATS_H
#define CRC32C_VMX_STATS_H

#include <linux/percpu.h>
#include <linux/types.h>

DECLARE_PER_CPU(u64, crc32c_vmx_vector_bytes);
DECLARE_PER_CPU(u64, crc32c_vmx_fallback_bytes);

static inline void crc32c_vmx_count_vector(size_t len)
{
	this_cpu_add(crc32c_vmx_vector_bytes, len);
}

static inline void crc32c_vmx_count_fallback(size_t len)
{
	this_cpu_add(crc32c_vmx_fallback_bytes, len);
}

int crc32c_vmx_stats_init(void);
void crc32c_vmx_stats_exit(void);

#endif /* CRC32C_VMX_STATS_H */
