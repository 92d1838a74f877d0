/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU byte counters of the crc_family_vmx drivers, one pair per
 * driver: bytes through the vector core and bytes through the software
 * fallback. Reading sums all CPUs; they are exported read-only as
 * /sys/module/crc_family_vmx/stats/{crct10dif,crc64_rocksoft}_{vector,
 * fallback}_bytes (docs/sysfs-module-stats.md). The update rules are those
 * of crc32c_vmx_stats.h: the vector count is written only inside the vector
 * section (preemption disabled, task context), a plain per-CPU add; the
 * fallback count from any context, an atomic add to the current CPU's word.
 */
#ifndef CRC_FAMILY_VMX_STATS_H
#define CRC_FAMILY_VMX_STATS_H

#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/types.h>

enum crc_family_vmx_id {
	CRC_FAMILY_VMX_T10DIF,
	CRC_FAMILY_VMX_CRC64,
	CRC_FAMILY_VMX_NR,
};

struct crc_family_vmx_counts {
	u64 vector_bytes;
	atomic64_t fallback_bytes;
};

DECLARE_PER_CPU(struct crc_family_vmx_counts, crc_family_vmx_counts[CRC_FAMILY_VMX_NR]);

/* Call with preemption disabled, from task context (the vector section). */
static inline void crc_family_vmx_count_vector(enum crc_family_vmx_id id, size_t len)
{
	__this_cpu_add(crc_family_vmx_counts[id].vector_bytes, len);
}

/* Any context, preemptible or not. */
static inline void crc_family_vmx_count_fallback(enum crc_family_vmx_id id, size_t len)
{
	atomic64_add(len, raw_cpu_ptr(&crc_family_vmx_counts[id].fallback_bytes));
}

int crc_family_vmx_stats_init(void);
void crc_family_vmx_stats_exit(void);

#endif /* CRC_FAMILY_VMX_STATS_H */
