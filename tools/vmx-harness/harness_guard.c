// SPDX-License-Identifier: GPL-2.0-only
/* The guard-page sweep: see harness_guard.h. */
#include "harness_guard.h"

#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness_util.h"

#define MAX_REPORTS	10
#define M_COUNT		16

/* The mapping: an inaccessible page, the region, an inaccessible page. */
struct region {
	uint8_t *map;
	size_t map_len;
	uint8_t *lo, *hi;	/* the region is [lo, hi) */
};

/*
 * Set while a core runs on a guarded input: a fault then jumps back to
 * the case, which reports it. Outside that window a fault is a harness
 * bug, and it keeps its default action (the process dies by it).
 */
static sigjmp_buf fault_env;
static volatile sig_atomic_t fault_armed;
static volatile sig_atomic_t fault_signo;
static void *volatile fault_addr;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	static const char msg[] = "guard sweep: fault outside a guarded call\n";

	(void)uc;
	if (!fault_armed) {
		ssize_t n = write(STDOUT_FILENO, msg, sizeof(msg) - 1);

		(void)n;	/* nothing left to report a failure with */
		signal(sig, SIG_DFL);
		return;	/* the instruction faults again, now fatally */
	}
	fault_armed = 0;
	fault_signo = sig;
	fault_addr = si->si_addr;
	siglongjmp(fault_env, 1);
}

static size_t page_size(void)
{
	long size = sysconf(_SC_PAGESIZE);

	return size > 0 ? (size_t)size : 65536;
}

size_t harness_guard_region_len(size_t max_len)
{
	size_t page = page_size();

	return (max_len + M_COUNT - 1 + page - 1) / page * page;
}

static int region_map(struct region *rg, size_t len)
{
	size_t page = page_size();

	rg->map_len = len + 2 * page;
	rg->map = mmap(NULL, rg->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	if (rg->map == MAP_FAILED) {
		printf("guard sweep: mmap of %zu bytes failed: %s\n", rg->map_len, strerror(errno));
		return -1;
	}
	if (mprotect(rg->map, page, PROT_NONE) ||
	    mprotect(rg->map + page + len, page, PROT_NONE)) {
		printf("guard sweep: mprotect failed: %s\n", strerror(errno));
		munmap(rg->map, rg->map_len);
		return -1;
	}
	rg->lo = rg->map + page;
	rg->hi = rg->lo + len;
	return 0;
}

static const char *const place_name[] = { "guard-end", "guard-start" };

/* The state a case starts from: a function of the case, so --guard-case reruns it. */
static uint64_t case_state(const struct harness_guard *g, int at_start, size_t len, size_t m)
{
	uint64_t s = g->seed ^ (((uint64_t)len << 8 | m << 1 | (unsigned int)at_start) *
				0xd1342543de82ef95ULL);

	return harness_rand(&s) & g->mask;
}

static void report(struct harness_guard *g, int at_start, size_t len, size_t m,
		   const uint8_t *p, uint64_t state)
{
	printf("  reproduce: %s --guard-case %s %s %zu %zu   (state 0x%" PRIx64
	       ", start %% 16 = %u)\n", g->rerun, g->path, at_start ? "start" : "end", len, m,
	       state, (unsigned int)((uintptr_t)p & 15));
}

static void one_case(struct harness_guard *g, const struct region *rg, int at_start,
		     size_t len, size_t m)
{
	const uint8_t *p = at_start ? rg->lo + m : rg->hi - m - len;
	uint64_t state = case_state(g, at_start, len, m);
	uint64_t expected = g->ref(g->ref_ctx, state, (size_t)(p - rg->lo), len);
	uint64_t got;

	if (sigsetjmp(fault_env, 0)) {
		const uint8_t *a = fault_addr;

		harness_watch_return();
		g->failed++;
		g->faults++;
		if (g->quiet || g->failed > MAX_REPORTS)
			return;
		printf("FAULT [%s] %s length=%zu m=%zu: %s at ", place_name[at_start], g->path,
		       len, m, fault_signo == SIGBUS ? "SIGBUS" : "SIGSEGV");
		if (a >= p + len)
			printf("end + %zu", (size_t)(a - (p + len)));
		else if (a < p)
			printf("start - %zu", (size_t)(p - a));
		else
			printf("start + %zu (inside the input?)", (size_t)(a - p));
		printf(" (address %p, input [%p, %p))\n", (void *)a, (const void *)p,
		       (const void *)(p + len));
		report(g, at_start, len, m, p, state);
		return;
	}
	fault_armed = 1;
	harness_watch_call(place_name[at_start], len, "m", m);
	got = g->core(state, p, len);
	harness_watch_return();
	fault_armed = 0;

	if (got == expected) {
		g->passed++;
		return;
	}
	g->failed++;
	if (g->quiet || g->failed > MAX_REPORTS)
		return;
	printf("MISMATCH [%s] %s length=%zu m=%zu expected=0x%" PRIx64 " got=0x%" PRIx64 "\n",
	       place_name[at_start], g->path, len, m, expected, got);
	report(g, at_start, len, m, p, state);
}

static int wanted(const struct harness_guard *g, int at_start, size_t len, size_t m)
{
	int spread = g->plan.spread && len % g->plan.spread == 0;

	if (!at_start)
		return m == 0 || len <= g->plan.all_m_max || spread;
	return len <= g->plan.start_all_m_max || (m == 0 && (len <= g->plan.start_max || spread));
}

/* Maps the region, fills it and catches faults; run() then does the cases. */
static int with_region(struct harness_guard *g, size_t max_len,
		       void (*run)(struct harness_guard *g, const struct region *rg, void *arg),
		       void *arg)
{
	struct sigaction sa, old_segv, old_bus;
	size_t len = harness_guard_region_len(max_len);
	struct region rg;

	if (g->data_len < len) {
		printf("guard sweep: %zu bytes of data for a %zu-byte region\n", g->data_len, len);
		return -1;
	}
	if (region_map(&rg, len))
		return -1;
	memcpy(rg.lo, g->data, len);

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	/* No mask to restore: the handler leaves by siglongjmp(, 0). */
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, &old_segv) || sigaction(SIGBUS, &sa, &old_bus)) {
		printf("guard sweep: sigaction failed: %s\n", strerror(errno));
		munmap(rg.map, rg.map_len);
		return -1;
	}
	run(g, &rg, arg);
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	munmap(rg.map, rg.map_len);
	return 0;
}

static void run_plan(struct harness_guard *g, const struct region *rg, void *arg)
{
	size_t len, m;

	(void)arg;
	for (len = g->min_len; len <= g->plan.max_len; len++)
		for (m = 0; m < M_COUNT; m++) {
			if (wanted(g, 0, len, m))
				one_case(g, rg, 0, len, m);
			if (wanted(g, 1, len, m))
				one_case(g, rg, 1, len, m);
		}
}

/* No range of the plan goes beyond its longest length. */
static void plan_clamp(struct harness_guard_plan *p)
{
	if (p->all_m_max > p->max_len)
		p->all_m_max = p->max_len;
	if (p->start_max > p->max_len)
		p->start_max = p->max_len;
	if (p->start_all_m_max > p->max_len)
		p->start_all_m_max = p->max_len;
}

int harness_guard_sweep(struct harness_guard *g)
{
	plan_clamp(&g->plan);
	return with_region(g, g->plan.max_len, run_plan, NULL);
}

struct single {
	int at_start;
	size_t len, m;
};

static void run_single(struct harness_guard *g, const struct region *rg, void *arg)
{
	const struct single *s = arg;

	one_case(g, rg, s->at_start, s->len, s->m);
}

int harness_guard_case(struct harness_guard *g, int at_start, size_t len, size_t m)
{
	struct single s = { at_start, len, m };

	if (m >= M_COUNT) {
		printf("guard sweep: m must be 0..%d\n", M_COUNT - 1);
		return -1;
	}
	if (len < g->min_len) {
		printf("guard sweep: %s takes at least %zu bytes\n", g->path, g->min_len);
		return -1;
	}
	return with_region(g, len, run_single, &s);
}

int harness_guard_option(struct harness_guard_plan *plan, size_t limit, int argc, char **argv,
			 int *a)
{
	static const char *const names[] = {
		"--guard-max", "--guard-all-m", "--guard-spread", "--guard-start-max",
		"--guard-start-all-m",
	};
	size_t *const fields[] = {
		&plan->max_len, &plan->all_m_max, &plan->spread, &plan->start_max,
		&plan->start_all_m_max,
	};
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(argv[*a], names[i]))
			continue;
		if (*a + 1 >= argc || harness_parse_u64(argv[*a + 1], &v) || v > limit)
			return -1;
		*fields[i] = v;
		*a += 1;
		return 1;
	}
	return 0;
}

static unsigned long long count_cases(const struct harness_guard *g, int at_start)
{
	unsigned long long n = 0;
	size_t len, m;

	for (len = g->min_len; len <= g->plan.max_len; len++)
		for (m = 0; m < M_COUNT; m++)
			n += wanted(g, at_start, len, m);
	return n;
}

unsigned long long harness_guard_plan_cases(const struct harness_guard *g)
{
	return count_cases(g, 0) + count_cases(g, 1);
}

/* The self-test's stand-in CRC: the state plus the bytes' sum */
static uint64_t byte_sum(uint64_t state, const uint8_t *p, size_t len)
{
	while (len--)
		state += *p++;
	return state;
}

static uint64_t sum_ref(const void *data, uint64_t state, size_t off, size_t len)
{
	return byte_sum(state, (const uint8_t *)data + off, len);
}

static uint64_t sum_exact(uint64_t state, const uint8_t *p, size_t len)
{
	return byte_sum(state, p, len);
}

static uint64_t sum_past_end(uint64_t state, const uint8_t *p, size_t len)
{
	(void)*(const volatile uint8_t *)(p + len + 15);
	return byte_sum(state, p, len);
}

static uint64_t sum_before_start(uint64_t state, const uint8_t *p, size_t len)
{
	(void)*(const volatile uint8_t *)(p - 16);
	return byte_sum(state, p, len);
}

#define SELFTEST_WRONG_LEN	5

static uint64_t sum_wrong(uint64_t state, const uint8_t *p, size_t len)
{
	return byte_sum(state, p, len) + (len == SELFTEST_WRONG_LEN);
}

static void fake_setup(struct harness_guard *g, const char *name,
		       uint64_t (*core)(uint64_t state, const uint8_t *p, size_t len),
		       const uint8_t *data, size_t data_len)
{
	memset(g, 0, sizeof(*g));
	g->path = name;
	g->core = core;
	g->ref = sum_ref;
	g->ref_ctx = data;
	g->mask = ~0ULL;
	g->data = data;
	g->data_len = data_len;
	g->rerun = "(self-test)";
}

int harness_guard_selftest(const uint8_t *data, size_t data_len)
{
	static const struct {
		const char *name;
		uint64_t (*core)(uint64_t state, const uint8_t *p, size_t len);
		int faults_end, faults_start, wrong;
	} fakes[] = {
		{ "reading one byte at end + 15", sum_past_end, 1, 0, 0 },
		{ "reading one byte at start - 16", sum_before_start, 0, 1, 0 },
		{ "reading only its input", sum_exact, 0, 0, 0 },
		{ "returning a wrong sum at length 5", sum_wrong, 0, 0, 1 },
	};
	/* Small, but with every m at both ends and lengths beyond the ranges */
	const struct harness_guard_plan plan = { 96, 40, 7, 80, 24 };
	unsigned long long want_faults, want_failed;
	struct harness_guard g;
	int bad = 0;
	size_t i;

	for (i = 0; i < sizeof(fakes) / sizeof(fakes[0]); i++) {
		fake_setup(&g, fakes[i].name, fakes[i].core, data, data_len);
		g.quiet = 1;
		g.plan = plan;
		if (harness_guard_sweep(&g))
			return -1;
		want_faults = (fakes[i].faults_end ? count_cases(&g, 0) : 0) +
			      (fakes[i].faults_start ? count_cases(&g, 1) : 0);
		/* every m at both ends at the wrong length: 32 cases */
		want_failed = want_faults + (fakes[i].wrong ? 2 * M_COUNT : 0);
		printf("  guard self-test, stand-in that %s: %llu cases, %llu failed (%llu faults);"
		       " expected %llu failed (%llu faults): %s\n", fakes[i].name,
		       g.passed + g.failed, g.failed, g.faults, want_failed, want_faults,
		       g.failed == want_failed && g.faults == want_faults ? "ok" : "WRONG");
		if (g.failed != want_failed || g.faults != want_faults ||
		    g.passed + g.failed != harness_guard_plan_cases(&g))
			bad = 1;
	}

	/* What a report looks like, from one case that faults */
	fake_setup(&g, fakes[0].name, fakes[0].core, data, data_len);
	printf("  a sample report (expected):\n");
	if (harness_guard_case(&g, 0, 33, 3) || g.faults != 1)
		bad = 1;
	return bad ? -1 : 0;
}

void harness_guard_describe(const struct harness_guard *g, char *buf, size_t size)
{
	struct harness_guard_plan clamped = g->plan;
	const struct harness_guard_plan *p = &clamped;
	char spread[48] = "";

	plan_clamp(&clamped);
	if (p->spread)
		snprintf(spread, sizeof(spread), ", at multiples of %zu", p->spread);
	snprintf(buf, size, "from %zu bytes; end: m = 0 up to %zu, m 0..15 up to %zu%s;"
		 " start: m 0..15 up to %zu, m = 0 up to %zu%s", g->min_len, p->max_len, p->all_m_max, spread, p->start_all_m_max,
		 p->start_max, p->spread ? " and at the multiples" : "");
}
