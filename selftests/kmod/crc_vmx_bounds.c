// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc_vmx_bounds: for tests only. Hashes through every driver of this
 * project (crc32c-vmx, crct10dif-vmx, crc64-rocksoft-vmx, each allocated
 * by its driver name) what the kernel's own callers never hand them, and
 * compares every digest with the kernel's reference driver of the same
 * algorithm (CRC_VMX_TEST_REF_DRIVER: crc32c-generic, crc32c-lib from 6.17;
 * crct10dif-generic, crc64-rocksoft-generic):
 *
 * 1. Inputs against unmapped pages. A vmalloc area is followed by a guard
 *    page that belongs to it and is never mapped (mm/vmalloc.c adds one
 *    page to every area without VM_NO_GUARD, which vmalloc() never
 *    passes). The data area is vmalloc'ed right after a one-page area, so
 *    that the page before it is that area's guard: the allocation is
 *    retried until the addresses show they are adjacent. Both guards are
 *    probed with copy_from_kernel_nofault() (it must fail: nothing is
 *    mapped there) and the data area's first and last bytes must be
 *    readable. Then, ending flush at the end of the area, every length
 *    0..dense_max (4096: every residue of the cores' 256- and 512-byte
 *    loop periods, eight times over) and from there every sweep_step-th
 *    (11, coprime to both periods) up to sweep_max (16896); every length
 *    0..short_max (700) ending 1..15 bytes before the end and starting
 *    0..15 bytes after the start of the area; lengths around the vector
 *    thresholds, the ISA 3.1 loop's first lengths (1168 and one and two
 *    iterations more) and 4, 8 and 16 KiB (+-1) at all those 32 positions. A
 *    vector load past the end (or before the start) of an input that
 *    reaches the guard page oopses the kernel: run-guest.sh fails such a
 *    run. (Every length up to 16896 at the flush position alone is 143 MB
 *    per driver, about 15 s under TCG: sweep_step=1 does it.)
 *
 * 2. Long updates. The crypto API's walkers (AF_ALG, testmgr) hand a
 *    shash driver at most one page per update, so the drivers' 32 KiB
 *    chunk loop never makes a second pass through them. Here single
 *    update(), digest() and finup() calls of 64 KiB + 1 up to 4 MiB + 5
 *    bytes (ending flush against the guard of a vmalloc area) are
 *    compared with the reference driver's digest of the same bytes, and
 *    the same driver fed the same bytes in odd-sized pieces (1, 15, 4097,
 *    32767, 32769, 65537, 131073, 3, 1024, in turn) must agree too. So
 *    must digest() calls of 32 KiB + 1..15 and 64 KiB + 1..15 bytes, whose
 *    last 32 KiB chunk would leave a core fewer bytes than it takes.
 *
 * Everything runs at load, in the process context of modprobe, and the
 * module stays loaded to report in read-only parameters, one element per
 * driver in the order crc32c, crct10dif, crc64-rocksoft:
 *   results       0: every digest matched; -EBADMSG: a mismatch (each is
 *                 logged with driver, form, length and position);
 *                 -ENOENT for a family driver whose algorithm this kernel
 *                 lacks (its bit clear in family) where allocating it by
 *                 name failed with -ENOENT, as it must; other errors as
 *                 they came
 *   vector_bytes  bytes handed to the driver in calls of at least
 *                 VECTOR_SURE bytes (which take the vector path from
 *                 process context): the script compares them with the
 *                 driver's counters
 *   long_bytes    of those, bytes in calls longer than 64 KiB
 *   cases         comparisons made
 * and result (0, or the first failure of any driver or of the guard
 * probes), guards (0: every guard page probed unmapped, every data page
 * readable; -EEXIST: something is mapped where a guard must be),
 * family (which of the crct10dif and crc64-rocksoft algorithms the kernel
 * built against has, bit 0 and bit 1: CRC_FAMILY_VMX_T10DIF_SHASH and
 * CRC_FAMILY_VMX_CRC64_SHASH), page_size, guard_ms and long_ms
 * (time of the two parts). Init fails only when the test cannot run at
 * all (no crc32c-vmx or reference driver, no memory).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/hash.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "../../module/crc_family_vmx_compat.h"
#include "crc_vmx_test_compat.h"

#define NR_DRIVERS	3
#define MAX_DIGEST	8
#define MAX_REPORTS	10
#define POSITIONS	16	/* end gaps 0..15, start offsets 0..15 */
/* Calls at least this long take the vector path in every driver */
#define VECTOR_SURE	512
#define LONG_CALL	SZ_64K
/* The longest long update, and the area that holds it */
#define LONG_MAX_LEN	(SZ_4M + 5)
/* Tries to get the data area right after a guard page */
#define ADJACENT_TRIES	64

enum long_form { FORM_UPDATE, FORM_DIGEST, FORM_FINUP, FORM_UPDATE_FINUP, FORM_PIECES, NR_FORMS };

static const char * const form_name[NR_FORMS] = {
	[FORM_UPDATE] = "init+update+final",
	[FORM_DIGEST] = "digest",
	[FORM_FINUP] = "init+finup",
	[FORM_UPDATE_FINUP] = "init+update(7)+finup",
	[FORM_PIECES] = "pieces",
};

#define ALL_FORMS	(BIT(NR_FORMS) - 1)

/*
 * The long calls and the forms each is hashed in: every form up to
 * 128 KiB + 1, fewer for the megabytes (under TCG the vector path hashes
 * about 10 MB/s).
 */
static const struct {
	unsigned int len;
	unsigned int forms;
} long_cases[] = {
	{ SZ_64K + 1, ALL_FORMS },
	{ SZ_64K + SZ_32K + 1, ALL_FORMS },
	{ SZ_128K + 1, ALL_FORMS },
	{ SZ_1M + 3, BIT(FORM_DIGEST) | BIT(FORM_UPDATE_FINUP) | BIT(FORM_PIECES) },
	{ LONG_MAX_LEN, BIT(FORM_UPDATE) },
};

/*
 * Split lengths: each plus 1..15 bytes is a call whose last 32 KiB chunk,
 * cut from the front, would leave 1..15 bytes, less than any core takes;
 * the drivers' chunk loop must never hand a core such a remainder.
 */
static const unsigned int split_bases[] = { SZ_32K, SZ_64K };

/* Piece lengths of the split form, used in turn (all odd but one) */
static const unsigned int pieces[] = { 1, 15, 4097, 32767, 32769, 65537, 131073, 3, 1024 };

/*
 * Lengths around the thresholds (CRC-T10DIF 16, CRC64 32, CRC32C 64 and
 * 192, the in-tree crc32c-vpmsum 528), the ISA 3.1 loop's first length
 * 1168 and its first lengths with one and two more iterations, and longer
 * ones: centre - spread .. centre + spread at all positions. Those up to
 * short_max are in the short sweep already.
 */
static const struct {
	unsigned int centre, spread;
} specials[] = {
	{ 16, 8 }, { 32, 8 }, { 64, 8 }, { 192, 8 }, { 256, 8 }, { 528, 8 },
	{ 1168, 8 }, { 1680, 8 }, { 2192, 8 }, { 4096, 1 }, { 8192, 1 }, { SZ_16K, 1 },
};

static unsigned int sweep_max = SZ_16K + 512;
module_param(sweep_max, uint, 0444);
MODULE_PARM_DESC(sweep_max, "longest length ending flush against the guard page (default 16896)");

static unsigned int dense_max = SZ_4K;
module_param(dense_max, uint, 0444);
MODULE_PARM_DESC(dense_max, "every length 0..dense_max ends flush against the guard page (default 4096)");

static unsigned int sweep_step = 11;
module_param(sweep_step, uint, 0444);
MODULE_PARM_DESC(sweep_step, "from dense_max to sweep_max, every sweep_step-th length (default 11)");

static unsigned int short_max = 700;
module_param(short_max, uint, 0444);
MODULE_PARM_DESC(short_max, "every length 0..short_max at the 30 other positions (default 700)");

static int result = -EINPROGRESS;
module_param(result, int, 0444);
MODULE_PARM_DESC(result, "0 if every digest matched and every guard page was unmapped, else -errno");

static int guards = -EINPROGRESS;
module_param(guards, int, 0444);
MODULE_PARM_DESC(guards, "0 if nothing is mapped in the guard pages and the data is, else -errno");

static int family = CRC_FAMILY_VMX_T10DIF_SHASH | CRC_FAMILY_VMX_CRC64_SHASH << 1;
module_param(family, int, 0444);
MODULE_PARM_DESC(family, "the kernel's algorithms: bit 0 crct10dif, bit 1 crc64-rocksoft");

static unsigned long bounds_page_size = PAGE_SIZE;
module_param_named(page_size, bounds_page_size, ulong, 0444);
MODULE_PARM_DESC(page_size, "PAGE_SIZE of this kernel");

static int results[NR_DRIVERS] = { -EINPROGRESS, -EINPROGRESS, -EINPROGRESS };
module_param_array(results, int, NULL, 0444);
MODULE_PARM_DESC(results, "per driver (crc32c, crct10dif, crc64-rocksoft): 0, or -errno");

static unsigned long vector_bytes[NR_DRIVERS];
module_param_array(vector_bytes, ulong, NULL, 0444);
MODULE_PARM_DESC(vector_bytes, "per driver: bytes hashed in calls of at least 512 bytes");

static unsigned long long_bytes[NR_DRIVERS];
module_param_array(long_bytes, ulong, NULL, 0444);
MODULE_PARM_DESC(long_bytes, "per driver: bytes hashed in calls longer than 64 KiB");

static unsigned int cases[NR_DRIVERS];
module_param_array(cases, uint, NULL, 0444);
MODULE_PARM_DESC(cases, "per driver: comparisons made");

static unsigned long guard_ms;
module_param(guard_ms, ulong, 0444);
MODULE_PARM_DESC(guard_ms, "time of the guard-page sweeps (all drivers), ms");

static unsigned long long_ms;
module_param(long_ms, ulong, 0444);
MODULE_PARM_DESC(long_ms, "time of the long updates (all drivers), ms");

struct bounds_driver {
	const char *vmx;	/* our driver */
	const char *ref;	/* the kernel's reference driver */
	int family_bit;		/* its bit in family; 0: crc32c-vmx, always there */
	struct crypto_shash *vmx_tfm, *ref_tfm;
	unsigned int mismatches;
};

static struct bounds_driver drivers[NR_DRIVERS] = {
	{ .vmx = "crc32c-vmx", .ref = CRC_VMX_TEST_REF_DRIVER },
	{ .vmx = "crct10dif-vmx", .ref = "crct10dif-generic", .family_bit = BIT(0) },
	{ .vmx = "crc64-rocksoft-vmx", .ref = "crc64-rocksoft-generic", .family_bit = BIT(1) },
};

/* The data area (nothing mapped before or after it) and the long area */
static u8 *area, *area_before, *long_area;
static size_t area_len, long_len;
static unsigned int reports;

static void fill_random(u8 *p, size_t len, u32 x)
{
	size_t i;

	for (i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[i] = x >> 24;
	}
}

/*
 * The data area: area_len bytes (whole pages) whose preceding page is
 * the guard of a one-page area we hold (area_before) and whose following
 * page is its own guard. The addresses prove the first: each one-page
 * area spans two pages with its guard, and the data area starts right
 * after. Areas that came out elsewhere are held until the end, so that
 * later tries get fresh addresses.
 */
static int alloc_guarded_area(void)
{
	void **before, **data;
	int i, n, found = -1;

	before = kcalloc(ADJACENT_TRIES, sizeof(*before), GFP_KERNEL);
	data = kcalloc(ADJACENT_TRIES, sizeof(*data), GFP_KERNEL);
	if (!before || !data) {
		kfree(before);
		kfree(data);
		return -ENOMEM;
	}
	for (n = 0; n < ADJACENT_TRIES && found < 0; n++) {
		before[n] = vmalloc(PAGE_SIZE);
		data[n] = vmalloc(area_len);
		if (!before[n] || !data[n]) {
			n++;
			break;
		}
		if ((unsigned long)data[n] == (unsigned long)before[n] + 2 * PAGE_SIZE)
			found = n;
	}
	for (i = 0; i < n; i++) {
		if (i == found)
			continue;
		vfree(before[i]);
		vfree(data[i]);
	}
	if (found >= 0) {
		area_before = before[found];
		area = data[found];
	}
	kfree(before);
	kfree(data);
	if (found < 0) {
		pr_err("no vmalloc area of %zu bytes right after a guard page in %d tries\n",
		       area_len, n);
		return -ENOMEM;
	}
	pr_info("data area: %zu bytes right after the guard page of a one-page area (try %d)\n",
		area_len, found + 1);
	return 0;
}

/* One byte at addr must be readable (mapped) or not, as want_mapped says. */
static int probe(const u8 *addr, bool want_mapped, const char *what)
{
	u8 byte;
	long err = copy_from_kernel_nofault(&byte, addr, 1);

	if (want_mapped && err) {
		pr_err("%s cannot be read (%ld)\n", what, err);
		return -EFAULT;
	}
	if (!want_mapped && !err) {
		pr_err("%s is mapped: not a guard page\n", what);
		return -EEXIST;
	}
	return 0;
}

static int probe_guards(void)
{
	int err = 0, e;

	e = probe(area - 1, false, "the byte before the data area");
	err = err ?: e;
	e = probe(area - PAGE_SIZE, false, "the first byte of the page before the data area");
	err = err ?: e;
	e = probe(area, true, "the data area's first byte");
	err = err ?: e;
	e = probe(area + area_len - 1, true, "the data area's last byte");
	err = err ?: e;
	e = probe(area + area_len, false, "the byte after the data area");
	err = err ?: e;
	e = probe(area + area_len + PAGE_SIZE - 1, false,
		  "the last byte of the page after the data area");
	err = err ?: e;
	e = probe(long_area + long_len - 1, true, "the long area's last byte");
	err = err ?: e;
	e = probe(long_area + long_len, false, "the byte after the long area");
	err = err ?: e;
	return err;
}

static void report(struct bounds_driver *d, const char *form, unsigned int len, const char *pos,
		   const u8 *want, const u8 *got)
{
	unsigned int ds = crypto_shash_digestsize(d->vmx_tfm);

	d->mismatches++;
	if (reports++ < MAX_REPORTS)
		pr_err("MISMATCH driver=%s form=%s len=%u position=%s expected=%*phN got=%*phN\n",
		       d->vmx, form, len, pos, ds, want, ds, got);
}

static void count_call(int i, unsigned int len)
{
	if (len >= VECTOR_SURE)
		vector_bytes[i] += len;
	if (len > LONG_CALL)
		long_bytes[i] += len;
}

/* The reference digest, then the driver's in one digest() call. */
static int check_digest(int i, const u8 *p, unsigned int len, const char *pos, u8 *want)
{
	struct bounds_driver *d = &drivers[i];
	unsigned int ds = crypto_shash_digestsize(d->vmx_tfm);
	u8 got[MAX_DIGEST];
	int err;

	err = crypto_shash_tfm_digest(d->ref_tfm, p, len, want);
	if (!err)
		err = crypto_shash_tfm_digest(d->vmx_tfm, p, len, got);
	if (err)
		return err;
	cases[i]++;
	count_call(i, len);
	if (memcmp(want, got, ds))
		report(d, "digest", len, pos, want, got);
	return 0;
}

/* Position names: "end-G" (G bytes before the end) or "start+S" */
static void pos_name(char *buf, size_t size, bool at_end, unsigned int gap)
{
	snprintf(buf, size, "%s%u", at_end ? "end-" : "start+", gap);
}

/* len bytes at a position in the data area; false if they do not fit. */
static const u8 *place(bool at_end, unsigned int gap, unsigned int len)
{
	if ((size_t)len + gap > area_len)
		return NULL;
	return at_end ? area + area_len - gap - len : area + gap;
}

static int check_at(int i, bool at_end, unsigned int gap, unsigned int len)
{
	u8 want[MAX_DIGEST];
	const u8 *p = place(at_end, gap, len);
	char pos[16];

	if (!p)
		return 0;
	pos_name(pos, sizeof(pos), at_end, gap);
	return check_digest(i, p, len, pos, want);
}

/* A flush length of the sweep: every one up to dense_max, then every sweep_step-th. */
static unsigned int next_flush_len(unsigned int len)
{
	return len < dense_max ? len + 1 : len + max(sweep_step, 1U);
}

static int sweep_driver(int i)
{
	unsigned int len, gap, c;
	int at_end, err;

	/* Ending flush with the data area */
	for (len = 0; len <= sweep_max; len = next_flush_len(len)) {
		err = check_at(i, true, 0, len);
		if (err)
			return err;
		if (!(len & 255))
			cond_resched();
	}
	/* Short ones at the 30 other positions */
	for (at_end = 0; at_end <= 1; at_end++) {
		for (gap = !!at_end; gap < POSITIONS; gap++) {
			for (len = 0; len <= short_max; len++) {
				err = check_at(i, at_end, gap, len);
				if (err)
					return err;
			}
			cond_resched();
		}
	}
	/* Around the thresholds and longer, at all positions */
	for (c = 0; c < ARRAY_SIZE(specials); c++) {
		for (len = specials[c].centre - specials[c].spread;
		     len <= specials[c].centre + specials[c].spread; len++) {
			if (len <= short_max)
				continue;
			for (at_end = 0; at_end <= 1; at_end++) {
				for (gap = 0; gap < POSITIONS; gap++) {
					err = check_at(i, at_end, gap, len);
					if (err)
						return err;
				}
			}
			cond_resched();
		}
	}
	return 0;
}

/* init, update(p, len), final */
static int hash_update(struct crypto_shash *tfm, const u8 *p, unsigned int len, u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	int err;

	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	if (!err)
		err = crypto_shash_update(desc, p, len);
	if (!err)
		err = crypto_shash_final(desc, out);
	shash_desc_zero(desc);
	return err;
}

/* init, update of the first `head` bytes (if any), finup of the rest */
static int hash_finup(struct crypto_shash *tfm, const u8 *p, unsigned int len,
		      unsigned int head, u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	int err;

	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	if (!err && head)
		err = crypto_shash_update(desc, p, head);
	if (!err)
		err = crypto_shash_finup(desc, p + head, len - head, out);
	shash_desc_zero(desc);
	return err;
}

/* init, updates of the piece lengths in turn (from `first`), final */
static int hash_pieces(int i, const u8 *p, unsigned int len, unsigned int first, u8 *out)
{
	struct crypto_shash *tfm = drivers[i].vmx_tfm;
	SHASH_DESC_ON_STACK(desc, tfm);
	unsigned int k = first, n;
	int err;

	desc->tfm = tfm;
	err = crypto_shash_init(desc);
	while (!err && len) {
		n = min(len, pieces[k++ % ARRAY_SIZE(pieces)]);
		err = crypto_shash_update(desc, p, n);
		count_call(i, n);
		p += n;
		len -= n;
	}
	if (!err)
		err = crypto_shash_final(desc, out);
	shash_desc_zero(desc);
	return err;
}

static int long_driver(int i)
{
	struct bounds_driver *d = &drivers[i];
	unsigned int ds = crypto_shash_digestsize(d->vmx_tfm);
	u8 want[MAX_DIGEST], got[MAX_DIGEST];
	unsigned int l, len;
	const u8 *p;
	int f, err;

	for (l = 0; l < ARRAY_SIZE(long_cases); l++) {
		len = long_cases[l].len;
		/* Flush with the end of the long area: its guard follows. */
		p = long_area + long_len - len;
		err = crypto_shash_tfm_digest(d->ref_tfm, p, len, want);
		if (err)
			return err;
		for (f = 0; f < NR_FORMS; f++) {
			if (!(long_cases[l].forms & BIT(f)))
				continue;
			switch (f) {
			case FORM_UPDATE:
				err = hash_update(d->vmx_tfm, p, len, got);
				count_call(i, len);
				break;
			case FORM_DIGEST:
				err = crypto_shash_tfm_digest(d->vmx_tfm, p, len, got);
				count_call(i, len);
				break;
			case FORM_FINUP:
				err = hash_finup(d->vmx_tfm, p, len, 0, got);
				count_call(i, len);
				break;
			case FORM_UPDATE_FINUP:
				err = hash_finup(d->vmx_tfm, p, len, 7, got);
				count_call(i, len - 7);
				break;
			default:
				err = hash_pieces(i, p, len, l, got);
				break;
			}
			if (err)
				return err;
			cases[i]++;
			if (memcmp(want, got, ds))
				report(d, form_name[f], len, "end-0", want, got);
			cond_resched();
		}
	}
	for (l = 0; l < ARRAY_SIZE(split_bases); l++) {
		for (len = split_bases[l] + 1; len < split_bases[l] + 16; len++) {
			/* flush with the end of the long area, as above */
			err = check_digest(i, long_area + long_len - len, len, "end-0", want);
			if (err)
				return err;
			cond_resched();
		}
	}
	return 0;
}

static struct crypto_shash *alloc_driver(const char *driver)
{
	struct crypto_shash *tfm = crypto_alloc_shash(driver, 0, 0);
	const char *got;

	if (IS_ERR(tfm))
		return tfm;
	got = crypto_tfm_alg_driver_name(crypto_shash_tfm(tfm));
	if (strcmp(got, driver)) {
		pr_err("asked for %s, got %s\n", driver, got);
		crypto_free_shash(tfm);
		return ERR_PTR(-ENOENT);
	}
	return tfm;
}

/* A family driver whose algorithm this kernel lacks. */
static bool driver_absent(const struct bounds_driver *d)
{
	return d->family_bit && !(family & d->family_bit);
}

/*
 * Both transforms of driver i, or why not. A family driver whose algorithm
 * the kernel lacks (crc64-rocksoft before 6.0, both from 6.15 on) must be
 * absent: allocating it fails with -ENOENT.
 */
static int setup_driver(int i)
{
	struct bounds_driver *d = &drivers[i];
	struct crypto_shash *tfm;

	if (driver_absent(d)) {
		tfm = crypto_alloc_shash(d->vmx, 0, 0);
		if (!IS_ERR(tfm)) {
			pr_err("%s exists on a kernel without its algorithm\n", d->vmx);
			crypto_free_shash(tfm);
			return -EEXIST;
		}
		pr_info("%s: absent, as on every kernel without its algorithm (%ld)\n",
			d->vmx, PTR_ERR(tfm));
		return PTR_ERR(tfm);
	}
	d->vmx_tfm = alloc_driver(d->vmx);
	if (IS_ERR(d->vmx_tfm)) {
		pr_err("cannot allocate %s: %ld\n", d->vmx, PTR_ERR(d->vmx_tfm));
		return PTR_ERR(d->vmx_tfm);
	}
	d->ref_tfm = alloc_driver(d->ref);
	if (IS_ERR(d->ref_tfm)) {
		pr_err("cannot allocate %s: %ld\n", d->ref, PTR_ERR(d->ref_tfm));
		crypto_free_shash(d->vmx_tfm);
		d->vmx_tfm = NULL;
		return PTR_ERR(d->ref_tfm);
	}
	return 0;
}

static void free_drivers(void)
{
	int i;

	for (i = 0; i < NR_DRIVERS; i++) {
		if (!IS_ERR_OR_NULL(drivers[i].ref_tfm))
			crypto_free_shash(drivers[i].ref_tfm);
		if (!IS_ERR_OR_NULL(drivers[i].vmx_tfm))
			crypto_free_shash(drivers[i].vmx_tfm);
		drivers[i].ref_tfm = NULL;
		drivers[i].vmx_tfm = NULL;
	}
}

static void run_driver(int i)
{
	struct bounds_driver *d = &drivers[i];
	u64 t0, t1, t2;
	int err;

	t0 = ktime_get_ns();
	err = sweep_driver(i);
	t1 = ktime_get_ns();
	if (!err)
		err = long_driver(i);
	t2 = ktime_get_ns();
	guard_ms += div_u64(t1 - t0, NSEC_PER_MSEC);
	long_ms += div_u64(t2 - t1, NSEC_PER_MSEC);
	if (err)
		pr_err("%s: crypto API error %d\n", d->vmx, err);
	else if (d->mismatches)
		err = -EBADMSG;
	results[i] = err;
	pr_info("%s: %u comparisons with %s, %u mismatches; guard sweeps %llu ms, long updates %llu ms; %lu bytes in calls >= %d, %lu in calls > 64 KiB\n",
		d->vmx, cases[i], d->ref, d->mismatches, div_u64(t1 - t0, NSEC_PER_MSEC),
		div_u64(t2 - t1, NSEC_PER_MSEC), vector_bytes[i], VECTOR_SURE, long_bytes[i]);
}

static int __init crc_vmx_bounds_init(void)
{
	int i, err;

	if (short_max > sweep_max)
		short_max = sweep_max;
	area_len = PAGE_ALIGN((size_t)sweep_max + POSITIONS);
	long_len = PAGE_ALIGN(LONG_MAX_LEN);
	for (i = 0; i < NR_DRIVERS; i++)
		results[i] = setup_driver(i);
	if (results[0]) {
		err = results[0];
		goto out;
	}
	err = -ENOMEM;
	long_area = vmalloc(long_len);
	if (!long_area)
		goto out;
	err = alloc_guarded_area();
	if (err)
		goto out;
	fill_random(area, area_len, 0x2545f491);
	fill_random(long_area, long_len, 0x9e3779b9);

	guards = probe_guards();
	result = guards;
	for (i = 0; i < NR_DRIVERS; i++) {
		if (drivers[i].vmx_tfm && !results[i])
			run_driver(i);
		/* Where its algorithm is missing, its absence is the expected result. */
		if (driver_absent(&drivers[i]) && results[i] == -ENOENT)
			continue;
		if (!result && results[i])
			result = results[i];
	}
	if (!result)
		pr_info("every driver matched its reference at the guard pages and in long updates (page size %lu)\n",
			PAGE_SIZE);
	else
		pr_err("FAILED: result %d\n", result);
	err = 0;
out:
	vfree(area);
	vfree(area_before);
	vfree(long_area);
	area = NULL;
	area_before = NULL;
	long_area = NULL;
	free_drivers();
	return err;
}

static void __exit crc_vmx_bounds_exit(void)
{
}

module_init(crc_vmx_bounds_init);
module_exit(crc_vmx_bounds_exit);

MODULE_DESCRIPTION("Test the crc vmx drivers against guard pages and with long updates");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
