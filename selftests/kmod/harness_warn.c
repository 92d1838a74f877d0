// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness_warn: for tests of the test harness only. Loading it logs one
 * kernel WARNING, which tools/vm/run-guest.sh must turn into a failed run.
 */
#include <linux/bug.h>
#include <linux/module.h>

static int __init harness_warn_init(void)
{
	WARN(1, "harness_warn: deliberate warning for the harness self-test\n");
	return 0;
}

static void __exit harness_warn_exit(void)
{
}

module_init(harness_warn_init);
module_exit(harness_warn_exit);

MODULE_DESCRIPTION("Logs a deliberate WARNING (test harness self-test)");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
