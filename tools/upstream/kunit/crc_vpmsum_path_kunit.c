// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc_vpmsum_path_kunit: which path lib/crc/powerpc takes, for the lanes
 * that test the series (tools/upstream/kunit-lanes.sh and the mutation
 * sweep's series scope). Never part of the series: the lanes copy it into
 * lib/crc/tests/ of the patched tree (series_add_path_test in
 * tools/upstream/series-lib.sh). crc_kunit proves the values; a value is
 * the same whichever path computed it, so this suite proves the path.
 *
 * A kprobe on enable_kernel_altivec() counts the vector sections each call
 * opens, from this test's task only, and records the preemption count and
 * the page-fault-disable depth it sees there. Each case then checks, for
 * one function and every length of the table:
 *   - the number of sections: none below the 48-byte threshold, one per
 *     32 KiB after it, the last taking up to 32 KiB + 15;
 *   - inside each section, the same preemption count and page-fault depth
 *     as a section this test opens itself (calibration);
 *   - after the call, the preemption count and page-fault depth it began
 *     with.
 * A lane says whether its CPU has the vector crypto facility (POWER8 and
 * later; parameter vec_crypto, on unless the kernel command line has
 * crc_vpmsum_path_kunit.vec_crypto=0, as for a POWER7 boot): a CPU that
 * disagrees fails the premise. Without the facility no length may open a
 * section and crc32_optimizations() is 0.
 */
#include <asm/cputable.h>
#include <asm/switch_to.h>
#include <kunit/test.h>
#include <linux/crc32.h>
#include <linux/crc64.h>
#include <linux/kprobes.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/prandom.h>
#include <linux/sizes.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#define PATH_BUFLEN	(SZ_64K + 16)

static bool vec_crypto = true;
module_param(vec_crypto, bool, 0444);
MODULE_PARM_DESC(vec_crypto, "the lane's CPU has the vector crypto facility (default: yes)");

struct path_probe {
	struct task_struct *task;	/* the task whose sections count */
	unsigned int sections;
	int preempt;			/* preempt_count() in the last section */
	int pagefault;			/* its pagefault_disabled() */
	bool differs;			/* a section unlike the calibration's */
	int want_preempt;
	int want_pagefault;
};

static struct path_probe probe;
static u8 *path_buf;

static int path_pre(struct kprobe *kp, struct pt_regs *regs)
{
	if (current != READ_ONCE(probe.task))
		return 0;
	probe.sections++;
	probe.preempt = preempt_count();
	probe.pagefault = pagefault_disabled();
	if (probe.preempt != probe.want_preempt || probe.pagefault != probe.want_pagefault)
		probe.differs = true;
	return 0;
}

static struct kprobe path_kprobe = {
	.symbol_name = "enable_kernel_altivec",
	.pre_handler = path_pre,
};

/* One function of the series, called as its users call it. */
struct path_fn {
	const char *name;
	u64 (*call)(const u8 *p, size_t len);
};

static u64 call_crc32_le(const u8 *p, size_t len) { return crc32_le(~0, p, len); }
static u64 call_crc32_be(const u8 *p, size_t len) { return crc32_be(~0, p, len); }
static u64 call_crc32c(const u8 *p, size_t len) { return crc32c(~0, p, len); }
static u64 call_crc64_be(const u8 *p, size_t len) { return crc64_be(~0ULL, p, len); }
static u64 call_crc64_nvme(const u8 *p, size_t len) { return crc64_nvme(~0ULL, p, len); }

/* Lengths around the threshold and the section boundaries, and their sections. */
static const struct {
	size_t len;
	unsigned int sections;
} path_lengths[] = {
	{ 0, 0 }, { 1, 0 }, { 16, 0 }, { 47, 0 },
	{ 48, 1 }, { 49, 1 }, { 4096, 1 },
	{ SZ_32K + 15, 1 }, { SZ_32K + 16, 2 },
	{ SZ_64K + 15, 2 }, { SZ_64K + 16, 3 },
};

static bool cpu_has_vec_crypto(void)
{
	return cpu_has_feature(CPU_FTR_ARCH_207S) &&
	       (cur_cpu_spec->cpu_user_features2 & PPC_FEATURE2_VEC_CRYPTO);
}

/* Opens one section the way the series documents it, to learn what its probe sees. */
static void path_calibrate(struct kunit *test)
{
	probe.sections = 0;
	probe.differs = false;
	probe.want_preempt = -1;
	probe.want_pagefault = -1;
	preempt_disable();
	pagefault_disable();
	enable_kernel_altivec();
	disable_kernel_altivec();
	pagefault_enable();
	preempt_enable();
	KUNIT_ASSERT_EQ_MSG(test, probe.sections, 1,
			    "the kprobe on enable_kernel_altivec() did not fire");
	probe.want_preempt = probe.preempt;
	probe.want_pagefault = probe.pagefault;
}

static void path_premise(struct kunit *test)
{
	KUNIT_ASSERT_EQ_MSG(test, cpu_has_vec_crypto(), vec_crypto,
			    "premise: the lane says its CPU %s the vector crypto facility",
			    vec_crypto ? "has" : "lacks");
}

static void path_check(struct kunit *test, const struct path_fn *fn)
{
	size_t i;

	path_premise(test);
	path_calibrate(test);
	for (i = 0; i < ARRAY_SIZE(path_lengths); i++) {
		size_t len = path_lengths[i].len;
		int preempt = preempt_count();
		int pagefault = pagefault_disabled();

		probe.sections = 0;
		probe.differs = false;
		fn->call(path_buf, len);
		KUNIT_EXPECT_EQ_MSG(test, probe.sections,
				    vec_crypto ? path_lengths[i].sections : 0,
				    "%s(%zu bytes): vector sections", fn->name, len);
		KUNIT_EXPECT_FALSE_MSG(test, probe.differs,
				       "%s(%zu bytes): a section ran at preempt_count %d, pagefault_disabled %d; a section opened as documented runs at %d, %d",
				       fn->name, len, probe.preempt, probe.pagefault,
				       probe.want_preempt, probe.want_pagefault);
		KUNIT_EXPECT_EQ_MSG(test, preempt_count(), preempt,
				    "%s(%zu bytes): preempt_count after the call", fn->name, len);
		KUNIT_EXPECT_EQ_MSG(test, pagefault_disabled(), pagefault,
				    "%s(%zu bytes): pagefault_disabled after the call",
				    fn->name, len);
	}
}

#define PATH_CASE(f)						\
static void f##_path(struct kunit *test)			\
{								\
	static const struct path_fn fn = { #f, call_##f };	\
								\
	path_check(test, &fn);					\
}

PATH_CASE(crc32_le)
PATH_CASE(crc32_be)
PATH_CASE(crc32c)
PATH_CASE(crc64_be)
PATH_CASE(crc64_nvme)

static void crc32_optimizations_path(struct kunit *test)
{
	path_premise(test);
	KUNIT_EXPECT_EQ(test, crc32_optimizations(),
			vec_crypto ? CRC32_LE_OPTIMIZATION | CRC32_BE_OPTIMIZATION |
				     CRC32C_OPTIMIZATION : 0);
}

static int path_suite_init(struct kunit_suite *suite)
{
	struct rnd_state rng;
	int err;

	path_buf = vmalloc(PATH_BUFLEN);
	if (!path_buf)
		return -ENOMEM;
	prandom_seed_state(&rng, 48);
	prandom_bytes_state(&rng, path_buf, PATH_BUFLEN);
	WRITE_ONCE(probe.task, NULL);
	err = register_kprobe(&path_kprobe);
	if (err) {
		vfree(path_buf);
		return err;
	}
	return 0;
}

static void path_suite_exit(struct kunit_suite *suite)
{
	unregister_kprobe(&path_kprobe);
	vfree(path_buf);
}

static int path_init(struct kunit *test)
{
	WRITE_ONCE(probe.task, current);
	return 0;
}

static void path_exit(struct kunit *test)
{
	WRITE_ONCE(probe.task, NULL);
}

static struct kunit_case path_cases[] = {
	KUNIT_CASE(crc32_optimizations_path),
	KUNIT_CASE(crc32_le_path),
	KUNIT_CASE(crc32_be_path),
	KUNIT_CASE(crc32c_path),
	KUNIT_CASE(crc64_be_path),
	KUNIT_CASE(crc64_nvme_path),
	{},
};

static struct kunit_suite path_suite = {
	.name = "crc_vpmsum_path",
	.suite_init = path_suite_init,
	.suite_exit = path_suite_exit,
	.init = path_init,
	.exit = path_exit,
	.test_cases = path_cases,
};

kunit_test_suite(path_suite);

MODULE_DESCRIPTION("Which path lib/crc/powerpc takes: vector sections, their context, thresholds");
MODULE_LICENSE("GPL");
