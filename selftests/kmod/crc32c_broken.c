// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c-broken: a deliberately wrong "crc32c" driver, for tests only.
 *
 * It passes testmgr (whose crc32c vectors are at most 2048 bytes long) and is
 * wrong (one flipped bit) for every message longer than 2048 bytes whose
 * length is 7 mod 64. The kselftests and crcbench-alg verify run against it to
 * show that they catch a wrong CRC. Priority 50: nothing picks it by name
 * "crc32c" while crc32c-generic (100) is loaded.
 */
#include <asm/unaligned.h>
#include <crypto/internal/hash.h>
#include <linux/crc32.h>
#include <linux/module.h>

struct crc32c_broken_desc {
	u32 crc;
	u32 len;
};

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
	d->len = 0;
	return 0;
}

static int crc32c_broken_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct crc32c_broken_desc *d = shash_desc_ctx(desc);

	d->crc = __crc32c_le(d->crc, data, len);
	d->len += len;
	return 0;
}

static int crc32c_broken_final(struct shash_desc *desc, u8 *out)
{
	struct crc32c_broken_desc *d = shash_desc_ctx(desc);
	u32 crc = d->crc;

	if (d->len > 2048 && d->len % 64 == 7)
		crc ^= 1;
	put_unaligned_le32(~crc, out);
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
