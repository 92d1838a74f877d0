// SPDX-License-Identifier: GPL-2.0-only
/*
 * Read-only sysfs view of the per-CPU byte counters (crc32c_vmx_stats.h,
 * docs/sysfs-module-stats.md).
 */
#include <linux/module.h>
#include <linux/sysfs.h>

#include "crc32c_vmx_compat.h"
#include "crc32c_vmx_stats.h"
#include "crc_vmx_stats.h"

DEFINE_PER_CPU(u64, crc32c_vmx_vector_bytes);
DEFINE_PER_CPU(u64, crc32c_vmx_isa31_bytes);
DEFINE_PER_CPU(atomic64_t, crc32c_vmx_fallback_bytes);
DEFINE_PER_CPU(atomic64_t, crc32c_vmx_live_state_bytes);

/*
 * The group hangs off the module's kobject, whose sysfs operations call every
 * attribute as a struct module_attribute: the show callbacks must have exactly
 * that type, or a kernel with control-flow integrity (kCFI) traps the call.
 * CRC_VMX_MODATTR is that type on the kernel built against.
 */
static ssize_t vector_bytes_show(CRC_VMX_MODATTR *mattr, struct module_kobject *mk, char *buf)
{
	return crc_vmx_stat_show(&crc32c_vmx_vector_bytes, buf);
}

static ssize_t isa31_bytes_show(CRC_VMX_MODATTR *mattr, struct module_kobject *mk, char *buf)
{
	return crc_vmx_stat_show(&crc32c_vmx_isa31_bytes, buf);
}

static ssize_t fallback_bytes_show(CRC_VMX_MODATTR *mattr, struct module_kobject *mk, char *buf)
{
	return crc_vmx_stat_show_atomic(&crc32c_vmx_fallback_bytes, buf);
}

static ssize_t live_state_bytes_show(CRC_VMX_MODATTR *mattr, struct module_kobject *mk,
				     char *buf)
{
	return crc_vmx_stat_show_atomic(&crc32c_vmx_live_state_bytes, buf);
}

static struct module_attribute vector_bytes_attr = __ATTR_RO(vector_bytes);
static struct module_attribute fallback_bytes_attr = __ATTR_RO(fallback_bytes);
static struct module_attribute isa31_bytes_attr = __ATTR_RO(isa31_bytes);
static struct module_attribute live_state_bytes_attr = __ATTR_RO(live_state_bytes);

static struct attribute *crc32c_vmx_stats_attrs[] = {
	&vector_bytes_attr.attr,
	&fallback_bytes_attr.attr,
	&isa31_bytes_attr.attr,
	&live_state_bytes_attr.attr,
	NULL,
};

static const struct attribute_group crc32c_vmx_stats_group = {
	.name = "stats",
	.attrs = crc32c_vmx_stats_attrs,
};

int crc32c_vmx_stats_init(void)
{
	return sysfs_create_group(&THIS_MODULE->mkobj.kobj, &crc32c_vmx_stats_group);
}

void crc32c_vmx_stats_exit(void)
{
	sysfs_remove_group(&THIS_MODULE->mkobj.kobj, &crc32c_vmx_stats_group);
}
