// SPDX-License-Identifier: GPL-2.0-only
/*
 * CRC32C by vpmsumd folding: the template core instantiated reflected on
 * 32 bits, with the ISA 3.1 loop for POWER10 and later where it is built.
 */
#include "crc32c_vmx_core.h"
#include "crc32c_vmx_consts.h"

#if CRC32C_VMX_STRIDES != 32 || !CRC32C_VMX_REFLECTED
#error "crc32c_vmx_consts.h does not match this core: regenerate it"
#endif

#define CRC_VMX_REFLECTED	1
#define CRC_VMX_WIDTH		32
#define CRC_VMX_STATE		u32
#define CRC_VMX_ISA31		CRC_VMX_ISA31_BUILT
#include "crc_vmx_core_template.h"

u32 crc32c_vmx_core(u32 crc, const u8 *p, size_t len)
{
	return crc_vmx_run(crc, p, len, crc32c_vmx_fold, crc32c_vmx_reduce, 0);
}

u32 crc32c_vmx_core_isa31(u32 crc, const u8 *p, size_t len)
{
	return crc_vmx_run(crc, p, len, crc32c_vmx_fold, crc32c_vmx_reduce, 1);
}
