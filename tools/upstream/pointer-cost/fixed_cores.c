// SPDX-License-Identifier: GPL-2.0-only
/*
 * The comparison of pointer-cost.sh: crc32c and crc64_nvme from the series'
 * template with their constants at a fixed address, as v1 of the series
 * built one core per CRC, beside the shared cores that take them by pointer.
 */
#include <linux/compiler.h>
#include <linux/types.h>

#include "crc-vpmsum.h"
#include "crc32c-vpmsum-consts.h"
#include "crc64-nvme-vpmsum-consts.h"
#include "pointer_cost.h"

#ifdef FIXED_CRC64
#define VPMSUM_REFLECTED	1
#define VPMSUM_WIDTH		64
#define VPMSUM_STATE		u64
#include "crc-vpmsum-core.h"

u64 crc64_nvme_fixed(u64 crc, const u8 *p, size_t len)
{
	return vpmsum_run(crc, p, len, crc64_lsb_0x9a6c9329ac4bc9b5_consts.fold,
			  crc64_lsb_0x9a6c9329ac4bc9b5_consts.reduce);
}
#else
#define VPMSUM_REFLECTED	1
#define VPMSUM_WIDTH		32
#define VPMSUM_STATE		u32
#include "crc-vpmsum-core.h"

u32 crc32c_fixed(u32 crc, const u8 *p, size_t len)
{
	return vpmsum_run(crc, p, len, crc32_lsb_0x82f63b78_consts.fold,
			  crc32_lsb_0x82f63b78_consts.reduce);
}
#endif
