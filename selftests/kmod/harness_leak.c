// SPDX-License-Identifier: GPL-2.0-only
/*
 * harness_leak: for tests of the test harness only. It allocates blocks at
 * load and keeps the only pointers to them in its own data; unloading it
 * clears those pointers and frees not the blocks, so they become
 * unreferenced, which the debug kernel's kmemleak scan in the guest's /init
 * must report and the run must fail on.
 *
 * kmemleak is conservative: any stale copy of a pointer hides that block
 * from a scan. Left uncleared, the array would stay in the module's freed
 * pages, and a page reused for a new, not yet written allocation brings all
 * of the pointers back into the scan at once (a make check saw 0 of 16
 * reported). A copy in a stack or a register save hides one block only, so
 * there are several, any one of which makes a report.
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
	memset(harness_leak_blocks, 0, sizeof(harness_leak_blocks));
}

module_init(harness_leak_init);
module_exit(harness_leak_exit);

MODULE_DESCRIPTION("Leaks allocations on unload (test harness self-test)");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
