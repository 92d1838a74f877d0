/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Differences between the supported kernels that only the test-only
 * modules meet (selftests/kmod, tools/bench-model/kmod): the drivers do
 * not include this file. The drivers read the kernel's headers instead
 * (module/compat.mk); a test module may key on the version.
 */
#ifndef CRC_VMX_TEST_COMPAT_H
#define CRC_VMX_TEST_COMPAT_H

#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/preempt.h>
#include <linux/workqueue.h>

#include <linux/version.h>

#include "../../module/crc_vmx_compat.h"

#define CRC_VMX_SINCE(major, minor) \
	(KERNEL_VERSION(major, minor, 0) <= LINUX_VERSION_CODE)

/*
 * hrtimer_setup() (init + callback in one call) arrived in 6.13 and
 * replaced hrtimer_init(), which later kernels removed.
 */
static inline void crc_vmx_test_hrtimer_setup(struct hrtimer *t,
					      enum hrtimer_restart (*fn)(struct hrtimer *),
					      clockid_t clock, enum hrtimer_mode mode)
{
#if CRC_VMX_SINCE(6, 13)
	hrtimer_setup(t, fn, clock, mode);
#else
	hrtimer_init(t, clock, mode);
	t->function = fn;
#endif
}

/*
 * 5.11 named the hard-interrupt test in_hardirq() (before: in_irq(), which
 * 6.19 removed) and added IRQ_WORK_INIT_HARD(), an irq_work that runs in
 * hard interrupt context even on PREEMPT_RT. 5.10 has neither (read in
 * Debian 11's linux-source-5.10); there an irq_work flagged
 * IRQ_WORK_HARD_IRQ is the same thing.
 */
#if !CRC_VMX_SINCE(5, 11)
#define in_hardirq() in_irq()
#define IRQ_WORK_INIT_HARD(fn) { .flags = ATOMIC_INIT(IRQ_WORK_HARD_IRQ), .func = (fn) }
#endif

/*
 * The kernel's own crc32c driver that the test modules compare crc32c-vmx
 * with: crc32c-generic up to 6.16; 6.17 replaced it by the library wrapper
 * "crc32c-lib" (crypto/crc32c.c, module crc32c-cryptoapi).
 */
#if CRC_VMX_SINCE(6, 17)
#define CRC_VMX_TEST_REF_DRIVER "crc32c-lib"
#else
#define CRC_VMX_TEST_REF_DRIVER "crc32c-generic"
#endif

/*
 * The system's unbound workqueue, where the test modules run work that must
 * not be a user task: system_dfl_wq since 6.17 ("workqueue: Add
 * system_percpu_wq and system_dfl_wq"); from 7.2 on, work queued on the old
 * name system_unbound_wq makes the kernel log a deprecation warning.
 */
#if CRC_VMX_SINCE(6, 17)
#define CRC_VMX_TEST_UNBOUND_WQ system_dfl_wq
#else
#define CRC_VMX_TEST_UNBOUND_WQ system_unbound_wq
#endif

/*
 * Timers: the selftest module uses timer_delete_sync(), the name since 6.2
 * (upstream renamed the del_timer_sync() callers in 6.15 and is dropping the
 * old name). Debian's 6.1 (6.1.176) has it too, from the 6.1.y stable
 * backport, so no entry is needed for the kernels the project supports.
 */

#endif /* CRC_VMX_TEST_COMPAT_H */
