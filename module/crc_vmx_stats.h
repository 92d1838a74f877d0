/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU counters of bytes and of vector sections, shown read-only under
 * /sys/module/<module>/stats/ (the ABI is docs/sysfs-module-stats.md). Each
 * module defines its counters, one CRC_VMX_STAT() per file, the
 * NULL-terminated list <mod>_stats_attrs of CRC_VMX_STAT_FILE()s and
 * CRC_VMX_STATS_GROUP(mod); reading a file sums all CPUs and may miss an
 * add in flight.
 *
 * Updates are on the hot path and take no lock. Two kinds of counter:
 *  - a section counter (u64) is written only inside a vector section (task
 *    context, preemption disabled): a plain per-CPU add;
 *  - a fallback counter (atomic64_t) is written from any context, hardirq
 *    included, and preemptible: an atomic add to the word of the CPU the
 *    caller is on or has just left, almost never contended. A plain add
 *    could lose a count to an interrupt or a migration between its load and
 *    store, and this_cpu_add() masks interrupts around it on powerpc, which
 *    costs more on every short call.
 */
#ifndef CRC_VMX_STATS_H
#define CRC_VMX_STATS_H

#include <linux/atomic.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/sysfs.h>

#include "crc_vmx_compat.h"

static __always_inline void crc_vmx_count_section(u64 __percpu *counter, size_t n)
{
	__this_cpu_add(*counter, n);
}

static __always_inline void crc_vmx_count_fallback(atomic64_t __percpu *counter, size_t len)
{
	atomic64_add(len, raw_cpu_ptr(counter));
}

/* A stats file: exactly one of the two counter pointers is set. */
struct crc_vmx_stat {
	struct module_attribute mattr;
	u64 __percpu *section;
	atomic64_t __percpu *fallback;
};

/*
 * The callback has exactly the type of struct module_attribute's show
 * member (CRC_VMX_MODATTR), or a kernel with control-flow integrity traps
 * the call. Each CPU writes only its own word, so a section counter's word
 * is read with READ_ONCE(): one load, never torn.
 */
static inline ssize_t crc_vmx_stat_show(CRC_VMX_MODATTR *mattr, struct module_kobject *mk,
					char *buf)
{
	const struct crc_vmx_stat *s = container_of(mattr, struct crc_vmx_stat, mattr);
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		if (s->section)
			sum += READ_ONCE(*per_cpu_ptr(s->section, cpu));
		else
			sum += (u64)atomic64_read(per_cpu_ptr(s->fallback, cpu));
	}
	return sysfs_emit(buf, "%llu\n", sum);
}

#define CRC_VMX_STAT(file, kind, counter)					\
static struct crc_vmx_stat file##_stat = {					\
	.mattr = __ATTR(file, 0444, crc_vmx_stat_show, NULL),			\
	.kind = &(counter),							\
}

/* mod##_stats_group: the "stats" directory of the files in mod##_stats_attrs. */
#define CRC_VMX_STATS_GROUP(mod)						\
static const struct attribute_group mod##_stats_group = {			\
	.name = "stats",							\
	.attrs = mod##_stats_attrs,						\
}

#define CRC_VMX_STAT_FILE(file)	(&file##_stat.mattr.attr)

#endif /* CRC_VMX_STATS_H */
