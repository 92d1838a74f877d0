# SPDX-License-Identifier: GPL-2.0-only
#
# Compiler flags of the VMX core object, included by every Kbuild file that
# builds module/arch/powerpc/crc32c_vmx_core.c (the driver and the
# bench-model module), so that they compile exactly the same machine code.
#
# The kernel's own flags forbid AltiVec/VSX code generation; the core alone
# enables it (altivec.h comes from the compiler's include directory). It also
# gets no ftrace hook: it is a leaf that runs with the vector unit enabled
# and preemption off, with nothing to trace.
# The cores are AltiVec only (enable_kernel_altivec()): the kernel's own
# -mno-vsx stays, so the compiler emits no VSX instruction.
CRC32C_VMX_CORE_CFLAGS := -maltivec -mno-vsx -mcpu=power8 -mhard-float \
	-isystem $(shell $(CC) -print-file-name=include)
CRC32C_VMX_CORE_CFLAGS_REMOVE := -mno-altivec -msoft-float $(CC_FLAGS_FTRACE)
