// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32_le(), crc32_be() and crc32c() by vpmsumd folding (POWER8 and later).
 *
 * The vector path starts at 48 bytes, for the three CRCs: from there on a
 * call through the vector section executes fewer instructions than the
 * byte-at-a-time table code (counted under QEMU with an
 * instruction-counting plugin), and the table code is one dependent load
 * per byte, so in cycles the vector path wins at least as early.
 *
 * The length is the one test inlined into the exported functions, so that
 * below the threshold they run the table code as if this file were not
 * there; whether the vector unit may be used is asked out of line.
 */
#include "crc-vpmsum.h"
#include "crc32-le-vpmsum-consts.h"
#include "crc32-be-vpmsum-consts.h"
#include "crc32c-vpmsum-consts.h"

#define VPMSUM_CRC32_MIN_LEN	48

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vec_crypto);

static inline bool vpmsum_crc32_usable(void)
{
	return static_branch_likely(&have_vec_crypto) && likely(may_use_simd());
}

static noinline u32 crc32_le_vpmsum_long(u32 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc32_usable())
		return vpmsum_sections(crc32_lsb_vpmsum, &crc32_lsb_0xedb88320_consts, crc, p, len);
	return crc32_le_base(crc, p, len);
}

static inline u32 crc32_le_arch(u32 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC32_MIN_LEN)
		return crc32_le_vpmsum_long(crc, p, len);
	return crc32_le_base(crc, p, len);
}

static noinline u32 crc32_be_vpmsum_long(u32 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc32_usable())
		return vpmsum_sections(crc32_msb_vpmsum, &crc32_msb_0x04c11db7_consts, crc, p, len);
	return crc32_be_base(crc, p, len);
}

static inline u32 crc32_be_arch(u32 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC32_MIN_LEN)
		return crc32_be_vpmsum_long(crc, p, len);
	return crc32_be_base(crc, p, len);
}

static noinline u32 crc32c_vpmsum_long(u32 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc32_usable())
		return vpmsum_sections(crc32_lsb_vpmsum, &crc32_lsb_0x82f63b78_consts, crc, p, len);
	return crc32c_base(crc, p, len);
}

static inline u32 crc32c_arch(u32 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC32_MIN_LEN)
		return crc32c_vpmsum_long(crc, p, len);
	return crc32c_base(crc, p, len);
}

#define crc32_mod_init_arch crc32_mod_init_arch
static void crc32_mod_init_arch(void)
{
	if (vpmsum_cpu_has_vec_crypto())
		static_branch_enable(&have_vec_crypto);
}

static inline u32 crc32_optimizations_arch(void)
{
	if (static_key_enabled(&have_vec_crypto))
		return CRC32_LE_OPTIMIZATION | CRC32_BE_OPTIMIZATION | CRC32C_OPTIMIZATION;
	return 0;
}
