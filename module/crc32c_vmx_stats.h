/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU byte counters of the crc32c-vmx driver: how many bytes went through
 * the vector path and how many through the software fallback; reading sums
 * all CPUs. They are exported read-only as
 * /sys/module/crc32c_vmx/stats/{vector_bytes,fallback_bytes}.
 *
 * Updates are on the hot path, and on powerpc this_cpu_add() saves and
 * restores the interrupt state (about 50 instructions, measured with the
 * bench-model plugin). So each counter has a single kind of writer and uses
 * the plain per-CPU add where that is safe:
 *  - vector bytes: task context only, with preemption already disabled;
 *  - fallback bytes from task context: a counter no interrupt touches, under
 *    preempt_disable();
 *  - fallback bytes from interrupt context: the interrupt-safe this_cpu_add().
 */
#ifndef CRC32C_VMX_STATS_H
#define CRC32C_VMX_STATS_H

#include <linux/percpu.h>
#include <linux/types.h>

#include <linux/preempt.h>

DECLARE_PER_CPU(u64, crc32c_vmx_vector_bytes);
DECLARE_PER_CPU(u64, crc32c_vmx_fallback_task_bytes);
DECLARE_PER_CPU(u64, crc32c_vmx_fallback_irq_bytes);

/* Call with preemption disabled, from task context (the vector section). */
static inline void crc32c_vmx_count_vector(size_t len)
{
	__this_cpu_add(crc32c_vmx_vector_bytes, len);
}

static inline void crc32c_vmx_count_fallback(size_t len)
{
	if (in_task()) {
		preempt_disable();
		__this_cpu_add(crc32c_vmx_fallback_task_bytes, len);
		preempt_enable();
	} else {
		this_cpu_add(crc32c_vmx_fallback_irq_bytes, len);
	}
}

int crc32c_vmx_stats_init(void);
void crc32c_vmx_stats_exit(void);

#endif /* CRC32C_VMX_STATS_H */
