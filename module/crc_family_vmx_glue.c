// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc_family_vmx: the "crct10dif" and "crc64-rocksoft" shash drivers for
 * POWER8 and later (crct10dif-vmx, crc64-rocksoft-vmx), in a module of
 * their own beside crc32c_vmx. Through 6.13 lib/crc-t10dif.c and
 * lib/crc64-rocksoft.c hash through the best registered driver of those
 * names and rebind when a better one registers; where they are built in
 * (Debian's 6.12) they then hold this module for good, which is why
 * crc32c-vmx is not in it (docs/crc-family.md).
 *
 * The semantics are those of the kernel's generic drivers, exactly:
 *  - crct10dif: no key, the descriptor context is the raw 16-bit CRC
 *    (init 0, no inversion), the 2-byte digest is that value in CPU byte
 *    order;
 *  - crc64-rocksoft: no key, the context is the 64-bit CRC as
 *    crc64_rocksoft_generic() takes and returns it (init 0; the inversion
 *    happens inside each update), the 8-byte digest is it little-endian.
 * The arithmetic is the template cores in arch/powerpc/.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <asm/simd.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "arch/powerpc/crc64_rocksoft_vmx_core.h"
#include "arch/powerpc/crct10dif_vmx_core.h"
#include "crc32c_vmx_compat.h"
#include "crc_family_vmx_stats.h"
#include "crc_vmx_simd.h"

#if CRC_FAMILY_VMX_SHASH

/*
 * Above crct10dif-generic (100), crc64-rocksoft-generic (200) and the
 * in-tree crct10dif-vpmsum (200; not built in Debian's kernels).
 */
#define CRC_FAMILY_VMX_PRIORITY	300

/*
 * Shortest input handed to each vector core; shorter ones, and every input
 * where the vector unit may not be used, take the kernel's table code.
 * Measured by make bench-model (docs/performance.md, "The CRC family"):
 * the table code looks up one byte at a time, 13 (CRC-T10DIF) and 9
 * (CRC64) instructions per byte, 14 to 18 cycles per byte in llvm-mca's
 * POWER9/10 models, so the vector path, crypto API, glue and one MSR
 * write included, costs fewer instructions than the table code from 16
 * bytes for CRC-T10DIF (296 against 311 for crct10dif-generic, whose glue
 * is cheaper than this driver's fallback) and from 24 for CRC64 (303
 * against 350 for our fallback; 280 against 278 at 16). Each threshold is
 * the smallest multiple of 16 at or above its crossover; the core needs
 * 16 bytes for a vector anyway. Callers with live user vector registers (their save and
 * restore, about 630 instructions) break even near 64 and 96 bytes; T10
 * PI hashes whole sectors, far above that.
 */
#define CRCT10DIF_VMX_MIN_LEN		16
#define CRC64_ROCKSOFT_VMX_MIN_LEN	32

/* One vector section over len <= CRC_VMX_CHUNK bytes, from task context. */
static noinline u16 crct10dif_vmx_section(u16 crc, const u8 *data, unsigned int len)
{
	crc_vmx_simd_begin();
	crc_family_vmx_count_vector(CRC_FAMILY_VMX_T10DIF, len);
	crc = crct10dif_vmx_core(crc, data, len);
	crc_vmx_simd_end();
	return crc;
}

/* The raw CRC-T10DIF state advanced over len bytes (crc_t10dif_generic()). */
static u16 crct10dif_vmx_crc(u16 crc, const u8 *data, unsigned int len)
{
	if (len < CRCT10DIF_VMX_MIN_LEN || !crypto_simd_usable()) {
		crc_family_vmx_count_fallback(CRC_FAMILY_VMX_T10DIF, len);
		return crc_t10dif_generic(crc, data, len);
	}
	/* Preemption points between the chunks. */
	for (; len > CRC_VMX_CHUNK; data += CRC_VMX_CHUNK, len -= CRC_VMX_CHUNK)
		crc = crct10dif_vmx_section(crc, data, CRC_VMX_CHUNK);
	return crct10dif_vmx_section(crc, data, len);
}

/*
 * As crct10dif_vmx_section(). The core takes the raw reflected state; the
 * context holds its complement (crc64_rocksoft_generic()'s convention).
 */
static noinline u64 crc64_rocksoft_vmx_section(u64 crc, const u8 *data, unsigned int len)
{
	crc_vmx_simd_begin();
	crc_family_vmx_count_vector(CRC_FAMILY_VMX_CRC64, len);
	crc = ~crc64_rocksoft_vmx_core(~crc, data, len);
	crc_vmx_simd_end();
	return crc;
}

/* The CRC64-Rocksoft value advanced over len bytes (crc64_rocksoft_generic()). */
static u64 crc64_rocksoft_vmx_crc(u64 crc, const u8 *data, unsigned int len)
{
	if (len < CRC64_ROCKSOFT_VMX_MIN_LEN || !crypto_simd_usable()) {
		crc_family_vmx_count_fallback(CRC_FAMILY_VMX_CRC64, len);
		return crc64_rocksoft_generic(crc, data, len);
	}
	for (; len > CRC_VMX_CHUNK; data += CRC_VMX_CHUNK, len -= CRC_VMX_CHUNK)
		crc = crc64_rocksoft_vmx_section(crc, data, CRC_VMX_CHUNK);
	return crc64_rocksoft_vmx_section(crc, data, len);
}

struct crct10dif_vmx_desc_ctx {
	u16 crc;
};

static int crct10dif_vmx_init(struct shash_desc *desc)
{
	struct crct10dif_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->crc = 0;
	return 0;
}

static int crct10dif_vmx_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct crct10dif_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->crc = crct10dif_vmx_crc(dctx->crc, data, len);
	return 0;
}

/* The digest is the 16-bit state in CPU byte order, as crct10dif-generic stores it. */
static void crct10dif_vmx_put_digest(u16 crc, u8 *out)
{
	put_unaligned(crc, (u16 *)out);
}

static int crct10dif_vmx_final(struct shash_desc *desc, u8 *out)
{
	struct crct10dif_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	crct10dif_vmx_put_digest(dctx->crc, out);
	return 0;
}

static int crct10dif_vmx_finup(struct shash_desc *desc, const u8 *data, unsigned int len,
			       u8 *out)
{
	struct crct10dif_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	crct10dif_vmx_put_digest(crct10dif_vmx_crc(dctx->crc, data, len), out);
	return 0;
}

static int crct10dif_vmx_digest(struct shash_desc *desc, const u8 *data, unsigned int len,
				u8 *out)
{
	crct10dif_vmx_put_digest(crct10dif_vmx_crc(0, data, len), out);
	return 0;
}

struct crc64_rocksoft_vmx_desc_ctx {
	u64 crc;
};

static int crc64_rocksoft_vmx_init(struct shash_desc *desc)
{
	struct crc64_rocksoft_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->crc = 0;
	return 0;
}

static int crc64_rocksoft_vmx_update(struct shash_desc *desc, const u8 *data,
				     unsigned int len)
{
	struct crc64_rocksoft_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->crc = crc64_rocksoft_vmx_crc(dctx->crc, data, len);
	return 0;
}

static int crc64_rocksoft_vmx_final(struct shash_desc *desc, u8 *out)
{
	struct crc64_rocksoft_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	put_unaligned_le64(dctx->crc, out);
	return 0;
}

static int crc64_rocksoft_vmx_finup(struct shash_desc *desc, const u8 *data,
				    unsigned int len, u8 *out)
{
	struct crc64_rocksoft_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	put_unaligned_le64(crc64_rocksoft_vmx_crc(dctx->crc, data, len), out);
	return 0;
}

static int crc64_rocksoft_vmx_digest(struct shash_desc *desc, const u8 *data,
				     unsigned int len, u8 *out)
{
	put_unaligned_le64(crc64_rocksoft_vmx_crc(0, data, len), out);
	return 0;
}

static struct shash_alg crc_family_vmx_algs[] = {
	{
		.digestsize	= 2,
		.init		= crct10dif_vmx_init,
		.update		= crct10dif_vmx_update,
		.final		= crct10dif_vmx_final,
		.finup		= crct10dif_vmx_finup,
		.digest		= crct10dif_vmx_digest,
		.descsize	= sizeof(struct crct10dif_vmx_desc_ctx),
		.base		= {
			.cra_name		= "crct10dif",
			.cra_driver_name	= "crct10dif-vmx",
			.cra_priority		= CRC_FAMILY_VMX_PRIORITY,
			.cra_blocksize		= 1,
			.cra_module		= THIS_MODULE,
		},
	}, {
		.digestsize	= 8,
		.init		= crc64_rocksoft_vmx_init,
		.update		= crc64_rocksoft_vmx_update,
		.final		= crc64_rocksoft_vmx_final,
		.finup		= crc64_rocksoft_vmx_finup,
		.digest		= crc64_rocksoft_vmx_digest,
		.descsize	= sizeof(struct crc64_rocksoft_vmx_desc_ctx),
		.base		= {
			.cra_name		= "crc64-rocksoft",
			.cra_driver_name	= "crc64-rocksoft-vmx",
			.cra_priority		= CRC_FAMILY_VMX_PRIORITY,
			.cra_blocksize		= 1,
			.cra_module		= THIS_MODULE,
		},
	},
};

/* Automatic loading on CPUs with vector crypto, as crc32c_vmx. */
static const struct cpu_feature crc_family_vmx_cpu_features[] = {
	{ .feature = cpu_feature(PPC_MODULE_FEATURE_VEC_CRYPTO) },
	{ }
};
MODULE_DEVICE_TABLE(cpu, crc_family_vmx_cpu_features);

static int __init crc_family_vmx_mod_init(void)
{
	int err;

	err = crc_vmx_check_cpu();
	if (err)
		return err;
	err = crc_family_vmx_stats_init();
	if (err)
		return err;
	err = crypto_register_shashes(crc_family_vmx_algs, ARRAY_SIZE(crc_family_vmx_algs));
	if (err) {
		crc_family_vmx_stats_exit();
		return err;
	}
	pr_info("registered crct10dif-vmx and crc64-rocksoft-vmx, priority %d\n",
		CRC_FAMILY_VMX_PRIORITY);
	return 0;
}

static void __exit crc_family_vmx_mod_exit(void)
{
	crypto_unregister_shashes(crc_family_vmx_algs, ARRAY_SIZE(crc_family_vmx_algs));
	crc_family_vmx_stats_exit();
}

MODULE_ALIAS_CRYPTO("crct10dif");
MODULE_ALIAS_CRYPTO("crct10dif-vmx");
MODULE_ALIAS_CRYPTO("crc64-rocksoft");
MODULE_ALIAS_CRYPTO("crc64-rocksoft-vmx");

#else /* !CRC_FAMILY_VMX_SHASH */

/*
 * No "crct10dif" or "crc64-rocksoft" crypto algorithm exists on this kernel
 * (crc32c_vmx_compat.h): nothing would ever allocate these drivers, and the
 * software fallbacks may be missing too.
 */
static int __init crc_family_vmx_mod_init(void)
{
	pr_err("this kernel has no crct10dif or crc64-rocksoft crypto API algorithm (removed in Linux 6.15; older kernels need CONFIG_CRYPTO_CRCT10DIF and CONFIG_CRYPTO_CRC64_ROCKSOFT): nothing to register, not loading\n");
	return -EOPNOTSUPP;
}

static void __exit crc_family_vmx_mod_exit(void)
{
}

#endif /* CRC_FAMILY_VMX_SHASH */

/*
 * Refuses to load with -ENODEV on CPUs without vector crypto or VSX, and
 * with -EOPNOTSUPP on kernels without the two crypto algorithms (6.15 and
 * later, or configured without them).
 */
module_init(crc_family_vmx_mod_init);
module_exit(crc_family_vmx_mod_exit);

MODULE_DESCRIPTION("CRC-T10DIF and CRC64-Rocksoft using POWER8 vector polynomial multiply (vpmsumd)");
MODULE_LICENSE("GPL");
