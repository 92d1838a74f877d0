/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Differences between the kernel versions this project builds against
 * (Debian's 6.1 and 6.12, Debian testing's 7.2), in one place. Each entry
 * names the API that changed and the version it changed in. The driver,
 * the test-only modules (selftests/kmod) and the bench module
 * (tools/bench-model/kmod) include this header and nothing version-specific.
 *
 * The version boundaries after 6.12 follow the upstream history; both sides
 * of every entry are compiled (6.1/6.12 take the old side, 7.2 the new one),
 * the kernels in between are not built here.
 */
#ifndef CRC32C_VMX_COMPAT_H
#define CRC32C_VMX_COMPAT_H

#include <linux/hrtimer.h>
#include <linux/version.h>

/*
 * The one comparison with the version of the kernel built against; the
 * entries below use it. (checkpatch warns about LINUX_VERSION_CODE, which
 * in-tree code has no use for; tools/check.sh exempts this file alone.)
 */
#define CRC32C_VMX_SINCE(major, minor) \
	(KERNEL_VERSION(major, minor, 0) <= LINUX_VERSION_CODE)

/* 6.12 moved the unaligned access helpers from asm/ to linux/unaligned.h. */
#if CRC32C_VMX_SINCE(6, 12)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * The kernel's software CRC-32C (slice-by-8), the path for short inputs and
 * for contexts that may not use the vector unit. Up to 6.13 it is
 * __crc32c_le() in linux/crc32.h; 6.14 removed that name and made crc32c()
 * the library entry point (it picks the arch code when that may run).
 * Before 6.14, crc32c() belongs to libcrc32c and calls the crypto API, so
 * it must not be used there.
 */
#include <linux/crc32.h>
#if CRC32C_VMX_SINCE(6, 14)
#define crc32c_vmx_sw(crc, p, len) crc32c(crc, p, len)
#else
#define crc32c_vmx_sw(crc, p, len) __crc32c_le(crc, p, len)
#endif

/*
 * struct module_attribute's show() takes a const attribute pointer from
 * 6.14 on ("module: Constify 'struct module_attribute'"); the callbacks
 * must match the member's type exactly, or a kCFI kernel traps the call.
 */
#if CRC32C_VMX_SINCE(6, 14)
#define CRC32C_VMX_MODATTR const struct module_attribute
#else
#define CRC32C_VMX_MODATTR struct module_attribute
#endif

/*
 * hrtimer_setup() (init + callback in one call) arrived in 6.13 and
 * replaced hrtimer_init(), which later kernels removed.
 */
#if CRC32C_VMX_SINCE(6, 13)
static inline void crc32c_vmx_hrtimer_setup(struct hrtimer *t,
					    enum hrtimer_restart (*fn)(struct hrtimer *),
					    clockid_t clock, enum hrtimer_mode mode)
{
	hrtimer_setup(t, fn, clock, mode);
}
#else
static inline void crc32c_vmx_hrtimer_setup(struct hrtimer *t,
					    enum hrtimer_restart (*fn)(struct hrtimer *),
					    clockid_t clock, enum hrtimer_mode mode)
{
	hrtimer_init(t, clock, mode);
	t->function = fn;
}
#endif

/*
 * The kernel's own crc32c driver that the test module compares crc32c-vmx
 * with: crc32c-generic up to 6.16; 6.17 replaced it by the library wrapper
 * "crc32c-lib" (crypto/crc32c.c, module crc32c-cryptoapi).
 */
#if CRC32C_VMX_SINCE(6, 17)
#define CRC32C_VMX_REF_DRIVER "crc32c-lib"
#else
#define CRC32C_VMX_REF_DRIVER "crc32c-generic"
#endif

/*
 * The system's unbound workqueue, where the test modules run work that must
 * not be a user task: system_dfl_wq since 6.17 ("workqueue: Add
 * system_percpu_wq and system_dfl_wq"); from 7.2 on, work queued on the old
 * name system_unbound_wq makes the kernel log a deprecation warning.
 */
#if CRC32C_VMX_SINCE(6, 17)
#define CRC32C_VMX_UNBOUND_WQ system_dfl_wq
#else
#define CRC32C_VMX_UNBOUND_WQ system_unbound_wq
#endif

/*
 * The crc_family_vmx module (crct10dif-vmx, crc64-rocksoft-vmx). 6.15
 * removed the "crct10dif" and "crc64-rocksoft" crypto API algorithms
 * (crypto/crct10dif_generic.c, crypto/crc64_rocksoft_generic.c): the CRC
 * library calls the arch code directly and nothing allocates those names
 * any more. Before, a kernel configured without them (the project's debug
 * kernel) lacks them and the software fallbacks alike. In both cases
 * CRC_FAMILY_VMX_SHASH is 0 and the module refuses to load. Otherwise the
 * fallbacks are crc_t10dif_generic() (crypto/crct10dif_common.c) and
 * crc64_rocksoft_generic() (lib/crc64.c), as read in Debian's 6.1 and
 * 6.12 (both built); 6.13 and 6.14 follow upstream history only (not
 * built here).
 */
#if !CRC32C_VMX_SINCE(6, 15) && IS_ENABLED(CONFIG_CRYPTO_CRCT10DIF) && \
	IS_ENABLED(CONFIG_CRYPTO_CRC64_ROCKSOFT)
#define CRC_FAMILY_VMX_SHASH 1
#include <linux/crc-t10dif.h>
#include <linux/crc64.h>
#else
#define CRC_FAMILY_VMX_SHASH 0
#endif

/*
 * Timers: the selftest module uses timer_delete_sync(), the name since 6.2
 * (upstream renamed the del_timer_sync() callers in 6.15 and is dropping the
 * old name). Debian's 6.1 (6.1.176) has it too,
 * from the 6.1.y stable backport, so no entry is needed for the kernels the
 * project supports.
 */

#endif /* CRC32C_VMX_COMPAT_H */
