/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vector cores (arch/powerpc/) and the facility each one needs, for
 * the glue files and the bench module. Each core header says whether its
 * core executes VSX instructions with a constant that is 1 (the vector
 * section must call enable_kernel_vsx()) or 0 (AltiVec alone:
 * enable_kernel_altivec()). Where a core header does not say, the core is
 * taken to need VSX: the save is larger, but correct for any core.
 */
#ifndef CRC_VMX_CORES_H
#define CRC_VMX_CORES_H

#include "arch/powerpc/crc32c_vmx_core.h"
#include "arch/powerpc/crc64_rocksoft_vmx_core.h"
#include "arch/powerpc/crct10dif_vmx_core.h"

/* 1 where the assembler knows lxvp and xxeval (vmx-flags.mk's probe). */
#ifndef CRC_VMX_AS_ISA31
#error "CRC_VMX_AS_ISA31 comes from module/arch/powerpc/vmx-flags.mk: add $(CRC_VMX_AS_CFLAGS)"
#endif

/* crc32c_vmx_core(): POWER8 and POWER9, and POWER10 without ISA 3.1 code. */
#ifndef CRC32C_VMX_CORE_VSX
#define CRC32C_VMX_CORE_VSX		1
#endif
/* crc32c_vmx_core_isa31(): the ISA 3.1 loop (lxvp, xxeval). */
#ifndef CRC32C_VMX_CORE_ISA31_VSX
#define CRC32C_VMX_CORE_ISA31_VSX	1
#endif
#ifndef CRCT10DIF_VMX_CORE_VSX
#define CRCT10DIF_VMX_CORE_VSX		1
#endif
#ifndef CRC64_ROCKSOFT_VMX_CORE_VSX
#define CRC64_ROCKSOFT_VMX_CORE_VSX	1
#endif

#endif /* CRC_VMX_CORES_H */
