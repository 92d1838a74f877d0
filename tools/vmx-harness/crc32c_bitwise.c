// SPDX-License-Identifier: GPL-2.0-only
#include "crc32c_bitwise.h"

#include <stdlib.h>

uint32_t crc32c_bitwise(uint32_t crc, const uint8_t *p, size_t len)
{
	size_t i;
	int b;

	for (i = 0; i < len; i++) {
		crc ^= p[i];
		for (b = 0; b < 8; b++)
			crc = (crc >> 1) ^ ((crc & 1) ? CRC32C_POLY_REFLECTED : 0);
	}
	return crc;
}

/*
 * In the reflected state, bit 31 - j is the coefficient of x^j. Multiplying
 * by x shifts right and reduces what falls out of x^31.
 */
static uint32_t times_x(uint32_t v)
{
	return (v >> 1) ^ ((v & 1) ? CRC32C_POLY_REFLECTED : 0);
}

static uint32_t mulmod(uint32_t a, uint32_t b)
{
	uint32_t r = 0;
	int j;

	for (j = 0; j < 32; j++) {
		if (a & (0x80000000u >> j))
			r ^= b;
		b = times_x(b);
	}
	return r;
}

/* x^(8 * 2^i) mod P for i = 0..39, filled on first use. */
static uint32_t pow2_bytes[40];

uint32_t crc32c_zeros(uint32_t v, uint64_t n)
{
	int i;

	if (!pow2_bytes[0]) {
		uint32_t x8 = 0x80000000u; /* 1 */

		for (i = 0; i < 8; i++)
			x8 = times_x(x8);
		pow2_bytes[0] = x8;
		for (i = 1; i < 40; i++)
			pow2_bytes[i] = mulmod(pow2_bytes[i - 1], pow2_bytes[i - 1]);
	}
	for (i = 0; n; i++, n >>= 1)
		if (n & 1)
			v = mulmod(v, pow2_bytes[i]);
	return v;
}

int crc32c_prefix_init(struct crc32c_prefix *pr, const uint8_t *buf, size_t len)
{
	size_t i;

	pr->buf = buf;
	pr->len = len;
	pr->state = malloc((len + 1) * sizeof(*pr->state));
	if (!pr->state)
		return -1;
	pr->state[0] = 0;
	for (i = 0; i < len; i++)
		pr->state[i + 1] = crc32c_bitwise(pr->state[i], buf + i, 1);
	return 0;
}

void crc32c_prefix_free(struct crc32c_prefix *pr)
{
	free(pr->state);
	pr->state = NULL;
}

uint32_t crc32c_span(const struct crc32c_prefix *pr, uint32_t seed, size_t off, size_t n)
{
	return pr->state[off + n] ^ crc32c_zeros(pr->state[off] ^ seed, n);
}
