/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The guard-page sweep of the qemu-user harnesses (vmx_harness.c,
 * family_harness.c): a core run on inputs that end flush against an
 * inaccessible page, or m bytes before it, and on inputs that start flush
 * after one, or m bytes after it (m = 0..15, so that every start alignment
 * meets every length), each checked against a reference. A read outside
 * [p, p + len) faults; the sweep catches the signal (SIGSEGV, SIGBUS),
 * reports the case that caused it (path, placement, length, m, where the
 * faulting address lies) as a failure and goes on with the next case.
 *
 * Which (length, m) pairs run is the plan, from the shortest length the
 * path takes (min_len) up. At the end (where a loop that loads ahead would
 * overrun):
 *   every length min_len..max_len at m = 0;
 *   every m 0..15 for the lengths up to all_m_max;
 *   every m at the lengths that are multiples of spread (0: none).
 * At the start (where only the head of the input is read from):
 *   every m 0..15 for the lengths up to start_all_m_max;
 *   m = 0 for the lengths up to start_max and at the multiples of spread.
 * With m > 0 a stray read of the m bytes beside the input does not fault,
 * but those bytes are in the aligned 16 bytes that hold the input's last
 * (first) byte, which no real page boundary splits; any read of a further
 * aligned 16-byte block faults at every m.
 */
#ifndef HARNESS_GUARD_H
#define HARNESS_GUARD_H

#include <stddef.h>
#include <stdint.h>

struct harness_guard {
	/* What runs, set by the caller */
	const char *path;	/* the entry point's name, for reports */
	uint64_t (*core)(uint64_t state, const uint8_t *p, size_t len);
	/* The reference: state advanced over data[off, off + len) */
	uint64_t (*ref)(const void *ctx, uint64_t state, size_t off, size_t len);
	const void *ref_ctx;
	uint64_t mask;		/* the state's bits */
	size_t min_len;		/* the shortest input the path takes */
	const uint8_t *data;	/* copied into the guarded region */
	size_t data_len;	/* at least harness_guard_region_len(max_len) */
	uint64_t seed;		/* the case states derive from it */
	const char *rerun;	/* the command line before --guard-case PATH PLACE LEN M */
	int quiet;		/* no FAULT or MISMATCH reports, only the counts */

	struct harness_guard_plan {	/* see above */
		size_t max_len, all_m_max, spread, start_max, start_all_m_max;
	} plan;

	/* Results */
	unsigned long long passed, failed, faults;
};

/* Bytes of the guarded region for lengths up to max_len: data_len needs that. */
size_t harness_guard_region_len(size_t max_len);

/*
 * harness_guard_sweep() runs the plan (its ranges clamped to max_len),
 * harness_guard_case() the single case at_start (0: the end, 1: the
 * start), len, m. Both return 0 when they ran (see passed and failed), -1
 * after printing why they could not (mmap, sigaction, data too short).
 */
int harness_guard_sweep(struct harness_guard *g);
int harness_guard_case(struct harness_guard *g, int at_start, size_t len, size_t m);

/*
 * Parses the plan's options at argv[*a] (--guard-max N, --guard-all-m N,
 * --guard-spread N, --guard-start-max N, --guard-start-all-m N), each at
 * most limit: returns 1 and advances *a past it, 0 if argv[*a] is none of
 * them, -1 if it is one with a bad value.
 */
int harness_guard_option(struct harness_guard_plan *plan, size_t limit, int argc, char **argv,
			 int *a);

/*
 * The sweep's own test, on stand-in cores (a byte sum) that read one byte
 * past the end, one before the start, only the input, or return a wrong
 * sum at one length: the first two must fault exactly in the cases at that
 * end, the third never, the fourth only mismatch. data: at least one
 * page. Prints each check; returns 0 if all hold, else -1.
 */
int harness_guard_selftest(const uint8_t *data, size_t data_len);

/* How many cases the plan runs (both ends). */
unsigned long long harness_guard_plan_cases(const struct harness_guard *g);

/* A one-line description of the plan, for the harnesses' summaries. */
void harness_guard_describe(const struct harness_guard *g, char *buf, size_t size);

#endif /* HARNESS_GUARD_H */
