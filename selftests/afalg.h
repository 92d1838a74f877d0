/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Minimal AF_ALG "hash" helpers for the crc32c kselftests: one transform
 * socket bound to a driver, one operation socket reused for every digest.
 */
#ifndef CRC32C_SELFTEST_AFALG_H
#define CRC32C_SELFTEST_AFALG_H

#include <stddef.h>
#include <stdint.h>

struct afalg_hash {
	int tfm;	/* bound transform socket: setkey goes here */
	int op;		/* accepted operation socket: data and digests */
};

/* Bind to algorithm or driver name. Returns 0 or -errno. */
int afalg_open(struct afalg_hash *h, const char *name);
void afalg_close(struct afalg_hash *h);

/*
 * Set the 4-byte little-endian crc32c seed; reopens the operation socket.
 * Returns 0 or -errno.
 */
int afalg_set_seed(struct afalg_hash *h, uint32_t seed);

/*
 * Digest data in one send (nsplit == 0) or in update chunks whose lengths are
 * given by split[] (summing to at most len; the rest goes in the last send).
 * The 4-byte digest is returned as the little-endian value it encodes.
 * Returns 0 or -errno.
 */
int afalg_digest(struct afalg_hash *h, const void *data, size_t len,
		 const size_t *split, size_t nsplit, uint32_t *digest);

/*
 * As afalg_digest(), for any digest size: the outlen digest bytes as the
 * driver writes them go to out. Returns 0 or -errno.
 */
int afalg_digest_bytes(struct afalg_hash *h, const void *data, size_t len,
		       const size_t *split, size_t nsplit, void *out, size_t outlen);

/*
 * The kernel's crc32c driver the tests compare against (the default of -r):
 * "crc32c-generic" up to 6.16, "crc32c-lib" from 6.17 on, which dropped
 * crc32c-generic. The same rule as REF_CRC32C in crc32c_lib.sh.
 */
const char *afalg_crc32c_reference(void);

#endif
