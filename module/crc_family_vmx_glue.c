// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc_family_vmx: the "crct10dif" and "crc64-rocksoft" shash drivers for
 * POWER8 and later (crct10dif-vmx, crc64-rocksoft-vmx), in a module of
 * their own beside crc32c_vmx. It registers the driver of each algorithm
 * the kernel has (crct10dif alone before 6.0; crc_family_vmx_compat.h).
 * Through 6.13 lib/crc-t10dif.c and lib/crc64-rocksoft.c hash through the
 * best registered driver of those names and rebind when a better one
 * registers; where they are built in (Debian's 6.12) they then hold this
 * module for good, which is why crc32c-vmx is not in it
 * (docs/crc-family.md).
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
#include <linux/cpufeature.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "arch/powerpc/crc64_rocksoft_vmx_core.h"
#include "arch/powerpc/crct10dif_vmx_core.h"
#include "crc_family_vmx_compat.h"
#include "crc_vmx_shash.h"
#include "crc_vmx_simd.h"
#include "crc_vmx_stats.h"

/* Kbuild builds this module only where the kernel has one of them. */
#if !CRC_FAMILY_VMX_SHASH
#error "no crct10dif or crc64-rocksoft crypto algorithm on this kernel"
#endif

/*
 * Above crct10dif-generic (100), crc64-rocksoft-generic (200) and the
 * in-tree crct10dif-vpmsum (200; not built in Debian's kernels).
 */
#define CRC_FAMILY_VMX_PRIORITY	300

#define CRC64_ROCKSOFT_VMX_DIGEST_SIZE	sizeof(u64)

/*
 * Shortest input handed to each vector core: the smallest multiple of 16
 * at or above the length where the vector path beats the kernel's
 * byte-at-a-time table code (docs/performance.md). T10 PI hashes whole
 * protection intervals, far above the later break-even of callers with
 * live user vector registers, so there is no second threshold here.
 */
#define CRCT10DIF_VMX_MIN_LEN		16
#define CRC64_ROCKSOFT_VMX_MIN_LEN	32

static_assert(CRCT10DIF_VMX_MIN_LEN >= CRC_VMX_CORE_MIN_LEN);
static_assert(CRC64_ROCKSOFT_VMX_MIN_LEN >= CRC_VMX_CORE_MIN_LEN);

/*
 * The vector and software paths of family driver <name>_vmx, written once.
 * CRC_FAMILY_VMX_PATHS(name, type, software, min_len) defines its byte
 * counters (files <name>_vector_bytes and <name>_fallback_bytes),
 * <name>_vmx_section(), one vector section over at most CRC_VMX_CHUNK
 * bytes from task context, and <name>_vmx_crc(), the state advanced over
 * len bytes (the name_crc() of crc_vmx_shash.h, inlined into each shash
 * callback, as crc32c_vmx_crc(), so that a call costs no second frame),
 * from <name>_vmx_vector(), the state advanced by the core, and the
 * kernel's software CRC.
 */
#define CRC_FAMILY_VMX_PATHS(name, type, software, min_len)			\
static DEFINE_PER_CPU(u64, name##_vmx_vector_bytes);				\
static DEFINE_PER_CPU(atomic64_t, name##_vmx_fallback_bytes);			\
CRC_VMX_STAT(name##_vector_bytes, section, name##_vmx_vector_bytes);		\
CRC_VMX_STAT(name##_fallback_bytes, fallback, name##_vmx_fallback_bytes);	\
										\
static noinline u64 name##_vmx_section(u64 crc, const u8 *data, size_t len)	\
{										\
	crc_vmx_simd_begin(false);						\
	crc_vmx_count_section(&name##_vmx_vector_bytes, len);			\
	crc = name##_vmx_vector(crc, data, len);				\
	crc_vmx_simd_end(false);						\
	return crc;								\
}										\
										\
static __always_inline type name##_vmx_crc(type crc, const u8 *data,		\
					   unsigned int len)			\
{										\
	if (len < (min_len) || !crypto_simd_usable()) {				\
		crc_vmx_count_fallback(&name##_vmx_fallback_bytes, len);	\
		return software(crc, data, len);				\
	}									\
	return crc_vmx_chunks(crc, data, len, name##_vmx_section);		\
}

#if CRC_FAMILY_VMX_T10DIF_SHASH
/* The core takes and returns the raw 16-bit state, as crc_t10dif_generic(). */
static inline u64 crct10dif_vmx_vector(u64 crc, const u8 *data, size_t len)
{
	return crct10dif_vmx_core((u16)crc, data, len);
}

CRC_FAMILY_VMX_PATHS(crct10dif, u16, crc_t10dif_generic, CRCT10DIF_VMX_MIN_LEN)

/* No key: the state starts from 0. */
static u16 crct10dif_vmx_seed(struct shash_desc *desc)
{
	return 0;
}

/* The digest is the 16-bit state in CPU byte order, as crct10dif-generic stores it. */
static void crct10dif_vmx_put_digest(u16 crc, u8 *out)
{
	put_unaligned(crc, (u16 *)out);
}

CRC_VMX_SHASH_DEFINE(crct10dif_vmx, u16)
#endif /* CRC_FAMILY_VMX_T10DIF_SHASH */

#if CRC_FAMILY_VMX_CRC64_SHASH
/*
 * The core takes the raw reflected state; the context holds its complement
 * (crc64_rocksoft_generic()'s convention).
 */
static inline u64 crc64_rocksoft_vmx_vector(u64 crc, const u8 *data, size_t len)
{
	return ~crc64_rocksoft_vmx_core(~crc, data, len);
}

CRC_FAMILY_VMX_PATHS(crc64_rocksoft, u64, crc64_rocksoft_generic, CRC64_ROCKSOFT_VMX_MIN_LEN)

/* No key: the context starts from 0, crc64_rocksoft_generic()'s convention. */
static u64 crc64_rocksoft_vmx_seed(struct shash_desc *desc)
{
	return 0;
}

/* The digest is the context, little-endian. */
static void crc64_rocksoft_vmx_put_digest(u64 crc, u8 *out)
{
	put_unaligned_le64(crc, out);
}

CRC_VMX_SHASH_DEFINE(crc64_rocksoft_vmx, u64)
#endif /* CRC_FAMILY_VMX_CRC64_SHASH */

/* Each driver's files exist where it is registered. */
static struct attribute *crc_family_vmx_stats_attrs[] = {
#if CRC_FAMILY_VMX_T10DIF_SHASH
	CRC_VMX_STAT_FILE(crct10dif_vector_bytes),
	CRC_VMX_STAT_FILE(crct10dif_fallback_bytes),
#endif
#if CRC_FAMILY_VMX_CRC64_SHASH
	CRC_VMX_STAT_FILE(crc64_rocksoft_vector_bytes),
	CRC_VMX_STAT_FILE(crc64_rocksoft_fallback_bytes),
#endif
	NULL,
};

CRC_VMX_STATS_GROUP(crc_family_vmx);

/* The shash_alg of family driver <name>_vmx, named driver, of algorithm alg */
#define CRC_FAMILY_VMX_ALG(name, type, alg, driver, digest_size)		\
	{									\
		CRC_VMX_SHASH_OPS(name##_vmx, type),				\
		.digestsize	= (digest_size),				\
		.base		= {						\
			.cra_name		= alg,				\
			.cra_driver_name	= driver,			\
			.cra_priority		= CRC_FAMILY_VMX_PRIORITY,	\
			.cra_blocksize		= 1,				\
			.cra_module		= THIS_MODULE,			\
		},								\
	}

static struct shash_alg crc_family_vmx_algs[] = {
#if CRC_FAMILY_VMX_T10DIF_SHASH
	CRC_FAMILY_VMX_ALG(crct10dif, u16, "crct10dif", "crct10dif-vmx", CRC_T10DIF_DIGEST_SIZE),
#endif
#if CRC_FAMILY_VMX_CRC64_SHASH
	CRC_FAMILY_VMX_ALG(crc64_rocksoft, u64, "crc64-rocksoft", "crc64-rocksoft-vmx",
			   CRC64_ROCKSOFT_VMX_DIGEST_SIZE),
#endif
};

static int __init crc_family_vmx_mod_init(void)
{
	int err;

	err = sysfs_create_group(&THIS_MODULE->mkobj.kobj, &crc_family_vmx_stats_group);
	if (err)
		return err;
	/* Quiet on success: /proc/crypto lists the drivers and their priority. */
	err = crypto_register_shashes(crc_family_vmx_algs, ARRAY_SIZE(crc_family_vmx_algs));
	if (err)
		sysfs_remove_group(&THIS_MODULE->mkobj.kobj, &crc_family_vmx_stats_group);
	return err;
}

static void __exit crc_family_vmx_mod_exit(void)
{
	crypto_unregister_shashes(crc_family_vmx_algs, ARRAY_SIZE(crc_family_vmx_algs));
	sysfs_remove_group(&THIS_MODULE->mkobj.kobj, &crc_family_vmx_stats_group);
}

#if CRC_FAMILY_VMX_T10DIF_SHASH
MODULE_ALIAS_CRYPTO("crct10dif");
MODULE_ALIAS_CRYPTO("crct10dif-vmx");
#endif
#if CRC_FAMILY_VMX_CRC64_SHASH
MODULE_ALIAS_CRYPTO("crc64-rocksoft");
MODULE_ALIAS_CRYPTO("crc64-rocksoft-vmx");
#endif

/*
 * Loads only on CPUs with the vector crypto facility (udev loads it there
 * from the "cpu" modalias), as crc32c_vmx; refuses with -ENODEV elsewhere.
 */
module_cpu_feature_match(PPC_MODULE_FEATURE_VEC_CRYPTO, crc_family_vmx_mod_init);
module_exit(crc_family_vmx_mod_exit);

MODULE_DESCRIPTION("CRC-T10DIF and CRC64-Rocksoft using POWER8 vector polynomial multiply (vpmsumd)");
MODULE_LICENSE("GPL");
