/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef POINTER_COST_H
#define POINTER_COST_H

#include <linux/types.h>

u32 crc32c_fixed(u32 crc, const u8 *p, size_t len);
u64 crc64_nvme_fixed(u64 crc, const u8 *p, size_t len);

#endif
