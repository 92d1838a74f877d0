/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc64_be() and crc64_nvme() by vpmsumd folding (POWER8 and later).
 *
 * The vector path starts at 32 bytes, two vectors: measured for
 * crc64_nvme under QEMU with an instruction-counting plugin, the vector
 * call with one MSR write for enable_kernel_altivec() costs fewer
 * instructions than the byte-at-a-time table from there on (at 64 bytes
 * 274 against 680). crc64_be runs the same core with the other bit order
 * (one more vperm per 16 bytes on little-endian) and takes the same
 * threshold.
 */
#include "crc-vpmsum.h"

#define VPMSUM_CRC64_MIN_LEN	32

static __ro_after_init DEFINE_STATIC_KEY_FALSE(have_vec_crypto);

static inline bool vpmsum_crc64_use_vector(size_t len)
{
	return len >= VPMSUM_CRC64_MIN_LEN && static_branch_likely(&have_vec_crypto) &&
	       likely(may_use_simd());
}

static inline u64 crc64_be_arch(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_use_vector(len)) {
		do {
			size_t n = min_t(size_t, len, VPMSUM_CHUNK);

			vpmsum_begin();
			crc = crc64_be_vpmsum(crc, p, n);
			vpmsum_end();
			p += n;
			len -= n;
		} while (len);
		return crc;
	}
	return crc64_be_generic(crc, p, len);
}

static inline u64 crc64_nvme_arch(u64 crc, const u8 *p, size_t len)
{
	if (vpmsum_crc64_use_vector(len)) {
		do {
			size_t n = min_t(size_t, len, VPMSUM_CHUNK);

			vpmsum_begin();
			crc = crc64_nvme_vpmsum(crc, p, n);
			vpmsum_end();
			p += n;
			len -= n;
		} while (len);
		return crc;
	}
	return crc64_nvme_generic(crc, p, len);
}

#define crc64_mod_init_arch crc64_mod_init_arch
static void crc64_mod_init_arch(void)
{
	if (vpmsum_cpu_has_vec_crypto())
		static_branch_enable(&have_vec_crypto);
}
