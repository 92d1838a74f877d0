/* SPDX-License-Identifier: GPL-2.0-only */
/* CRC32C from the template core, harness only (crc32c_template_core.c) */
#ifndef CRC32C_TEMPLATE_CORE_H
#define CRC32C_TEMPLATE_CORE_H

#include "kernel_types.h"

u32 crc32c_template_core(u32 crc, const u8 *p, size_t len);

#endif /* CRC32C_TEMPLATE_CORE_H */
