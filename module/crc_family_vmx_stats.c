// SPDX-License-Identifier: GPL-2.0-only
/*
 * Read-only sysfs view of the crc_family_vmx counters (see
 * crc_family_vmx_stats.h, docs/sysfs-module-stats.md).
 */
#include <linux/module.h>
#include <linux/sysfs.h>

#include "crc_family_vmx_compat.h"
#include "crc_family_vmx_stats.h"
#include "crc_vmx_stats.h"

DEFINE_PER_CPU(struct crc_family_vmx_counts, crc_family_vmx_counts[CRC_FAMILY_VMX_NR]);

/*
 * The show callbacks must have exactly the type of struct
 * module_attribute's member (CRC_VMX_MODATTR), or a kernel with kCFI
 * traps the call: see crc32c_vmx_stats.c.
 * Each algorithm's files exist where its driver is registered
 * (crc_family_vmx_compat.h).
 */
#if CRC_FAMILY_VMX_T10DIF_SHASH
static ssize_t crct10dif_vector_bytes_show(CRC_VMX_MODATTR *mattr,
					   struct module_kobject *mk, char *buf)
{
	return crc_vmx_stat_show(&crc_family_vmx_counts[CRC_FAMILY_VMX_T10DIF].vector_bytes, buf);
}

static ssize_t crct10dif_fallback_bytes_show(CRC_VMX_MODATTR *mattr,
					     struct module_kobject *mk, char *buf)
{
	atomic64_t __percpu *c = &crc_family_vmx_counts[CRC_FAMILY_VMX_T10DIF].fallback_bytes;

	return crc_vmx_stat_show_atomic(c, buf);
}

static struct module_attribute crct10dif_vector_bytes_attr = __ATTR_RO(crct10dif_vector_bytes);
static struct module_attribute crct10dif_fallback_bytes_attr =
	__ATTR_RO(crct10dif_fallback_bytes);
#endif

#if CRC_FAMILY_VMX_CRC64_SHASH

static ssize_t crc64_rocksoft_vector_bytes_show(CRC_VMX_MODATTR *mattr,
						struct module_kobject *mk, char *buf)
{
	return crc_vmx_stat_show(&crc_family_vmx_counts[CRC_FAMILY_VMX_CRC64].vector_bytes, buf);
}

static ssize_t crc64_rocksoft_fallback_bytes_show(CRC_VMX_MODATTR *mattr,
						  struct module_kobject *mk, char *buf)
{
	atomic64_t __percpu *c = &crc_family_vmx_counts[CRC_FAMILY_VMX_CRC64].fallback_bytes;

	return crc_vmx_stat_show_atomic(c, buf);
}

static struct module_attribute crc64_rocksoft_vector_bytes_attr =
	__ATTR_RO(crc64_rocksoft_vector_bytes);
static struct module_attribute crc64_rocksoft_fallback_bytes_attr =
	__ATTR_RO(crc64_rocksoft_fallback_bytes);
#endif

static struct attribute *crc_family_vmx_stats_attrs[] = {
#if CRC_FAMILY_VMX_T10DIF_SHASH
	&crct10dif_vector_bytes_attr.attr,
	&crct10dif_fallback_bytes_attr.attr,
#endif
#if CRC_FAMILY_VMX_CRC64_SHASH
	&crc64_rocksoft_vector_bytes_attr.attr,
	&crc64_rocksoft_fallback_bytes_attr.attr,
#endif
	NULL,
};

static const struct attribute_group crc_family_vmx_stats_group = {
	.name = "stats",
	.attrs = crc_family_vmx_stats_attrs,
};

int crc_family_vmx_stats_init(void)
{
	return sysfs_create_group(&THIS_MODULE->mkobj.kobj, &crc_family_vmx_stats_group);
}

void crc_family_vmx_stats_exit(void)
{
	sysfs_remove_group(&THIS_MODULE->mkobj.kobj, &crc_family_vmx_stats_group);
}
