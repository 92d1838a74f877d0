/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The driver's ISA 3.1 loop, assembled a second time into the benchmark
 * module for bench_vmx_core_isa31() (bench_vmx_core.c). The same source;
 * tools/bench-model/run.sh checks that the machine code matches
 * module/arch/powerpc/crc_vmx_isa31_loop.o instruction for instruction.
 */
#include "../../../module/arch/powerpc/crc_vmx_isa31_loop.S"
