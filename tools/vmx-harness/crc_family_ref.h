/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The family harness's CRC reference: one bit at a time from the CRC's
 * definition (width 16, 32 or 64, either bit order, raw state in and out),
 * sharing nothing with the cores (no tables, no folding, no generated
 * constants). Like crc32c_bitwise.h, crc_ref_span() gives the state over
 * any substring of one buffer from bitwise prefix states, by linearity:
 * update(s, B[a, a + n)) = prefix[a + n] ^ zeros(prefix[a] ^ s, n), where
 * zeros(v, n) = v * x^(8n) mod P; the harness checks it against plain
 * bitwise updates before it trusts it.
 */
#ifndef CRC_FAMILY_REF_H
#define CRC_FAMILY_REF_H

#include <stddef.h>
#include <stdint.h>

struct crc_ref {
	unsigned int width;	/* 16, 32 or 64 */
	int reflected;		/* LSB of each byte first */
	uint64_t poly;		/* as catalogued: MSB-first form without x^width */
	uint64_t rpoly;		/* poly bit-reversed to width bits */
	uint64_t mask;		/* width ones */
	uint64_t pow2[40];	/* x^(8 * 2^i) mod P, in state form */
	const uint8_t *buf;
	size_t len;
	uint64_t *prefix;	/* prefix[i] = crc_ref_bitwise(ref, 0, buf, i) */
};

/* Returns 0, or -1 if out of memory (the prefix states of buf). */
int crc_ref_init(struct crc_ref *r, unsigned int width, int reflected, uint64_t poly,
		 const uint8_t *buf, size_t len);
void crc_ref_free(struct crc_ref *r);

uint64_t crc_ref_bitwise(const struct crc_ref *r, uint64_t crc, const uint8_t *p, size_t len);

/* v advanced over n zero bytes: v * x^(8n) mod P, n < 2^40. */
uint64_t crc_ref_zeros(const struct crc_ref *r, uint64_t v, uint64_t n);

/* update(seed, buf[off, off + n)); off + n <= len */
uint64_t crc_ref_span(const struct crc_ref *r, uint64_t seed, size_t off, size_t n);

#endif /* CRC_FAMILY_REF_H */
