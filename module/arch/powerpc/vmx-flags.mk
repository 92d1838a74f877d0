# SPDX-License-Identifier: GPL-2.0-only
#
# Compiler flags of the vector cores, included by every Kbuild file that
# builds them (the drivers' and the bench-model module's), so that they
# compile to the same machine code.
#
# The kernel's own flags forbid AltiVec/VSX code generation; the cores alone
# enable AltiVec, and -mno-vsx keeps every VSX instruction out of compiled
# code, so they need only enable_kernel_altivec(). The ISA 3.1 loop is an
# assembly file (crc_vmx_isa31_loop.S). -fno-toplevel-reorder keeps each
# core's constant tables in the order of its constants header, the fold
# table first, at small fixed offsets from the section anchor: without it
# the core executes more instructions per call at most short sizes
# (docs/performance.md, "-fno-toplevel-reorder, measured").
CRC_VMX_VECTOR_CFLAGS := -maltivec -mno-vsx -mhard-float -fno-toplevel-reorder
CRC_VMX_VECTOR_CFLAGS_REMOVE := -mno-altivec -msoft-float

# vpmsumd needs POWER8: a kernel built for an older baseline (a big-endian
# power4 kernel, or no CONFIG_TARGET_CPU at all) gets -mcpu=power8 for the
# cores alone; they run only where the CPU has vector crypto
# (module_cpu_feature_match()).
ifeq ($(filter power8 power9 power10 power11,$(CONFIG_TARGET_CPU)),)
CRC_VMX_VECTOR_CFLAGS += -mcpu=power8
endif

# The ISA 3.1 loop is built where it can run: a little-endian kernel with
# VSX (its xxeval needs enable_kernel_vsx()), and an assembler that knows
# lxvp and xxeval (binutils 2.35 and later; Kbuild's as-instr probe).
# CRC_VMX_ISA31_BUILT tells every C object of the modules whether it was.
crc_vmx_as_isa31 := $(call as-instr,.machine power10\n\
	lxvp 32$(comma)0(3)\n\
	xxeval 0$(comma)0$(comma)0$(comma)0$(comma)0x69,y)
CRC_VMX_ISA31_LOOP := $(if $(filter yyy,$(CONFIG_CPU_LITTLE_ENDIAN)$(CONFIG_VSX)$(crc_vmx_as_isa31)),y)
CRC_VMX_ISA31_CFLAGS := -DCRC_VMX_ISA31_BUILT=$(if $(CRC_VMX_ISA31_LOOP),1,0)
