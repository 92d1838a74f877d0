/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc64_be() and crc64_nvme() by vpmsumd folding (POWER8 and later).
 *
 * Where the vector path starts was counted under QEMU with an
 * instruction-counting plugin in a patched kernel: through it,
 * crc64_nvme() executes fewer instructions than with the byte-at-a-time
 * table code at 32 bytes, the shortest length tried, and crc64_be() only
 * from 48, as its MSB-first blocks take one vperm more each on
 * little-endian and its table loop is one instruction per byte shorter.
 *
 * The length is the one test inlined into the exported functions, so that
 * below the threshold they run the table code as if this file were not
 * there; whether the vector unit may be used is asked out of line.
 */
#include "crc-vpmsum.h"

#define VPMSUM_CRC64_BE_MIN_LEN		48
#define VPMSUM_CRC64_NVME_MIN_LEN	32

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vec_crypto);

static inline bool vpmsum_crc64_usable(void)
{
	return static_branch_likely(&have_vec_crypto) && likely(may_use_simd());
}

static noinline u64 crc64_be_vpmsum_long(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_usable())
		return vpmsum_sections(crc64_be_vpmsum, crc, p, len);
	return crc64_be_generic(crc, p, len);
}

static inline u64 crc64_be_arch(u64 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC64_BE_MIN_LEN)
		return crc64_be_vpmsum_long(crc, p, len);
	return crc64_be_generic(crc, p, len);
}

static noinline u64 crc64_nvme_vpmsum_long(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_usable())
		return vpmsum_sections(crc64_nvme_vpmsum, crc, p, len);
	return crc64_nvme_generic(crc, p, len);
}

static inline u64 crc64_nvme_arch(u64 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC64_NVME_MIN_LEN)
		return crc64_nvme_vpmsum_long(crc, p, len);
	return crc64_nvme_generic(crc, p, len);
}

#define crc64_mod_init_arch crc64_mod_init_arch
static void crc64_mod_init_arch(void)
{
	if (vpmsum_cpu_has_vec_crypto())
		static_branch_enable(&have_vec_crypto);
}
