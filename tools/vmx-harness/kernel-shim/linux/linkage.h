/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-ins for the two <linux/linkage.h> macros that the
 * module's assembly files use (crc_vmx_isa31_loop.S), for the harness's
 * and user:vmx's cross builds, which put kernel-shim/ on the include path:
 * a global function symbol, aligned, typed and sized.
 */
#ifndef CRC_VMX_SHIM_LINKAGE_H
#define CRC_VMX_SHIM_LINKAGE_H

#define SYM_FUNC_START(name)	\
	.globl name;		\
	.p2align 2;		\
	name:

#define SYM_FUNC_END(name)		\
	.type name, @function;		\
	.size name, . - name

#endif /* CRC_VMX_SHIM_LINKAGE_H */
