// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c-vmx: the "crc32c" shash driver for POWER8 and later.
 *
 * This file is the policy: registration with the crypto API, the priority
 * parameter, the seed (key) handling and the choice of code path. The
 * arithmetic lives in arch/powerpc/.
 *
 * Contract shared with ext4, jbd2, libcrc32c and testmgr: the descriptor
 * context is exactly the raw 32-bit CRC state (descsize 4), and those callers
 * may write it and call update() without init(). The optional 4-byte key is
 * the little-endian seed of that state (default ~0); the digest is the
 * complemented state, little-endian.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <asm/cpu_has_feature.h>
#include <asm/cputable.h>
#include <asm/simd.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/cpufeature.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "arch/powerpc/crc32c_vmx_core.h"
#include "crc32c_vmx_compat.h"
#include "crc_vmx_shash.h"
#include "crc_vmx_simd.h"
#include "crc_vmx_stats.h"

#define CRC32C_VMX_DRIVER	"crc32c-vmx"
/* The digest and the key are both one CRC-32C value, 4 bytes. */
#define CRC32C_VMX_DIGEST_SIZE	sizeof(u32)
#define CRC32C_VMX_DEFAULT_SEED	(~(u32)0)

/* Above crc32c-generic (100) and the in-tree crc32c-vpmsum (200). */
#define CRC32C_VMX_PRIO_DEFAULT	300
#define CRC32C_VMX_PRIO_MIN	1
#define CRC32C_VMX_PRIO_MAX	1000

static int priority = CRC32C_VMX_PRIO_DEFAULT;
module_param(priority, int, 0444);
MODULE_PARM_DESC(priority, "crypto API priority of crc32c-vmx, "
		 __stringify(CRC32C_VMX_PRIO_MIN) ".." __stringify(CRC32C_VMX_PRIO_MAX)
		 " (default " __stringify(CRC32C_VMX_PRIO_DEFAULT) ")");

struct crc32c_vmx_tfm_ctx {
	u32 seed;
};

/*
 * Bytes through the vector path, and of those through the ISA 3.1 core;
 * the vector sections they took (each runs with preemption disabled, so
 * vector_bytes / vector_sections is their mean length); bytes through the
 * software CRC, and of those the ones sent there only because the caller's
 * user vector registers were live.
 */
static DEFINE_PER_CPU(u64, crc32c_vmx_vector_bytes);
static DEFINE_PER_CPU(u64, crc32c_vmx_isa31_bytes);
static DEFINE_PER_CPU(u64, crc32c_vmx_vector_sections);
static DEFINE_PER_CPU(atomic64_t, crc32c_vmx_fallback_bytes);
static DEFINE_PER_CPU(atomic64_t, crc32c_vmx_live_state_bytes);

CRC_VMX_STAT(vector_bytes, section, crc32c_vmx_vector_bytes);
CRC_VMX_STAT(isa31_bytes, section, crc32c_vmx_isa31_bytes);
CRC_VMX_STAT(vector_sections, section, crc32c_vmx_vector_sections);
CRC_VMX_STAT(fallback_bytes, fallback, crc32c_vmx_fallback_bytes);
CRC_VMX_STAT(live_state_bytes, fallback, crc32c_vmx_live_state_bytes);
static struct attribute *crc32c_vmx_stats_attrs[] = {
	CRC_VMX_STAT_FILE(vector_bytes),
	CRC_VMX_STAT_FILE(fallback_bytes),
	CRC_VMX_STAT_FILE(isa31_bytes),
	CRC_VMX_STAT_FILE(live_state_bytes),
	CRC_VMX_STAT_FILE(vector_sections),
	NULL,
};

CRC_VMX_STATS_GROUP(crc32c_vmx);

/*
 * Shortest input handed to the vector core: below it the table code costs
 * less than entering a vector section and the short core path, a chain of
 * dependent vpmsumd (docs/performance.md has the crossover).
 */
#define CRC32C_VMX_MIN_LEN	64

/*
 * The same when the calling task's user vector registers are live: the
 * section must then save them (enable_kernel_altivec()) and the task
 * reloads them on its way back to user space, so the vector path pays only
 * for longer inputs. A short call that takes the software path leaves them
 * live, so each short call in one system call pays the software CRC rather
 * than one of them paying the save.
 */
#define CRC32C_VMX_MIN_LEN_LIVE	192

static_assert(CRC32C_VMX_MIN_LEN >= CRC_VMX_CORE_MIN_LEN);

/*
 * Set once at load where the ISA 3.1 core runs: the loop is built
 * (CRC_VMX_ISA31_BUILT: little-endian, CONFIG_VSX, an assembler that knows
 * it) and the CPU has ISA 3.1 with VSX enabled.
 */
static DEFINE_STATIC_KEY_FALSE_RO(crc32c_vmx_isa31);

/*
 * Every input the live-state rule covers takes the AltiVec section, so the
 * rule tests only the VMX state.
 */
static_assert(CRC_VMX_ISA31_MIN_LEN >= CRC32C_VMX_MIN_LEN_LIVE,
	      "the live-state rule would have to test the VSX state");

/*
 * Whether a section over len bytes runs the ISA 3.1 core: only from the
 * length where its loop runs, since below it that core executes the
 * POWER8 code alone, which needs no VSX save.
 */
static __always_inline bool crc32c_vmx_use_isa31(size_t len)
{
	return CRC_VMX_ISA31_BUILT && static_branch_likely(&crc32c_vmx_isa31) &&
	       len >= CRC_VMX_ISA31_MIN_LEN;
}

/* Why an ISA 3.1 CPU runs the POWER8 core, for the load message; or "". */
static const char *__init crc32c_vmx_no_isa31_reason(void)
{
	if (!cpu_has_feature(CPU_FTR_ARCH_31) || static_branch_likely(&crc32c_vmx_isa31))
		return "";
	if (!IS_ENABLED(CONFIG_CPU_LITTLE_ENDIAN))
		return " (big-endian kernel: the ISA 3.1 loop is little-endian only)";
	if (!IS_ENABLED(CONFIG_VSX))
		return " (kernel without CONFIG_VSX: the ISA 3.1 loop needs it)";
	if (!CRC_VMX_ISA31_BUILT)
		return " (built with an assembler without lxvp/xxeval: no ISA 3.1 loop)";
	return " (VSX is disabled on this CPU: the ISA 3.1 loop needs it)";
}

/*
 * The section of one core; isa31 is a constant at each call, so the
 * compiler writes one straight-line section per core.
 */
static __always_inline u32 crc32c_vmx_run_core(u32 crc, const u8 *data, size_t len, bool isa31)
{
	crc_vmx_simd_begin(isa31);
	crc_vmx_count_section(&crc32c_vmx_vector_bytes, len);
	crc_vmx_count_section(&crc32c_vmx_vector_sections, 1);
	if (isa31) {
		crc_vmx_count_section(&crc32c_vmx_isa31_bytes, len);
		crc = crc32c_vmx_core_isa31(crc, data, len);
	} else {
		crc = crc32c_vmx_core(crc, data, len);
	}
	crc_vmx_simd_end(isa31);
	return crc;
}

/*
 * One vector section over len <= CRC_VMX_CHUNK bytes, from task context.
 * Out of line, so that the registers it needs across its calls are saved
 * only when the vector path runs, never on the short fallback path.
 */
static noinline u64 crc32c_vmx_section(u64 crc, const u8 *data, size_t len)
{
	if (crc32c_vmx_use_isa31(len))
		return crc32c_vmx_run_core(crc, data, len, true);
	return crc32c_vmx_run_core(crc, data, len, false);
}

/* Inputs longer than one chunk, with preemption points between the chunks. */
static noinline u32 crc32c_vmx_chunks(u32 crc, const u8 *data, unsigned int len)
{
	return crc_vmx_chunks(crc, data, len, crc32c_vmx_section);
}

/* The software path: the kernel's CRC, counted as fallback. */
static __always_inline u32 crc32c_vmx_fallback(u32 crc, const u8 *data, unsigned int len)
{
	crc_vmx_count_fallback(&crc32c_vmx_fallback_bytes, len);
	return crc32c_vmx_sw(crc, data, len);
}

/*
 * Inlined into each shash callback, so that the common short inputs cost a
 * compare, the counter and the call of the software CRC.
 */
static __always_inline u32 crc32c_vmx_crc(u32 crc, const u8 *data, unsigned int len)
{
	/* Short inputs: the first test, so that they pay for no other. */
	if (len < CRC32C_VMX_MIN_LEN)
		return crc32c_vmx_fallback(crc, data, len);
	/*
	 * Inputs too short to pay for saving the caller's live user vector
	 * registers, the state that the section for this length would save:
	 * also counted as live_state.
	 */
	if (len < CRC32C_VMX_MIN_LEN_LIVE && crc_vmx_user_state_live(false)) {
		crc_vmx_count_fallback(&crc32c_vmx_live_state_bytes, len);
		return crc32c_vmx_fallback(crc, data, len);
	}
	/*
	 * Contexts where the vector unit may not be touched (interrupts,
	 * softirqs, bottom halves disabled): the same software CRC.
	 */
	if (!crypto_simd_usable())
		return crc32c_vmx_fallback(crc, data, len);
	if (unlikely(len > CRC_VMX_CHUNK))
		return crc32c_vmx_chunks(crc, data, len);
	return crc32c_vmx_section(crc, data, len);
}

static int crc32c_vmx_init_tfm(struct crypto_tfm *tfm)
{
	struct crc32c_vmx_tfm_ctx *tctx = crypto_tfm_ctx(tfm);

	tctx->seed = CRC32C_VMX_DEFAULT_SEED;
	return 0;
}

static int crc32c_vmx_setkey(struct crypto_shash *tfm, const u8 *key, unsigned int keylen)
{
	struct crc32c_vmx_tfm_ctx *tctx = crypto_shash_ctx(tfm);

	if (keylen != sizeof(u32))
		return -EINVAL;
	tctx->seed = get_unaligned_le32(key);
	return 0;
}

/* init() and digest() start from the key (CRC32C_VMX_DEFAULT_SEED without one). */
static u32 crc32c_vmx_seed(struct shash_desc *desc)
{
	struct crc32c_vmx_tfm_ctx *tctx = crypto_shash_ctx(desc->tfm);

	return tctx->seed;
}

/* The digest is the complemented state, little-endian. */
static void crc32c_vmx_put_digest(u32 crc, u8 *out)
{
	put_unaligned_le32(~crc, out);
}

CRC_VMX_SHASH_DEFINE(crc32c_vmx, u32)

static struct shash_alg crc32c_vmx_alg = {
	CRC_VMX_SHASH_OPS(crc32c_vmx, u32),
	.digestsize	= CRC32C_VMX_DIGEST_SIZE,
	.setkey		= crc32c_vmx_setkey,
	.base		= {
		.cra_name		= "crc32c",
		.cra_driver_name	= CRC32C_VMX_DRIVER,
		.cra_flags		= CRYPTO_ALG_OPTIONAL_KEY,
		.cra_blocksize		= 1,
		.cra_ctxsize		= sizeof(struct crc32c_vmx_tfm_ctx),
		.cra_module		= THIS_MODULE,
		.cra_init		= crc32c_vmx_init_tfm,
	},
};

static int __init crc32c_vmx_mod_init(void)
{
	int err;

	if (priority < CRC32C_VMX_PRIO_MIN || priority > CRC32C_VMX_PRIO_MAX) {
		pr_err("invalid priority=%d: must be %d..%d (default %d)\n", priority,
		       CRC32C_VMX_PRIO_MIN, CRC32C_VMX_PRIO_MAX, CRC32C_VMX_PRIO_DEFAULT);
		return -EINVAL;
	}
	crc32c_vmx_alg.base.cra_priority = priority;
	if (CRC_VMX_ISA31_BUILT && cpu_has_feature(CPU_FTR_ARCH_31) && cpu_has_feature(CPU_FTR_VSX))
		static_branch_enable(&crc32c_vmx_isa31);

	err = sysfs_create_group(&THIS_MODULE->mkobj.kobj, &crc32c_vmx_stats_group);
	if (err)
		return err;
	err = crypto_register_shash(&crc32c_vmx_alg);
	if (err) {
		sysfs_remove_group(&THIS_MODULE->mkobj.kobj, &crc32c_vmx_stats_group);
		return err;
	}
	/*
	 * The one line on success: which core runs is not visible anywhere
	 * else before the first long hash, and an operator comparing two
	 * machines needs it (with the reason where a POWER10 runs the POWER8
	 * core).
	 */
	pr_info("registered %s, priority %d, %s core%s\n", CRC32C_VMX_DRIVER, priority,
		static_branch_likely(&crc32c_vmx_isa31) ? "ISA 3.1" : "POWER8",
		crc32c_vmx_no_isa31_reason());
	return 0;
}

static void __exit crc32c_vmx_mod_exit(void)
{
	crypto_unregister_shash(&crc32c_vmx_alg);
	sysfs_remove_group(&THIS_MODULE->mkobj.kobj, &crc32c_vmx_stats_group);
}

/*
 * Loads only on CPUs with the vector crypto facility (vpmsumd, POWER8 and
 * later; udev loads it there from the "cpu" modalias); refuses with
 * -ENODEV elsewhere.
 */
module_cpu_feature_match(PPC_MODULE_FEATURE_VEC_CRYPTO, crc32c_vmx_mod_init);
module_exit(crc32c_vmx_mod_exit);

MODULE_DESCRIPTION("CRC32C using POWER8 vector polynomial multiply (vpmsumd)");
MODULE_LICENSE("GPL");
MODULE_ALIAS_CRYPTO("crc32c");
MODULE_ALIAS_CRYPTO(CRC32C_VMX_DRIVER);
