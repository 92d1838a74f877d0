// SPDX-License-Identifier: GPL-2.0-only
#include "crc_family_ref.h"

#include <stdlib.h>

/*
 * The state times x mod P. MSB first, bit j is the coefficient of x^j:
 * shift up and reduce what leaves x^(width - 1). Reflected, bit
 * width - 1 - j is: shift down and reduce what leaves bit 0.
 */
static uint64_t times_x(const struct crc_ref *r, uint64_t v)
{
	if (r->reflected)
		return (v >> 1) ^ ((v & 1) ? r->rpoly : 0);
	return ((v << 1) ^ (((v >> (r->width - 1)) & 1) ? r->poly : 0)) & r->mask;
}

/* The coefficient of x^j in the state v */
static int coeff(const struct crc_ref *r, uint64_t v, unsigned int j)
{
	return (v >> (r->reflected ? r->width - 1 - j : j)) & 1;
}

static uint64_t mulmod(const struct crc_ref *r, uint64_t a, uint64_t b)
{
	uint64_t p = 0;
	unsigned int j;

	for (j = 0; j < r->width; j++) {
		if (coeff(r, a, j))
			p ^= b;
		b = times_x(r, b);
	}
	return p;
}

uint64_t crc_ref_bitwise(const struct crc_ref *r, uint64_t crc, const uint8_t *p, size_t len)
{
	size_t i;
	int b;

	for (i = 0; i < len; i++) {
		crc ^= r->reflected ? p[i] : (uint64_t)p[i] << (r->width - 8);
		for (b = 0; b < 8; b++)
			crc = times_x(r, crc);
	}
	return crc;
}

uint64_t crc_ref_zeros(const struct crc_ref *r, uint64_t v, uint64_t n)
{
	int i;

	for (i = 0; n; i++, n >>= 1)
		if (n & 1)
			v = mulmod(r, v, r->pow2[i]);
	return v;
}

int crc_ref_init(struct crc_ref *r, unsigned int width, int reflected, uint64_t poly,
		 const uint8_t *buf, size_t len)
{
	uint64_t one;
	unsigned int j;
	size_t i;
	int k;

	r->width = width;
	r->reflected = reflected;
	r->mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
	r->poly = poly & r->mask;
	r->rpoly = 0;
	for (j = 0; j < width; j++)
		if ((r->poly >> j) & 1)
			r->rpoly |= 1ULL << (width - 1 - j);
	one = reflected ? 1ULL << (width - 1) : 1;
	r->pow2[0] = one;
	for (k = 0; k < 8; k++)
		r->pow2[0] = times_x(r, r->pow2[0]);
	for (k = 1; k < 40; k++)
		r->pow2[k] = mulmod(r, r->pow2[k - 1], r->pow2[k - 1]);

	r->buf = buf;
	r->len = len;
	r->prefix = malloc((len + 1) * sizeof(*r->prefix));
	if (!r->prefix)
		return -1;
	r->prefix[0] = 0;
	for (i = 0; i < len; i++)
		r->prefix[i + 1] = crc_ref_bitwise(r, r->prefix[i], buf + i, 1);
	return 0;
}

void crc_ref_free(struct crc_ref *r)
{
	free(r->prefix);
	r->prefix = NULL;
}

uint64_t crc_ref_span(const struct crc_ref *r, uint64_t seed, size_t off, size_t n)
{
	return r->prefix[off + n] ^ crc_ref_zeros(r, r->prefix[off] ^ seed, n);
}
