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
 * Updates are on the hot path and take no lock and no atomic:
 *  - vector and ISA 3.1 bytes are written only inside the vector section
 *    (task context, preemption disabled): a plain per-CPU add;
 *  - fallback and live-state bytes are written from any context, hardirq
 *    included: this_cpu_add(), the kernel's per-CPU add that is safe
 *    against an interrupt on the same CPU (on powerpc it soft-masks
 *    interrupts around the add, no load-reserve/store-conditional loop).
 * Each counter is a 64-bit word written by its own CPU only; a reader on
 * another CPU takes each word with READ_ONCE() (a single load, no torn
 * value on ppc64) and may miss an add in flight, nothing more.
 */
#ifndef CRC32C_VMX_STATS_H
#define CRC32C_VMX_STATS_H

#include <linux/percpu.h>
#include <linux/types.h>

DECLARE_PER_CPU(u64, crc32c_vmx_vector_bytes);
DECLARE_PER_CPU(u64, crc32c_vmx_isa31_bytes);
DECLARE_PER_CPU(u64, crc32c_vmx_fallback_bytes);
DECLARE_PER_CPU(u64, crc32c_vmx_live_state_bytes);

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
	this_cpu_add(crc32c_vmx_fallback_bytes, len);
}

/* As crc32c_vmx_count_fallback(), for the part the live-state rule sent there. */
static inline void crc32c_vmx_count_live_state(size_t len)
{
	this_cpu_add(crc32c_vmx_live_state_bytes, len);
}

int crc32c_vmx_stats_init(void);
void crc32c_vmx_stats_exit(void);

#endif /* CRC32C_VMX_STATS_H */
