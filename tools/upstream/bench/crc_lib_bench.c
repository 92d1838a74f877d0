// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc_lib_bench: instruction counts per call of the lib/crc functions, for
 * the insn-interval QEMU plugin (tools/bench-model/plugin), in a patched or
 * stock 7.2 kernel (tools/upstream/numbers.sh). Test only, never install.
 *
 * Each measurement calls one function n times on one buffer between the
 * plugin's marker instructions (ori r0,r0,0xb501 and 0xb502), interrupts
 * hard-disabled so nothing else runs in between, and logs in the same
 * order one line per interval:
 *
 *   crc_lib_bench: interval subject=<function> size=<bytes> n=<calls>
 *
 * Subjects: crc32c, crc32_le, crc32_be, crc_t10dif, crc64_nvme, crc64_be,
 * and baseline (an empty out-of-line function called the same way, so the
 * host can take the loop's own cost out). Sizes: crc_kunit's benchmark
 * lengths, 1 to 16384, and 32 and 48, where the series' thresholds lie.
 * Every subject's warm-up call is checked against the value the same
 * function gave for the same bytes in a call split in two (a state carried
 * across calls): a wrong CRC is logged as MISMATCH and fails the load.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/crc-t10dif.h>
#include <linux/crc32.h>
#include <linux/crc32c.h>
#include <linux/crc64.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/sizes.h>

#define CRC_LIB_BENCH_BEGIN	0xb501
#define CRC_LIB_BENCH_END	0xb502
#define CRC_LIB_BENCH_MAX	SZ_16K

static unsigned int iters = 8;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "calls per interval (default 8)");

static unsigned int reps = 2;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "intervals per subject and size (default 2)");

/* r0 clobbered: the compiler keeps nothing in it across a marker. */
static __always_inline void crc_lib_bench_begin(void)
{
	asm volatile("ori 0, 0, %0" : : "i" (CRC_LIB_BENCH_BEGIN) : "r0", "memory");
}

static __always_inline void crc_lib_bench_end(void)
{
	asm volatile("ori 0, 0, %0" : : "i" (CRC_LIB_BENCH_END) : "r0", "memory");
}

/* Every subject as the kernel's callers call it: the state in, the state out. */
static noinline u64 subject_crc32c(u64 crc, const u8 *p, size_t len)
{
	return crc32c(crc, p, len);
}

static noinline u64 subject_crc32_le(u64 crc, const u8 *p, size_t len)
{
	return crc32_le(crc, p, len);
}

static noinline u64 subject_crc32_be(u64 crc, const u8 *p, size_t len)
{
	return crc32_be(crc, p, len);
}

static noinline u64 subject_crc_t10dif(u64 crc, const u8 *p, size_t len)
{
	return crc_t10dif_update(crc, p, len);
}

static noinline u64 subject_crc64_nvme(u64 crc, const u8 *p, size_t len)
{
	return crc64_nvme(crc, p, len);
}

static noinline u64 subject_crc64_be(u64 crc, const u8 *p, size_t len)
{
	return crc64_be(crc, p, len);
}

static noinline u64 subject_baseline(u64 crc, const u8 *p, size_t len)
{
	asm volatile("" : : "r" (p), "r" (len) : "memory");
	return crc;
}

struct crc_lib_bench_subject {
	const char *name;
	u64 (*fn)(u64 crc, const u8 *p, size_t len);
};

static const struct crc_lib_bench_subject subjects[] = {
	{ "crc32c", subject_crc32c },
	{ "crc32_le", subject_crc32_le },
	{ "crc32_be", subject_crc32_be },
	{ "crc_t10dif", subject_crc_t10dif },
	{ "crc64_nvme", subject_crc64_nvme },
	{ "crc64_be", subject_crc64_be },
	{ "baseline", subject_baseline },
};

static const unsigned int sizes[] = {
	1, 16, 32, 48, 64, 127, 128, 200, 256, 511, 512, 1024, 3173, 4096, 16384,
};

/* One interval: n calls on p[0..len), state chained so none is dead code. */
static u64 crc_lib_bench_interval(const struct crc_lib_bench_subject *s, const u8 *p,
				  size_t len)
{
	unsigned long flags;
	u64 crc = 0;
	unsigned int i;

	local_irq_save(flags);
	hard_irq_disable();
	crc_lib_bench_begin();
	for (i = 0; i < iters; i++)
		crc = s->fn(crc, p, len);
	crc_lib_bench_end();
	local_irq_restore(flags);
	return crc;
}

static int __init crc_lib_bench_init(void)
{
	const struct crc_lib_bench_subject *s;
	unsigned int i, r, bad = 0;
	u64 sink = 0;
	u8 *buf;

	if (!iters || iters > 1000 || !reps || reps > 100) {
		pr_err("iters must be 1..1000 and reps 1..100\n");
		return -EINVAL;
	}
	buf = kmalloc(CRC_LIB_BENCH_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	get_random_bytes(buf, CRC_LIB_BENCH_MAX);
	pr_info("start iters=%u reps=%u\n", iters, reps);
	for (s = subjects; s < subjects + ARRAY_SIZE(subjects); s++) {
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			size_t len = sizes[i], half = len / 2;
			u64 whole = s->fn(0, buf, len);
			u64 split = s->fn(s->fn(0, buf, half), buf + half, len - half);

			if (whole != split) {
				pr_err("MISMATCH subject=%s size=%zu: %llx whole, %llx split\n",
				       s->name, len, whole, split);
				bad++;
			}
			for (r = 0; r < reps; r++) {
				sink ^= crc_lib_bench_interval(s, buf, len);
				pr_info("interval subject=%s size=%zu n=%u\n", s->name, len, iters);
			}
		}
	}
	pr_info("done (%llx)\n", sink);
	kfree(buf);
	return bad ? -EIO : 0;
}

static void __exit crc_lib_bench_exit(void)
{
}

module_init(crc_lib_bench_init);
module_exit(crc_lib_bench_exit);

MODULE_DESCRIPTION("Instruction-count benchmark of the lib/crc functions (test only)");
MODULE_LICENSE("GPL");
