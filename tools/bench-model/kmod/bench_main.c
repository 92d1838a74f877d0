// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c_vmx_bench: instruction counts of the crc32c drivers and of the CRC
 * family's (crct10dif, crc64-rocksoft), for the insn-interval QEMU plugin
 * (tools/bench-model). Test only, never install.
 *
 * Every measurement runs a subject N times on one buffer between two marker
 * instructions, `ori r0,r0,0xb501` (BEGIN) and `ori r0,r0,0xb502` (END), with
 * interrupts hard-disabled so that nothing else runs in between. The plugin
 * prints the instruction count of each BEGIN..END interval; this module logs,
 * in the same order, one line per interval:
 *
 *   crc32c_vmx_bench: interval subject=<name> size=<bytes> n=<N>
 *
 * so the host can pair them. Subjects:
 *   crc32c-vmx, crc32c-vpmsum, crc32c-generic
 *		crypto_shash_digest() on the driver allocated by that name
 *   vmx-section	the glue's vector path without the crypto API: the
 *		preempt/pagefault/VSX section around crc32c_vmx_core() (compiled
 *		into this module from the same source), at every size, also
 *		below the glue's threshold
 *   isa31-section	the same around crc32c_vmx_core_isa31(), the core the
 *		driver runs on POWER10 and later; only on CPUs with ISA 3.1
 *   sw		crc32c_vmx_sw() (__crc32c_le() before 6.14), the glue's
 *		fallback and crc32c-generic's engine
 *   baseline	the same call through the same loop to an empty function
 * and, on kernels that have both the crct10dif and crc64-rocksoft
 * algorithms (BENCH_FAMILY; `make bench-model` runs on Debian's 6.1, where
 * they are):
 *   crct10dif-vmx, crct10dif-generic, crc64-rocksoft-vmx,
 *   crc64-rocksoft-generic	crypto_shash_digest() as above
 *   t10dif-section, crc64-section	crc_family_vmx's vector section
 *		(crc_vmx_simd_begin() .. end()) around the template core,
 *		compiled into this module, at every size
 *   t10dif-sw, crc64-sw	crc_t10dif_generic(), crc64_rocksoft_generic():
 *		the engines of the generic drivers and of crc_family_vmx's
 *		fallback
 * Sizes 16, 32, 48, 64, 96, 128, 256, ... 64 KiB; the section and sw
 * subjects also every 8 bytes up to 256, to locate their crossover. Each
 * (subject, size) gets one untimed warm-up call (which also checks its
 * result), then `reps` intervals.
 *
 * Two parameters narrow a run (make run's short table uses them):
 *   subjects=a,b,...	only these subjects, in this order; a name that is
 *			none of the above is taken as a crc32c driver name
 *			(e.g. crc32c-lib on kernels that have it)
 *   sizes=a,b,...	only these sizes (16 .. 64 KiB), for every subject,
 *			without the fine steps
 *
 * Writing to /sys/module/crc32c_vmx_bench/parameters/probe measures, in the
 * writer's context, what a vector section costs when the calling user thread
 * has live vector registers:
 *   entry	two vmx-section calls of 256 bytes, each in its own interval:
 *		the first saves the user's registers, the second does not
 *   vector	one vmx-section call of 256 bytes, no markers (the writer
 *		brackets the whole system call, see guest/vsx-live.c)
 *   none	the same system call without the vector section
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <asm/cpu_has_feature.h>
#include <asm/simd.h>
#include <asm/switch_to.h>
#include <crypto/hash.h>
#include <crypto/internal/simd.h>
#include <linux/crc32.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "../../../module/crc32c_vmx_compat.h"
#include "../../../module/crc_family_vmx_compat.h"
#include "../../../module/crc_vmx_simd.h"
#include "bench_family_cores.h"
#include "bench_vmx_core.h"
#include "../../../selftests/kmod/crc_vmx_test_compat.h"

/* The family subjects need both software references. */
#define BENCH_FAMILY (CRC_FAMILY_VMX_T10DIF_SHASH && CRC_FAMILY_VMX_CRC64_SHASH)

/* The plugin's default marker immediates (low byte 0..3, see the plugin). */
#define BENCH_MARK_BEGIN	0xb501
#define BENCH_MARK_END		0xb502

/*
 * r0 is clobbered, so the compiler keeps nothing in it across a marker; the
 * "memory" clobber keeps memory accesses on their side of it.
 */
static __always_inline void bench_begin(void)
{
	asm volatile("ori 0, 0, %0" : : "i" (BENCH_MARK_BEGIN) : "r0", "memory");
}

static __always_inline void bench_end(void)
{
	asm volatile("ori 0, 0, %0" : : "i" (BENCH_MARK_END) : "r0", "memory");
}

#define BENCH_MAX_SIZE		SZ_64K
#define BENCH_PROBE_SIZE	256
#define BENCH_FINE_END		256

static unsigned int iters = 8;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "calls per interval (default 8)");

static unsigned int reps = 2;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "intervals per subject and size (default 2)");

#define BENCH_MAX_PARAMS	16

static unsigned int sizes[BENCH_MAX_PARAMS];
static unsigned int nr_sizes;
module_param_array(sizes, uint, &nr_sizes, 0444);
MODULE_PARM_DESC(sizes, "only these sizes, 16..65536 bytes (default: the standard list)");

static char *subjects[BENCH_MAX_PARAMS];
static unsigned int nr_subjects;
module_param_array(subjects, charp, &nr_subjects, 0444);
MODULE_PARM_DESC(subjects, "only these subjects or crc32c drivers, in order (default: all)");

static const unsigned int bench_sizes[] = {
	16, 32, 48, 64, 96, 128, 256, 512, SZ_1K, SZ_2K, SZ_4K, SZ_8K, SZ_16K, SZ_32K, SZ_64K,
};

static const char * const bench_drivers[] = {
	"crc32c-vmx", "crc32c-vpmsum", "crc32c-generic",
#if BENCH_FAMILY
	"crct10dif-vmx", "crct10dif-generic", "crc64-rocksoft-vmx", "crc64-rocksoft-generic",
#endif
};

/* The algorithm a subject computes: what its result is checked against. */
enum bench_alg { BENCH_CRC32C, BENCH_T10DIF, BENCH_CRC64 };

struct bench_subject {
	const char *name;
	u32 (*run)(struct bench_subject *s, const u8 *p, unsigned int len);
	struct shash_desc *desc;
	enum bench_alg alg;
};

static u8 *bench_buf;
static unsigned int bench_failures;

static u32 run_shash(struct bench_subject *s, const u8 *p, unsigned int len)
{
	__le32 out;

	if (crypto_shash_digest(s->desc, p, len, (u8 *)&out))
		return 0;
	return le32_to_cpu(out);
}

/*
 * The CRC family's subjects return their digest (at most 8 bytes,
 * zero-padded) folded to 32 bits. A subject of its own, so that the
 * crc32c drivers' call stays what it was (their counts do not move).
 */
#define BENCH_DIGEST_MAX	8

static u32 fold_digest(const u8 *d)
{
	return get_unaligned_le32(d) ^ get_unaligned_le32(d + 4);
}

static u32 run_shash_wide(struct bench_subject *s, const u8 *p, unsigned int len)
{
	u8 out[BENCH_DIGEST_MAX] = { };

	if (crypto_shash_digest(s->desc, p, len, out))
		return 0;
	return fold_digest(out);
}

#if BENCH_FAMILY
/* crct10dif's digest: the 16-bit CRC in CPU byte order */
static u32 t10dif_digest(u16 crc)
{
	u8 d[BENCH_DIGEST_MAX] = { };

	put_unaligned(crc, (u16 *)d);
	return fold_digest(d);
}

/* crc64-rocksoft's digest: the CRC little-endian */
static u32 crc64_digest(u64 crc)
{
	u8 d[BENCH_DIGEST_MAX];

	put_unaligned_le64(crc, d);
	return fold_digest(d);
}

/*
 * The vector sections of module/crc_family_vmx_glue.c without their
 * counters: out of line as there, run by the driver's own chunk loop
 * (crc_vmx_chunks()), so that the subjects split an input exactly as the
 * driver does.
 */
static noinline u64 bench_t10dif_section(u64 crc, const u8 *p, size_t len)
{
	crc_vmx_simd_begin(false);
	crc = bench_t10dif_core((u16)crc, p, len);
	crc_vmx_simd_end(false);
	return crc;
}

/* The core takes the raw state (crc64_rocksoft_vmx_section()). */
static noinline u64 bench_crc64_section(u64 crc, const u8 *p, size_t len)
{
	crc_vmx_simd_begin(false);
	crc = bench_crc64_core(crc, p, len);
	crc_vmx_simd_end(false);
	return crc;
}

/* The vector branch of crct10dif_vmx_crc() in module/crc_family_vmx_glue.c. */
static u32 run_t10dif_section(struct bench_subject *s, const u8 *p, unsigned int len)
{
	if (!crypto_simd_usable())
		return t10dif_digest(crc_t10dif_generic(0, p, len));
	return t10dif_digest(crc_vmx_chunks(0, p, len, bench_t10dif_section));
}

/* The same for crc64_rocksoft_vmx_crc(). */
static u32 run_crc64_section(struct bench_subject *s, const u8 *p, unsigned int len)
{
	if (!crypto_simd_usable())
		return crc64_digest(crc64_rocksoft_generic(0, p, len));
	return crc64_digest(~crc_vmx_chunks(~0ULL, p, len, bench_crc64_section));
}

static u32 run_t10dif_sw(struct bench_subject *s, const u8 *p, unsigned int len)
{
	return t10dif_digest(crc_t10dif_generic(0, p, len));
}

static u32 run_crc64_sw(struct bench_subject *s, const u8 *p, unsigned int len)
{
	return crc64_digest(crc64_rocksoft_generic(0, p, len));
}
#endif /* BENCH_FAMILY */

/* The folded digest a subject of algorithm alg must return for p[0..len). */
static u32 bench_want(enum bench_alg alg, const u8 *p, unsigned int len)
{
	switch (alg) {
#if BENCH_FAMILY
	case BENCH_T10DIF:
		return run_t10dif_sw(NULL, p, len);
	case BENCH_CRC64:
		return run_crc64_sw(NULL, p, len);
#endif
	default:
		return ~crc32c_vmx_sw(~0U, p, len);
	}
}

/*
 * crc32c_vmx_section() of module/crc32c_vmx_glue.c without its counters,
 * one function per core: the POWER8/9 core under enable_kernel_altivec(),
 * and the ISA 3.1 core under the section it needs (VSX on little-endian),
 * here at every size, so that the two cores can be compared; the driver
 * runs the ISA 3.1 core only from CRC_VMX_ISA31_MIN_LEN.
 */
static noinline u64 bench_vmx_section(u64 crc, const u8 *p, size_t len)
{
	crc_vmx_simd_begin(false);
	crc = bench_vmx_core((u32)crc, p, len);
	crc_vmx_simd_end(false);
	return crc;
}

static noinline u64 bench_isa31_section(u64 crc, const u8 *p, size_t len)
{
	crc_vmx_simd_begin(CRC_VMX_ISA31_BUILT);
	crc = bench_vmx_core_isa31((u32)crc, p, len);
	crc_vmx_simd_end(CRC_VMX_ISA31_BUILT);
	return crc;
}

/*
 * The vector branch of crc32c_vmx_crc() in module/crc32c_vmx_glue.c: the
 * SIMD check, then the driver's chunk loop (crc_vmx_chunks()) over one of
 * the sections above.
 */
static u32 run_vmx_section(struct bench_subject *s, const u8 *p, unsigned int len)
{
	if (!crypto_simd_usable())
		return ~crc32c_vmx_sw(~0U, p, len);
	return ~(u32)crc_vmx_chunks(~0U, p, len, bench_vmx_section);
}

static u32 run_isa31_section(struct bench_subject *s, const u8 *p, unsigned int len)
{
	if (!crypto_simd_usable())
		return ~crc32c_vmx_sw(~0U, p, len);
	return ~(u32)crc_vmx_chunks(~0U, p, len, bench_isa31_section);
}

static u32 run_sw(struct bench_subject *s, const u8 *p, unsigned int len)
{
	return ~crc32c_vmx_sw(~0U, p, len);
}

static noinline u32 run_baseline(struct bench_subject *s, const u8 *p, unsigned int len)
{
	return 0;
}

/* One interval: n calls of s->run between the markers, interrupts off. */
static noinline u32 bench_interval(struct bench_subject *s, const u8 *p, unsigned int len,
				   unsigned int n)
{
	unsigned long flags;
	u32 sink = 0;
	unsigned int i;

	local_irq_save(flags);
	hard_irq_disable();
	bench_begin();
	for (i = 0; i < n; i++)
		sink ^= s->run(s, p, len);
	bench_end();
	local_irq_restore(flags);
	return sink;
}

static void bench_subject_size(struct bench_subject *s, unsigned int len)
{
	u32 want = bench_want(s->alg, bench_buf, len);
	u32 got = s->run(s, bench_buf, len);	/* warm-up, and a check */
	unsigned int r;

	if (s->run != run_baseline && got != want) {
		pr_err("MISMATCH subject=%s size=%u crc=%08x expected %08x\n",
		       s->name, len, got, want);
		bench_failures++;
	}
	for (r = 0; r < reps; r++) {
		bench_interval(s, bench_buf, len, iters);
		pr_info("interval subject=%s size=%u n=%u\n", s->name, len, iters);
	}
}

/*
 * The standard sizes; with fine, also every 8 bytes from 16 to 256, where
 * the vector path and the software CRC cross. The sizes parameter, when
 * given, replaces both.
 */
static void bench_subject_all(struct bench_subject *s, bool fine)
{
	unsigned int i, len;

	if (nr_sizes) {
		for (i = 0; i < nr_sizes; i++)
			bench_subject_size(s, sizes[i]);
		return;
	}
	if (fine)
		for (len = 16; len < BENCH_FINE_END; len += 8)
			bench_subject_size(s, len);
	for (i = 0; i < ARRAY_SIZE(bench_sizes); i++)
		if (!fine || bench_sizes[i] >= BENCH_FINE_END)
			bench_subject_size(s, bench_sizes[i]);
}

static int bench_driver(const char *driver)
{
	struct bench_subject s = { .name = driver, .run = run_shash };
	struct crypto_shash *tfm;
	const char *got;

	tfm = crypto_alloc_shash(driver, 0, 0);
	if (IS_ERR(tfm)) {
		pr_err("cannot allocate %s (%ld): is its module loaded?\n", driver, PTR_ERR(tfm));
		return PTR_ERR(tfm);
	}
	got = crypto_tfm_alg_driver_name(crypto_shash_tfm(tfm));
	if (strcmp(got, driver)) {
		pr_err("asked for %s, got %s\n", driver, got);
		crypto_free_shash(tfm);
		return -ENOENT;
	}
	got = crypto_tfm_alg_name(crypto_shash_tfm(tfm));
	if (!strcmp(got, "crct10dif")) {
		s.alg = BENCH_T10DIF;
		s.run = run_shash_wide;
	} else if (!strcmp(got, "crc64-rocksoft")) {
		s.alg = BENCH_CRC64;
		s.run = run_shash_wide;
	} else if (strcmp(got, "crc32c") || crypto_shash_digestsize(tfm) != 4) {
		pr_err("%s computes %s, which this module cannot check\n", driver, got);
		crypto_free_shash(tfm);
		return -EINVAL;
	}
	if ((s.alg == BENCH_T10DIF || s.alg == BENCH_CRC64) && !BENCH_FAMILY) {
		pr_err("%s: no %s software reference on this kernel\n", driver, got);
		crypto_free_shash(tfm);
		return -EINVAL;
	}
	s.desc = kzalloc(sizeof(*s.desc) + crypto_shash_descsize(tfm), GFP_KERNEL);
	if (!s.desc) {
		crypto_free_shash(tfm);
		return -ENOMEM;
	}
	s.desc->tfm = tfm;
	bench_subject_all(&s, false);
	kfree_sensitive(s.desc);
	crypto_free_shash(tfm);
	return 0;
}

static int bench_probe_set(const char *val, const struct kernel_param *kp)
{
	struct bench_subject s = { .name = "live", .run = run_vmx_section };

	if (!bench_buf)
		return -ENODEV;
	if (sysfs_streq(val, "entry")) {
		/* the first call gives the user's registers up, the second has none to save */
		bench_interval(&s, bench_buf, BENCH_PROBE_SIZE, 1);
		bench_interval(&s, bench_buf, BENCH_PROBE_SIZE, 1);
		pr_info("interval subject=live-entry-first size=%u n=1\n", BENCH_PROBE_SIZE);
		pr_info("interval subject=live-entry-second size=%u n=1\n", BENCH_PROBE_SIZE);
	} else if (sysfs_streq(val, "vector")) {
		s.run(&s, bench_buf, BENCH_PROBE_SIZE);
	} else if (!sysfs_streq(val, "none")) {
		return -EINVAL;
	}
	return 0;
}

static const struct kernel_param_ops bench_probe_ops = {
	.set = bench_probe_set,
};

module_param_cb(probe, &bench_probe_ops, NULL, 0200);
MODULE_PARM_DESC(probe, "write entry, vector or none: live vector register probes");

/*
 * The measurements, in a workqueue worker: a kernel thread has no user
 * register state, so crc32c-vmx's live-state rule (CRC32C_VMX_MIN_LEN_LIVE)
 * cannot send a call to its fallback depending on what the loading task
 * did (insmod's own vector use). The live-state costs are measured by the
 * probes instead.
 */
static int bench_err;

static struct bench_subject bench_baseline = { .name = "baseline", .run = run_baseline };
static struct bench_subject bench_direct[] = {
	{ .name = "vmx-section", .run = run_vmx_section },
	{ .name = "sw", .run = run_sw },
#if BENCH_FAMILY
	{ .name = "t10dif-section", .run = run_t10dif_section, .alg = BENCH_T10DIF },
	{ .name = "t10dif-sw", .run = run_t10dif_sw, .alg = BENCH_T10DIF },
	{ .name = "crc64-section", .run = run_crc64_section, .alg = BENCH_CRC64 },
	{ .name = "crc64-sw", .run = run_crc64_sw, .alg = BENCH_CRC64 },
#endif
};

static struct bench_subject bench_isa31 = {
	.name = "isa31-section", .run = run_isa31_section,
};

/* One subject named in the subjects parameter. */
static int bench_named(const char *name)
{
	unsigned int i;

	if (!strcmp(name, bench_baseline.name)) {
		bench_subject_all(&bench_baseline, false);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(bench_direct); i++) {
		if (!strcmp(name, bench_direct[i].name)) {
			bench_subject_all(&bench_direct[i], true);
			return 0;
		}
	}
	if (!strcmp(name, bench_isa31.name)) {
		if (!cpu_has_feature(CPU_FTR_ARCH_31)) {
			pr_err("%s needs a CPU with ISA 3.1\n", name);
			return -ENODEV;
		}
		bench_subject_all(&bench_isa31, false);
		return 0;
	}
	return bench_driver(name);
}

static int bench_all(void)
{
	unsigned int i;
	int err;

	bench_subject_all(&bench_baseline, false);
	for (i = 0; i < ARRAY_SIZE(bench_direct); i++)
		bench_subject_all(&bench_direct[i], true);
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		bench_subject_all(&bench_isa31, false);
	for (i = 0; i < ARRAY_SIZE(bench_drivers); i++) {
		err = bench_driver(bench_drivers[i]);
		if (err)
			return err;
	}
	return 0;
}

static void bench_work_fn(struct work_struct *work)
{
	unsigned int i;
	int err = 0;

	pr_info("start iters=%u reps=%u\n", iters, reps);
	if (!nr_subjects)
		err = bench_all();
	for (i = 0; i < nr_subjects && !err; i++)
		err = bench_named(subjects[i]);
	bench_err = err ? err : bench_failures ? -EIO : 0;
}

static DECLARE_WORK(bench_work, bench_work_fn);

static int __init bench_init(void)
{
	unsigned int i;

	if (!iters || !reps) {
		pr_err("iters and reps must be at least 1\n");
		return -EINVAL;
	}
	for (i = 0; i < nr_sizes; i++) {
		/* The section subjects call the cores, which take 16 bytes or more. */
		if (sizes[i] < 16 || sizes[i] > BENCH_MAX_SIZE) {
			pr_err("size %u is not in 16..%u\n", sizes[i], BENCH_MAX_SIZE);
			return -EINVAL;
		}
	}
	bench_buf = kmalloc(BENCH_MAX_SIZE, GFP_KERNEL);
	if (!bench_buf)
		return -ENOMEM;
	get_random_bytes(bench_buf, BENCH_MAX_SIZE);

	queue_work(CRC_VMX_TEST_UNBOUND_WQ, &bench_work);
	flush_work(&bench_work);
	if (bench_err) {
		kfree(bench_buf);
		bench_buf = NULL;
		return bench_err;
	}
	pr_info("done\n");
	return 0;
}

static void __exit bench_exit(void)
{
	kfree(bench_buf);
}

module_init(bench_init);
module_exit(bench_exit);

MODULE_DESCRIPTION("Instruction-count benchmark of the crc32c, crct10dif and crc64-rocksoft drivers (QEMU plugin markers)");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
