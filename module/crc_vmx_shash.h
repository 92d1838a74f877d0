/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The shash callbacks every driver of this project has, written once.
 *
 * Each driver's descriptor context is exactly one raw CRC state, nothing
 * else: ext4, jbd2, libcrc32c and testmgr write a crc32c state into it and
 * call update() without init(), so its size and layout are the contract.
 * CRC_VMX_SHASH_DEFINE(name, type) defines name_init(), name_update(),
 * name_final(), name_finup() and name_digest() for a state of the C type
 * given, from three functions the driver defines first:
 *   name_seed(desc)              the state init() and digest() start from;
 *   name_crc(state, p, len)      the state advanced over len bytes (the
 *                                driver's choice of vector or software path);
 *   name_put_digest(state, out)  the digest of a state, written to out.
 * CRC_VMX_SHASH_OPS(name, type) fills the matching members of a struct
 * shash_alg.
 */
#ifndef CRC_VMX_SHASH_H
#define CRC_VMX_SHASH_H

#include <crypto/internal/hash.h>

#define CRC_VMX_SHASH_DEFINE(name, type)					\
static int name##_init(struct shash_desc *desc)					\
{										\
	*(type *)shash_desc_ctx(desc) = name##_seed(desc);			\
	return 0;								\
}										\
										\
static int name##_update(struct shash_desc *desc, const u8 *data,		\
			 unsigned int len)					\
{										\
	type *state = shash_desc_ctx(desc);					\
										\
	*state = name##_crc(*state, data, len);					\
	return 0;								\
}										\
										\
static int name##_final(struct shash_desc *desc, u8 *out)			\
{										\
	type *state = shash_desc_ctx(desc);					\
										\
	name##_put_digest(*state, out);						\
	return 0;								\
}										\
										\
static int name##_finup(struct shash_desc *desc, const u8 *data,		\
			unsigned int len, u8 *out)				\
{										\
	type *state = shash_desc_ctx(desc);					\
										\
	name##_put_digest(name##_crc(*state, data, len), out);			\
	return 0;								\
}										\
										\
static int name##_digest(struct shash_desc *desc, const u8 *data,		\
			 unsigned int len, u8 *out)				\
{										\
	name##_put_digest(name##_crc(name##_seed(desc), data, len), out);	\
	return 0;								\
}

#define CRC_VMX_SHASH_OPS(name, type)						\
	.init		= name##_init,						\
	.update		= name##_update,					\
	.final		= name##_final,						\
	.finup		= name##_finup,						\
	.digest		= name##_digest,					\
	.descsize	= sizeof(type)

#endif /* CRC_VMX_SHASH_H */
