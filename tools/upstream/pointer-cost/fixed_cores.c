// SPDX-License-Identifier: GPL-2.0-only
/*
 * The comparison of pointer-cost.sh: crc32c and crc64_nvme from the series'
 * template with their constants at a fixed address, as v1 of the series
 * built one core per CRC, beside the shared cores that take them by pointer.
 */
#include <linux/compiler.h>
#include <linux/types.h>

#include "crc-vpmsum.h"
#include "pointer_cost.h"

/*
 * The series defines each CRC's constants in its core's object; here a copy
 * of them under another name is defined beside the template instance.
 */
#ifdef FIXED_CRC64
#define crc64_lsb_0x9a6c9329ac4bc9b5_consts	fixed_crc64_nvme_consts
#include "crc64-nvme-vpmsum-consts.h"

#define VPMSUM_REFLECTED	1
#define VPMSUM_WIDTH		64
#define VPMSUM_STATE		u64
#include "crc-vpmsum-core.h"

u64 crc64_nvme_fixed(u64 crc, const u8 *p, size_t len)
{
	return vpmsum_run(crc, p, len, fixed_crc64_nvme_consts.fold, fixed_crc64_nvme_consts.reduce);
}
#else
#define crc32_lsb_0x82f63b78_consts	fixed_crc32c_consts
#include "crc32c-vpmsum-consts.h"

#define VPMSUM_REFLECTED	1
#define VPMSUM_WIDTH		32
#define VPMSUM_STATE		u32
#include "crc-vpmsum-core.h"

u32 crc32c_fixed(u32 crc, const u8 *p, size_t len)
{
	return vpmsum_run(crc, p, len, fixed_crc32c_consts.fold, fixed_crc32c_consts.reduce);
}
#endif
