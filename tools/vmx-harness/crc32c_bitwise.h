/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The harness's own CRC32C reference: one bit at a time, reflected
 * polynomial 0x82f63b78, raw state in and out. It shares nothing with the
 * core (no tables, no folding, no generated constants).
 *
 * crc32c_span() gives the state over any substring of one buffer from
 * states precomputed bitwise at every prefix, using that the state is
 * linear: update(s, B[a, a + n)) = prefix[a + n] ^ zeros(prefix[a] ^ s, n),
 * where zeros(v, n) is v advanced over n zero bytes, i.e. v * x^(8n) mod P.
 * That makes a million random cases affordable under qemu; the harness
 * checks it against plain bitwise updates before it trusts it.
 */
#ifndef CRC32C_BITWISE_H
#define CRC32C_BITWISE_H

#include <stddef.h>
#include <stdint.h>

#define CRC32C_POLY_REFLECTED 0x82f63b78u

uint32_t crc32c_bitwise(uint32_t crc, const uint8_t *p, size_t len);

/* v advanced over n zero bytes: v * x^(8n) mod P, n < 2^40. */
uint32_t crc32c_zeros(uint32_t v, uint64_t n);

struct crc32c_prefix {
	const uint8_t *buf;
	size_t len;
	uint32_t *state; /* state[i] = crc32c_bitwise(0, buf, i), len + 1 entries */
};

/* Returns 0, or -1 if out of memory. */
int crc32c_prefix_init(struct crc32c_prefix *pr, const uint8_t *buf, size_t len);
void crc32c_prefix_free(struct crc32c_prefix *pr);

/* update(seed, buf[off, off + n)); off + n <= len */
uint32_t crc32c_span(const struct crc32c_prefix *pr, uint32_t seed, size_t off, size_t n);

#endif /* CRC32C_BITWISE_H */
