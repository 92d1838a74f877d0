# SPDX-License-Identifier: GPL-2.0-only
#
# Compiler flags of the vector cores, included by every Kbuild file that
# builds them (the drivers' and the bench-model module's), so that they
# compile exactly the same machine code.
#
# The kernel's own flags forbid AltiVec/VSX code generation; the cores alone
# enable AltiVec, and -mno-vsx (the kernel passes it too) keeps every VSX
# instruction out of compiled code: the POWER8/9 cores need only
# enable_kernel_altivec(), and the ISA 3.1 loop is an assembly file
# (crc_vmx_isa31_loop.S). They also get no ftrace hook: they run with the
# vector unit enabled and preemption off, and call nothing but that loop.
# -fno-toplevel-reorder lays out each core's constant tables in the order
# its constants header declares them, the fold table first: its rows are
# then at small fixed offsets from the section anchor, whatever function
# of the file the compiler happens to emit first (an extern call that
# passed the table made the nibble table come first and cost the POWER8
# path an address computation and loop padding: make bench-model).
CRC32C_VMX_CORE_CFLAGS := -maltivec -mno-vsx -mhard-float -fno-toplevel-reorder
CRC32C_VMX_CORE_CFLAGS_REMOVE := -mno-altivec -msoft-float $(CC_FLAGS_FTRACE)

# The CPU the cores are compiled for: the kernel's own (-mcpu=$(CONFIG_TARGET_CPU),
# already in KBUILD_CFLAGS, with its -mpcrel or -mno-pcrel and -mprefixed
# choices) where that is POWER8 or later; vpmsumd needs at least POWER8, so
# a kernel built for an older baseline (a big-endian power4 kernel, or no
# CONFIG_TARGET_CPU at all) gets -mcpu=power8 for the cores alone. They run
# only where the CPU has vector crypto (module_cpu_feature_match()).
ifeq ($(filter power8 power9 power10 power11,$(CONFIG_TARGET_CPU)),)
CRC32C_VMX_CORE_CFLAGS += -mcpu=power8
endif

# Whether the assembler knows the ISA 3.1 instructions of the POWER10 loop
# (lxvp, xxeval, and plxvp, which came with them: binutils 2.35 and later),
# with Kbuild's own as-instr probe: CRC_VMX_AS_ISA31 is 1 or 0. The loop,
# crc_vmx_isa31_loop.S, is built only at 1 on a little-endian kernel, and
# every C object of the modules gets the value: the core leaves its call
# out at 0, and crc32c_vmx then never selects it and says so at load.
CRC_VMX_AS_ISA31 := $(call as-instr,.machine power10\n\
	lxvp 32$(comma)0(3)\n\
	xxeval 0$(comma)0$(comma)0$(comma)0$(comma)0x69,1,0)
CRC_VMX_AS_CFLAGS := -DCRC_VMX_AS_ISA31=$(CRC_VMX_AS_ISA31)
CRC_VMX_ISA31_LOOP := $(if $(filter y1,$(CONFIG_CPU_LITTLE_ENDIAN)$(CRC_VMX_AS_ISA31)),y)
