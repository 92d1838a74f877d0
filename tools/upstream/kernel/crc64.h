/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc64_be() and crc64_nvme() by vpmsumd folding (POWER8 and later).
 *
 * The vector path starts at 48 bytes, for both CRCs: from there on a call
 * through the vector section executes fewer instructions than the
 * byte-at-a-time table code (counted under QEMU with an
 * instruction-counting plugin), and the table code is one dependent load
 * per byte, so in cycles the vector path wins at least as early.
 *
 * The length is the one test inlined into the exported functions, so that
 * below the threshold they run the table code as if this file were not
 * there; whether the vector unit may be used is asked out of line.
 */
#include "crc-vpmsum.h"
#include "crc64-be-vpmsum-consts.h"
#include "crc64-nvme-vpmsum-consts.h"

#define VPMSUM_CRC64_MIN_LEN	48

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vec_crypto);

static inline bool vpmsum_crc64_usable(void)
{
	return static_branch_likely(&have_vec_crypto) && likely(may_use_simd());
}

static noinline u64 crc64_be_vpmsum_long(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_usable())
		return vpmsum_sections(crc64_msb_vpmsum, &crc64_msb_0x42f0e1eba9ea3693_consts,
				       crc, p, len);
	return crc64_be_generic(crc, p, len);
}

static inline u64 crc64_be_arch(u64 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC64_MIN_LEN)
		return crc64_be_vpmsum_long(crc, p, len);
	return crc64_be_generic(crc, p, len);
}

static noinline u64 crc64_nvme_vpmsum_long(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_usable())
		return vpmsum_sections(crc64_lsb_vpmsum, &crc64_lsb_0x9a6c9329ac4bc9b5_consts,
				       crc, p, len);
	return crc64_nvme_generic(crc, p, len);
}

static inline u64 crc64_nvme_arch(u64 crc, const u8 *p, size_t len)
{
	if (len >= VPMSUM_CRC64_MIN_LEN)
		return crc64_nvme_vpmsum_long(crc, p, len);
	return crc64_nvme_generic(crc, p, len);
}

#define crc64_mod_init_arch crc64_mod_init_arch
static void crc64_mod_init_arch(void)
{
	if (vpmsum_cpu_has_vec_crypto())
		static_branch_enable(&have_vec_crypto);
}
