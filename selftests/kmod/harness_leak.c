// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness_leak: for tests of the test harness only. It allocates one block
 * at load and keeps the only pointer to it in its own data; unloading it
 * frees that data and not the block, so the block becomes unreferenced,
 * which the debug kernel's kmemleak scan in the guest's /init must report
 * and the run must fail on.
 */
#include <linux/module.h>
#include <linux/slab.h>

static void *harness_leak_block;

static int __init harness_leak_init(void)
{
	harness_leak_block = kmalloc(256, GFP_KERNEL);
	return harness_leak_block ? 0 : -ENOMEM;
}

static void __exit harness_leak_exit(void)
{
}

module_init(harness_leak_init);
module_exit(harness_leak_exit);

MODULE_DESCRIPTION("Leaks one allocation on unload (test harness self-test)");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
