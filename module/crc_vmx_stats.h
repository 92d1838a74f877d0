/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the two drivers' sysfs counters share (crc32c_vmx_stats.c,
 * crc_family_vmx_stats.c): summing one per-CPU byte counter, of either
 * kind (crc32c_vmx_stats.h says which path counts with which).
 */
#ifndef CRC_VMX_STATS_H
#define CRC_VMX_STATS_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/sysfs.h>
#include <linux/types.h>

/*
 * Writes the sum over all possible CPUs of *counter into a sysfs buffer.
 * Each CPU writes only its own word while this reads them all, so every
 * word is read with READ_ONCE(): one load, never torn or refetched.
 */
static inline ssize_t crc_vmx_stat_show(u64 __percpu *counter, char *buf)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += READ_ONCE(*per_cpu_ptr(counter, cpu));
	return sysfs_emit(buf, "%llu\n", sum);
}

/* The same for a counter that any CPU may add to (an atomic64_t per CPU). */
static inline ssize_t crc_vmx_stat_show_atomic(atomic64_t __percpu *counter, char *buf)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += (u64)atomic64_read(per_cpu_ptr(counter, cpu));
	return sysfs_emit(buf, "%llu\n", sum);
}

#endif /* CRC_VMX_STATS_H */
