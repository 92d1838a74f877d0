/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What /proc/crypto says about the implementations of one algorithm name.
 */
#ifndef CRC32C_SELFTEST_PROC_CRYPTO_H
#define CRC32C_SELFTEST_PROC_CRYPTO_H

#include <stddef.h>

struct crypto_impl {
	char driver[128];
	char module[64];
	int priority;
	int blocksize;		/* -1 if the entry has no such line */
	int digestsize;		/* -1 if the entry has no such line */
	int selftest_passed;
	int internal;
};

/*
 * Fill up to max entries for algorithm name (e.g. "crc32c"). Returns the
 * number found (may exceed max; only max are stored) or -errno.
 */
int proc_crypto_find(const char *name, struct crypto_impl *impls, size_t max);

/*
 * The driver the crypto API picks for name: the highest-priority entry that
 * passed its self-test and is not internal. Returns NULL if none.
 */
const struct crypto_impl *proc_crypto_resolve(const struct crypto_impl *impls, size_t n);

#endif
