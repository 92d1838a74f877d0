/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The short-input path of crc32c-vmx: slice-by-8 over generated tables
 * (crc32c_vmx_slice8.h, from tools/constgen), eight bytes per step. Plain
 * C, no vector registers, so it runs in any context. It is inlined into
 * each shash callback, where it replaces a call of the kernel's software
 * CRC (__crc32c_le(), a call into vmlinux with its own alignment
 * prologue): that is what makes crc32c-vmx's fallback cheaper than
 * crc32c-generic below CRC32C_VMX_MIN_LEN (docs/performance.md).
 *
 * Included by the driver glue and by the userspace harness
 * (tools/vmx-harness), which supplies u8/u32/u64, __aligned and
 * get_unaligned_le32() itself.
 */
#ifndef CRC32C_VMX_SHORT_H
#define CRC32C_VMX_SHORT_H

#include "crc32c_vmx_slice8.h"

/* Advances the raw reflected CRC32C state over len bytes at any address. */
static inline u32 crc32c_vmx_short(u32 crc, const u8 *p, unsigned int len)
{
	const u32 (*t)[256] = crc32c_vmx_slice8;

	/*
	 * Two 32-bit halves rather than one 64-bit load: every byte index is
	 * then one rotate-and-mask instruction (rlwinm).
	 */
	for (; len >= 8; len -= 8, p += 8) {
		u32 lo = get_unaligned_le32(p) ^ crc;
		u32 hi = get_unaligned_le32(p + 4);

		crc = t[7][lo & 255] ^ t[6][(lo >> 8) & 255] ^
		      t[5][(lo >> 16) & 255] ^ t[4][lo >> 24] ^
		      t[3][hi & 255] ^ t[2][(hi >> 8) & 255] ^
		      t[1][(hi >> 16) & 255] ^ t[0][hi >> 24];
	}
	while (len--)
		crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 255];
	return crc;
}

#endif /* CRC32C_VMX_SHORT_H */
