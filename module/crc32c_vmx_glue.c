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
#include <asm/cpufeature.h>
#include <asm/simd.h>
#include <asm/switch_to.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <linux/cpufeature.h>
#include <linux/crc32.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sizes.h>
#include <linux/uaccess.h>

#include "arch/powerpc/crc32c_vmx_core.h"
#include "crc32c_vmx_compat.h"
#include "crc32c_vmx_short.h"
#include "crc32c_vmx_stats.h"
#include "crc_vmx_simd.h"

#define CRC32C_VMX_DRIVER	"crc32c-vmx"
#define CRC32C_DIGEST_SIZE	4
#define CRC32C_DEFAULT_SEED	(~(u32)0)

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

struct crc32c_vmx_desc_ctx {
	u32 crc;
};

/*
 * Shortest input handed to the vector core; shorter ones take the inlined
 * slice-by-8 (crc32c_vmx_short.h). From `make bench-model`
 * (docs/performance.md): a call that pays the MSR write of a kernel
 * entry's first vector section beats slice-by-8 from 48 bytes in executed
 * instructions and from 64 (pwr10) and 80 (pwr9) bytes in the llvm-mca
 * cycle model of whole calls, where the short vector path is a chain of
 * dependent vpmsumd and slice-by-8 overlaps its table loads. The threshold
 * is the smallest multiple of 16 at or above all three.
 */
#define CRC32C_VMX_MIN_LEN	80

/*
 * The same when the calling task's user floating-point or vector registers
 * are live: the vector section must then save them first, and the task
 * reloads them on its way back to user space (about 570 instructions in
 * all, measured). The same models put that crossover at 192 bytes
 * (instructions) and 256 (pwr10) to 384 (pwr9) bytes (cycles). The save is
 * paid once per kernel entry, not per buffer; a call that takes slice-by-8
 * here leaves the registers live, so many short calls in one system call
 * each pay slice-by-8 instead of one save.
 */
#define CRC32C_VMX_MIN_LEN_LIVE	384

/*
 * True when the current task's user FP, VMX or VSX state is in the
 * registers: the condition under which enable_kernel_vsx() saves it.
 * Kernel threads have none.
 */
static __always_inline bool crc32c_vmx_user_state_live(void)
{
	const struct pt_regs *regs = current->thread.regs;

	return regs && (regs->msr & (MSR_FP | MSR_VEC | MSR_VSX));
}

/*
 * Longest stretch hashed in one preemption-disabled section. 32 KiB takes
 * about 2,400 cycles at 13.6 bytes/cycle (under 1 us on a 3-4 GHz POWER8)
 * and stays in the low microseconds even at a quarter of that rate, while
 * the per-section entry cost is spread over 32 KiB. Longer inputs are
 * processed chunk by chunk with preemption points between the chunks.
 */
#define CRC32C_VMX_CHUNK	SZ_32K

/*
 * Set once at load on CPUs with ISA 3.1 (POWER10 and later): the vector
 * section then runs crc32c_vmx_core_isa31(), whose main loop uses lxvp and
 * xxeval. POWER8 and POWER9 never execute it. The isa31_bytes counter
 * says which branch was taken; that the loop's instructions really execute
 * is shown from outside the guest (tools/vm/execution-lane.sh).
 */
static DEFINE_STATIC_KEY_FALSE(crc32c_vmx_isa31);

/*
 * One vector section over len <= CRC32C_VMX_CHUNK bytes, from task context.
 * Out of line, so that the registers it needs across its calls are saved
 * only when the vector path runs, never on the short fallback path.
 */
static noinline u32 crc32c_vmx_section(u32 crc, const u8 *data, unsigned int len)
{
	preempt_disable();
	crc32c_vmx_count_vector(len);
	pagefault_disable();
	/* The core is built with VSX enabled (it may use VSX loads and
	 * register moves), so both VMX and VSX must be switched on.
	 */
	enable_kernel_vsx();
	if (static_branch_likely(&crc32c_vmx_isa31)) {
		crc32c_vmx_count_isa31(len);
		crc = crc32c_vmx_core_isa31(crc, data, len);
	} else {
		crc = crc32c_vmx_core(crc, data, len);
	}
	disable_kernel_vsx();
	pagefault_enable();
	preempt_enable();
	return crc;
}

/* Inputs longer than one chunk, with preemption points between the chunks. */
static noinline u32 crc32c_vmx_chunks(u32 crc, const u8 *data, unsigned int len)
{
	for (; len > CRC32C_VMX_CHUNK; data += CRC32C_VMX_CHUNK, len -= CRC32C_VMX_CHUNK)
		crc = crc32c_vmx_section(crc, data, CRC32C_VMX_CHUNK);
	return crc32c_vmx_section(crc, data, len);
}

/*
 * Inlined into each shash callback, so that the common short inputs cost a
 * compare, the counter and the table CRC, with no call at all.
 */
static __always_inline u32 crc32c_vmx_crc(u32 crc, const u8 *data, unsigned int len)
{
	/*
	 * Short inputs, and inputs too short to pay for saving the caller's
	 * live user vector registers: slice-by-8 (crc32c_vmx_short.h), in any
	 * context, counted as fallback (the latter also as live_state).
	 */
	if (len < CRC32C_VMX_MIN_LEN_LIVE &&
	    (len < CRC32C_VMX_MIN_LEN || crc32c_vmx_user_state_live())) {
		crc32c_vmx_count_fallback(len);
		if (len >= CRC32C_VMX_MIN_LEN)
			crc32c_vmx_count_live_state(len);
		return crc32c_vmx_short(crc, data, len);
	}
	/*
	 * Contexts where the vector unit may not be touched (interrupts,
	 * softirqs, bottom halves disabled): the kernel's software CRC.
	 */
	if (!crypto_simd_usable()) {
		crc32c_vmx_count_fallback(len);
		return crc32c_vmx_sw(crc, data, len);
	}
	if (unlikely(len > CRC32C_VMX_CHUNK))
		return crc32c_vmx_chunks(crc, data, len);
	return crc32c_vmx_section(crc, data, len);
}

static int crc32c_vmx_init_tfm(struct crypto_tfm *tfm)
{
	struct crc32c_vmx_tfm_ctx *tctx = crypto_tfm_ctx(tfm);

	tctx->seed = CRC32C_DEFAULT_SEED;
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

static int crc32c_vmx_init(struct shash_desc *desc)
{
	struct crc32c_vmx_tfm_ctx *tctx = crypto_shash_ctx(desc->tfm);
	struct crc32c_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->crc = tctx->seed;
	return 0;
}

static int crc32c_vmx_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct crc32c_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	dctx->crc = crc32c_vmx_crc(dctx->crc, data, len);
	return 0;
}

static void crc32c_vmx_put_digest(u32 crc, u8 *out)
{
	put_unaligned_le32(~crc, out);
}

static int crc32c_vmx_final(struct shash_desc *desc, u8 *out)
{
	struct crc32c_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	crc32c_vmx_put_digest(dctx->crc, out);
	return 0;
}

static int crc32c_vmx_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct crc32c_vmx_desc_ctx *dctx = shash_desc_ctx(desc);

	crc32c_vmx_put_digest(crc32c_vmx_crc(dctx->crc, data, len), out);
	return 0;
}

static int crc32c_vmx_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	struct crc32c_vmx_tfm_ctx *tctx = crypto_shash_ctx(desc->tfm);

	crc32c_vmx_put_digest(crc32c_vmx_crc(tctx->seed, data, len), out);
	return 0;
}

static struct shash_alg crc32c_vmx_alg = {
	.digestsize	= CRC32C_DIGEST_SIZE,
	.setkey		= crc32c_vmx_setkey,
	.init		= crc32c_vmx_init,
	.update		= crc32c_vmx_update,
	.final		= crc32c_vmx_final,
	.finup		= crc32c_vmx_finup,
	.digest		= crc32c_vmx_digest,
	.descsize	= sizeof(struct crc32c_vmx_desc_ctx),
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

/*
 * CPU features for automatic loading (udev matches the "cpu" modalias); the
 * init function checks them again and says why it refuses.
 */
static const struct cpu_feature crc32c_vmx_cpu_features[] = {
	{ .feature = cpu_feature(PPC_MODULE_FEATURE_VEC_CRYPTO) },
	{ }
};
MODULE_DEVICE_TABLE(cpu, crc32c_vmx_cpu_features);

static int __init crc32c_vmx_mod_init(void)
{
	int err;

	err = crc_vmx_check_cpu();
	if (err)
		return err;
	if (priority < CRC32C_VMX_PRIO_MIN || priority > CRC32C_VMX_PRIO_MAX) {
		pr_err("invalid priority=%d: must be %d..%d (default %d)\n", priority,
		       CRC32C_VMX_PRIO_MIN, CRC32C_VMX_PRIO_MAX, CRC32C_VMX_PRIO_DEFAULT);
		return -EINVAL;
	}
	crc32c_vmx_alg.base.cra_priority = priority;
	if (cpu_has_feature(CPU_FTR_ARCH_31))
		static_branch_enable(&crc32c_vmx_isa31);

	err = crc32c_vmx_stats_init();
	if (err)
		return err;
	err = crypto_register_shash(&crc32c_vmx_alg);
	if (err) {
		crc32c_vmx_stats_exit();
		return err;
	}
	pr_info("registered %s, priority %d, %s core\n", CRC32C_VMX_DRIVER, priority,
		static_branch_likely(&crc32c_vmx_isa31) ? "ISA 3.1" : "POWER8");
	return 0;
}

static void __exit crc32c_vmx_mod_exit(void)
{
	crypto_unregister_shash(&crc32c_vmx_alg);
	crc32c_vmx_stats_exit();
}

/* Refuses to load (-ENODEV) on CPUs without vector crypto or without VSX. */
module_init(crc32c_vmx_mod_init);
module_exit(crc32c_vmx_mod_exit);

MODULE_DESCRIPTION("CRC32C using POWER8 vector polynomial multiply (vpmsumd)");
MODULE_LICENSE("GPL");
MODULE_ALIAS_CRYPTO("crc32c");
MODULE_ALIAS_CRYPTO(CRC32C_VMX_DRIVER);
