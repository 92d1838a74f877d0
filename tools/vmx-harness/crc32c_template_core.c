// SPDX-License-Identifier: GPL-2.0-only
/*
 * CRC32C from the template core (module/arch/powerpc/crc_vmx_core_template.h),
 * for the harness only: family-harness --crc crc32c compares it with the
 * driver's core (crc32c_vmx_core.c) and the bitwise reference on every
 * case, the proof needed before the driver's core moves to the template.
 */
#include "crc32c_template_core.h"
#include "crc32c_vmx_consts.h"

#define CRC_VMX_REFLECTED	1
#define CRC_VMX_WIDTH		32
#define CRC_VMX_STATE		u32
#define CRC_VMX_VEC		CRC32C_VMX_VEC
#define CRC_VMX_FOLD		crc32c_vmx_fold
#define CRC_VMX_REDUCE(r)	crc32c_vmx_reduce[CRC32C_VMX_RED_##r]
#define CRC_VMX_NIBBLE		crc32c_vmx_nibble
#include "crc_vmx_core_template.h"

u32 crc32c_template_core(u32 crc, const u8 *p, size_t len)
{
	return crc_vmx_run(crc, p, len);
}
