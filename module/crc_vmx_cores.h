/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vector cores (arch/powerpc/) and the facility each one needs, for
 * the glue files and the bench module. Each core header says whether its
 * core executes VSX instructions with a constant that is 1 (the vector
 * section must call enable_kernel_vsx()) or 0 (AltiVec alone:
 * enable_kernel_altivec()).
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

/*
 * Each core header must say what its core needs; a core that stopped
 * saying would otherwise run under the wrong enable_kernel_*() call.
 */
#if !defined(CRC32C_VMX_CORE_NEEDS_VSX) || !defined(CRC32C_VMX_CORE_ISA31_NEEDS_VSX) || \
	!defined(CRCT10DIF_VMX_CORE_NEEDS_VSX) || !defined(CRC64_ROCKSOFT_VMX_CORE_NEEDS_VSX)
#error "every core header in arch/powerpc/ defines its <CORE>_NEEDS_VSX (0: AltiVec only)"
#endif

#endif /* CRC_VMX_CORES_H */
