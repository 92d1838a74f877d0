/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc_t10dif() by vpmsumd folding (POWER8 and later).
 *
 * The vector path starts at 32 bytes: counted under QEMU with an
 * instruction-counting plugin, the whole call through the vector section
 * executes fewer instructions than the byte-at-a-time table code from
 * there on, and more at 16 bytes.
 *
 * The length is the one test inlined into crc_t10dif_update(), so that
 * below the threshold it runs the table code as if this file were not
 * there; whether the vector unit may be used is asked out of line.
 */
#include "crc-vpmsum.h"

#define VPMSUM_CRC_T10DIF_MIN_LEN	32

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vec_crypto);

static noinline u16 crc_t10dif_vpmsum_long(u16 crc, const u8 *p, size_t len)
{
	if (static_branch_likely(&have_vec_crypto) && likely(may_use_simd()))
		return vpmsum_sections(crc_t10dif_vpmsum, crc, p, len);
	return crc_t10dif_generic(crc, p, len);
}

static inline u16 crc_t10dif_arch(u16 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC_T10DIF_MIN_LEN)
		return crc_t10dif_vpmsum_long(crc, p, len);
	return crc_t10dif_generic(crc, p, len);
}

#define crc_t10dif_mod_init_arch crc_t10dif_mod_init_arch
static void crc_t10dif_mod_init_arch(void)
{
	if (vpmsum_cpu_has_vec_crypto())
		static_branch_enable(&have_vec_crypto);
}
