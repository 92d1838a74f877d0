/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc64_be() and crc64_nvme() by vpmsumd folding (POWER8 and later).
 *
 * The vector path starts at 32 bytes: counted under QEMU with an
 * instruction-counting plugin, the whole call through the vector section
 * executes fewer instructions than the byte-at-a-time table code from
 * there on for both CRCs, and more at 16 bytes.
 */
#include "crc-vpmsum.h"

#define VPMSUM_CRC64_MIN_LEN	32

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vec_crypto);

static inline bool vpmsum_crc64_use_vector(size_t len)
{
	return len >= VPMSUM_CRC64_MIN_LEN && static_branch_likely(&have_vec_crypto) &&
	       likely(may_use_simd());
}

static noinline u64 crc64_be_vpmsum_sections(u64 crc, const u8 *p, size_t len)
{
	return vpmsum_sections(crc64_be_vpmsum, crc, p, len);
}

static inline u64 crc64_be_arch(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_use_vector(len))
		return crc64_be_vpmsum_sections(crc, p, len);
	return crc64_be_generic(crc, p, len);
}

static noinline u64 crc64_nvme_vpmsum_sections(u64 crc, const u8 *p, size_t len)
{
	return vpmsum_sections(crc64_nvme_vpmsum, crc, p, len);
}

static inline u64 crc64_nvme_arch(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_use_vector(len))
		return crc64_nvme_vpmsum_sections(crc, p, len);
	return crc64_nvme_generic(crc, p, len);
}

#define crc64_mod_init_arch crc64_mod_init_arch
static void crc64_mod_init_arch(void)
{
	if (vpmsum_cpu_has_vec_crypto())
		static_branch_enable(&have_vec_crypto);
}
