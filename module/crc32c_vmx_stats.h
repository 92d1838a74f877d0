/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU byte counters of the crc32c-vmx driver: bytes through the vector
 * path, and of those the ones through the ISA 3.1 core (POWER10 and
 * later, little-endian; always 0 elsewhere); bytes through the software
 * fallback, and of those the ones sent there only because the calling
 * task's user vector registers were live (CRC32C_VMX_MIN_LEN_LIVE in the
 * glue). Reading sums all CPUs. They are the sysfs interface documented in
 * docs/sysfs-module-stats.md.
 *
 * Updates are on the hot path and take no lock:
 *  - vector and ISA 3.1 bytes are written only inside the vector section
 *    (task context, preemption disabled, no other section can start on
 *    this CPU): a plain per-CPU add, read with READ_ONCE() (a single load,
 *    never torn on ppc64);
 *  - fallback and live-state bytes are written from any context, hardirq
 *    included, and preemptible: an atomic add to the word of the CPU the
 *    caller is on (or has just left). The word is almost never shared, so
 *    the load-reserve/store-conditional pair is uncontended. A plain add
 *    could lose a count to an interrupt or a migration between its load
 *    and its store; this_cpu_add() would be exact too, but on powerpc it
 *    soft-masks interrupts around a plain add and then calls
 *    arch_local_irq_restore(), more work than the pair on every short call.
 * A reader sums the words of all CPUs and may miss an add in flight,
 * nothing more.
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
