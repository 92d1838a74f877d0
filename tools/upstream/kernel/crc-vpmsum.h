/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vpmsumd cores of lib/crc/powerpc and what every caller does around
 * them. Each core takes the raw CRC state (no inversion) and at least 16
 * bytes at any alignment, and uses only VMX and the ISA 2.07 vector crypto
 * instructions: the caller needs enable_kernel_altivec(), not VSX.
 */
#ifndef _LIB_CRC_POWERPC_CRC_VPMSUM_H
#define _LIB_CRC_POWERPC_CRC_VPMSUM_H

#include <asm/cputable.h>
#include <asm/simd.h>
#include <asm/switch_to.h>
#include <linux/cpufeature.h>
#include <linux/jump_label.h>
#include <linux/preempt.h>
#include <linux/sizes.h>
#include <linux/types.h>
#include <linux/uaccess.h>

/*
 * The constants of one CRC, written by scripts/gen-crc-consts.py
 * (powerpc_vpmsum) into <crc>-vpmsum-consts.h: the fold rows for 1 to 16
 * blocks, then the final reduction's rows, four for the 32-bit MSB-first
 * core and three for the others. The core of a CRC's width and bit order
 * takes them by pointer, so that CRCs which differ only in their
 * polynomial share its code.
 */
struct vpmsum_consts {
	u64 fold[16][2];
	u64 reduce[4][2];
} __aligned(16);

u32 crc32_lsb_vpmsum(u32 crc, const u8 *p, size_t len, const struct vpmsum_consts *consts);
u32 crc32_msb_vpmsum(u32 crc, const u8 *p, size_t len, const struct vpmsum_consts *consts);
u64 crc64_lsb_vpmsum(u64 crc, const u8 *p, size_t len, const struct vpmsum_consts *consts);
u64 crc64_msb_vpmsum(u64 crc, const u8 *p, size_t len, const struct vpmsum_consts *consts);

/*
 * Longest input handed to a core in one vector section, but for a
 * remainder the core could not take: preemption stays disabled for at most
 * VPMSUM_CHUNK + 15 bytes (about 2 us on POWER8 at the folding loop's
 * speed), and the state carries over between sections.
 */
#define VPMSUM_CHUNK	SZ_32K

static inline bool vpmsum_cpu_has_vec_crypto(void)
{
	return cpu_has_feature(CPU_FTR_ARCH_207S) &&
	       (cur_cpu_spec->cpu_user_features2 & PPC_FEATURE2_VEC_CRYPTO);
}

/*
 * A vector section for one call of a core: preemption and page faults stay
 * disabled while the vector unit holds kernel state.
 */
static __always_inline void vpmsum_begin(void)
{
	preempt_disable();
	pagefault_disable();
	enable_kernel_altivec();
}

static __always_inline void vpmsum_end(void)
{
	disable_kernel_altivec();
	pagefault_enable();
	preempt_enable();
}

/*
 * vpmsum_sections(core, consts, crc, p, len): the state after @core ran
 * with @consts over the len >= 16 bytes at @p, in vector sections of
 * VPMSUM_CHUNK bytes, the last one taking whatever is left from
 * VPMSUM_CHUNK + 15 down, so that no section is shorter than the 16 bytes
 * a core takes. The caller has checked may_use_simd(). Each user calls it
 * from a noinline <crc>_vpmsum_long(), which asks that too, so that the
 * exported function, which inlines its *_arch() helper, tests only the
 * length before the table code and sets up no frame for the short inputs.
 */
#define vpmsum_sections(core, consts, crc, p, len)			\
({									\
	typeof(crc) __vs_crc = (crc);					\
	const u8 *__vs_p = (p);						\
	size_t __vs_len = (len);					\
									\
	do {								\
		size_t __vs_n = __vs_len < VPMSUM_CHUNK + 16 ?		\
				__vs_len : VPMSUM_CHUNK;		\
									\
		vpmsum_begin();						\
		__vs_crc = core(__vs_crc, __vs_p, __vs_n, (consts));	\
		vpmsum_end();						\
		__vs_p += __vs_n;					\
		__vs_len -= __vs_n;					\
	} while (__vs_len);						\
	__vs_crc;							\
})

#endif /* _LIB_CRC_POWERPC_CRC_VPMSUM_H */
