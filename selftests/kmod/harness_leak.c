// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness_leak: for tests of the test harness only. It allocates blocks at
 * load and keeps the only pointers to them in its own data; unloading it
 * clears those pointers and frees not the blocks, so they become
 * unreferenced, which the debug kernel's kmemleak scan in the guest's /init
 * must report and the run must fail on.
 *
 * kmemleak is conservative: any stale copy of a pointer hides the block it
 * points into, and every block a hidden block points to. So no block may
 * point to another: they are zeroed (kmalloc's blocks would keep SLUB's
 * free-list link to the next, on a kernel without free-list hardening, and
 * one stale pointer to the first hid all 16 in 2 of 8 boots on a loaded
 * host). The array is cleared on unload rather than left in the module's
 * freed pages, which a later, not yet written allocation could bring back
 * into a scan whole. A copy in a stack or a register save hides one block,
 * so there are several, any one of which makes a report.
 */
#include <linux/module.h>
#include <linux/slab.h>

#define HARNESS_LEAK_BLOCKS	16

static void *harness_leak_blocks[HARNESS_LEAK_BLOCKS];

static int __init harness_leak_init(void)
{
	int i;

	for (i = 0; i < HARNESS_LEAK_BLOCKS; i++) {
		harness_leak_blocks[i] = kzalloc(256, GFP_KERNEL);
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
	memset(harness_leak_blocks, 0, sizeof(harness_leak_blocks));
}

module_init(harness_leak_init);
module_exit(harness_leak_exit);

MODULE_DESCRIPTION("Leaks allocations on unload (test harness self-test)");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
