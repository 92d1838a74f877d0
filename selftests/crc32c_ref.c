// SPDX-License-Identifier: GPL-2.0-only
/*
 * Software CRC32C (see crc32c_ref.h): slicing by four 256-entry tables,
 * built at run time from the reflected Castagnoli polynomial 0x82f63b78.
 */
#include "crc32c_ref.h"

#define CRC32C_POLY_REFLECTED	0x82f63b78u

static uint32_t table[4][256];

void crc32c_ref_init(void)
{
	uint32_t c;
	int i, k;

	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = (c >> 1) ^ (c & 1 ? CRC32C_POLY_REFLECTED : 0);
		table[0][i] = c;
	}
	/* table[k][i]: byte i followed by k zero bytes. */
	for (k = 1; k < 4; k++)
		for (i = 0; i < 256; i++)
			table[k][i] = (table[k - 1][i] >> 8) ^ table[0][table[k - 1][i] & 0xff];
}

uint32_t crc32c_ref(uint32_t crc, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (; len >= 4; len -= 4, p += 4) {
		crc ^= p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
		crc = table[3][crc & 0xff] ^ table[2][(crc >> 8) & 0xff] ^
		      table[1][(crc >> 16) & 0xff] ^ table[0][crc >> 24];
	}
	while (len--)
		crc = (crc >> 8) ^ table[0][(crc ^ *p++) & 0xff];
	return crc;
}
