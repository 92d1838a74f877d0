// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c-broken: a deliberately wrong "crc32c" driver, for tests only.
 *
 * Its descriptor context is the raw 32-bit CRC state, like crc32c-vmx's, so
 * callers that set the state and call update() without init() (ext4,
 * libcrc32c, testmgr) would not overrun it. It is wrong by a data pattern:
 * every update() of more than 2048 bytes that contains a byte with its top
 * bit set (0x80..0xff) leaves bit 0 of the state flipped. Messages of 7-bit
 * bytes, and every update of 2048 bytes or less, are hashed correctly, so it
 * passes testmgr (whose crc32c vectors are at most 2048 bytes long), while
 * random data longer than 2048 bytes, hashed in one piece, gives a wrong CRC
 * practically always. The kselftests and crcbench-alg run against it to show
 * that they catch a wrong CRC. Priority 50: nothing picks it by the name
 * "crc32c" while crc32c-generic (100) is loaded.
 *
 * On a kernel with CONFIG_CRYPTO_MANAGER_EXTRA_TESTS (the project's debug
 * kernel), testmgr also hashes random messages of up to two pages and
 * rejects the driver at registration, so no test could show that it catches
 * a wrong driver that got past registration. With beyond_testmgr=1 the
 * driver is right whenever it runs in testmgr's self-test thread
 * ("cryptomgr_test"): a model of a defect testmgr happens to miss. AF_ALG
 * callers (any other task) still get the wrong CRC. Updates reach a shash
 * driver one page at a time through AF_ALG, so a length threshold above
 * testmgr's could not do this.
 */
#include <crypto/internal/hash.h>
#include <linux/crc32.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "../../module/crc32c_vmx_compat.h"

#define CRC32C_BROKEN_MAX_RIGHT	2048
/* The kthread in which the crypto manager runs an algorithm's self-tests */
#define CRC32C_BROKEN_TESTMGR_TASK	"cryptomgr_test"

static bool beyond_testmgr;
module_param(beyond_testmgr, bool, 0444);
MODULE_PARM_DESC(beyond_testmgr,
		 "hash correctly inside testmgr's self-test thread (for kernels with its extra tests)");

struct crc32c_broken_desc {
	u32 crc;
};

/* ext4 BUG_ONs on any other descsize: keep it the bare state. */
static_assert(sizeof(struct crc32c_broken_desc) == sizeof(u32));

/* The data pattern it gets wrong: long, and not all bytes 7-bit. */
static bool crc32c_broken_trigger(const u8 *data, unsigned int len)
{
	unsigned int i;

	if (len <= CRC32C_BROKEN_MAX_RIGHT)
		return false;
	if (beyond_testmgr && !strcmp(current->comm, CRC32C_BROKEN_TESTMGR_TASK))
		return false;
	for (i = 0; i < len; i++)
		if (data[i] & 0x80)
			return true;
	return false;
}

static int crc32c_broken_setkey(struct crypto_shash *tfm, const u8 *key, unsigned int keylen)
{
	u32 *seed = crypto_shash_ctx(tfm);

	if (keylen != sizeof(u32))
		return -EINVAL;
	*seed = get_unaligned_le32(key);
	return 0;
}

static int crc32c_broken_init_tfm(struct crypto_tfm *tfm)
{
	u32 *seed = crypto_tfm_ctx(tfm);

	*seed = ~0U;
	return 0;
}

static int crc32c_broken_init(struct shash_desc *desc)
{
	struct crc32c_broken_desc *d = shash_desc_ctx(desc);
	u32 *seed = crypto_shash_ctx(desc->tfm);

	d->crc = *seed;
	return 0;
}

static int crc32c_broken_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct crc32c_broken_desc *d = shash_desc_ctx(desc);

	d->crc = crc32c_vmx_sw(d->crc, data, len);
	if (crc32c_broken_trigger(data, len))
		d->crc ^= 1;
	return 0;
}

static int crc32c_broken_final(struct shash_desc *desc, u8 *out)
{
	struct crc32c_broken_desc *d = shash_desc_ctx(desc);

	put_unaligned_le32(~d->crc, out);
	return 0;
}

static struct shash_alg crc32c_broken_alg = {
	.digestsize	= 4,
	.setkey		= crc32c_broken_setkey,
	.init		= crc32c_broken_init,
	.update		= crc32c_broken_update,
	.final		= crc32c_broken_final,
	.descsize	= sizeof(struct crc32c_broken_desc),
	.base		= {
		.cra_name		= "crc32c",
		.cra_driver_name	= "crc32c-broken",
		.cra_priority		= 50,
		.cra_flags		= CRYPTO_ALG_OPTIONAL_KEY,
		.cra_blocksize		= 1,
		.cra_ctxsize		= sizeof(u32),
		.cra_module		= THIS_MODULE,
		.cra_init		= crc32c_broken_init_tfm,
	},
};

static int __init crc32c_broken_mod_init(void)
{
	return crypto_register_shash(&crc32c_broken_alg);
}

static void __exit crc32c_broken_mod_exit(void)
{
	crypto_unregister_shash(&crc32c_broken_alg);
}

module_init(crc32c_broken_mod_init);
module_exit(crc32c_broken_mod_exit);

MODULE_DESCRIPTION("Deliberately wrong crc32c driver for testing the tests");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
