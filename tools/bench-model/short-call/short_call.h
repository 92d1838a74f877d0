/* SPDX-License-Identifier: GPL-2.0-only */
/* The software path, modelled as an out-of-line slice-by-8 (sw.c). */
#ifndef SHORT_CALL_H
#define SHORT_CALL_H

#include "kernel_types.h"

u32 short_call_sw(u32 crc, const u8 *p, unsigned int len);

#endif /* SHORT_CALL_H */
