// SPDX-License-Identifier: GPL-2.0-only
/*
 * Differential test of the template cores of the CRC family
 * (module/arch/powerpc/crc_vmx_core_template.h: CRC-T10DIF and
 * CRC64-Rocksoft) against a bitwise reference from each CRC's definition,
 * run on POWER under qemu-user. See --help. The template's CRC32C instance,
 * the driver's core, has its own harness (vmx_harness.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc_family_ref.h"
#include "harness_guard.h"
#include "harness_util.h"
#ifdef FAMILY_HARNESS_UPSTREAM
#include "crc-vpmsum.h"
#include "crc32-be-vpmsum-consts.h"
#include "crc32-le-vpmsum-consts.h"
#include "crc32c-vpmsum-consts.h"
#include "crc64-be-vpmsum-consts.h"
#include "crc64-nvme-vpmsum-consts.h"
#else
#include "crc64_rocksoft_vmx_core.h"
#include "crct10dif_vmx_core.h"
#endif

#define EXHAUSTIVE_MAX	2048
#define GUARD_MAX	700
#define BUF_LEN		(65536 + 16)
#define MAX_REPORTS	10
/* --guard: lengths and m of the guard sweep (harness_guard.h), see --help */
#define GUARD_LONG_MAX	(16384 + 272)
#define GUARD_ALL_M	1568	/* the POWER8 loop: 1 to 4 iterations, every tail */
#define GUARD_SPREAD	127
#define GUARD_START_MAX	2048
#define GUARD_START_ALL_M	512

/* The default run's guard pages: every length and m up to GUARD_MAX */
static const struct harness_guard_plan guard_small = {
	GUARD_MAX, GUARD_MAX, 0, GUARD_MAX, GUARD_MAX
};

/* One CRC of the family: its core, its catalogue entry and its definition */
struct family_crc {
	const char *name;		/* --crc NAME */
	const char *core_name;
	uint64_t (*core)(uint64_t crc, const u8 *p, size_t len);
	unsigned int width;
	int reflected;
	uint64_t poly;
	const char *catalogue;		/* the catalogue's name of the check */
	uint64_t init, xorout, check;	/* its "123456789" check value */
};

#ifdef FAMILY_HARNESS_UPSTREAM
/*
 * upstream-harness: the same tests on the entry points of the upstream
 * series' lib/crc/powerpc files (tools/upstream/kernel-files.py writes
 * them from the same template and generator), built against the
 * kernel-type stand-ins of kernel_types.h.
 */
static uint64_t up_crc32_le(uint64_t crc, const u8 *p, size_t len)
{
	return crc32_lsb_vpmsum((u32)crc, p, len, &crc32_lsb_0xedb88320_consts);
}

static uint64_t up_crc32_be(uint64_t crc, const u8 *p, size_t len)
{
	return crc32_msb_vpmsum((u32)crc, p, len, &crc32_msb_0x04c11db7_consts);
}

static uint64_t up_crc32c(uint64_t crc, const u8 *p, size_t len)
{
	return crc32_lsb_vpmsum((u32)crc, p, len, &crc32_lsb_0x82f63b78_consts);
}

static uint64_t up_crc64_nvme(uint64_t crc, const u8 *p, size_t len)
{
	return crc64_lsb_vpmsum(crc, p, len, &crc64_lsb_0x9a6c9329ac4bc9b5_consts);
}

static uint64_t up_crc64_be(uint64_t crc, const u8 *p, size_t len)
{
	return crc64_msb_vpmsum(crc, p, len, &crc64_msb_0x42f0e1eba9ea3693_consts);
}

static const struct family_crc crcs[] = {
	{ "crc32_le", "crc32_lsb_vpmsum", up_crc32_le, 32, 1, 0x04c11db7,
	  "CRC-32/ISO-HDLC", 0xffffffff, 0xffffffff, 0xcbf43926 },
	{ "crc32_be", "crc32_msb_vpmsum", up_crc32_be, 32, 0, 0x04c11db7,
	  "CRC-32/BZIP2", 0xffffffff, 0xffffffff, 0xfc891918 },
	{ "crc32c", "crc32_lsb_vpmsum", up_crc32c, 32, 1, 0x1edc6f41,
	  "CRC-32/ISCSI", 0xffffffff, 0xffffffff, 0xe3069283 },
	{ "crc64_nvme", "crc64_lsb_vpmsum", up_crc64_nvme, 64, 1, 0xad93d23594c93659ULL,
	  "CRC-64/NVME", ~0ULL, ~0ULL, 0xae8b14860a799888ULL },
	{ "crc64_be", "crc64_msb_vpmsum", up_crc64_be, 64, 0, 0x42f0e1eba9ea3693ULL,
	  "CRC-64/ECMA-182", 0, 0, 0x6c40df5f0b497347ULL },
};
#define HARNESS_NAME	"upstream-harness"
#else
static uint64_t t10dif(uint64_t crc, const u8 *p, size_t len)
{
	return crct10dif_vmx_core((u16)crc, p, len);
}

static uint64_t rocksoft(uint64_t crc, const u8 *p, size_t len)
{
	return crc64_rocksoft_vmx_core(crc, p, len);
}

static const struct family_crc crcs[] = {
	{ "t10dif", "crct10dif_vmx_core", t10dif, 16, 0, 0x8bb7,
	  "CRC-16/T10-DIF", 0, 0, 0xd0db },
	{ "crc64", "crc64_rocksoft_vmx_core", rocksoft, 64, 1, 0xad93d23594c93659ULL,
	  "CRC-64/NVME", ~0ULL, ~0ULL, 0xae8b14860a799888ULL },
};
#define HARNESS_NAME	"family-harness"
#endif

struct run {
	const struct family_crc *crc;
	uint64_t seed;
	uint64_t rng;
	const uint8_t *base;	/* 16-byte aligned, BUF_LEN + 16 bytes */
	struct crc_ref ref;
	unsigned long long passed, failed;
};

static void check(struct run *r, const char *section, const char *core, size_t len, size_t off,
		  uint64_t seed, uint64_t expected, uint64_t got)
{
	if (expected == got) {
		r->passed++;
		return;
	}
	r->failed++;
	if (r->failed <= MAX_REPORTS)
		printf("MISMATCH [%s] %s length=%zu offset=%zu seed=0x%" PRIx64
		       " expected=0x%" PRIx64 " got=0x%" PRIx64 "\n"
		       "  reproduce: " HARNESS_NAME " --crc %s --seed %" PRIu64
		       " --case %zu %zu 0x%" PRIx64 "\n",
		       section, core, len, off, seed, expected, got, r->crc->name, r->seed, len,
		       off, seed);
}

/* The core on p[0, len) against the expected state. */
static void check_at(struct run *r, const char *section, const uint8_t *p, size_t len,
		     size_t off, uint64_t seed, uint64_t expected)
{
	uint64_t got;

	harness_watch_call(section, len, "offset", off);
	got = r->crc->core(seed, p, len);
	harness_watch_return();
	check(r, section, r->crc->core_name, len, off, seed, expected, got);
}

static void check_case(struct run *r, const char *section, size_t len, size_t off, uint64_t seed)
{
	check_at(r, section, r->base + off, len, off, seed, crc_ref_span(&r->ref, seed, off, len));
}

static uint64_t random_state(struct run *r)
{
	return harness_rand(&r->rng) & r->ref.mask;
}

/*
 * The catalogue's check value: the reference on "123456789", and the core,
 * which takes at least 16 bytes, on those 9 and 7 zero bytes: it must end
 * where the catalogue's state, advanced over the zeros, does.
 */
static void catalogue(struct run *r)
{
	static const uint8_t digits[HARNESS_CORE_MIN_LEN] = "123456789";
	const struct family_crc *c = r->crc;

	check(r, "catalogue", "bitwise reference", 9, 0, c->init, c->check,
	      crc_ref_bitwise(&r->ref, c->init, digits, 9) ^ c->xorout);
	check(r, "catalogue", c->core_name, sizeof(digits), 0, c->init,
	      crc_ref_bitwise(&r->ref, c->check ^ c->xorout, digits + 9, sizeof(digits) - 9),
	      c->core(c->init, digits, sizeof(digits)));
}

/* The span reference against plain bitwise updates. */
static int self_check(struct run *r)
{
	uint64_t s = r->seed ^ 0x5eedULL;
	int i;

	for (i = 0; i < 3000; i++) {
		size_t len = harness_rand(&s) % (i < 2900 ? 600 : 40000);
		size_t off = harness_rand(&s) % (BUF_LEN - len);
		uint64_t seed = harness_rand(&s) & r->ref.mask;

		if (crc_ref_span(&r->ref, seed, off, len) !=
		    crc_ref_bitwise(&r->ref, seed, r->base + off, len)) {
			printf("reference self-check failed at length %zu offset %zu\n", len, off);
			return -1;
		}
	}
	return 0;
}

/* Every length 16..EXHAUSTIVE_MAX at every offset 0..15, a random state each. */
static void exhaustive(struct run *r)
{
	size_t len, off;

	for (off = 0; off < 16; off++)
		for (len = HARNESS_CORE_MIN_LEN; len <= EXHAUSTIVE_MAX; len++)
			check_case(r, "exhaustive", len, off, random_state(r));
}

#ifdef FAMILY_HARNESS_UPSTREAM
/* Open vector sections: the kernel-shim's enable/disable_kernel_altivec() */
int harness_open_sections;

static struct run *sections_run;
static unsigned long long sections_bad_calls;
static unsigned long long sections_calls;
static size_t sections_len;

/*
 * The core as vpmsum_sections() calls it, with what each call must meet; a
 * call shorter than a core takes is counted and not made (the core would
 * read outside the input). A split of sections_len bytes makes at most
 * sections_len / VPMSUM_CHUNK + 1 calls: one call past that is a split
 * that does not end, and the harness stops there, failed, rather than hang.
 */
static uint64_t sections_core(uint64_t state, const u8 *p, size_t len, const void *consts)
{
	(void)consts;	/* the run's CRC has its own */
	if (++sections_calls > sections_len / VPMSUM_CHUNK + 1) {
		printf("SECTIONS length=%zu: %llu core calls, more than the split can make:"
		       " it does not end; stopping\n", sections_len, sections_calls);
		exit(1);
	}
	if (len < HARNESS_CORE_MIN_LEN || len > VPMSUM_CHUNK + 15 || harness_open_sections != 1)
		sections_bad_calls++;
	if (len < HARNESS_CORE_MIN_LEN)
		return state;
	return sections_run->crc->core(state, p, len);
}

/*
 * vpmsum_sections() over one and two VPMSUM_CHUNK plus 0..16 bytes, at the
 * start and at the end of the buffer: a split that left the last section
 * 1..15 bytes would hand the core less than it takes, and one that took
 * VPMSUM_CHUNK + 16 bytes whole would hold a section longer than it may.
 * Each call must give the reference's state, call the core only inside one
 * vector section, with 16 to VPMSUM_CHUNK + 15 bytes, and close every
 * section it opened.
 */
static void sections(struct run *r)
{
	static const size_t bases[] = { VPMSUM_CHUNK, 2 * VPMSUM_CHUNK };
	size_t b, rem, end;

	sections_run = r;
	for (b = 0; b < sizeof(bases) / sizeof(bases[0]); b++) {
		for (rem = 0; rem <= 16; rem++) {
			for (end = 0; end <= 1; end++) {
				size_t len = bases[b] + rem, off = end ? BUF_LEN - len : 0;
				uint64_t seed = random_state(r), got;

				sections_bad_calls = 0;
				sections_calls = 0;
				sections_len = len;
				got = vpmsum_sections(sections_core, NULL, seed, r->base + off, len);
				check(r, "sections", "vpmsum_sections", len, off, seed,
				      crc_ref_span(&r->ref, seed, off, len), got & r->ref.mask);
				if (!sections_bad_calls && !harness_open_sections) {
					r->passed++;
					continue;
				}
				r->failed++;
				printf("SECTIONS length=%zu offset=%zu: %llu core calls outside one"
				       " vector section or of a length no core takes, %d sections"
				       " left open\n", len, off, sections_bad_calls,
				       harness_open_sections);
				harness_open_sections = 0;
			}
		}
	}
}
#endif

/*
 * Mostly lengths up to 512 (where the paths change fastest; under TCG a
 * case costs about its length), some up to 4096 and a few up to the whole
 * buffer, any offset.
 */
static void random_cases(struct run *r, unsigned long long count)
{
	unsigned long long i;

	for (i = 0; i < count; i++) {
		uint64_t x = harness_rand(&r->rng);
		unsigned int pick = x & 1023;
		size_t len, off;

		x >>= 10;
		if (pick < 972)
			len = HARNESS_CORE_MIN_LEN + x % (513 - HARNESS_CORE_MIN_LEN);
		else if (pick < 1020)
			len = HARNESS_CORE_MIN_LEN + x % (4097 - HARNESS_CORE_MIN_LEN);
		else
			len = HARNESS_CORE_MIN_LEN + x % (BUF_LEN - 2 * HARNESS_CORE_MIN_LEN + 1);
		off = (x >> 20) % (BUF_LEN - len + 1);
		check_case(r, "random", len, off, random_state(r));
	}
}

/* The core and the reference in the guard sweep's terms; ctx is the run. */
static const struct run *guard_run;

static uint64_t guard_core(uint64_t state, const uint8_t *p, size_t len)
{
	return guard_run->crc->core(state, p, len);
}

static uint64_t guard_ref(const void *ref, uint64_t state, size_t off, size_t len)
{
	return crc_ref_span(ref, state, off, len);
}

static char guard_rerun[80];

static void guard_setup(struct harness_guard *g, struct run *r,
			const struct harness_guard_plan *plan)
{
	memset(g, 0, sizeof(*g));
	guard_run = r;
	g->path = r->crc->core_name;
	g->core = guard_core;
	g->ref = guard_ref;
	g->ref_ctx = &r->ref;
	g->mask = r->ref.mask;
	g->min_len = HARNESS_CORE_MIN_LEN;
	g->data = r->base;
	g->data_len = BUF_LEN;
	g->seed = r->seed;
	snprintf(guard_rerun, sizeof(guard_rerun), HARNESS_NAME " --crc %s --seed %" PRIu64,
		 r->crc->name, r->seed);
	g->rerun = guard_rerun;
	g->plan = *plan;
}

/* Runs the sweep (harness_guard.h) and adds its results to r's. */
static void guard_sweep(struct run *r, const struct harness_guard_plan *plan)
{
	struct harness_guard g;
	char text[200];

	guard_setup(&g, r, plan);
	harness_guard_describe(&g, text, sizeof(text));
	if (harness_guard_sweep(&g))
		g.failed++;
	r->passed += g.passed;
	r->failed += g.failed;
	printf("  guard pages, %s (%s): %llu cases, %llu failed (%llu faults)\n", g.path, text,
	       g.passed + g.failed, g.failed, g.faults);
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: " HARNESS_NAME " --crc NAME [--seed N] [--random N]\n"
		"                      [--case LEN OFFSET STATE]\n"
		"       " HARNESS_NAME " --crc NAME [--seed N] --guard [--guard-max N]\n"
		"                      [--guard-all-m N] [--guard-spread N] [--guard-start-max N]\n"
		"                      [--guard-start-all-m N]\n"
		"       " HARNESS_NAME " --crc NAME [--seed N] --guard-case PATH end|start LEN M\n"
		"Checks a template core of the CRC family against a bitwise reference written\n"
		"from the CRC's definition (raw state in and out); NAME is one of the list\n"
		"at the end.\n"
		"The catalogue's check value, then on the lengths a core takes (16 bytes\n"
		"and more): every length 16..%d at offsets 0..15, lengths 16..%d against\n"
		"guard pages (both ends, offsets 0..15), then N random (length, offset,\n"
		"state) cases (default 1000000).\n"
		"  --seed N    seeds the data and all random choices (default 1)\n"
		"  --case ...  runs only that case (as printed in a mismatch report)\n"
		"  --guard     runs only the guard-page sweep of the core: inputs that end m\n"
		"              bytes before an inaccessible page or start m bytes after one\n"
		"              (m 0..15); a read outside the input is reported as a FAULT.\n"
		"              At the end: lengths 16..--guard-max (default %d) at m = 0,\n"
		"              every m up to --guard-all-m (default %d) and at the multiples\n"
		"              of --guard-spread (default %d, 0: none); at the start: every m\n"
		"              up to --guard-start-all-m (default %d), m = 0 up to\n"
		"              --guard-start-max (default %d) and at the multiples\n"
		"  --guard-case PATH end|start LEN M\n"
		"              runs one guard case (as printed in a FAULT or MISMATCH report)\n"
		"Exit status: 0 all passed, 1 a case failed, 2 bad usage.\n",
		EXHAUSTIVE_MAX, GUARD_MAX, GUARD_LONG_MAX, GUARD_ALL_M, GUARD_SPREAD,
		GUARD_START_ALL_M, GUARD_START_MAX);
	for (size_t i = 0; i < sizeof(crcs) / sizeof(crcs[0]); i++)
		fprintf(f, "  %-10s %s(): %s, check 0x%" PRIx64 "\n", crcs[i].name,
			crcs[i].core_name, crcs[i].catalogue, crcs[i].check);
}

int main(int argc, char **argv)
{
	static uint8_t storage[BUF_LEN + 32] __attribute__((aligned(16)));
	unsigned long long random_count = 1000000, v;
	struct harness_guard_plan plan = {
		GUARD_LONG_MAX, GUARD_ALL_M, GUARD_SPREAD, GUARD_START_MAX, GUARD_START_ALL_M
	};
	uint64_t one_case[3], guard_case[2], u;
	int have_case = 0, guard = 0, guard_at_start = 0;
	const char *rerun_path = NULL;
	struct run r;
	size_t i;
	int a;

	/* line by line: a run its test's timeout stops still shows what it finished */
	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(&r, 0, sizeof(r));
	r.seed = 1;
	for (a = 1; a < argc; a++) {
		int opt = harness_guard_option(&plan, BUF_LEN / 2, argc, argv, &a);

		if (opt < 0)
			goto bad;
		if (opt)
			continue;
		if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[a], "--crc") && a + 1 < argc) {
			a++;
			for (i = 0; i < sizeof(crcs) / sizeof(crcs[0]); i++)
				if (!strcmp(argv[a], crcs[i].name))
					r.crc = &crcs[i];
			if (!r.crc)
				goto bad;
		} else if (!strcmp(argv[a], "--seed") && a + 1 < argc) {
			if (harness_parse_u64(argv[++a], &r.seed))
				goto bad;
		} else if (!strcmp(argv[a], "--random") && a + 1 < argc) {
			if (harness_parse_u64(argv[++a], &u))
				goto bad;
			random_count = u;
		} else if (!strcmp(argv[a], "--case") && a + 3 < argc) {
			for (i = 0; i < 3; i++)
				if (harness_parse_u64(argv[++a], &one_case[i]))
					goto bad;
			if (one_case[0] < HARNESS_CORE_MIN_LEN || one_case[0] + one_case[1] > BUF_LEN)
				goto bad;
			have_case = 1;
		} else if (!strcmp(argv[a], "--guard")) {
			guard = 1;
		} else if (!strcmp(argv[a], "--guard-case") && a + 4 < argc) {
			rerun_path = argv[++a];
			a++;
			if (strcmp(argv[a], "end") && strcmp(argv[a], "start"))
				goto bad;
			guard_at_start = !strcmp(argv[a], "start");
			for (i = 0; i < 2; i++)
				if (harness_parse_u64(argv[++a], &guard_case[i]))
					goto bad;
			if (guard_case[0] < HARNESS_CORE_MIN_LEN || guard_case[0] > BUF_LEN / 2 ||
			    guard_case[1] > 15)
				goto bad;
		} else {
			goto bad;
		}
	}
	if (!r.crc || (rerun_path && strcmp(rerun_path, r.crc->core_name)))
		goto bad;

	r.base = storage;
	r.rng = r.seed;
	for (i = 0; i < sizeof(storage); i++)
		storage[i] = (uint8_t)harness_rand(&r.rng);
	if (crc_ref_init(&r.ref, r.crc->width, r.crc->reflected, r.crc->poly, r.base, BUF_LEN)) {
		printf("out of memory\n");
		return 1;
	}
	if (self_check(&r) || harness_watch_start())
		return 1;

	if (have_case) {
		if (one_case[2] & ~r.ref.mask)
			goto bad;
		check_case(&r, "case", one_case[0], one_case[1], one_case[2]);
		printf("case length=%" PRIu64 " offset=%" PRIu64 " state=0x%" PRIx64 ": %s\n",
		       one_case[0], one_case[1], one_case[2], r.failed ? "FAILED" : "passed");
		return r.failed ? 1 : 0;
	}
	if (rerun_path) {
		static const char *const place[] = { "end", "start" };
		struct harness_guard g;

		guard_setup(&g, &r, &plan);
		if (harness_guard_case(&g, guard_at_start, guard_case[0], guard_case[1]))
			return 1;
		printf("guard case %s %s length=%" PRIu64 " m=%" PRIu64 ": %s\n", rerun_path,
		       place[guard_at_start], guard_case[0], guard_case[1],
		       g.failed ? "FAILED" : "passed");
		return g.failed ? 1 : 0;
	}

	printf(HARNESS_NAME ": %s (%s), seed %" PRIu64 ", %s\n", r.crc->name, r.crc->core_name,
	       r.seed,
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	       "little-endian"
#else
	       "big-endian"
#endif
	       );
	if (guard) {
		guard_sweep(&r, &plan);
		printf("%llu passed, %llu failed\n", r.passed, r.failed);
		crc_ref_free(&r.ref);
		return r.failed ? 1 : 0;
	}
	catalogue(&r);
	printf("  catalogue %s check value: %llu comparisons\n", r.crc->catalogue,
	       r.passed + r.failed);
	v = r.passed + r.failed;
	exhaustive(&r);
	printf("  exhaustive (lengths %d..%d x 16 offsets): %llu comparisons\n",
	       HARNESS_CORE_MIN_LEN, EXHAUSTIVE_MAX,
	       r.passed + r.failed - v);
#ifdef FAMILY_HARNESS_UPSTREAM
	v = r.passed + r.failed;
	sections(&r);
	printf("  vpmsum_sections() at 32 and 64 KiB + 0..16: %llu comparisons\n",
	       r.passed + r.failed - v);
#endif
	guard_sweep(&r, &guard_small);
	v = r.passed + r.failed;
	random_cases(&r, random_count);
	printf("  random (length, offset, state): %llu cases, %llu comparisons\n", random_count,
	       r.passed + r.failed - v);
	printf("%llu passed, %llu failed\n", r.passed, r.failed);
	crc_ref_free(&r.ref);
	return r.failed ? 1 : 0;

bad:
	fprintf(stderr, HARNESS_NAME ": bad arguments: give a --crc of --help"
			" and the options of --help (--guard-case: the core of that --crc)\n");
	return 2;
}
