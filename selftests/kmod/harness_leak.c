// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness_leak: for tests of the test harness only. It allocates blocks at
 * load and keeps the only pointers to them in its own data; unloading it
 * frees that data and not the blocks, so they become unreferenced, which
 * the debug kernel's kmemleak scan in the guest's /init must report and the
 * run must fail on. kmemleak is conservative: a stale copy of a pointer
 * (in a stack or a register save) hides that block from a scan, so there
 * are several independent blocks, any one of which makes a report.
 */
#include <linux/module.h>
#include <linux/slab.h>

#define HARNESS_LEAK_BLOCKS	16

static void *harness_leak_blocks[HARNESS_LEAK_BLOCKS];

static int __init harness_leak_init(void)
{
	int i;

	for (i = 0; i < HARNESS_LEAK_BLOCKS; i++) {
		harness_leak_blocks[i] = kmalloc(256, GFP_KERNEL);
		if (!harness_leak_blocks[i])
			goto fail;
	}
	return 0;
fail:
	while (i--)
		kfree(harness_leak_blocks[i]);
	return -ENOMEM;
}

static void __exit harness_leak_exit(void)
{
}

module_init(harness_leak_init);
module_exit(harness_leak_exit);

MODULE_DESCRIPTION("Leaks allocations on unload (test harness self-test)");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
