// SPDX-License-Identifier: GPL-2.0-only
/*
 * crc32c-vmx's short-input path (module/crc32c_vmx_short.h) as one
 * function, built without vector code generation like the driver glue it
 * is inlined into.
 */
#include "short_call.h"
#include "crc32c_vmx_short.h"

u32 short_call_sw(u32 crc, const u8 *p, unsigned int len)
{
	return crc32c_vmx_short(crc, p, len);
}
