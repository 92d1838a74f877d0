// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c_vmx_afalg: through AF_ALG, check that "crc32c" resolves to the
 * driver under test and that the driver agrees with a reference driver
 * (crc32c-generic; crc32c-lib from 6.17) for every length 0..N at all 16
 * buffer offsets: with the default seed, with random seeds, and with the
 * message split into random update chunks; then random long messages (up to 1 MiB by default) at random
 * offsets with random seeds and splits. It also checks the driver's block
 * and digest sizes in /proc/crypto, and for crc32c-vmx that its vector-path
 * byte counter rose. Output is KTAP; a mismatch prints a reproducer.
 */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kselftest.h"
#include "afalg.h"
#include "crc32c_ksft.h"
#include "proc_crypto.h"

#define OFFSETS		16
#define MAX_SPLITS	8

/*
 * The quick sweep (CRC32C_VMX_DEPTH=quick): every path of the core (the
 * head, the 16-stream loop a few times over, the short fold, the tail)
 * is reached below 1100 bytes; the ISA 3.1 loop starts at 1168, so make
 * check keeps the full sweep on POWER10.
 */
#define QUICK_MAX_LEN		1100
#define QUICK_LONG_COUNT	40

struct options {
	const char *driver;
	const char *ref;
	size_t max_len;
	size_t long_max;
	unsigned int long_count;
	uint64_t seed;
	int check_resolve;
};

enum variant { DEFAULT_SEED, RANDOM_SEED, RANDOM_SPLIT, LONG_RANDOM, VARIANTS };

static const char *const variant_name[VARIANTS] = {
	[DEFAULT_SEED] = "default seed, one update",
	[RANDOM_SEED] = "random seeds, one update",
	[RANDOM_SPLIT] = "random seeds, random update splits",
	[LONG_RANDOM] = "long messages, random lengths, offsets, seeds, splits",
};

/* xorshift64*: small, fast, repeatable from --seed. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static void usage(FILE *out, const char *prog)
{
	fprintf(out,
		"Usage: %s [-d DRIVER] [-r REF] [-n MAXLEN] [-L LONGMAX] [-c COUNT] [-s SEED] [-R] [-h]\n"
		"  -d DRIVER  driver under test (default crc32c-vmx)\n"
		"  -r REF     reference driver (default crc32c-generic,\n"
		"             crc32c-lib from 6.17)\n"
		"  -n MAXLEN  test every length 0..MAXLEN at every offset (default 4096;\n"
		"             %d with CRC32C_VMX_DEPTH=quick)\n"
		"  -L LONGMAX longest random message (default 1048576)\n"
		"  -c COUNT   number of random long messages (default 200; %d quick)\n"
		"  -s SEED    random seed, to repeat a run (default: time-based, printed)\n"
		"  -R         skip the checks of /proc/crypto (that \"crc32c\" resolves\n"
		"             to DRIVER, its block and digest sizes): for a DRIVER that\n"
		"             is an algorithm name, or not the highest priority\n"
		"Exit: 0 all passed, 1 a test failed, 4 skipped (no AF_ALG or driver).\n",
		prog, QUICK_MAX_LEN, QUICK_LONG_COUNT);
}

static int parse_options(int argc, char **argv, struct options *o)
{
	int c;

	*o = (struct options){ "crc32c-vmx", afalg_crc32c_reference(), 4096, 1 << 20, 200, 0, 1 };
	if (crc32c_ksft_quick()) {
		o->max_len = QUICK_MAX_LEN;
		o->long_count = QUICK_LONG_COUNT;
	}
	o->seed = (uint64_t)time(NULL) * 2654435761u;
	while ((c = getopt(argc, argv, "d:r:n:L:c:s:Rh")) != -1) {
		switch (c) {
		case 'd': o->driver = optarg; break;
		case 'r': o->ref = optarg; break;
		case 'n': o->max_len = strtoul(optarg, NULL, 0); break;
		case 'L': o->long_max = strtoul(optarg, NULL, 0); break;
		case 'c': o->long_count = strtoul(optarg, NULL, 0); break;
		case 's': o->seed = strtoull(optarg, NULL, 0); break;
		case 'R': o->check_resolve = 0; break;
		case 'h': usage(stdout, argv[0]); exit(0);
		default: usage(stderr, argv[0]); exit(KSFT_FAIL);
		}
	}
	if (!o->seed)
		o->seed = 1;
	if (o->long_max < o->max_len)
		o->long_max = o->max_len;
	return 0;
}

static void test_resolve(const struct options *o)
{
	struct crypto_impl impls[16];
	const struct crypto_impl *best;
	int n = proc_crypto_find("crc32c", impls, 16);

	if (n < 0) {
		ksft_test_result_fail("crc32c resolves to %s: /proc/crypto: %s\n",
				      o->driver, strerror(-n));
		return;
	}
	best = proc_crypto_resolve(impls, n < 16 ? n : 16);
	if (best)
		ksft_print_msg("\"crc32c\" resolves to %s (priority %d, module %s)\n",
			       best->driver, best->priority, best->module);
	ksft_test_result(best && !strcmp(best->driver, o->driver),
			 "crc32c resolves to %s\n", o->driver);
}

static const struct crypto_impl *find_driver(const struct crypto_impl *impls, size_t n,
					     const char *driver)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(impls[i].driver, driver))
			return &impls[i];
	return NULL;
}

/*
 * The sizes the crypto API reports to users (crypto_shash_blocksize(),
 * crypto_shash_digestsize(), /proc/crypto): a block size of 1, since a CRC
 * takes any length, and a 4-byte digest, as in the reference driver's entry.
 */
static void test_sizes(const struct options *o)
{
	const struct crypto_impl *dut, *ref;
	struct crypto_impl impls[16];
	int n = proc_crypto_find("crc32c", impls, 16);

	if (n > 16)
		n = 16;
	dut = n > 0 ? find_driver(impls, n, o->driver) : NULL;
	ref = n > 0 ? find_driver(impls, n, o->ref) : NULL;
	if (dut && ref)
		ksft_print_msg("/proc/crypto: %s blocksize %d digestsize %d; %s blocksize %d digestsize %d\n",
			       dut->driver, dut->blocksize, dut->digestsize, ref->driver,
			       ref->blocksize, ref->digestsize);
	else
		ksft_print_msg("/proc/crypto has no crc32c entry of %s\n",
			       n < 0 ? strerror(-n) : dut ? o->ref : o->driver);
	ksft_test_result(dut && ref && dut->blocksize == 1 && dut->digestsize == 4 &&
			 dut->blocksize == ref->blocksize && dut->digestsize == ref->digestsize,
			 "%s in /proc/crypto: blocksize 1 and digestsize 4, as %s\n", o->driver, o->ref);
}

/* Random split of len into at most MAX_SPLITS - 1 leading chunks. */
static size_t make_split(size_t len, size_t *split)
{
	size_t n = rng_next() % MAX_SPLITS, i, left = len;

	for (i = 0; i < n; i++) {
		split[i] = left ? rng_next() % (left + 1) : 0;
		left -= split[i];
	}
	return n;
}

static int check_one(const struct options *o, struct afalg_hash *dut, size_t len, size_t off,
		     uint32_t seed, uint32_t want, const size_t *split, size_t nsplit,
		     const unsigned char *data)
{
	uint32_t got;
	int err = afalg_digest(dut, data, len, split, nsplit, &got);

	if (err) {
		ksft_print_msg("AF_ALG error on %s at len=%zu: %s\n", o->driver, len, strerror(-err));
		return -1;
	}
	if (got != want) {
		ksft_print_msg("MISMATCH driver=%s len=%zu offset=%zu seed=0x%08x splits=%zu expected=0x%08x got=0x%08x (rerun: -s %llu)\n",
			       o->driver, len, off, seed, nsplit, want, got,
			       (unsigned long long)o->seed);
		return -1;
	}
	return 0;
}

/* Random long messages: random length, offset, seed and split each. */
static int run_long(const struct options *o, struct afalg_hash *dut, struct afalg_hash *ref,
		    unsigned char *buf, const unsigned char *pattern)
{
	size_t split[MAX_SPLITS], nsplit, len, off;
	uint32_t seed, want;
	unsigned int i;
	int err;

	for (i = 0; i < o->long_count; i++) {
		len = o->max_len + rng_next() % (o->long_max - o->max_len + 1);
		off = rng_next() % OFFSETS;
		seed = (uint32_t)rng_next();
		err = afalg_set_seed(dut, seed) ?: afalg_set_seed(ref, seed) ?:
		      afalg_digest(ref, pattern, len, NULL, 0, &want);
		if (err) {
			ksft_print_msg("AF_ALG error at len=%zu: %s\n", len, strerror(-err));
			return -1;
		}
		memcpy(buf + off, pattern, len);
		nsplit = make_split(len, split);
		if (check_one(o, dut, len, off, seed, want, split, nsplit, buf + off))
			return -1;
	}
	return 0;
}

static int run_variant(const struct options *o, struct afalg_hash *dut, struct afalg_hash *ref,
		       unsigned char *buf, const unsigned char *pattern, enum variant v)
{
	size_t split[MAX_SPLITS];
	size_t len = 0, off, nsplit;
	uint32_t seed = ~0u, want;
	int err;

	if (v == LONG_RANDOM)
		return run_long(o, dut, ref, buf, pattern);
	if (v == DEFAULT_SEED) {
		err = afalg_set_seed(dut, seed) ?: afalg_set_seed(ref, seed);
		if (err)
			goto sys_error;
	}
	for (len = 0; len <= o->max_len; len++) {
		if (v != DEFAULT_SEED) {
			seed = (uint32_t)rng_next();
			err = afalg_set_seed(dut, seed) ?: afalg_set_seed(ref, seed);
			if (err)
				goto sys_error;
		}
		err = afalg_digest(ref, pattern, len, NULL, 0, &want);
		if (err)
			goto sys_error;
		for (off = 0; off < OFFSETS; off++) {
			memcpy(buf + off, pattern, len);
			nsplit = v == RANDOM_SPLIT ? make_split(len, split) : 0;
			if (check_one(o, dut, len, off, seed, want, split, nsplit, buf + off))
				return -1;
		}
	}
	return 0;
sys_error:
	ksft_print_msg("AF_ALG error at len=%zu: %s\n", len, strerror(-err));
	return -1;
}

int main(int argc, char **argv)
{
	struct afalg_hash dut, ref;
	unsigned char *buf, *pattern;
	struct options o;
	size_t i;
	long long vec_before, vec_after;
	int v, is_vmx;

	parse_options(argc, argv, &o);
	ksft_print_header();
	is_vmx = !strcmp(o.driver, "crc32c-vmx");
	ksft_set_plan(VARIANTS + 2 * o.check_resolve + is_vmx);
	ksft_print_msg("driver=%s reference=%s lengths=0..%zu offsets=0..%d long=%u seed=%llu depth=%s\n",
		       o.driver, o.ref, o.max_len, OFFSETS - 1, o.long_count,
		       (unsigned long long)o.seed, crc32c_ksft_quick() ? "quick" : "full");

	crc32c_ksft_open_or_exit(&ref, o.ref);
	crc32c_ksft_open_or_exit(&dut, o.driver);
	if (o.check_resolve) {
		test_resolve(&o);
		test_sizes(&o);
	}

	rng_state = o.seed;
	buf = malloc(o.long_max + OFFSETS);
	pattern = malloc(o.long_max + 1);
	if (!buf || !pattern)
		ksft_exit_fail_msg("out of memory\n");
	for (i = 0; i < o.long_max; i++)
		pattern[i] = (unsigned char)rng_next();

	vec_before = crc32c_ksft_vector_bytes();
	for (v = 0; v < VARIANTS; v++)
		ksft_test_result(!run_variant(&o, &dut, &ref, buf, pattern, v),
				 "%s == %s: %s, lengths 0..%zu, offsets 0..%d\n", o.driver, o.ref,
				 variant_name[v], v == LONG_RANDOM ? o.long_max : o.max_len,
				 OFFSETS - 1);
	if (is_vmx) {
		/* All of the above ran in process context: the vector path must
		 * have taken at least the long messages.
		 */
		vec_after = crc32c_ksft_vector_bytes();
		ksft_print_msg("%s: %lld -> %lld\n", CRC32C_KSFT_VECTOR_STATS, vec_before, vec_after);
		ksft_test_result(vec_before >= 0 && vec_after - vec_before >= (long long)o.long_count * (long long)o.max_len,
				 "crc32c-vmx vector path counter rose\n");
	}

	afalg_close(&dut);
	afalg_close(&ref);
	free(buf);
	free(pattern);
	ksft_finished();
}
