// SPDX-License-Identifier: GPL-2.0-only
/*
 * The driver's VMX core, compiled a second time into the benchmark module so
 * that it can be called at every size (the driver hands inputs below its
 * threshold to the software fallback). Same source, same compiler flags as
 * the top-level Kbuild; tools/bench-model/run.sh checks that the generated
 * code matches module/arch/powerpc/crc32c_vmx_core.o instruction for
 * instruction.
 */
#define crc32c_vmx_core bench_vmx_core
#define crc32c_vmx_core_isa31 bench_vmx_core_isa31
#include "../../../module/arch/powerpc/crc32c_vmx_core.c"
