/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU byte counters of the crc32c-vmx driver: how many bytes went through
 * the vector path and how many through the software fallback; reading sums
 * all CPUs. Two of them break those down: how many of the vector bytes went
 * through the ISA 3.1 core (POWER10 and later; always 0 on POWER8 and
 * POWER9), and how many of the fallback bytes took it only because the
 * calling task's user vector registers were live (CRC32C_VMX_MIN_LEN_LIVE
 * in the glue). They are exported read-only as
 * /sys/module/crc32c_vmx/stats/{vector_bytes,fallback_bytes,isa31_bytes,
 * live_state_bytes}.
 *
 * Updates are on the hot path and must cost next to nothing there:
 *  - vector and ISA 3.1 bytes: written only from the vector section (task
 *    context, preemption already disabled), so a plain per-CPU add is safe;
 *  - fallback and live-state bytes: written from any context, including interrupts that
 *    hit another fallback update on the same CPU. An atomic add on this
 *    CPU's counter (a load-reserve/store-conditional loop on powerpc) is
 *    safe there without masking interrupts or disabling preemption; if the
 *    task migrates between taking the address and the add, it adds to the
 *    other CPU's counter, which the sum counts all the same. Unlike
 *    this_cpu_add(), which saves and restores the interrupt state on
 *    powerpc (about 50 instructions, measured with the bench-model plugin),
 *    it needs no context test and no call.
 */
#ifndef CRC32C_VMX_STATS_H
#define CRC32C_VMX_STATS_H

#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/types.h>

DECLARE_PER_CPU(u64, crc32c_vmx_vector_bytes);
DECLARE_PER_CPU(u64, crc32c_vmx_isa31_bytes);
DECLARE_PER_CPU(atomic64_t, crc32c_vmx_fallback_bytes);
DECLARE_PER_CPU(atomic64_t, crc32c_vmx_live_state_bytes);

/* Call with preemption disabled, from task context (the vector section). */
static inline void crc32c_vmx_count_vector(size_t len)
{
	__this_cpu_add(crc32c_vmx_vector_bytes, len);
}

/* As crc32c_vmx_count_vector(), for the part that ran the ISA 3.1 core. */
static inline void crc32c_vmx_count_isa31(size_t len)
{
	__this_cpu_add(crc32c_vmx_isa31_bytes, len);
}

/* Any context, preemptible or not. */
static inline void crc32c_vmx_count_fallback(size_t len)
{
	atomic64_add(len, raw_cpu_ptr(&crc32c_vmx_fallback_bytes));
}

/* As crc32c_vmx_count_fallback(), for the part the live-state rule sent there. */
static inline void crc32c_vmx_count_live_state(size_t len)
{
	atomic64_add(len, raw_cpu_ptr(&crc32c_vmx_live_state_bytes));
}

int crc32c_vmx_stats_init(void);
void crc32c_vmx_stats_exit(void);

#endif /* CRC32C_VMX_STATS_H */
