// SPDX-License-Identifier: GPL-2.0-only
/*
 * Differential test of the VMX core (module/arch/powerpc/crc32c_vmx_core.c,
 * compiled unchanged for userspace) against the bitwise reference, run on
 * POWER under qemu-user. See --help.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32c_bitwise.h"
#include "crc32c_vmx_core.h"
#include "harness_guard.h"
#include "harness_util.h"
#include "harness_vr_abi.h"

#define EXHAUSTIVE_MAX	8192
#define NEAR_WIDTH	64
#define BUF_LEN		(65536 + NEAR_WIDTH + 16)
#define MAX_REPORTS	10
#define GUARD_MAX	700	/* the default run's guard pages: every length and m */
/* --guard: lengths and m of the guard sweep (harness_guard.h), see --help */
#define GUARD_LONG_MAX	(16384 + 272)
#define GUARD_ALL_M	1568	/* the POWER8 loop: 1 to 4 iterations, every tail */
#define GUARD_ALL_M_ISA31	2720	/* the ISA 3.1 loop: 1 to 3 iterations, every tail */
#define GUARD_SPREAD	127
#define GUARD_START_MAX	2048
#define GUARD_START_ALL_M	512

/* The default run's guard pages */
static const struct harness_guard_plan guard_small = {
	GUARD_MAX, GUARD_MAX, 0, GUARD_MAX, GUARD_MAX
};

/* 1168: the shortest input of the ISA 3.1 loop (16 bytes, then 72 blocks) */
static const size_t near_centres[] = { 16, 128, 256, 512, 1168, 4096, 32768, 65536 };

/* The core under test: crc32c_vmx_core(), or with --isa31 its ISA 3.1 form. */
static u32 (*core)(u32 crc, const u8 *p, size_t len) = crc32c_vmx_core;

struct run {
	uint64_t seed;
	uint64_t rng;
	const uint8_t *base;	/* 16-byte aligned, BUF_LEN + 16 bytes */
	struct crc32c_prefix prefix;
	unsigned long long passed, failed;
};

static void check(struct run *r, const char *section, size_t len, size_t off, uint32_t seed,
		  uint32_t expected, uint32_t got)
{
	if (expected == got) {
		r->passed++;
		return;
	}
	r->failed++;
	if (r->failed <= MAX_REPORTS)
		printf("MISMATCH [%s] length=%zu offset=%zu seed=0x%08x expected=0x%08x got=0x%08x\n"
		       "  reproduce: vmx-harness --seed %" PRIu64 " --case %zu %zu 0x%08x\n",
		       section, len, off, seed, expected, got, r->seed, len, off, seed);
}

static void check_case(struct run *r, const char *section, size_t len, size_t off, uint32_t seed)
{
	uint32_t got;

	harness_watch_call(section, len, "offset", off);
	got = core(seed, r->base + off, len);
	harness_watch_return();
	check(r, section, len, off, seed, crc32c_span(&r->prefix, seed, off, len), got);
}

/* The span reference itself against plain bitwise updates. */
static int self_check(struct run *r)
{
	uint64_t s = r->seed ^ 0x5eedULL;
	int i;

	for (i = 0; i < 3000; i++) {
		size_t len = harness_rand(&s) % (i < 2900 ? 600 : 40000);
		size_t off = harness_rand(&s) % (BUF_LEN - len);
		uint32_t seed = (uint32_t)harness_rand(&s);

		if (crc32c_span(&r->prefix, seed, off, len) !=
		    crc32c_bitwise(seed, r->base + off, len)) {
			printf("reference self-check failed at length %zu offset %zu\n", len, off);
			return -1;
		}
	}
	return 0;
}

/* Every length 16..8192 at every offset 0..15, a random seed per case. */
static void exhaustive(struct run *r)
{
	size_t len, off;

	for (off = 0; off < 16; off++)
		for (len = HARNESS_CORE_MIN_LEN; len <= EXHAUSTIVE_MAX; len++)
			check_case(r, "exhaustive", len, off, (uint32_t)harness_rand(&r->rng));
}

/* +/-64 around each block-structure boundary, every offset. */
static void near_boundaries(struct run *r)
{
	size_t i, len, off;

	for (i = 0; i < sizeof(near_centres) / sizeof(near_centres[0]); i++) {
		size_t c = near_centres[i];
		size_t lo = c > HARNESS_CORE_MIN_LEN + NEAR_WIDTH ? c - NEAR_WIDTH : HARNESS_CORE_MIN_LEN;

		for (len = lo; len <= c + NEAR_WIDTH; len++)
			for (off = 0; off < 16; off++)
				check_case(r, "boundary", len, off, (uint32_t)harness_rand(&r->rng));
	}
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * The core leaves v20-v31 (non-volatile in the ELFv2 ABI) as it found
 * them: the ISA 3.1 loop saves and restores them itself. Lengths that run
 * no loop, each loop once and several times, two offsets each.
 */
static void vr_abi(struct run *r)
{
	static const size_t lens[] = { 16, 64, 256, 1183, 1184, 2047, 4096, 32768, 65536 };
	static uint8_t in[HARNESS_VR_ABI_BYTES] __attribute__((aligned(16)));
	static uint8_t out[HARNESS_VR_ABI_BYTES] __attribute__((aligned(16)));
	size_t i, j, off;

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		for (off = 0; off < 16; off += 9) {
			uint32_t seed = (uint32_t)harness_rand(&r->rng);
			uint32_t got;

			for (j = 0; j < sizeof(in); j++)
				in[j] = (uint8_t)harness_rand(&r->rng);
			memset(out, 0, sizeof(out));
			got = harness_call_vr_abi(seed, r->base + off, lens[i], core, in, out);
			check(r, "vr-abi", lens[i], off, seed,
			      crc32c_span(&r->prefix, seed, off, lens[i]), got);
			if (!memcmp(in, out, sizeof(in))) {
				r->passed++;
				continue;
			}
			r->failed++;
			for (j = 0; j < sizeof(in) && in[j] == out[j]; j++)
				;
			printf("ABI [vr-abi] length=%zu offset=%zu: the core changed v%zu"
			       " (v20-v31 are non-volatile)\n", lens[i], off, 20 + j / 16);
		}
	}
}

/*
 * Which loop ran. The little-endian builds link the core's calls of the
 * ISA 3.1 loop through __wrap_crc_vmx_fold_streams_isa31() below
 * (-Wl,--wrap=crc_vmx_fold_streams_isa31), which counts them: a core that
 * takes the POWER8 loop instead still returns the right CRC, so only the
 * count shows it.
 */
typedef __vector unsigned int loop_vec;	/* the template's crc_vmx_vec_t */

loop_vec __real_crc_vmx_fold_streams_isa31(const u8 *p, size_t groups, const void *fold,
					   loop_vec acc);
loop_vec __wrap_crc_vmx_fold_streams_isa31(const u8 *p, size_t groups, const void *fold,
					   loop_vec acc);

static unsigned long long isa31_loop_calls;

loop_vec __wrap_crc_vmx_fold_streams_isa31(const u8 *p, size_t groups, const void *fold,
					   loop_vec acc)
{
	isa31_loop_calls++;
	return __real_crc_vmx_fold_streams_isa31(p, groups, fold, acc);
}

/*
 * crc32c_vmx_core_isa31() calls the ISA 3.1 loop for every input of
 * CRC_VMX_ISA31_MIN_LEN bytes or more, at any offset; crc32c_vmx_core()
 * never calls it.
 */
static void loop_taken(struct run *r)
{
	static const size_t lens[] = { CRC_VMX_ISA31_MIN_LEN, 4096, 65536 };
	int isa31 = core == crc32c_vmx_core_isa31;
	size_t i, off;

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		for (off = 0; off < 16; off += 5) {
			unsigned long long before = isa31_loop_calls;

			check_case(r, "loop", lens[i], off, (uint32_t)harness_rand(&r->rng));
			if ((isa31_loop_calls != before) == isa31) {
				r->passed++;
				continue;
			}
			r->failed++;
			printf("LOOP [loop] length=%zu offset=%zu: %s %s the ISA 3.1 loop\n", lens[i],
			       off, isa31 ? "crc32c_vmx_core_isa31()" : "crc32c_vmx_core()",
			       isa31 ? "did not call" : "called");
		}
	}
}
#endif

/*
 * Lengths mostly short (where the code paths change fastest), some up to
 * the whole buffer; any offset into the buffer.
 */
static void random_cases(struct run *r, unsigned long long count)
{
	unsigned long long i;

	for (i = 0; i < count; i++) {
		uint64_t x = harness_rand(&r->rng);
		unsigned int pick = x & 1023;
		size_t len;
		size_t off;

		x >>= 10;
		if (pick < 750)
			len = HARNESS_CORE_MIN_LEN + x % (513 - HARNESS_CORE_MIN_LEN);
		else if (pick < 1020)
			len = HARNESS_CORE_MIN_LEN + x % (4097 - HARNESS_CORE_MIN_LEN);
		else
			len = HARNESS_CORE_MIN_LEN + x % (BUF_LEN - 2 * HARNESS_CORE_MIN_LEN + 1);
		off = (x >> 20) % (BUF_LEN - len + 1);
		check_case(r, "random", len, off, (uint32_t)harness_rand(&r->rng));
	}
}

static uint64_t guard_core(uint64_t state, const uint8_t *p, size_t len)
{
	return crc32c_vmx_core((u32)state, p, len);
}

static uint64_t guard_isa31(uint64_t state, const uint8_t *p, size_t len)
{
	return crc32c_vmx_core_isa31((u32)state, p, len);
}

static uint64_t guard_ref(const void *prefix, uint64_t state, size_t off, size_t len)
{
	return crc32c_span(prefix, (u32)state, off, len);
}

/* The entry points the driver calls, by the names the guard sweep reports. */
static const struct guard_path {
	const char *name;
	uint64_t (*fn)(uint64_t state, const uint8_t *p, size_t len);
} guard_paths[] = {
	{ "crc32c_vmx_core", guard_core },
	{ "crc32c_vmx_core_isa31", guard_isa31 },
};

static char guard_rerun[64];

/* A guard sweep of path over the given plan (harness_guard.h). */
static void guard_setup(struct harness_guard *g, struct run *r, const struct guard_path *path,
			const struct harness_guard_plan *plan)
{
	memset(g, 0, sizeof(*g));
	g->path = path->name;
	g->core = path->fn;
	g->ref = guard_ref;
	g->ref_ctx = &r->prefix;
	g->mask = 0xffffffffu;
	g->min_len = HARNESS_CORE_MIN_LEN;
	g->data = r->base;
	g->data_len = BUF_LEN;
	g->seed = r->seed;
	snprintf(guard_rerun, sizeof(guard_rerun), "vmx-harness --seed %" PRIu64, r->seed);
	g->rerun = guard_rerun;
	g->plan = *plan;
}

/* Runs the sweep, adds its results to r's and prints its summary line. */
static void guard_sweep(struct run *r, const struct guard_path *path,
			const struct harness_guard_plan *plan)
{
	struct harness_guard g;
	char text[200];

	guard_setup(&g, r, path, plan);
	harness_guard_describe(&g, text, sizeof(text));
	if (harness_guard_sweep(&g))
		g.failed++;
	r->passed += g.passed;
	r->failed += g.failed;
	printf("  guard pages, %s (%s): %llu cases, %llu failed (%llu faults)\n", path->name,
	       text, g.passed + g.failed, g.failed, g.faults);
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: vmx-harness [--isa31] [--seed N] [--random N] [--case LEN OFFSET CRCSEED]\n"
		"       vmx-harness [--isa31] [--seed N] --guard [--guard-max N] [--guard-all-m N]\n"
		"                   [--guard-spread N] [--guard-start-max N] [--guard-start-all-m N]\n"
		"       vmx-harness [--seed N] --guard-case PATH end|start LEN M\n"
		"       vmx-harness --guard-selftest\n"
		"Checks crc32c_vmx_core() against a bitwise CRC32C reference, on the\n"
		"  lengths it takes (16 bytes and more): every length 16..%d at offsets\n"
		"  0..15, +/-%d around 16, 128, 256, 512, 1168, 4096, 32768 and 65536\n"
		"  at offsets 0..15, lengths 16..%d against guard\n"
		"  pages, on little-endian that v20-v31 are kept across calls (ELFv2),\n"
		"  then N random (length, offset, seed) cases (default 1000000).\n"
		"  Each case starts from its own random CRC state.\n"
		"  --isa31     test crc32c_vmx_core_isa31() instead (POWER10 and later:\n"
		"              run under qemu -cpu power10)\n"
		"  --seed N    seeds the data and all random choices (default 1)\n"
		"  --case ...  runs only that case (as printed in a mismatch report)\n"
		"  --guard     runs only the guard-page sweep of the core: each input ends m\n"
		"              bytes before an inaccessible page, or starts m bytes after one\n"
		"              (m 0..15); a read outside it is reported as a FAULT of that case.\n"
		"              The core at the end: lengths 16..--guard-max (default %d) at\n"
		"              m = 0, every m up to --guard-all-m (default %d, with --isa31\n"
		"              %d) and at the multiples of --guard-spread (default %d, 0: none);\n"
		"              at the start: every m up to --guard-start-all-m (default %d),\n"
		"              m = 0 up to --guard-start-max (default %d) and at the multiples\n"
		"  --guard-case PATH end|start LEN M\n"
		"              runs one guard case (as printed in a FAULT or MISMATCH report);\n"
		"              PATH: crc32c_vmx_core, crc32c_vmx_core_isa31\n"
		"  --guard-selftest\n"
		"              tests the guard sweep itself on stand-in cores that read past\n"
		"              the end, before the start, or return a wrong value: each must\n"
		"              be reported, in exactly the cases where it happens\n"
		"Exit status: 0 all passed, 1 a case failed, 2 bad usage.\n",
		EXHAUSTIVE_MAX, NEAR_WIDTH, GUARD_MAX, GUARD_LONG_MAX,
		GUARD_ALL_M, GUARD_ALL_M_ISA31, GUARD_SPREAD, GUARD_START_ALL_M, GUARD_START_MAX);
}

int main(int argc, char **argv)
{
	static uint8_t storage[BUF_LEN + 32] __attribute__((aligned(16)));
	unsigned long long random_count = 1000000;
	/* all_m_max: until an option sets it, the default of the core under test */
	struct harness_guard_plan plan = {
		GUARD_LONG_MAX, SIZE_MAX, GUARD_SPREAD, GUARD_START_MAX, GUARD_START_ALL_M
	};
	const struct guard_path *core_path = &guard_paths[0], *rerun_path = NULL;
	uint64_t one_case[3], guard_case[2];
	int have_case = 0, guard = 0, guard_at_start = 0;
	struct run r;
	uint64_t v;
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
		} else if (!strcmp(argv[a], "--isa31")) {
			core = crc32c_vmx_core_isa31;
			core_path = &guard_paths[1];
		} else if (!strcmp(argv[a], "--guard")) {
			guard = 1;
		} else if (!strcmp(argv[a], "--guard-selftest")) {
			guard = 2;
		} else if (!strcmp(argv[a], "--guard-case") && a + 4 < argc) {
			a++;
			for (i = 0; i < sizeof(guard_paths) / sizeof(guard_paths[0]); i++)
				if (!strcmp(argv[a], guard_paths[i].name))
					rerun_path = &guard_paths[i];
			a++;
			if (!rerun_path || (strcmp(argv[a], "end") && strcmp(argv[a], "start")))
				goto bad;
			guard_at_start = !strcmp(argv[a], "start");
			for (i = 0; i < 2; i++)
				if (harness_parse_u64(argv[++a], &guard_case[i]))
					goto bad;
			if (guard_case[0] < HARNESS_CORE_MIN_LEN || guard_case[0] > BUF_LEN / 2 ||
			    guard_case[1] > 15)
				goto bad;
		} else if (!strcmp(argv[a], "--seed") && a + 1 < argc) {
			if (harness_parse_u64(argv[++a], &r.seed))
				goto bad;
		} else if (!strcmp(argv[a], "--random") && a + 1 < argc) {
			if (harness_parse_u64(argv[++a], &v))
				goto bad;
			random_count = v;
		} else if (!strcmp(argv[a], "--case") && a + 3 < argc) {
			for (i = 0; i < 3; i++)
				if (harness_parse_u64(argv[++a], &one_case[i]))
					goto bad;
			if (one_case[0] < HARNESS_CORE_MIN_LEN || one_case[0] + one_case[1] > BUF_LEN ||
			    one_case[2] > 0xffffffffULL)
				goto bad;
			have_case = 1;
		} else {
			goto bad;
		}
	}

	if (plan.all_m_max == SIZE_MAX)
		plan.all_m_max = core == crc32c_vmx_core ? GUARD_ALL_M : GUARD_ALL_M_ISA31;
	r.base = storage;
	r.rng = r.seed;
	for (i = 0; i < sizeof(storage); i++)
		storage[i] = (uint8_t)harness_rand(&r.rng);
	if (crc32c_prefix_init(&r.prefix, r.base, BUF_LEN)) {
		printf("out of memory\n");
		return 1;
	}
	if (self_check(&r) || harness_watch_start())
		return 1;

	if (have_case) {
		check_case(&r, "case", one_case[0], one_case[1], (uint32_t)one_case[2]);
		printf("case length=%" PRIu64 " offset=%" PRIu64 " seed=0x%08" PRIx64 ": %s\n",
		       one_case[0], one_case[1], one_case[2], r.failed ? "FAILED" : "passed");
		return r.failed ? 1 : 0;
	}
	if (rerun_path) {
		static const char *const place[] = { "end", "start" };
		struct harness_guard g;

		guard_setup(&g, &r, rerun_path, &plan);
		if (harness_guard_case(&g, guard_at_start, guard_case[0], guard_case[1]))
			return 1;
		printf("guard case %s %s length=%" PRIu64 " m=%" PRIu64 ": %s\n", rerun_path->name,
		       place[guard_at_start], guard_case[0], guard_case[1],
		       g.failed ? "FAILED" : "passed");
		return g.failed ? 1 : 0;
	}

	printf("vmx-harness: %s, seed %" PRIu64 ", %s\n",
	       core == crc32c_vmx_core ? "crc32c_vmx_core" : "crc32c_vmx_core_isa31", r.seed,
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	       "little-endian"
#else
	       "big-endian"
#endif
	       );
	if (guard == 2) {
		i = !harness_guard_selftest(r.base, BUF_LEN);
		printf("guard self-test: %s\n", i ? "passed" : "FAILED");
		crc32c_prefix_free(&r.prefix);
		return i ? 0 : 1;
	}
	if (guard) {
		/* The sweep alone */
		guard_sweep(&r, core_path, &plan);
		printf("%llu passed, %llu failed\n", r.passed, r.failed);
		crc32c_prefix_free(&r.prefix);
		return r.failed ? 1 : 0;
	}
	exhaustive(&r);
	printf("  exhaustive (lengths %d..%d x 16 offsets): %llu cases\n", HARNESS_CORE_MIN_LEN,
	       EXHAUSTIVE_MAX,
	       r.passed + r.failed);
	v = r.passed + r.failed;
	near_boundaries(&r);
	printf("  near boundaries (+/-%d x 16 offsets): %llu cases\n", NEAR_WIDTH,
	       r.passed + r.failed - v);
	guard_sweep(&r, core_path, &guard_small);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = r.passed + r.failed;
	vr_abi(&r);
	printf("  v20-v31 kept across the call: %llu checks\n", r.passed + r.failed - v);
	v = r.passed + r.failed;
	loop_taken(&r);
	printf("  the loop that ran: %llu checks\n", r.passed + r.failed - v);
#endif
	v = r.passed + r.failed;
	random_cases(&r, random_count);
	printf("  random (length, offset, seed): %llu cases\n", r.passed + r.failed - v);
	printf("%llu passed, %llu failed\n", r.passed, r.failed);
	crc32c_prefix_free(&r.prefix);
	return r.failed ? 1 : 0;

bad:
	fprintf(stderr, "vmx-harness: bad arguments (try --help)\n");
	return 2;
}
