// SPDX-License-Identifier: GPL-2.0-only
/*
 * A stand-in for crc32c-vmx's software path in the short-call cycle model.
 * The driver's fallback is the kernel's own __crc32c_le() (crc32c() from
 * 6.14), which is not built for userspace; Debian's kernels build it as
 * slice-by-8 (CONFIG_CRC32_SLICEBY8), so this is a slice-by-8 of that
 * shape: bytes up to a 4-byte boundary, eight bytes per step, then the
 * tail, out of line as the call into vmlinux is. Built without vector code
 * generation, like the glue. The in-guest instruction counts of make
 * bench-model measure the real __crc32c_le(); this only models cycles.
 */
#include "short_call.h"

/* The reflected CRC-32C polynomial (0x1edc6f41 bit-reversed). */
#define SW_POLY	0x82f63b78u

/* t[k][b]: the state after the byte b and k zero bytes, from state 0. */
static u32 t[8][256];

__attribute__((constructor)) static void sw_tables(void)
{
	for (unsigned int b = 0; b < 256; b++) {
		u32 s = b;

		for (int i = 0; i < 8; i++)
			s = (s >> 1) ^ ((s & 1) ? SW_POLY : 0);
		t[0][b] = s;
	}
	for (unsigned int k = 1; k < 8; k++)
		for (unsigned int b = 0; b < 256; b++)
			t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 255];
}

/* Four bytes at p (4-byte aligned here) as a little-endian word. */
static inline u32 sw_le32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
#if !defined(CONFIG_CPU_LITTLE_ENDIAN)
	v = __builtin_bswap32(v);
#endif
	return v;
}

u32 short_call_sw(u32 crc, const u8 *p, unsigned int len)
{
	for (; len && ((unsigned long)p & 3); len--)
		crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 255];
	for (; len >= 8; len -= 8, p += 8) {
		u32 lo = sw_le32(p) ^ crc;
		u32 hi = sw_le32(p + 4);

		crc = t[7][lo & 255] ^ t[6][(lo >> 8) & 255] ^
		      t[5][(lo >> 16) & 255] ^ t[4][lo >> 24] ^
		      t[3][hi & 255] ^ t[2][(hi >> 8) & 255] ^
		      t[1][(hi >> 16) & 255] ^ t[0][hi >> 24];
	}
	while (len--)
		crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 255];
	return crc;
}
