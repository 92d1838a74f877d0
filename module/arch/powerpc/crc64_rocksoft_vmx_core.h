/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC64-Rocksoft (polynomial 0xad93d23594c93659, reflected) by vpmsumd
 * folding on POWER8 and later: the math only. crc64_rocksoft_vmx_core()
 * advances the raw reflected 64-bit state (no inversion) under the rules
 * of crc32c_vmx_core.h.
 */
#ifndef CRC64_ROCKSOFT_VMX_CORE_H
#define CRC64_ROCKSOFT_VMX_CORE_H

#include <linux/types.h>

u64 crc64_rocksoft_vmx_core(u64 crc, const u8 *p, size_t len);

#endif /* CRC64_ROCKSOFT_VMX_CORE_H */
